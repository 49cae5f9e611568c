//! PostgREST-compatible `/rest/v1`, the edges around `pleat-rest-core`:
//! `routes` (the HTTP requests), `execute` (one transaction as the role over
//! `connections`, spoken with `wire`), the schema cache's loading and `reload`.
//! Parsing, planning, SQL and the response decisions are the core's, re-exported
//! here under their names so that callers have one crate to import.

pub mod anon_read;
pub mod connections;
mod db_failure;
pub mod execute;
pub mod reload;
pub mod routes;
pub mod wire;

pub use pleat_rest_core::{
    body, error, openapi, parse, plan, prepare, response, schema_cache, sql, statement,
};
