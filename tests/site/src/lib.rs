//! The curtains site's own test package: what its migrations (`migrations/`
//! at the repository root) promise is tested here, on the backend's test
//! fixtures, so that no backend crate's tests need the site.

use std::path::{Path, PathBuf};

use pleat_test_support::{AppBuilder, AppMigrations, TestApp, TestDatabase};

/// The site's migrations directory, as `PLEAT_MIGRATIONS_DIR` names it.
pub fn site_migrations_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations")
}

pub fn site_migrations() -> AppMigrations {
    AppMigrations::Dir(site_migrations_dir())
}

/// A new database with the backend's sets and the site's migrations.
pub async fn site_database() -> TestDatabase {
    TestDatabase::with_app(&site_migrations()).await
}

/// The whole app over the site's migrations, to change before it starts.
pub fn site_app() -> AppBuilder {
    TestApp::builder().migrations(site_migrations())
}

/// The whole app over the site's migrations; `url`: an existing database
/// it migrates as `pleat serve` does.
pub async fn spawn_site(url: Option<&str>) -> TestApp {
    match url {
        Some(url) => site_app().on_database(url),
        None => site_app(),
    }
    .spawn()
    .await
}
