//! `Store` on a directory against a real database: what a backup holds,
//! that it is listed and read back as stored, encryption, retention at
//! injected times, names of backups made in one second, leftovers cleaned.

use chrono::{TimeZone, Utc};
use futures_util::StreamExt;
use pleat_backup::db::find_client_bin_dir;
use pleat_backup::{archive, DbConn, Keep, Source, Store};
use pleat_test_support::TestDatabase;
use secrecy::SecretString;

struct Installation {
    _db: TestDatabase,
    dir: tempfile::TempDir,
    source: Source,
}

async fn installation() -> Installation {
    let db = TestDatabase::new().await;
    let pool = db.pool().await;
    sqlx::raw_sql(
        "create table public.things (id int primary key, name text);
         insert into public.things values (1, 'one'), (2, 'two');",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    std::fs::create_dir_all(data_dir.join("storage/objects")).unwrap();
    std::fs::write(data_dir.join("storage/objects/v1"), b"blob bytes").unwrap();
    std::fs::write(data_dir.join("jwt_secret"), "s".repeat(48)).unwrap();
    let source = Source {
        db: DbConn::from_url(&db.url).unwrap(),
        data_dir,
        storage_url: None,
        pg_bin_dir: find_client_bin_dir(None).unwrap(),
    };
    Installation {
        _db: db,
        dir,
        source,
    }
}

fn unpack(
    path: &std::path::Path,
    passphrase: Option<&SecretString>,
) -> (tempfile::TempDir, anyhow::Result<pleat_backup::Manifest>) {
    let out = tempfile::tempdir().unwrap();
    let encrypted = path.to_string_lossy().ends_with(".age");
    let manifest =
        archive::open(path, encrypted, passphrase).and_then(|r| archive::unpack(r, out.path()));
    (out, manifest)
}

#[tokio::test]
async fn a_backup_holds_the_database_files_and_keys_and_is_listed() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    let store = Store::open(&format!("file://{}", backups.display()), None).unwrap();
    assert!(store.list().await.unwrap().is_empty());
    let now = Utc.with_ymd_and_hms(2026, 11, 26, 3, 0, 0).unwrap();
    let made = store.create(&inst.source, now).await.unwrap();
    assert_eq!(made.name, "pleat-20261126-030000Z.tar");
    let listed = store.list().await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name, made.name);
    assert_eq!(listed[0].size_bytes, made.size_bytes);
    assert_eq!(listed[0].created_at, now);
    let path = backups.join(&made.name);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    // Nothing else is left beside it (no partial file, no scratch dir).
    assert_eq!(std::fs::read_dir(&backups).unwrap().count(), 1);
    assert!(!std::fs::read_dir(&inst.source.data_dir).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .starts_with(".backup-work")));

    let (out, manifest) = unpack(&path, None);
    let manifest = manifest.unwrap();
    assert_eq!(manifest.created_at, now);
    assert!(
        manifest.migrations["auth"].len() > 3,
        "{:?}",
        manifest.migrations
    );
    assert_eq!(manifest.keys, ["jwt_secret"]);
    assert_eq!(
        std::fs::read(out.path().join("storage/objects/v1")).unwrap(),
        b"blob bytes"
    );
    assert_eq!(
        std::fs::read_to_string(out.path().join("keys/jwt_secret")).unwrap(),
        "s".repeat(48)
    );
    assert!(std::fs::metadata(out.path().join("db.dump")).unwrap().len() > 1000);

    // read() streams the file as stored.
    let (size, mut stream) = store.read(&made.name).await.unwrap();
    let mut bytes = Vec::new();
    while let Some(chunk) = stream.next().await {
        bytes.extend_from_slice(&chunk.unwrap());
    }
    assert_eq!(size, bytes.len() as u64);
    assert_eq!(bytes, std::fs::read(&path).unwrap());
    assert!(store.read("../../etc/passwd").await.is_err());
    assert!(store.read("pleat-20200101-000000Z.tar").await.is_err());

    // A second backup in the same second gets a name of its own.
    let again = store.create(&inst.source, now).await.unwrap();
    assert_eq!(again.name, "pleat-20261126-030000Z-1.tar");
}

#[tokio::test]
async fn an_encrypted_backup_does_not_open_without_its_passphrase() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    let pass = SecretString::from("correct horse battery staple".to_string());
    let store = Store::open(backups.to_str().unwrap(), Some(pass.clone())).unwrap();
    let made = store
        .create(
            &inst.source,
            Utc.with_ymd_and_hms(2026, 11, 26, 3, 0, 0).unwrap(),
        )
        .await
        .unwrap();
    assert!(made.name.ends_with(".tar.age"), "{}", made.name);
    let path = backups.join(&made.name);
    // Neither the secret nor the dump's text is readable in the file.
    let raw = std::fs::read(&path).unwrap();
    assert!(!raw.windows(48).any(|w| w == "s".repeat(48).as_bytes()));
    assert!(!raw.windows(10).any(|w| w == b"blob bytes"));

    let err = unpack(&path, None).1.unwrap_err().to_string();
    assert!(err.contains("PLEAT_BACKUP_PASSPHRASE"), "{err}");
    let wrong = SecretString::from("wrong".to_string());
    let err = unpack(&path, Some(&wrong)).1.unwrap_err().to_string();
    assert!(err.contains("not the passphrase"), "{err}");
    let (out, manifest) = unpack(&path, Some(&pass));
    manifest.unwrap();
    assert_eq!(
        std::fs::read(out.path().join("storage/objects/v1")).unwrap(),
        b"blob bytes"
    );
}

