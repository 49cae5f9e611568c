//! What the backend's tests stand on, in one dev-only crate: [`TestDatabase`],
//! a throwaway database migrated with the backend's sets and an app's
//! migrations chosen by the test (none by default: the backend's tests bring
//! their own neutral schema), and [`spawn_app`], the whole app on port 0 built
//! by `Application::build` as `pleat serve` builds it.

mod app;
mod database;

pub use app::{spawn_app, AppBuilder, TestApp, JWT_SECRET};
pub use database::{backend_sets, notes_migrations, AppMigrations, TestDatabase};
