//! HTTP tests of the site's schema through the whole app
//! (`pleat_test_support`), with the site's migrations: its tables as the
//! site's pages reach them, and the upgrade from the legacy layout.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod helpers;
mod rest;
mod upgrade;
