//! Backups of everything a Pleat installation holds: the database (every
//! schema, auth users included, at one instant), the uploaded files when
//! storage is local (the object versions it refers to when storage is S3),
//! and the keys; written to a directory or an S3 bucket, optionally encrypted,
//! pruned by a retention rule, restored by `pleat restore`. While `pleat serve`
//! runs, scheduled and requested backups are coordinated through the
//! `pleat_backup` schema so one replica takes each. See docs/backups.md.

pub mod archive;
pub mod db;
pub mod failure;
pub mod keep;
pub mod manifest;
pub mod restore;
pub mod routes;
pub mod runs;
pub mod schedule;
pub mod source;
pub mod store;
pub mod worker;

pub use db::DbConn;
pub use keep::Keep;
pub use manifest::Manifest;
pub use source::Source;
pub use store::{Listed, Made, Store};
pub use worker::{Worker, WorkerSettings};

/// The `pleat_backup` schema (runs, requests, download tokens), applied by
/// `pleat` after the realtime schema and before the app's migrations.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
