//! PostgREST's logic without I/O: `parse` (request → `ApiRequest`), `plan` (with
//! the `schema_cache` → `Plan`, the statement as IR), `sql` (IR → `Statement`),
//! the two in order in `prepare`, `response` (the row a statement returned → status, headers, body) and the
//! PostgREST `error` they all return. Cargo keeps it pure: this crate depends on
//! no runtime, web server or database client; those edges are `pleat-rest`.

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
