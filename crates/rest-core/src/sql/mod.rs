//! Rendering a plan's `Query` as one `Statement`: the request's query in a `pgrst_source`
//! CTE, wrapped in the select that returns the row every main statement returns
//! (`total_count`, `page_total`, `body`, `response_headers`, `response_status`),
//! as PostgREST shapes it. Identifiers only through `ident`/`qualified`, values only
//! as parameters.

mod call;
mod filter;
mod mutate;
mod select;

use call::call;
use mutate::mutation;
use select::{count, read};

use crate::parse::{JsonArrow, JsonOperand, PlanMedia, RowRange};
use crate::plan::ir::{Body, ColumnRef, ComputedCall, Query, Rows, Source, TableRef, Total};
pub(crate) use crate::statement::{ident, qualified};
use crate::statement::{Param, Statement};

fn table(t: &TableRef) -> String {
    match t {
        TableRef::Qualified(q) => qualified(&q.schema, &q.name),
        TableRef::Alias(a) => ident(a),
    }
}

fn column(t: &TableRef, name: &str) -> String {
    format!("{}.{}", table(t), ident(name))
}

/// `function(row::type)` for the row of `t`: a computed field, or the rows of a
/// computed relationship. The row is written `t.*`, which PostgreSQL reads as
/// the whole row wherever it stands: a bare `"t"` would be the column of that
/// name if the table has one, and a qualified `"schema"."t"` is not a row there.
fn computed_call(t: &TableRef, call: &ComputedCall) -> String {
    format!(
        "{}(({}.*)::{})",
        qualified(&call.function.schema, &call.function.name),
        table(t),
        qualified(&call.row_type.schema, &call.row_type.name)
    )
}

/// A column (or computed field) with its JSON path; keys and indexes are
/// parameters.
fn field(st: &mut Statement, t: &TableRef, c: &ColumnRef) -> String {
    let mut out = match &c.computed {
        Some(call) => computed_call(t, call),
        None => column(t, &c.name),
    };
    if c.to_jsonb {
        out = format!("to_jsonb({out})");
    }
    for step in &c.json_path {
        out.push_str(match step.arrow {
            JsonArrow::Json => "->",
            JsonArrow::Text => "->>",
        });
        match &step.operand {
            JsonOperand::Key(k) => out.push_str(&st.bind_text(k.as_str())),
            JsonOperand::Index(i) => out.push_str(&format!("{}::int", st.bind(Param::Int(*i)))),
        }
    }
    out
}

/// Limit and offset are numbers we parsed (`i64`), written into the text as
/// PostgREST does. Bound as parameters they made PostgreSQL plan the statement
/// afresh on every run: its generic plan cannot know the page size, so it kept
/// choosing custom plans (measured in scripts/bench-rest: 4.4k against 6.0k
/// pages/s once the plan is reused).
fn limit_offset(range: RowRange) -> String {
    if range == RowRange::ALL {
        return String::new();
    }
    let limit = match range.limit {
        Some(l) => l.to_string(),
        None => "ALL".to_string(),
    };
    format!(" LIMIT {limit} OFFSET {}", range.offset)
}

/// `statement` under EXPLAIN with the format and options a plan media type
/// asks for (all of them fixed words, never the client's text).
pub fn explain(plan: &PlanMedia, statement: &str) -> String {
    let mut options = vec![if plan.json {
        "FORMAT JSON"
    } else {
        "FORMAT TEXT"
    }];
    options.extend(plan.options().iter().map(|(sql, _)| *sql));
    format!("EXPLAIN ({}) {statement}", options.join(", "))
}

fn body_expr(body: &Body) -> String {
    let strip = |s: bool, e: &str| {
        if s {
            format!("json_strip_nulls({e})")
        } else {
            e.to_string()
        }
    };
    match body {
        Body::Array { strip: s } => format!("coalesce({}, '[]')", strip(*s, "json_agg(_postgrest_t)")),
        Body::Object { strip: s } => format!("coalesce({}, 'null')", strip(*s, "json_agg(_postgrest_t)->0")),
        Body::GeoJson { schema } => format!(
            "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg({}st_asgeojson(_postgrest_t)::json), '[]'))",
            schema.as_deref().map(|s| format!("{}.", ident(s))).unwrap_or_default()
        ),
        Body::Scalar { single: true } => "coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')".into(),
        Body::Scalar { single: false } => "coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')".into(),
        Body::Csv => "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')".into(),
        Body::Location => "(SELECT row_to_json(_) FROM pgrst_source AS _ LIMIT 1)".into(),
        Body::Empty => "NULL".into(),
    }
}

/// The statement `q` is: `pgrst_source`, then the rows and the count read
/// from it, in the order their parameters are bound.
pub fn statement(q: &Query) -> Statement {
    let mut st = Statement::default();
    let source = match &q.source {
        Source::Read(root) => read(&mut st, root),
        Source::Mutate(m) => mutation(&mut st, m),
        Source::Call(c) => call(&mut st, c),
    };
    let rows = match &q.rows {
        Rows::Source => "SELECT * FROM pgrst_source".to_string(),
        Rows::Page(range) => format!("SELECT * FROM pgrst_source{}", limit_offset(*range)),
        Rows::Read(root) => read(&mut st, root),
    };
    let (count_cte, total) = match (q.total, q.read()) {
        (Total::Exact { cap }, Some(root)) => {
            let mut c = count(&mut st, root);
            if let Some(cap) = cap {
                c = format!("{c} LIMIT {}", st.bind(Param::Int(cap)));
            }
            (
                format!(", pgrst_source_count AS ({c})"),
                "(SELECT pg_catalog.count(*) FROM pgrst_source_count)",
            )
        }
        (Total::Source, _) => (
            String::new(),
            "(SELECT pg_catalog.count(*) FROM pgrst_source)",
        ),
        (Total::Inserted, _) => (
            String::new(),
            "nullif(current_setting('pgrst.inserted', true), '')::bigint",
        ),
        (Total::None | Total::Exact { .. }, _) => (String::new(), "NULL::bigint"),
    };
    st.text = format!(
        "WITH pgrst_source AS ({source}){count_cte} SELECT {total} AS total_count, pg_catalog.count(_postgrest_t) AS page_total, ({})::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status FROM ({rows}) _postgrest_t",
        body_expr(&q.body),
    );
    st
}

/// For `count=planned|estimated`: the count of the query's read, whose
/// planner estimate is the count. A function's result is read from
/// `pgrst_source`, so its count carries the call.
pub fn count_statement(q: &Query) -> Option<Statement> {
    let root = q.read().filter(|_| q.explain_count)?;
    let mut st = Statement::default();
    let before = match &q.source {
        Source::Call(c) => format!("WITH pgrst_source AS ({}) ", call(&mut st, c)),
        _ => String::new(),
    };
    let counted = count(&mut st, root);
    st.text = format!("{before}{counted}");
    Some(st)
}

#[cfg(test)]
mod tests;
