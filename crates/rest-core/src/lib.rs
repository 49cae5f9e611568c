//! PostgREST's logic without I/O: `parse` (request → `ApiRequest`), `plan` (with
//! the `schema_cache` → `Plan`, the statement as IR), `sql` (IR → `Statement`),
//! the two in order in `prepare`, `response` (the row a statement returned →
//! status, headers, body) and the PostgREST `error` they all return; beside them
//! `body` (request bodies as rows) and `openapi` (the schema cache as OpenAPI).
//! Cargo keeps it pure: this crate depends on no runtime, web server or
//! database client; those edges are `pleat-rest`.
//!
//! Unit tests are each module's `mod tests`, at its end: inline while they are
//! short, else in `<module>/tests.rs` (a `tests/` directory of one file per
//! feature when that grows too), declared with a plain `mod tests;`.

pub mod body;
pub mod error;
pub mod openapi;
pub mod parse;
pub mod plan;
pub mod prepare;
pub mod response;
pub mod schema_cache;
pub mod sql;
pub mod statement;

#[cfg(test)]
mod test_support;
