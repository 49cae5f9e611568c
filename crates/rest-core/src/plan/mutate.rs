//! POST, PATCH, PUT and DELETE on a table or view: the body's keys choose the
//! columns (PGRST204 for unknown ones), root filters become the write's `WHERE`,
//! PUT must name its row by the whole primary key (PGRST105), `limit` needs an
//! `order` (PGRST109), and the representation is a read over what the write
//! returned.

use super::columns::Columns;
use super::ir::{Body, Cond, Mutate, Query, Rows, Source, TableRef, Total, Write};
use super::read::{self, Level, ReadCtx};
use super::skeleton::{self, RootParams};
use super::write::{check_put, limited, on_conflict, returning, write_columns};
use super::{body_for, filter, table, Common, Plan, ALL};
use crate::body;
use crate::error::Error;
use crate::parse::{BodyType, Mutation, Representation, Resolution};
use crate::response::ResponseKind;

pub fn plan(
    c: &Common,
    relation: &str,
    mutation: Mutation,
    body_bytes: &[u8],
) -> Result<Plan, Error> {
    let rel = table(c.cache, c.schema, relation)?;
    let qn = rel.qualified_name();
    let payload = match mutation {
        Mutation::Delete => None,
        _ => Some(body::read(
            c.req.body_type.unwrap_or(BodyType::Json),
            body_bytes,
            c.req.query.columns.as_deref(),
            false,
        )?),
    };
    let skel = skeleton::build(
        &rel.name,
        &c.req.query,
        RootParams {
            filters: false,
            order: false,
        },
    )?;
    let ctx = ReadCtx {
        cache: c.cache,
        schema: c.schema,
        max_rows: None,
        mutation: true,
        aggregates: c.settings.aggregates,
    };
    let level = Level {
        relation: qn.clone(),
        columns: &rel.columns,
        table: TableRef::Alias(rel.name.clone()),
        from_source: true,
    };
    let root = read::root(&ctx, &level, &skel, ALL)?;

    let target = TableRef::Qualified(qn.clone());
    let cols = Columns {
        table: &target,
        columns: &rel.columns,
        computed: c.cache.computed_fields(&qn),
    };
    let mut conds: Vec<Cond> = c
        .req
        .query
        .filters
        .iter()
        .filter(|f| f.path.is_empty())
        .map(|f| filter::filter(cols, &[], &f.value))
        .collect::<Result<_, _>>()?;
    for l in c.req.query.logic.iter().filter(|l| l.path.is_empty()) {
        conds.push(filter::tree(cols, &[], &l.value)?);
    }

    let prefs = &c.req.preferences;
    let representation = prefs.representation;
    let full = representation == Some(Representation::Full);
    let wanted = matches!(
        representation,
        Some(Representation::Full | Representation::HeadersOnly)
    );
    let write_cols = || {
        write_columns(
            rel,
            &payload.as_ref().map(|p| p.keys.clone()).unwrap_or_default(),
        )
    };
    let apply_defaults = prefs.missing == Some(crate::parse::Missing::Default);
    let strict = prefs.handling == Some(crate::parse::Handling::Strict);

    let (write, kind, which, limit) = match mutation {
        Mutation::Create => {
            let on_conflict = on_conflict(c, rel)?;
            let merge = matches!(on_conflict, Some((Resolution::MergeDuplicates, _)));
            let mut which = vec!["missing", "return", "count", "tx", "handling"];
            if on_conflict.is_some() {
                which.insert(0, "resolution");
            }
            let write = Write::Insert {
                table: qn.clone(),
                columns: write_cols()?,
                on_conflict,
                put_conds: Vec::new(),
                apply_defaults,
            };
            (write, ResponseKind::Create { merge }, which, None)
        }
        Mutation::SingleUpsert => {
            check_put(c, rel)?;
            let body_table = TableRef::Alias("pgrst_body".into());
            let put_cols = Columns {
                table: &body_table,
                columns: &rel.columns,
                computed: &[],
            };
            let put_conds = c
                .req
                .query
                .filters
                .iter()
                .filter(|f| f.path.is_empty())
                .map(|f| filter::filter(put_cols, &[], &f.value))
                .collect::<Result<_, _>>()?;
            let write = Write::Insert {
                table: qn.clone(),
                columns: write_cols()?,
                on_conflict: Some((Resolution::MergeDuplicates, rel.primary_key().to_vec())),
                put_conds,
                apply_defaults: false,
            };
            (
                write,
                ResponseKind::SingleUpsert,
                vec!["return", "count", "tx", "handling"],
                None,
            )
        }
        Mutation::Update => {
            let limited = limited(c, cols)?;
            let limit = limited.as_ref().and_then(|l| l.range.limit);
            let write = Write::Update {
                table: qn.clone(),
                columns: write_cols()?,
                conds,
                limited,
                apply_defaults,
            };
            let which = vec![
                "missing",
                "return",
                "count",
                "tx",
                "handling",
                "max-affected",
            ];
            (write, ResponseKind::Update, which, limit)
        }
        Mutation::Delete => {
            let limited = limited(c, cols)?;
            let limit = limited.as_ref().and_then(|l| l.range.limit);
            let write = Write::Delete {
                table: qn.clone(),
                conds,
                limited,
            };
            let which = vec!["return", "count", "tx", "handling", "max-affected"];
            (write, ResponseKind::Delete, which, limit)
        }
    };
    let inserted = matches!(
        kind,
        ResponseKind::Create { merge: true } | ResponseKind::SingleUpsert
    );
    let m = Mutate {
        write,
        body: payload.map(|p| p.json).unwrap_or_default(),
        returning: returning(rel, &root, wanted),
    };
    let body = match (full, representation, kind) {
        (true, _, _) => body_for(&c.req.media_type, false, c.cache),
        (false, Some(Representation::HeadersOnly), ResponseKind::Create { .. }) => Body::Location,
        _ => Body::Empty,
    };
    let query = Query {
        source: Source::Mutate(m),
        rows: if full { Rows::Read(root) } else { Rows::Source },
        total: if inserted {
            Total::Inserted
        } else {
            Total::None
        },
        body,
        explain_count: false,
    };
    let mut response = c.response(kind, &which);
    response.representation = full;
    response.relation = rel.name.clone();
    response.primary_key = rel.primary_key().to_vec();
    response.mutation_limit = limit;
    if matches!(kind, ResponseKind::Update | ResponseKind::Delete) && strict {
        response.max_affected = prefs.max_affected;
    }
    Ok(Plan {
        query,
        read_only: false,
        response,
    })
}
