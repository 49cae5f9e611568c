//! The backup engine against a real PostgreSQL (`TEST_DATABASE_URL`): what
//! `Store::create` writes, lists, prunes and reads back. The whole round
//! trip through `pleat backup` and `pleat restore` is tested in
//! crates/server/tests/backup.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod engine;
