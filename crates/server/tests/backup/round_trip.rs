//! Backup → wipe → restore → every row, user, session, bucket and object
//! back, on a managed data directory and on an external database.

use serde_json::json;
use sqlx::{ConnectOptions, Connection};

use crate::helpers::*;

/// What a test puts into an installation through the API, and reads back.
struct Seeded {
    email: String,
    access_token: String,
    refresh_token: String,
    photo: Vec<u8>,
    bucket: serde_json::Value,
}

async fn seed(serving: &Serving) -> Seeded {
    let email = "owner@example.com".to_string();
    serving.admin_create_user(&email).await;
    let (status, session) = serving.sign_in(&email, PASSWORD).await;
    assert_eq!(status, 200, "{session}");
    let access_token = session["access_token"].as_str().unwrap().to_string();
    let refresh_token = session["refresh_token"].as_str().unwrap().to_string();
    serving.add_note(&access_token, "first note").await;
    serving.add_note(&access_token, "second note").await;
    serving
        .create_bucket(json!({
            "id": "photos", "name": "photos", "public": false,
            "file_size_limit": 2_000_000, "allowed_mime_types": ["application/octet-stream", "image/jpeg"]
        }))
        .await;
    let photo = bytes(7, 700_000);
    serving.put_object("photos/2026/kitchen.bin", &photo).await;
    let bucket = serving.bucket("photos").await;
    Seeded {
        email,
        access_token,
        refresh_token,
        photo,
        bucket,
    }
}

/// The restored installation is the one backed up, seen through the API.
async fn check_restored(serving: &Serving, seeded: &Seeded) {
    // The access token issued before the backup still verifies: the key
    // came back with the data.
    assert_eq!(serving.user(&seeded.access_token).await, 200);
    // The session made before the backup refreshes.
    let (status, refreshed) = serving.refresh(&seeded.refresh_token).await;
    assert_eq!(status, 200, "{refreshed}");
    // The old password signs in, and the user's rows are there under RLS
    // (so the grants to `authenticated` came back too).
    let (status, session) = serving.sign_in(&seeded.email, PASSWORD).await;
    assert_eq!(status, 200, "{session}");
    let token = session["access_token"].as_str().unwrap();
    assert_eq!(serving.notes(token).await, ["first note", "second note"]);
    assert_eq!(serving.bucket("photos").await, seeded.bucket);
    assert_eq!(
        serving.object("photos/2026/kitchen.bin").await.as_deref(),
        Some(seeded.photo.as_slice())
    );
}

#[tokio::test]
async fn a_managed_data_directory_comes_back_from_a_backup_into_a_fresh_one() {
    let data = tempfile::tempdir().unwrap();
    let backups = tempfile::tempdir().unwrap();
    let site = tempfile::tempdir().unwrap();
    let migrations = notes_migrations_copy();
    // A role of the app's own: the cluster's, so in no dump, yet granted
    // to in the database (the cluster is this test's, so the name is free).
    std::fs::write(
        migrations.path().join("20260101000002_reader.sql"),
        "create role notes_reader nologin; grant select on public.notes to notes_reader;",
    )
    .unwrap();
    let backup_url = format!("file://{}", backups.path().display());
    let env = Env::new(data.path(), &backup_url, migrations.path(), site.path());

    let serving = env.serve().await;
    let seeded = seed(&serving).await;
    let before = fingerprint(&managed_options(data.path())).await;
    // Made while pleat serves, sharing its cluster.
    let name = env.backup().await;
    assert!(
        name.starts_with("pleat-") && name.ends_with(".tar"),
        "{name}"
    );
    serving.stop().await;
    let listed = env.pleat(&["backup", "list"]).await;
    assert!(listed.ok && listed.stdout.contains(&name), "{listed:?}");

    // A new machine: an empty data directory, the backups copied over.
    let fresh = tempfile::tempdir().unwrap();
    let env2 = Env::new(fresh.path(), &backup_url, migrations.path(), site.path());
    let said = env2.restore(&name, false).await;
    assert!(said.contains(&format!("restored {name}")), "{said}");
    assert!(said.contains("1 users"), "{said}");
    assert!(said.contains("files: "), "{said}");
    assert!(said.contains("keys: jwt_secret"), "{said}");

    assert!(said.contains("created the roles notes_reader"), "{said}");
    let serving = env2.serve().await;
    let after = fingerprint(&managed_options(fresh.path())).await;
    assert_eq!(before, after, "every row of every table comes back");
    let mut conn = managed_options(fresh.path()).connect().await.unwrap();
    let granted: bool =
        sqlx::query_scalar("select has_table_privilege('notes_reader', 'public.notes', 'select')")
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert!(granted);
    // The run that made the backup was still running in its snapshot; the
    // restore records it as done, and nothing is left pending.
    let (done, unfinished): (bool, i64) = sqlx::query_as(
        "select exists (select 1 from pleat_backup.runs where name = $1 and status = 'done'),
                (select count(*) from pleat_backup.runs where status in ('pending', 'running'))",
    )
    .bind(&name)
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert!(done);
    assert_eq!(unfinished, 0);
    conn.close().await.unwrap();
    check_restored(&serving, &seeded).await;
    serving.stop().await;

    // Now the target holds data: refused without --force, nothing touched.
    let refused = env2.pleat(&["restore", &name]).await;
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("not empty") && refused.stderr.contains("--force"),
        "{refused:?}"
    );
    let said = env2.restore(&name, true).await;
    assert!(said.contains("emptied the target"), "{said}");
    let serving = env2.serve().await;
    check_restored(&serving, &seeded).await;
    serving.stop().await;
}

