//! Migration sets: applied once each, in order, with one history per set; an
//! edited migration that already ran is refused.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use pleat_db::migrate::{self, Migration, Set};
use pleat_test_support::{backend_sets, notes_migrations, AppMigrations, TestDatabase};
use sqlx::PgPool;

/// What `pleat` applies for the notes example app.
async fn standard() -> Vec<Set> {
    let mut sets = backend_sets();
    sets.push(AppMigrations::Dir(notes_migrations()).set().await);
    sets
}

async fn fresh(sets: &[Set]) -> PgPool {
    TestDatabase::with_sets(sets).await.pool().await
}

fn one(version: i64, sql: &str) -> Migration {
    use sha2::Digest;
    Migration {
        version,
        description: format!("step {version}"),
        sql: sql.to_string(),
        checksum: sha2::Sha384::digest(sql.as_bytes()).to_vec(),
    }
}

async fn history(pool: &PgPool) -> Vec<(String, i64)> {
    sqlx::query_as("SELECT set_name, version FROM pleat.schema_migrations ORDER BY 1, 2")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn migrations_apply_twice_without_change() {
    let sets = standard().await;
    let pool = fresh(&sets).await;
    let before = history(&pool).await;
    let total: usize = sets.iter().map(|s| s.migrations.len()).sum();
    assert_eq!(before.len(), total);
    migrate::run(&pool, &sets).await.unwrap();
    migrate::run(&pool, &sets).await.unwrap();
    assert_eq!(history(&pool).await, before);
}

#[tokio::test]
async fn the_backend_sets_come_before_the_app_and_keep_their_own_names() {
    let sets = standard().await;
    let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        ["roles", "auth", "mail", "storage", "realtime", "backup", "app"]
    );
    let pool = fresh(&sets).await;
    let per_set: Vec<(String, i64)> = sqlx::query_as(
        "SELECT set_name, count(*) FROM pleat.schema_migrations GROUP BY 1 ORDER BY 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    for set in &sets {
        let row = per_set.iter().find(|(n, _)| *n == set.name).unwrap();
        assert_eq!(row.1 as usize, set.migrations.len(), "{}", set.name);
    }
}

#[tokio::test]
async fn each_set_has_its_own_version_history() {
    let mut sets = standard().await;
    let pool = fresh(&sets).await;
    // An app numbering its first file like a backend migration still gets it applied.
    let taken = sets[0].migrations[0].version;
    sets.push(Set {
        name: "second_app".into(),
        migrations: vec![one(taken, "CREATE TABLE public.second_app_notes (id int)")],
    });
    migrate::run(&pool, &sets).await.unwrap();
    let exists: bool =
        sqlx::query_scalar("SELECT to_regclass('public.second_app_notes') IS NOT NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(exists);
    assert!(history(&pool)
        .await
        .contains(&("second_app".to_string(), taken)));
}

#[tokio::test]
async fn an_edited_migration_that_already_ran_is_refused() {
    let mut sets = standard().await;
    let pool = fresh(&sets).await;
    let app = sets.last_mut().unwrap();
    let first = &mut app.migrations[0];
    first.sql.push_str("\n-- edited after shipping\n");
    first.checksum = one(first.version, &first.sql).checksum;
    let err = migrate::run(&pool, &sets).await.unwrap_err().to_string();
    assert!(
        err.contains("was changed after it was applied"),
        "unexpected error: {err}"
    );
}

#[tokio::test]
async fn a_failing_migration_leaves_no_trace_and_names_itself() {
    let mut sets = standard().await;
    let pool = fresh(&sets).await;
    sets.push(Set {
        name: "broken".into(),
        migrations: vec![one(
            1,
            "CREATE TABLE public.half_done (id int); SELECT no_such_function();",
        )],
    });
    let err = migrate::run(&pool, &sets).await.unwrap_err().to_string();
    assert!(
        err.contains("migration 1 (step 1) of the broken set failed"),
        "{err}"
    );
    let exists: bool = sqlx::query_scalar("SELECT to_regclass('public.half_done') IS NOT NULL")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(
        !exists,
        "the failed migration's transaction was rolled back"
    );
    assert!(!history(&pool).await.iter().any(|(s, _)| s == "broken"));
}

#[tokio::test]
async fn pending_migrations_run_together_or_not_at_all() {
    let mut sets = standard().await;
    let pool = fresh(&sets).await;
    let before = history(&pool).await;
    sets.push(Set {
        name: "upgrade".into(),
        migrations: vec![
            one(1, "CREATE TABLE public.upgrade_first (id int)"),
            one(2, "ALTER TABLE public.notes ADD COLUMN upgraded boolean"),
            one(3, "SELECT no_such_function()"),
        ],
    });
    let err = migrate::run(&pool, &sets).await.unwrap_err().to_string();
    assert!(
        err.contains("migration 3 (step 3) of the upgrade set failed"),
        "{err}"
    );
    assert!(err.contains("nothing was changed"), "{err}");
    let (first, column): (bool, bool) = sqlx::query_as(
        "SELECT to_regclass('public.upgrade_first') IS NOT NULL,
                EXISTS (SELECT 1 FROM information_schema.columns
                         WHERE table_name = 'notes' AND column_name = 'upgraded')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(
        !first && !column,
        "the migrations before the failing one were rolled back too"
    );
    assert_eq!(history(&pool).await, before);
}

#[tokio::test]
async fn a_dry_run_lists_what_is_pending_and_applies_nothing() {
    let mut sets = standard().await;
    let pool = fresh(&sets).await;
    assert_eq!(migrate::pending(&pool, &sets).await.unwrap(), vec![]);
    let before = history(&pool).await;
    sets.push(Set {
        name: "later".into(),
        migrations: vec![
            one(7, "CREATE TABLE public.later_one (id int)"),
            one(8, "CREATE TABLE public.later_two (id int)"),
        ],
    });
    let pending = migrate::pending(&pool, &sets).await.unwrap();
    let listed: Vec<(String, i64, String)> = pending
        .into_iter()
        .map(|p| (p.set, p.version, p.description))
        .collect();
    assert_eq!(
        listed,
        [
            ("later".to_string(), 7, "step 7".to_string()),
            ("later".to_string(), 8, "step 8".to_string())
        ]
    );
    let created: bool = sqlx::query_scalar("SELECT to_regclass('public.later_one') IS NOT NULL")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(!created);
    assert_eq!(history(&pool).await, before);
    // An edited migration that already ran is refused by the dry run too.
    let mut edited = standard().await;
    edited[1].migrations[0].checksum = vec![0; 48];
    let err = migrate::pending(&pool, &edited)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("was changed after it was applied"), "{err}");
}

#[tokio::test]
async fn the_api_roles_exist_with_the_right_attributes() {
    let pool = fresh(&standard().await).await;
    let rows: Vec<(String, bool, bool, bool)> = sqlx::query_as(
        "SELECT rolname::text, rolcanlogin, rolinherit, rolbypassrls FROM pg_roles
         WHERE rolname IN ('anon','authenticated','service_role','authenticator') ORDER BY rolname",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            ("anon".into(), false, false, false),
            ("authenticated".into(), false, false, false),
            ("authenticator".into(), true, false, false),
            ("service_role".into(), false, false, true),
        ]
    );
    let members: Vec<String> = sqlx::query_scalar(
        "SELECT r.rolname::text FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
         JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = 'authenticator' ORDER BY 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(members, vec!["anon", "authenticated", "service_role"]);
}
