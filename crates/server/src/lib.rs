//! `pleat-server`: configuration, start-up and the site; the binary `pleat`.

pub mod backup;
pub mod cli;
pub mod config;
pub mod deadlines;
pub mod gateway;
pub mod keys;
pub mod metrics;
pub mod migrations;
pub mod restore;
pub mod site;
pub mod startup;
pub mod telemetry;
pub mod typegen;
pub mod users;
