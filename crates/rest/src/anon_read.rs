//! A GET on `/rest/v1` run from inside pleat as `anon`, for the pages the
//! server renders with the app's declared data: the same parse → plan → sql →
//! execute pipeline as an HTTP request without a token, so row-level security
//! and grants decide what a page may show, exactly as for a visitor's browser.

use pleat_auth::caller::Caller;

use crate::error::Error;
use crate::execute::{self, RequestContext};
use crate::parse::{self, Action, RawRequest};
use crate::plan::PlanSettings;
use crate::prepare::prepare;
use crate::reload;
use crate::response;
use crate::routes::RestState;

/// Why an internal read gave no rows.
#[derive(Debug, thiserror::Error)]
pub enum AnonReadError {
    /// Only reads of tables, views and functions may be declared.
    #[error("`{0}` is not a read of a table, view or function")]
    NotARead(String),
    /// What the HTTP request would have answered with an error status.
    #[error("{0}")]
    Rest(Error),
}

impl From<Error> for AnonReadError {
    fn from(e: Error) -> Self {
        AnonReadError::Rest(e)
    }
}

/// The JSON body a visitor without a token would get for `GET /rest/v1/{target}`
/// (`target` is a path with its query string, e.g. `items?select=title&order=id`).
pub async fn read_as_anon(state: &RestState, target: &str) -> Result<String, AnonReadError> {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = format!("/{}", path.trim_start_matches('/'));
    let headers = [("accept", "application/json")];
    let raw = RawRequest {
        method: "GET",
        path: &path,
        query,
        headers: &headers,
    };
    let api = parse::parse(&raw)?;
    if !matches!(
        api.action,
        Action::Read {
            headers_only: false,
            ..
        } | Action::Call { .. }
    ) {
        return Err(AnonReadError::NotARead(target.to_string()));
    }
    let settings = PlanSettings {
        schemas: state.settings.schemas.clone(),
        max_rows: None,
        aggregates: state.settings.aggregates,
    };
    let plan = prepare(&api, &reload::current(&state.cache), &settings, &[])?;
    if !plan.read_only {
        return Err(AnonReadError::NotARead(target.to_string()));
    }
    let anon = Caller::anon();
    let ctx = RequestContext {
        claims: anon.claims.to_string(),
        role: anon.role,
        method: "GET".into(),
        path,
        headers: r#"{"accept":"application/json"}"#.into(),
        // Pleat itself reads for the page; no client address applies.
        client_ip: String::new(),
        statement_timeout: state.settings.timeouts.setting("anon"),
        session: None,
    };
    let outcome = execute::run(
        &state.conns,
        &ctx,
        &plan.statement,
        response::Ending::Read,
        |o| response::decide(&plan.response, o),
    )
    .await?;
    let out = response::respond(&plan.response, &outcome, None)?;
    Ok(out.body.unwrap_or_else(|| "null".into()))
}
