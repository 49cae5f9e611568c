//! PostgREST-compatible `/rest/v1`: `parse` (request → `ApiRequest`), then planning and SQL.

pub mod error;
pub mod execute;
pub mod openapi;
pub mod parse;
pub mod schema_cache;
pub mod statement;
