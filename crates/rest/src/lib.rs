//! PostgREST-compatible `/rest/v1`: `parse` (request → `ApiRequest`), `plan`
//! (with the schema cache → `Plan`, rendered by `sql`), `execute` (one transaction
//! as the role) and `response` (the row → status, headers, body).

pub mod anon_read;
pub mod body;
pub mod connections;
pub mod error;
pub mod execute;
pub mod openapi;
pub mod parse;
pub mod plan;
pub mod reload;
pub mod response;
pub mod routes;
pub mod schema_cache;
pub mod sql;
pub mod statement;
pub mod timings;
pub mod wire;

#[cfg(test)]
mod test_support;
