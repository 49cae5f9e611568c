//! INSERT, UPDATE and DELETE as PostgREST writes them: the body bound once as JSON
//! and read with `json_to_recordset` into typed columns (with column defaults for
//! absent keys under `missing=default`), upserts as `ON CONFLICT`, counting the
//! rows an upsert inserted in `pgrst.inserted`, limited writes through the rows an
//! ordered, limited subquery picks.

use super::select::order_by;
use super::{filter, ident, limit_offset, qualified, table};
use crate::parse::Resolution;
use crate::plan::ir::{Cond, Limited, Mutate, Returning, TableRef, Write, WriteColumn};
use crate::schema_cache::QualifiedName;
use crate::statement::Statement;

/// `pgrst.inserted` goes up for every row offered to the INSERT and down for every
/// one that became an UPDATE, leaving how many were inserted.
fn track_inserted(up: bool) -> String {
    let (sign, never) = if up { ("+", "0") } else { ("-", "-1") };
    format!(
        "set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) {sign} 1)::text, true) <> '{never}'"
    )
}

fn columns_list(columns: &[WriteColumn]) -> String {
    columns
        .iter()
        .map(|c| ident(&c.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `FROM (payload), LATERAL (typed rows) pgrst_body`: the body as rows.
fn body_rows(
    st: &mut Statement,
    body: &str,
    columns: &[WriteColumn],
    defaults: bool,
    limit_one: bool,
) -> String {
    let json = if defaults { "jsonb" } else { "json" };
    let payload = format!(
        "(SELECT {}::{json} AS json_data) pgrst_payload",
        st.bind_text(body)
    );
    let source = if defaults {
        let pairs: Vec<String> = columns
            .iter()
            .filter_map(|c| {
                let default = c.default.as_ref()?;
                Some(format!(
                    "{}::text, {default}",
                    st.bind_text(c.name.as_str())
                ))
            })
            .collect();
        format!(
            ", LATERAL (SELECT jsonb_agg(jsonb_build_object({}) || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs",
            pairs.join(", ")
        )
    } else {
        String::new()
    };
    let input = if defaults {
        "pgrst_json_defs.val"
    } else {
        "pgrst_payload.json_data"
    };
    let rows = if columns.is_empty() {
        format!("SELECT FROM {json}_array_elements({input}) _")
    } else {
        let typed: Vec<String> = columns
            .iter()
            .map(|c| format!("{} {}", ident(&c.name), c.data_type))
            .collect();
        format!(
            "SELECT {} FROM {json}_to_recordset({input}) AS _({}){}",
            columns_list(columns),
            typed.join(", "),
            if limit_one { " LIMIT 1" } else { "" }
        )
    };
    format!("FROM {payload}{source}, LATERAL ({rows}) pgrst_body")
}

fn returning(t: &QualifiedName, r: &Returning) -> String {
    match r {
        Returning::Nothing => " RETURNING 1".into(),
        Returning::All => format!(" RETURNING {}.*", qualified(&t.schema, &t.name)),
        Returning::Columns(cols) => {
            let cols: Vec<String> = cols
                .iter()
                .map(|c| format!("{}.{}", qualified(&t.schema, &t.name), ident(c)))
                .collect();
            format!(" RETURNING {}", cols.join(", "))
        }
    }
}

fn where_of(st: &mut Statement, t: &TableRef, conds: &[Cond]) -> String {
    let parts = filter::all(st, t, conds);
    if parts.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", parts.join(" AND "))
    }
}

/// `(SELECT keys FROM t WHERE … ORDER BY … LIMIT … OFFSET …) pgrst_affected_rows`
/// and the condition matching the table's rows to it.
fn affected(
    st: &mut Statement,
    t: &QualifiedName,
    conds: &[Cond],
    l: &Limited,
) -> (String, String) {
    let tr = TableRef::Qualified(t.clone());
    let tbl = table(&tr);
    let keys: Vec<String> = l
        .key_columns
        .iter()
        .map(|k| format!("{tbl}.{}", ident(k)))
        .collect();
    let wh = where_of(st, &tr, conds);
    let order = order_by(st, &tr, &l.order);
    let range = limit_offset(l.range);
    let sub = format!(
        "(SELECT {} FROM {tbl}{wh}{order}{range}) pgrst_affected_rows",
        keys.join(", ")
    );
    let matching: Vec<String> = l
        .key_columns
        .iter()
        .map(|k| format!("{tbl}.{} = pgrst_affected_rows.{}", ident(k), ident(k)))
        .collect();
    (sub, matching.join(" AND "))
}

fn insert(
    st: &mut Statement,
    m: &Mutate,
    t: &QualifiedName,
    columns: &[WriteColumn],
    on_conflict: &Option<(Resolution, Vec<String>)>,
    put_conds: &[Cond],
    defaults: bool,
) -> String {
    let target = qualified(&t.schema, &t.name);
    let cols = if columns.is_empty() {
        String::new()
    } else {
        format!("({})", columns_list(columns))
    };
    let select: Vec<String> = columns
        .iter()
        .map(|c| format!("pgrst_body.{}", ident(&c.name)))
        .collect();
    let rows = body_rows(st, &m.body, columns, defaults, false);
    let merge = matches!(on_conflict, Some((Resolution::MergeDuplicates, _)));
    let mut wh = Vec::new();
    if !put_conds.is_empty() || merge {
        wh.push(track_inserted(true));
    }
    wh.extend(filter::all(
        st,
        &TableRef::Alias("pgrst_body".into()),
        put_conds,
    ));
    let wh = if wh.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", wh.join(" AND "))
    };
    let conflict = match on_conflict {
        None => String::new(),
        Some((res, keys)) => {
            let keys: Vec<String> = keys.iter().map(|k| ident(k)).collect();
            let action = match res {
                Resolution::MergeDuplicates if !columns.is_empty() => {
                    let sets: Vec<String> = columns
                        .iter()
                        .map(|c| format!("{0} = EXCLUDED.{0}", ident(&c.name)))
                        .collect();
                    format!(
                        "DO UPDATE SET {} WHERE {}",
                        sets.join(", "),
                        track_inserted(false)
                    )
                }
                _ => "DO NOTHING".into(),
            };
            format!(" ON CONFLICT({}) {action}", keys.join(", "))
        }
    };
    format!(
        "INSERT INTO {target}{cols} SELECT {} {rows}{wh}{conflict}{}",
        select.join(", "),
        returning(t, &m.returning)
    )
}

/// The write of `m`, to go in the `pgrst_source` CTE.
pub fn mutation(st: &mut Statement, m: &Mutate) -> String {
    match &m.write {
        Write::Insert {
            table: t,
            columns,
            on_conflict,
            put_conds,
            apply_defaults,
        } => insert(st, m, t, columns, on_conflict, put_conds, *apply_defaults),
        Write::Update {
            table: t,
            columns,
            conds,
            limited,
            apply_defaults,
        } => {
            let tr = TableRef::Qualified(t.clone());
            let tbl = table(&tr);
            if columns.is_empty() {
                let cols = match &m.returning {
                    Returning::Nothing => "1".to_string(),
                    Returning::All => format!("{tbl}.*"),
                    Returning::Columns(c) => c
                        .iter()
                        .map(|c| format!("{tbl}.{}", ident(c)))
                        .collect::<Vec<_>>()
                        .join(", "),
                };
                return format!("SELECT {cols} FROM {tbl} WHERE false");
            }
            let sets: Vec<String> = columns
                .iter()
                .map(|c| format!("{0} = pgrst_body.{0}", ident(&c.name)))
                .collect();
            let rows = body_rows(st, &m.body, columns, *apply_defaults, true);
            let wh = match limited {
                None => where_of(st, &tr, conds),
                Some(l) => {
                    let (sub, matching) = affected(st, t, conds, l);
                    return format!(
                        "UPDATE {tbl} SET {} {rows}, {sub} WHERE {matching}{}",
                        sets.join(", "),
                        returning(t, &m.returning)
                    );
                }
            };
            format!(
                "UPDATE {tbl} SET {} {rows}{wh}{}",
                sets.join(", "),
                returning(t, &m.returning)
            )
        }
        Write::Delete {
            table: t,
            conds,
            limited,
        } => {
            let tr = TableRef::Qualified(t.clone());
            let tbl = table(&tr);
            match limited {
                None => {
                    let wh = where_of(st, &tr, conds);
                    format!("DELETE FROM {tbl}{wh}{}", returning(t, &m.returning))
                }
                Some(l) => {
                    let (sub, matching) = affected(st, t, conds, l);
                    format!(
                        "DELETE FROM {tbl} USING {sub} WHERE {matching}{}",
                        returning(t, &m.returning)
                    )
                }
            }
        }
    }
}
