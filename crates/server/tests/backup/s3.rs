//! With S3 storage the files stay in the bucket: a backup records the
//! version of every object, and a restore copies back the recorded version
//! of each one changed or deleted since (the bucket keeps versions). The
//! backups themselves go to S3 too.

use crate::helpers::*;

fn s3_server() -> Option<String> {
    match std::env::var("TEST_S3_ENDPOINT") {
        Ok(e) if !e.is_empty() => Some(e),
        _ if std::env::var("CI").is_ok_and(|v| !v.is_empty()) => {
            panic!("TEST_S3_ENDPOINT is not set: CI must test backups to S3 (scripts/test starts its server)")
        }
        _ => {
            eprintln!("SKIPPED: no S3 test server (TEST_S3_ENDPOINT unset)");
            None
        }
    }
}

/// A bucket of the test's own (the test server accepts unsigned requests).
async fn bucket(endpoint: &str) -> String {
    let bucket = format!("pleat-backup-{}", uuid::Uuid::new_v4().simple());
    let r = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    bucket
}

/// [`bucket`] with versioning on, as docs/backups.md asks.
async fn versioned_bucket(endpoint: &str) -> String {
    let bucket = bucket(endpoint).await;
    let r = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}?versioning"))
        .body(
            r#"<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>Enabled</Status></VersioningConfiguration>"#,
        )
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    bucket
}

struct Dirs {
    data: tempfile::TempDir,
    site: tempfile::TempDir,
    migrations: tempfile::TempDir,
}

fn dirs() -> Dirs {
    Dirs {
        data: tempfile::tempdir().unwrap(),
        site: tempfile::tempdir().unwrap(),
        migrations: notes_migrations_copy(),
    }
}

/// An installation on database `db` with its files and backups in `bucket`.
fn s3_env(endpoint: &str, bucket: &str, db: &str, dirs: &Dirs) -> Env {
    Env::new(
        dirs.data.path(),
        &format!("s3://{bucket}/backups"),
        dirs.migrations.path(),
        dirs.site.path(),
    )
    .with("DATABASE_URL", db)
    .with("PLEAT_STORAGE_URL", &format!("s3://{bucket}/files"))
    .with("AWS_ACCESS_KEY_ID", "pleat-test")
    .with("AWS_SECRET_ACCESS_KEY", "pleat-test-secret")
    .with("AWS_REGION", "us-east-1")
    .with("AWS_ENDPOINT_URL", endpoint)
    .with("AWS_ALLOW_HTTP", "true")
}

async fn notes_database() -> pleat_test_support::TestDatabase {
    pleat_test_support::TestDatabase::with_app(&pleat_test_support::AppMigrations::Dir(
        pleat_test_support::notes_migrations(),
    ))
    .await
}

#[tokio::test]
async fn backups_to_s3_bring_back_deleted_and_replaced_objects() {
    let Some(endpoint) = s3_server() else { return };
    let bucket = versioned_bucket(&endpoint).await;
    let db = notes_database().await;
    let dirs = dirs();
    let env = s3_env(&endpoint, &bucket, &db.url, &dirs);

    let serving = env.serve().await;
    serving
        .create_bucket(serde_json::json!({"id": "docs", "name": "docs", "public": false}))
        .await;
    let kept = bytes(1, 200_000);
    let deleted = bytes(2, 6_000_000);
    let replaced = bytes(3, 50_000);
    serving.put_object("docs/kept.bin", &kept).await;
    serving.put_object("docs/deleted.bin", &deleted).await;
    serving.put_object("docs/replaced.bin", &replaced).await;
    let name = env.backup().await;

    // After the backup: one object deleted, one replaced.
    serving.delete_object("docs", "deleted.bin").await;
    serving
        .put_object("docs/replaced.bin", b"something else")
        .await;
    assert_eq!(serving.object("docs/deleted.bin").await, None);
    serving.stop().await;

    let listed = env.pleat(&["backup", "list"]).await;
    assert!(listed.ok && listed.stdout.contains(&name), "{listed:?}");

    let said = env.restore(&name, true).await;
    assert!(said.contains(&format!("restored {name}")), "{said}");
    assert!(said.contains("brought back"), "{said}");
    let serving = env.serve().await;
    assert_eq!(
        serving.object("docs/kept.bin").await.as_deref(),
        Some(kept.as_slice())
    );
    assert_eq!(
        serving.object("docs/deleted.bin").await.as_deref(),
        Some(deleted.as_slice())
    );
    assert_eq!(
        serving.object("docs/replaced.bin").await.as_deref(),
        Some(replaced.as_slice())
    );
    serving.stop().await;
}

#[tokio::test]
async fn without_bucket_versioning_a_deleted_object_refuses_the_restore_before_anything_is_touched()
{
    let Some(endpoint) = s3_server() else { return };
    let bucket = bucket(&endpoint).await;
    let db = notes_database().await;
    let dirs = dirs();
    let env = s3_env(&endpoint, &bucket, &db.url, &dirs);
    let serving = env.serve().await;
    serving
        .create_bucket(serde_json::json!({"id": "docs", "name": "docs", "public": false}))
        .await;
    serving.put_object("docs/gone.bin", &bytes(4, 10_000)).await;
    let name = env.backup().await;
    serving.delete_object("docs", "gone.bin").await;
    serving.admin_create_user("after@example.com").await;
    serving.stop().await;
    let before = fingerprint(&db.options).await;

    let refused = env.pleat(&["restore", &name, "--force"]).await;
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("keeps no versions")
            && refused.stderr.contains("nothing was restored"),
        "{refused:?}"
    );
    // The database is as it was (with the user made after the backup).
    assert_eq!(fingerprint(&db.options).await, before);
}
