//! The site's migrations applied again change nothing: its seed rows are
//! not added twice.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use pleat_test_support::{backend_sets, AppMigrations, TestDatabase};

#[tokio::test]
async fn the_seed_is_not_applied_twice() {
    let mut sets = backend_sets();
    sets.push(
        AppMigrations::Dir(pleat_site_tests::site_migrations_dir())
            .set()
            .await,
    );
    let pool = TestDatabase::with_sets(&sets).await.pool().await;
    pleat_db::migrate::run(&pool, &sets).await.unwrap();
    pleat_db::migrate::run(&pool, &sets).await.unwrap();
    let heroes: i64 = sqlx::query_scalar("SELECT count(*) FROM hero_content")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(heroes, 1, "seed rows are not duplicated");
}
