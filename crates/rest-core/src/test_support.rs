//! Helpers for the unit tests of `plan`, `sql` and `response`: plan a request
//! against the fixture schema cache and show the statement (broken into lines at
//! its main clauses, the constant tail of the wrapper elided) or the error body.

use crate::error::Error;
use crate::parse::{parse, RawRequest};
use crate::plan::PlanSettings;
use crate::prepare::{prepare, Prepared};
use crate::schema_cache::fixture;
use crate::statement::{Param, Statement};

pub fn settings() -> PlanSettings {
    PlanSettings {
        schemas: vec!["public".into()],
        max_rows: None,
        aggregates: false,
    }
}

pub fn plan_with(
    settings: &PlanSettings,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Result<Prepared, Error> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let req = parse(&RawRequest {
        method,
        path,
        query,
        headers,
    })?;
    prepare(&req, &fixture::cache(), settings, body.as_bytes())
}

/// As `plan_with`, against the schema cache of `tests/fixtures/rest_views.sql`.
pub fn plan_views(
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Result<Prepared, Error> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let req = parse(&RawRequest {
        method,
        path,
        query,
        headers,
    })?;
    prepare(&req, &fixture::views_cache(), &settings(), body.as_bytes())
}

fn params(params: &[Param]) -> String {
    params
        .iter()
        .map(|p| match p {
            Param::Text(t) => format!("{t:?}"),
            Param::TextArray(a) => format!("{a:?}"),
            Param::Int(i) => i.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

const TAIL: &str = ", nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status";

/// The statement with line breaks before its main clauses.
pub fn show_statement(st: &Statement) -> String {
    let mut text = st
        .text
        .replace(TAIL, " …")
        .replace("pg_catalog.count(_postgrest_t) AS page_total", "page_total");
    for kw in [
        " SELECT ",
        " FROM ",
        " WHERE ",
        " LEFT JOIN ",
        " INNER JOIN ",
        " GROUP BY ",
        " ORDER BY ",
        " LIMIT ",
        " RETURNING ",
        " ON CONFLICT",
        " SET ",
        ", LATERAL ",
        ", pgrst_source_count AS",
    ] {
        text = text.replace(kw, &format!("\n{}", kw.trim_start()));
    }
    format!(
        "{}\n-- {}",
        text.replace('\u{0}', " FROM"),
        params(&st.params)
    )
}

pub fn error(e: Error) -> String {
    format!("{} {}", e.status(), e.to_json())
}

/// The planned statement, or the error.
pub fn sql(method: &str, target: &str, headers: &[(&str, &str)], body: &str) -> String {
    match plan_with(&settings(), method, target, headers, body) {
        Ok(p) => show_statement(&p.statement),
        Err(e) => error(e),
    }
}

pub fn get(target: &str) -> String {
    sql("GET", target, &[], "")
}

/// The planned statement or the error of a request on the views fixture.
pub fn sql_views(method: &str, target: &str, headers: &[(&str, &str)], body: &str) -> String {
    match plan_views(method, target, headers, body) {
        Ok(p) => show_statement(&p.statement),
        Err(e) => error(e),
    }
}
