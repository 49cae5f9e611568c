//! Planning: an `ApiRequest` and the `SchemaCache` give a `Plan` — the one
//! statement to run as IR (`ir::Query`, which `sql/` renders), whether it may run
//! read-only, and how to answer (`ResponsePlan`). Every name is checked here
//! against the schema cache, in the order PostgREST checks.

mod columns;
mod filter;
mod fuzzy;
pub mod ir;
mod mutate;
mod read;
mod relate;
mod routine;
mod rpc;
mod skeleton;
mod write;

use crate::error::{Error, SchemaError};
use crate::parse::{Action, ApiRequest, Count, MediaType, Preferences, RowRange};
use crate::response::{ResponseKind, ResponsePlan};
use crate::schema_cache::{Relation, SchemaCache};

use ir::{Body, Query, Rows, Source, TableRef, Total};
use read::{Level, ReadCtx};
use skeleton::RootParams;

pub struct PlanSettings {
    /// The exposed schemas; the first is the default.
    pub schemas: Vec<String>,
    /// PostgREST's `db-max-rows`: caps every level of a read.
    pub max_rows: Option<i64>,
    /// PostgREST's `db-aggregates-enabled` (off by default): without it an
    /// aggregate in `select` is PGRST123.
    pub aggregates: bool,
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub query: Query,
    pub read_only: bool,
    pub response: ResponsePlan,
}

/// The schema the request targets: its profile header or the default (PGRST106).
fn schema<'a>(req: &'a ApiRequest, settings: &'a PlanSettings) -> Result<&'a str, Error> {
    match &req.profile {
        Some(p) if settings.schemas.contains(p) => Ok(p),
        Some(p) => Err(Error::UnacceptableSchema {
            schema: p.clone(),
            exposed: settings.schemas.clone(),
        }),
        None => settings
            .schemas
            .first()
            .map(String::as_str)
            .ok_or_else(|| anyhow::anyhow!("no exposed schema").into()),
    }
}

/// The relation `schema.name`, or PGRST205 with the nearest name as a hint (also
/// what `OPTIONS` on an unknown relation answers).
pub fn table<'a>(cache: &'a SchemaCache, schema: &str, name: &str) -> Result<&'a Relation, Error> {
    cache.relation(schema, name).ok_or_else(|| {
        let names: Vec<&str> = cache
            .relations
            .keys()
            .filter(|q| q.schema == schema)
            .map(|q| q.name.as_str())
            .collect();
        SchemaError::TableNotFound {
            schema: schema.to_string(),
            name: name.to_string(),
            suggestion: fuzzy::best(name, &names, 0.75).map(str::to_string),
        }
        .into()
    })
}

/// The `body` column for a read-like answer in `media`.
fn body_for(media: &MediaType, headers_only: bool, cache: &SchemaCache) -> Body {
    match media {
        _ if headers_only => Body::Empty,
        MediaType::Csv => Body::Csv,
        MediaType::GeoJson => Body::GeoJson {
            schema: cache.geojson.clone(),
        },
        MediaType::SingleObject { strip_nulls } => Body::Object {
            strip: *strip_nulls,
        },
        MediaType::ArrayStripNulls => Body::Array { strip: true },
        _ => Body::Array { strip: false },
    }
}

/// `count=exact` (and `estimated`, capped past `max_rows`) is counted in the
/// statement; `planned` and `estimated` also get a count to EXPLAIN.
fn counts(count: Option<Count>, max_rows: Option<i64>) -> (Total, bool) {
    match count {
        None => (Total::None, false),
        Some(Count::Exact) => (Total::Exact { cap: None }, false),
        Some(Count::Planned) => (Total::None, true),
        Some(Count::Estimated) => (
            Total::Exact {
                cap: max_rows.map(|max| max + 1),
            },
            true,
        ),
    }
}

