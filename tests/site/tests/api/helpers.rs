//! The whole app over the site's migrations.

use pleat_site_tests::site_migrations_dir;
use pleat_test_support::{AppBuilder, AppMigrations, TestApp};

/// The app over the site's migrations, to change before it starts.
pub fn site_app() -> AppBuilder {
    TestApp::builder().migrations(AppMigrations::Dir(site_migrations_dir()))
}

/// The app over the site's migrations on the existing database at `url`,
/// migrating it as `pleat serve` does.
pub async fn spawn_site_on(url: &str) -> TestApp {
    site_app().on_database(url).spawn().await
}
