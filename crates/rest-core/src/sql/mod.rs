//! Rendering a plan as one `Statement`: the request's query in a `pgrst_source`
//! CTE, wrapped in the select that returns the row every main statement returns
//! (`total_count`, `page_total`, `body`, `response_headers`, `response_status`),
//! as PostgREST shapes it. Identifiers only through `ident`/`qualified`, values only
//! as parameters.

mod call;
mod filter;
mod mutate;
mod select;

pub use call::call;
pub use mutate::mutation;
pub use select::{count, read};

use crate::parse::{JsonArrow, JsonOperand, RowRange};
use crate::plan::ir::{ColumnRef, TableRef};
pub(crate) use crate::statement::{ident, qualified};
use crate::statement::{Param, Statement};

pub fn table(t: &TableRef) -> String {
    match t {
        TableRef::Qualified(q) => qualified(&q.schema, &q.name),
        TableRef::Alias(a) => ident(a),
    }
}

pub fn column(t: &TableRef, name: &str) -> String {
    format!("{}.{}", table(t), ident(name))
}

/// A column with its JSON path; keys and indexes are parameters.
pub fn field(st: &mut Statement, t: &TableRef, c: &ColumnRef) -> String {
    let mut out = column(t, &c.name);
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
pub fn limit_offset(range: RowRange) -> String {
    if range == RowRange::ALL {
        return String::new();
    }
    let limit = match range.limit {
        Some(l) => l.to_string(),
        None => "ALL".to_string(),
    };
    format!(" LIMIT {limit} OFFSET {}", range.offset)
}

/// What the `body` column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// A JSON array of the rows; `strip` drops null-valued keys.
    Array {
        strip: bool,
    },
    /// The first row as an object (`null` without rows).
    Object {
        strip: bool,
    },
    /// A function's scalar results: the first (`single`) or all of them.
    Scalar {
        single: bool,
    },
    Csv,
    /// The row of a single-row insert, for the `Location` header.
    Location,
    /// Nothing (HEAD, `return=minimal`).
    Empty,
}

fn body_expr(body: Body) -> String {
    let strip = |s: bool, e: &str| {
        if s {
            format!("json_strip_nulls({e})")
        } else {
            e.to_string()
        }
    };
    match body {
        Body::Array { strip: s } => format!("coalesce({}, '[]')", strip(s, "json_agg(_postgrest_t)")),
        Body::Object { strip: s } => format!("coalesce({}, 'null')", strip(s, "json_agg(_postgrest_t)->0")),
        Body::Scalar { single: true } => "coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null')".into(),
        Body::Scalar { single: false } => "coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')".into(),
        Body::Csv => "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')".into(),
        Body::Location => "(SELECT row_to_json(_) FROM pgrst_source AS _ LIMIT 1)".into(),
        Body::Empty => "NULL".into(),
    }
}

/// The main statement around `source` (the `pgrst_source` CTE): `rows` reads the
/// CTE for the body; `total` is the `total_count` expression, which may use a
/// `pgrst_source_count` CTE given as `count`.
pub struct Wrap {
    pub source: String,
    pub count: Option<String>,
    pub total: Option<String>,
    pub rows: String,
    pub body: Body,
}

pub fn wrap(w: Wrap) -> String {
    let count_cte = w
        .count
        .map(|c| format!(", pgrst_source_count AS ({c})"))
        .unwrap_or_default();
    format!(
        "WITH pgrst_source AS ({}){count_cte} SELECT {} AS total_count, pg_catalog.count(_postgrest_t) AS page_total, ({})::text AS body, nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status FROM ({}) _postgrest_t",
        w.source,
        w.total.unwrap_or_else(|| "NULL::bigint".into()),
        body_expr(w.body),
        w.rows
    )
}

/// The `total_count` of an exact count over `pgrst_source_count`.
pub const EXACT_TOTAL: &str = "(SELECT pg_catalog.count(*) FROM pgrst_source_count)";

#[cfg(test)]
mod tests;