#[tokio::test]
async fn an_external_database_comes_back_into_an_empty_one_with_the_passphrase_only() {
    let db = pleat_test_support::TestDatabase::with_app(&pleat_test_support::AppMigrations::Dir(
        pleat_test_support::notes_migrations(),
    ))
    .await;
    let data = tempfile::tempdir().unwrap();
    let backups = tempfile::tempdir().unwrap();
    let site = tempfile::tempdir().unwrap();
    let migrations = notes_migrations_copy();
    let backup_url = format!("file://{}", backups.path().display());
    let env = Env::new(data.path(), &backup_url, migrations.path(), site.path())
        .with("DATABASE_URL", &db.url)
        .with("PLEAT_BACKUP_PASSPHRASE", "a passphrase for the test");

    let serving = env.serve().await;
    let seeded = seed(&serving).await;
    let before = fingerprint(&db.options).await;
    let name = env.backup().await;
    assert!(name.ends_with(".tar.age"), "{name}");
    serving.stop().await;
    // Recorded where the admin and the metrics read backups.
    let mut conn = db.options.connect().await.unwrap();
    let (trigger, status, size): (String, String, i64) =
        sqlx::query_as("select trigger, status, size_bytes from pleat_backup.runs where name = $1")
            .bind(&name)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    conn.close().await.unwrap();
    assert_eq!((trigger.as_str(), status.as_str()), ("cli", "done"));
    assert_eq!(
        size as u64,
        std::fs::metadata(backups.path().join(&name)).unwrap().len()
    );

    let (empty_url, empty_options) = empty_database().await;
    let fresh = tempfile::tempdir().unwrap();
    let env2 = Env::new(fresh.path(), &backup_url, migrations.path(), site.path())
        .with("DATABASE_URL", &empty_url);
    let refused = env2.pleat(&["restore", &name]).await;
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("PLEAT_BACKUP_PASSPHRASE"),
        "{refused:?}"
    );
    let refused = env2
        .with("PLEAT_BACKUP_PASSPHRASE", "not the passphrase at all")
        .pleat(&["restore", &name])
        .await;
    assert!(!refused.ok);
    assert!(refused.stderr.contains("not the passphrase"), "{refused:?}");
    // Nothing was written by the refusals.
    assert!(fingerprint(&empty_options).await.is_empty());

    let env2 = env2.with("PLEAT_BACKUP_PASSPHRASE", "a passphrase for the test");
    let said = env2.restore(&name, false).await;
    assert!(said.contains(&format!("restored {name}")), "{said}");
    let serving = env2.serve().await;
    assert_eq!(before, fingerprint(&empty_options).await);
    check_restored(&serving, &seeded).await;
    serving.stop().await;

    let refused = env2.pleat(&["restore", &name]).await;
    assert!(!refused.ok);
    assert!(refused.stderr.contains("--force"), "{refused:?}");
}

#[tokio::test]
async fn restore_refuses_while_pleat_runs_on_the_data_directory() {
    let data = tempfile::tempdir().unwrap();
    let backups = tempfile::tempdir().unwrap();
    let site = tempfile::tempdir().unwrap();
    let migrations = notes_migrations_copy();
    let env = Env::new(
        data.path(),
        &format!("file://{}", backups.path().display()),
        migrations.path(),
        site.path(),
    );
    let serving = env.serve().await;
    let name = env.backup().await;
    let refused = env.pleat(&["restore", &name, "--force"]).await;
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("stop it before restoring"),
        "{refused:?}"
    );
    // Still serving, data intact.
    let (status, _) = serving.sign_in("nobody@example.com", PASSWORD).await;
    assert_eq!(status, 400);
    serving.stop().await;
}

#[tokio::test]
async fn restore_refuses_while_pleat_runs_on_the_database() {
    let db = pleat_test_support::TestDatabase::with_app(&pleat_test_support::AppMigrations::Dir(
        pleat_test_support::notes_migrations(),
    ))
    .await;
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
    .with("DATABASE_URL", &db.url);
    let serving = env.serve().await;
    serving.admin_create_user("kept@example.com").await;
    let name = env.backup().await;
    let refused = env.pleat(&["restore", &name, "--force"]).await;
    assert!(!refused.ok);
    assert!(refused.stderr.contains("stop pleat"), "{refused:?}");
    let (status, _) = serving.sign_in("kept@example.com", PASSWORD).await;
    assert_eq!(status, 200);
    serving.stop().await;
    // Stopped, the same restore goes through.
    let said = env.restore(&name, true).await;
    assert!(said.contains("1 users"), "{said}");
}
