//! HTTP tests of pleat-server: the real `Application::build` on port 0 against
//! a throwaway database (see `helpers::spawn_app`).

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod auth_limits;
mod cors;
mod health;
mod helpers;
mod hostile_limits;
mod hostile_rest;
mod logs;
mod metrics;
mod pool;
mod replicas;
mod rest;
mod rest_aggregates;
mod rest_computed;
mod rest_errors;
mod rest_explain;
mod rest_geojson;
mod rest_openapi;
mod rest_prefer;
mod rest_spreads;
mod rest_views;
mod site;
mod site_headers;
mod site_pages;