#[tokio::test]
async fn pruning_keeps_exactly_the_configured_set() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    let store = Store::open(backups.to_str().unwrap(), None).unwrap();
    // Backups at 03:00 and 15:00 on each of 24 days, 2026-11-01 (a Sunday)
    // to 2026-11-24, made at those (injected) times.
    let first = Utc.with_ymd_and_hms(2026, 11, 1, 3, 0, 0).unwrap();
    for day in 0..24 {
        for hours in [0, 12] {
            let at = first + chrono::Duration::days(day) + chrono::Duration::hours(hours);
            store.create(&inst.source, at).await.unwrap();
        }
    }
    assert_eq!(store.list().await.unwrap().len(), 48);
    let now = Utc.with_ymd_and_hms(2026, 11, 24, 20, 0, 0).unwrap();
    let deleted = store
        .prune(
            &Keep {
                daily: 3,
                weekly: 3,
            },
            now,
        )
        .await
        .unwrap();
    let mut kept: Vec<String> = store
        .list()
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.name)
        .collect();
    kept.sort();
    // The newest of 11-24, 11-23, 11-22 (days); of the ISO weeks of 11-24
    // (already kept), 11-16..22 (11-22, kept) and 11-09..15 (11-15).
    assert_eq!(
        kept,
        [
            "pleat-20261115-150000Z.tar",
            "pleat-20261122-150000Z.tar",
            "pleat-20261123-150000Z.tar",
            "pleat-20261124-150000Z.tar",
        ]
    );
    assert_eq!(deleted.len(), 44);
    // Pruning again deletes nothing.
    assert!(store
        .prune(
            &Keep {
                daily: 3,
                weekly: 3
            },
            now
        )
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn two_backups_made_at_once_in_one_second_both_stay() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    let store = Store::open(backups.to_str().unwrap(), None).unwrap();
    let now = Utc.with_ymd_and_hms(2026, 11, 26, 3, 0, 0).unwrap();
    let (a, b) = tokio::join!(
        store.create(&inst.source, now),
        store.create(&inst.source, now)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_ne!(a.name, b.name);
    let mut names: Vec<String> = store
        .list()
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.name)
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["pleat-20261126-030000Z-1.tar", "pleat-20261126-030000Z.tar"]
    );
}

#[tokio::test]
async fn what_a_killed_backup_left_is_removed_a_day_later() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    std::fs::create_dir_all(&backups).unwrap();
    let day_old = std::time::SystemTime::now() - std::time::Duration::from_secs(25 * 3600);
    let old_partial = backups.join(".partial-abc-pleat-20261120-030000Z.tar");
    let new_partial = backups.join(".partial-def-pleat-20261126-030000Z.tar");
    let old_work = inst.source.data_dir.join(".backup-work-old");
    for path in [&old_partial, &new_partial] {
        std::fs::write(path, b"half a backup").unwrap();
    }
    std::fs::create_dir_all(old_work.join("inner")).unwrap();
    std::fs::write(old_work.join("db.dump"), b"half a dump").unwrap();
    for path in [&old_partial, &old_work] {
        std::fs::File::open(path)
            .unwrap()
            .set_modified(day_old)
            .unwrap();
    }
    let store = Store::open(backups.to_str().unwrap(), None).unwrap();
    store
        .create(
            &inst.source,
            Utc.with_ymd_and_hms(2026, 11, 26, 4, 0, 0).unwrap(),
        )
        .await
        .unwrap();
    assert!(!old_partial.exists());
    assert!(!old_work.exists());
    // One being written right now (another replica's) stays.
    assert!(new_partial.exists());
}

#[tokio::test]
async fn of_two_backups_in_one_second_pruning_keeps_the_later() {
    let inst = installation().await;
    let backups = inst.dir.path().join("backups");
    let store = Store::open(backups.to_str().unwrap(), None).unwrap();
    let now = Utc.with_ymd_and_hms(2026, 11, 26, 3, 0, 0).unwrap();
    store.create(&inst.source, now).await.unwrap();
    let later = store.create(&inst.source, now).await.unwrap();
    assert_eq!(later.name, "pleat-20261126-030000Z-1.tar");
    let listed = store.list().await.unwrap();
    assert_eq!(listed[0].name, later.name, "newest first");
    let deleted = store
        .prune(
            &Keep {
                daily: 1,
                weekly: 0,
            },
            now,
        )
        .await
        .unwrap();
    assert_eq!(deleted, ["pleat-20261126-030000Z.tar"]);
}
