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

/// A bucket of the test's own with versioning on, as docs/backups.md asks
/// (the test server accepts unsigned requests).
async fn versioned_bucket(endpoint: &str) -> String {
    let bucket = format!("pleat-backup-{}", uuid::Uuid::new_v4().simple());
    let http = reqwest::Client::new();
    let r = http
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    let r = http
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

#[tokio::test]
async fn backups_to_s3_bring_back_deleted_and_replaced_objects() {
    let Some(endpoint) = s3_server() else { return };
    let bucket = versioned_bucket(&endpoint).await;
    let db = pleat_test_support::TestDatabase::with_app(&pleat_test_support::AppMigrations::Dir(
        pleat_test_support::notes_migrations(),
    ))
    .await;
    let data = tempfile::tempdir().unwrap();
    let site = tempfile::tempdir().unwrap();
    let migrations = notes_migrations_copy();
    let env = Env::new(
        data.path(),
        &format!("s3://{bucket}/backups"),
        migrations.path(),
        site.path(),
    )
    .with("DATABASE_URL", &db.url)
    .with("PLEAT_STORAGE_URL", &format!("s3://{bucket}/files"))
    .with("AWS_ACCESS_KEY_ID", "pleat-test")
    .with("AWS_SECRET_ACCESS_KEY", "pleat-test-secret")
    .with("AWS_REGION", "us-east-1")
    .with("AWS_ENDPOINT_URL", &endpoint)
    .with("AWS_ALLOW_HTTP", "true");

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
