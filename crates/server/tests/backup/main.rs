//! `pleat backup` and `pleat restore` as an operator runs them: the real
//! `pleat` binary, serving and stopped, on a managed data directory and on
//! an external database (`TEST_DATABASE_URL`'s cluster), with files on disk
//! and in S3 (the throwaway S3 server), checked through the HTTP API.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod cli_runs;
mod helpers;
mod round_trip;
mod s3;
mod upgrade;
