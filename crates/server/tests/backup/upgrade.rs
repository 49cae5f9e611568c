//! A backup from an older Pleat restores into a newer one (its newer
//! migrations applied on top); one from a newer Pleat is refused.

use sqlx::{ConnectOptions, Connection};

use crate::helpers::*;

const NEWER: &str = "20991231000000_tags.sql";

#[tokio::test]
async fn an_older_backup_gets_the_newer_migrations_and_a_newer_one_is_refused() {
    let backups = tempfile::tempdir().unwrap();
    let backup_url = format!("file://{}", backups.path().display());
    let site = tempfile::tempdir().unwrap();
    let older = notes_migrations_copy();
    let newer = notes_migrations_copy();
    std::fs::write(
        newer.path().join(NEWER),
        "create table public.tags (id int primary key, label text not null);",
    )
    .unwrap();

    // The "older Pleat": the app without the newest migration.
    let (url_a, _) = empty_database().await;
    let data_a = tempfile::tempdir().unwrap();
    let old_env = Env::new(data_a.path(), &backup_url, older.path(), site.path())
        .with("DATABASE_URL", &url_a);
    assert!(old_env.pleat(&["migrate"]).await.ok);
    let name = old_env.backup().await;

    // Restored by the "newer Pleat": the migration runs on top.
    let (url_b, options_b) = empty_database().await;
    let data_b = tempfile::tempdir().unwrap();
    let new_env = Env::new(data_b.path(), &backup_url, newer.path(), site.path())
        .with("DATABASE_URL", &url_b);
    let said = new_env.restore(&name, false).await;
    assert!(said.contains("applied 1 newer migration"), "{said}");
    let mut conn = options_b.connect().await.unwrap();
    let applied: bool = sqlx::query_scalar(
        "select exists (select 1 from pleat.schema_migrations where set_name = 'app' and version = 20991231000000)",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(applied);
    let tags: bool = sqlx::query_scalar("select to_regclass('public.tags') is not null")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(tags);
    conn.close().await.unwrap();

    // A backup of the newer installation, restored by the older binary's
    // migrations: refused before anything is written.
    let newer_name = new_env.backup().await;
    let (url_c, options_c) = empty_database().await;
    let data_c = tempfile::tempdir().unwrap();
    let refused = Env::new(data_c.path(), &backup_url, older.path(), site.path())
        .with("DATABASE_URL", &url_c)
        .pleat(&["restore", &newer_name])
        .await;
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("made by a newer Pleat")
            && refused.stderr.contains("20991231000000"),
        "{refused:?}"
    );
    assert!(fingerprint(&options_c).await.is_empty());
}
