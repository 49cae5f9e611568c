//! `pleat backup` leaves its run in `pleat_backup.runs`, done or failed, so
//! the admin lists it beside the server's own; it writes the row once the
//! backup is over (a `running` row without a serving replica's lease would
//! be taken by the servers for one whose server stopped).

use sqlx::ConnectOptions;

use crate::helpers::*;

type Run = (String, String, Option<String>, Option<i64>, Option<String>);

async fn runs(conn: &mut sqlx::PgConnection) -> Vec<Run> {
    sqlx::query_as(
        "SELECT trigger, status, name, size_bytes, error FROM pleat_backup.runs ORDER BY id",
    )
    .fetch_all(conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn pleat_backup_records_its_run_done_or_failed() {
    let (url, options) = empty_database().await;
    let data = tempfile::tempdir().unwrap();
    let backups = tempfile::tempdir().unwrap();
    let site = tempfile::tempdir().unwrap();
    let migrations = notes_migrations_copy();
    let env = Env::new(
        data.path(),
        &format!("file://{}", backups.path().display()),
        migrations.path(),
        site.path(),
    )
    .with("DATABASE_URL", &url);

    let name = env.backup().await;
    let size = std::fs::metadata(backups.path().join(&name)).unwrap().len() as i64;
    let mut conn = options.connect().await.unwrap();
    assert_eq!(
        runs(&mut conn).await,
        [(
            "cli".to_string(),
            "done".to_string(),
            Some(name),
            Some(size),
            None
        )]
    );

    // A place under a regular file cannot be written.
    let blocker = data.path().join("blocker");
    std::fs::write(&blocker, "a file").unwrap();
    let failed = env
        .with(
            "PLEAT_BACKUP_URL",
            &format!("file://{}/backups", blocker.display()),
        )
        .pleat(&["backup"])
        .await;
    assert!(!failed.ok, "{failed:?}");
    let all = runs(&mut conn).await;
    assert_eq!(all.len(), 2, "{all:?}");
    let (trigger, status, name, size, error) = &all[1];
    assert_eq!((trigger.as_str(), status.as_str()), ("cli", "failed"));
    assert_eq!((name, size), (&None, &None));
    assert!(
        error.as_deref().is_some_and(|e| e.contains("blocker")),
        "{error:?}"
    );
}
