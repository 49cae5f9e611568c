//! The planned SQL against a real PostgreSQL: every feature of `/rest/v1` run
//! end to end (parse → plan → execute as a role → respond) over
//! `tests/fixtures/rest_schema.sql`, asserting the rows, counts and statuses.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod connections;
mod counts;
mod embeds;
mod guards;
mod helpers;
mod inserts;
mod reads;
mod rpc;
mod updates;
mod upserts;
mod views;
mod wire;