/// `Preference-Applied` values, in PostgREST's order; `which` lists the kinds
/// this action honours.
fn applied(p: &Preferences, which: &[&str]) -> Vec<String> {
    let strict = p.handling == Some(crate::parse::Handling::Strict);
    let mut out = Vec::new();
    let mut push = |kind: &str, v: Option<&str>| {
        if let (true, Some(v)) = (which.contains(&kind), v) {
            out.push(v.to_string());
        }
    };
    push("resolution", p.resolution.map(|r| r.as_str()));
    push("missing", p.missing.map(|m| m.as_str()));
    push("return", p.representation.map(|r| r.as_str()));
    push("count", p.count.map(|c| c.as_str()));
    push("tx", p.transaction.map(|t| t.as_str()));
    push("handling", p.handling.map(|h| h.as_str()));
    let max = p
        .max_affected
        .filter(|_| strict)
        .map(|m| format!("max-affected={m}"));
    push("max-affected", max.as_deref());
    out
}

struct Common<'a> {
    cache: &'a SchemaCache,
    schema: &'a str,
    settings: &'a PlanSettings,
    req: &'a ApiRequest,
}

impl Common<'_> {
    fn response(&self, kind: ResponseKind, which: &[&str]) -> ResponsePlan {
        let p = &self.req.preferences;
        ResponsePlan {
            kind,
            media: self.req.media_type.clone(),
            range: self.req.range,
            count: p.count,
            max_rows: self.settings.max_rows,
            representation: false,
            applied: applied(p, which),
            rollback: p.transaction == Some(crate::parse::Transaction::Rollback),
            max_affected: None,
            mutation_limit: None,
            relation: String::new(),
            primary_key: Vec::new(),
            profile: (self.req.profile.is_some() || self.settings.schemas.len() > 1)
                .then(|| self.schema.to_string()),
        }
    }
}

fn plan_read(c: &Common, relation: &str, headers_only: bool) -> Result<Plan, Error> {
    let rel = table(c.cache, c.schema, relation)?;
    let skel = skeleton::build(
        &rel.name,
        &c.req.query,
        RootParams {
            filters: true,
            order: true,
        },
    )?;
    let ctx = ReadCtx {
        cache: c.cache,
        schema: c.schema,
        max_rows: c.settings.max_rows,
        mutation: false,
        aggregates: c.settings.aggregates,
    };
    let level = Level {
        relation: rel.qualified_name(),
        columns: &rel.columns,
        table: TableRef::Qualified(rel.qualified_name()),
        from_source: false,
    };
    let root = read::root(&ctx, &level, &skel, c.req.range)?;
    let (total, explain_count) = counts(c.req.preferences.count, c.settings.max_rows);
    let query = Query {
        source: Source::Read(root),
        rows: Rows::Source,
        total,
        body: body_for(&c.req.media_type, headers_only, c.cache),
        explain_count,
    };
    Ok(Plan {
        query,
        read_only: true,
        response: c.response(
            ResponseKind::Read { headers_only },
            &["count", "tx", "handling"],
        ),
    })
}

/// Plans `req`, whose body (for writes and calls) is `body`.
pub fn plan(
    req: &ApiRequest,
    cache: &SchemaCache,
    settings: &PlanSettings,
    body: &[u8],
) -> Result<Plan, Error> {
    let schema = schema(req, settings)?;
    let c = Common {
        cache,
        schema,
        settings,
        req,
    };
    match &req.action {
        Action::Read {
            relation,
            headers_only,
        } => plan_read(&c, relation, *headers_only),
        Action::Mutate { relation, mutation } => mutate::plan(&c, relation, *mutation, body),
        Action::Call { function, invoke } => rpc::plan(&c, function, *invoke, body),
        other => Err(anyhow::anyhow!("{other:?} is answered without a statement").into()),
    }
}

/// The whole range, for levels that are never paged.
const ALL: RowRange = RowRange::ALL;

#[cfg(test)]
mod tests;
