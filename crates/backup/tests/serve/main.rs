//! Backups while `pleat serve` runs, on real servers (`Application::build`)
//! over a real PostgreSQL with real `pg_dump`: scheduled slots shared by
//! replicas, requests heard through LISTEN, one-time download links, the
//! mail after two scheduled failures in a row, runs whose server stopped.
//! Slots are reached by ticking a worker at a chosen time, never by waiting.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use pleat_backup::db::find_client_bin_dir;
use pleat_backup::schedule::Schedule;
use pleat_backup::{DbConn, Keep, Source, Store, Worker, WorkerSettings};
use pleat_test_support::{TestApp, TestDatabase};
use serde_json::Value;
use sqlx::PgPool;

/// The default schedule's slots, far enough ahead that the real clock never
/// reaches them during a test.
fn slot(day: u32) -> DateTime<Utc> {
    let base = Utc.with_ymd_and_hms(2031, 1, day, 0, 0, 0).unwrap();
    Schedule::parse("0 3 * * *")
        .unwrap()
        .next_after(base)
        .unwrap()
}

async fn app(db: &str, backups: &Path, vars: &[(&str, &str)]) -> TestApp {
    TestApp::builder()
        .on_database(db)
        .var("PLEAT_BACKUP_URL", &format!("file://{}", backups.display()))
        .vars(vars)
        // Requests must be heard, not found by a poll.
        .config(|c| c.backup.poll = Duration::from_secs(3600))
        .spawn()
        .await
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    names.sort();
    names
}

/// Waits for what the admin would see: the run's row finished.
async fn finished(pool: &PgPool, id: i64) -> (String, Option<String>, Option<i64>) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let row: (String, Option<String>, Option<i64>) =
            sqlx::query_as("SELECT status, name, size_bytes FROM pleat_backup.runs WHERE id = $1")
                .bind(id)
                .fetch_one(pool)
                .await
                .unwrap();
        if row.0 == "done" || row.0 == "failed" {
            return row;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "run {id} still {} after two minutes",
            row.0
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Ticks `app` at `slot` and waits for that slot's run to finish (on
/// whichever worker of the app claimed it: its background loop may have).
async fn tick_until_finished(app: &TestApp, at: DateTime<Utc>) -> String {
    app.backups.tick(at).await.unwrap();
    let id: i64 = sqlx::query_scalar("SELECT id FROM pleat_backup.runs WHERE slot = $1")
        .bind(at)
        .fetch_one(&app.owner)
        .await
        .unwrap();
    finished(&app.owner, id).await.0
}

async fn failure_mails(pool: &PgPool) -> Vec<(String, Value)> {
    sqlx::query_as(
        "SELECT recipient, vars FROM pleat_mail.outbox WHERE template = 'backup_failed' ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn scheduled_runs(pool: &PgPool) -> Vec<(i64, String, Option<String>)> {
    sqlx::query_as(
        "SELECT id, status, error FROM pleat_backup.runs WHERE trigger = 'schedule' ORDER BY slot",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn two_replicas_ticking_one_slot_make_one_backup() {
    let db = TestDatabase::new().await;
    let backups = tempfile::tempdir().unwrap();
    let a = app(&db.url, backups.path(), &[]).await;
    let b = app(&db.url, backups.path(), &[]).await;

    let (ra, rb) = tokio::join!(a.backups.tick(slot(1)), b.backups.tick(slot(1)));
    ra.unwrap();
    rb.unwrap();

    let runs: Vec<(i64, DateTime<Utc>)> = sqlx::query_as("SELECT id, slot FROM pleat_backup.runs")
        .fetch_all(&a.owner)
        .await
        .unwrap();
    assert_eq!(runs.len(), 1, "one run for the slot: {runs:?}");
    assert_eq!(runs[0].1, slot(1));
    let (status, name, size) = finished(&a.owner, runs[0].0).await;
    assert_eq!(status, "done");
    let made = files(backups.path());
    assert_eq!(made.len(), 1, "one backup file: {made:?}");
    assert_eq!(
        made[0].file_name().unwrap().to_str(),
        name.as_deref(),
        "the row names the file"
    );
    assert_eq!(size, Some(made[0].metadata().unwrap().len() as i64));

    let state: (String, DateTime<Utc>) =
        sqlx::query_as("SELECT schedule, next_scheduled_at FROM pleat_backup.state")
            .fetch_one(&a.owner)
            .await
            .unwrap();
    assert_eq!(state, ("0 3 * * *".to_string(), slot(2)));
}

#[tokio::test]
async fn a_requested_backup_is_made_and_downloaded_once() {
    let db = TestDatabase::new().await;
    let backups = tempfile::tempdir().unwrap();
    let app = app(&db.url, backups.path(), &[]).await;

    let id: i64 = sqlx::query_scalar("SELECT pleat_backup.request(null)")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    let (status, name, size) = finished(&app.owner, id).await;
    assert_eq!(status, "done");
    let name = name.unwrap();
    let stored = std::fs::read(backups.path().join(&name)).unwrap();
    assert_eq!(size, Some(stored.len() as i64));

    let overview: Value = sqlx::query_scalar("SELECT pleat_backup.overview()")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    assert_eq!(overview["last"]["status"], "done");
    assert_eq!(overview["last"]["trigger"], "request");
    assert_eq!(overview["last_success"]["name"], name.as_str());
    assert_eq!(overview["last_success"]["size_bytes"], stored.len() as i64);
    assert_eq!(overview["in_progress"], false);

    let token: uuid::Uuid = sqlx::query_scalar("SELECT pleat_backup.download_token()")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    let url = format!("/backup/v1/download/{token}");
    let res = app.get(&url).await;
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(
        h["content-disposition"],
        format!("attachment; filename=\"{name}\"").as_str()
    );
    assert_eq!(h["cache-control"], "no-store");
    assert_eq!(h["content-length"], stored.len().to_string().as_str());
    assert!(h.get("content-security-policy").is_none(), "not a page");
    assert_eq!(res.bytes().await.unwrap().as_ref(), stored.as_slice());

    let again = app.get(&url).await;
    assert_eq!(again.status(), 404, "a link works once");
    let body: Value = again.json().await.unwrap();
    assert_eq!(
        body,
        serde_json::json!({"error": "not_found", "message": "This download link has expired. Ask for a new one."})
    );

    let expired: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO pleat_backup.downloads (name, expires_at) VALUES ($1, now() - interval '1 second') RETURNING token",
    )
    .bind(&name)
    .fetch_one(&app.owner)
    .await
    .unwrap();
    let res = app.get(&format!("/backup/v1/download/{expired}")).await;
    assert_eq!(res.status(), 404, "an expired link");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "not_found");

    for path in [
        "/backup/v1/download/not-a-token",
        "/backup/v1/download/",
        "/backup/v1",
        "/backup/v1/list",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        let body: Value = res.json().await.unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(body["error"], "not_found", "{path}");
    }
}

/// A backup place under a regular file: every backup fails, as on a disk
/// that is gone.
fn blocked(dir: &Path) -> PathBuf {
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, "a file, not a directory").unwrap();
    blocker.join("backups")
}

#[tokio::test]
async fn two_scheduled_failures_in_a_row_mail_the_owner_once() {
    let db = TestDatabase::new().await;
    let dir = tempfile::tempdir().unwrap();
    let place = blocked(dir.path());
    let app = app(&db.url, &place, &[]).await;
    sqlx::query("SELECT pleat_backup.set_notify_email('Owner@Shop.example')")
        .execute(&app.owner)
        .await
        .unwrap();

    assert_eq!(tick_until_finished(&app, slot(1)).await, "failed");
    let runs = scheduled_runs(&app.owner).await;
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].1, "failed");
    let error = runs[0].2.clone().unwrap();
    assert!(!error.is_empty());
    assert!(
        failure_mails(&app.owner).await.is_empty(),
        "one failure mails nobody"
    );

    assert_eq!(tick_until_finished(&app, slot(2)).await, "failed");
    let mails = failure_mails(&app.owner).await;
    assert_eq!(
        mails.len(),
        1,
        "the second failure in a row mails the owner"
    );
    assert_eq!(mails[0].0, "owner@shop.example");
    let vars = &mails[0].1;
    assert_eq!(vars["error"], error.as_str());
    assert_eq!(
        vars["slot"],
        pleat_backup::failure::local_time(slot(2)).as_str()
    );
    assert_eq!(
        vars["previous_slot"],
        pleat_backup::failure::local_time(slot(1)).as_str()
    );
    assert_eq!(vars["last_success"], Value::Null);
    assert_eq!(
        vars["location"].as_str().unwrap(),
        place.display().to_string()
    );

    assert_eq!(tick_until_finished(&app, slot(3)).await, "failed");
    assert_eq!(scheduled_runs(&app.owner).await.len(), 3);
    assert_eq!(
        failure_mails(&app.owner).await.len(),
        1,
        "a third failure in a row mails nobody again"
    );
}

#[tokio::test]
async fn a_failure_after_a_success_mails_nobody_and_the_admin_address_is_the_fallback() {
    let db = TestDatabase::new().await;
    let dir = tempfile::tempdir().unwrap();
    let place = blocked(dir.path());
    let app = app(
        &db.url,
        &place,
        &[
            ("PLEAT_ADMIN_EMAIL", "admin@shop.example"),
            ("PLEAT_ADMIN_PASSWORD", "correct-horse-battery"),
        ],
    )
    .await;

    assert_eq!(tick_until_finished(&app, slot(1)).await, "failed");
    // The disk is back for one night.
    std::fs::remove_file(dir.path().join("blocker")).unwrap();
    assert_eq!(tick_until_finished(&app, slot(2)).await, "done");
    std::fs::remove_dir_all(dir.path().join("blocker")).unwrap();
    blocked(dir.path());
    assert_eq!(tick_until_finished(&app, slot(3)).await, "failed");
    assert!(
        failure_mails(&app.owner).await.is_empty(),
        "failures apart from each other mail nobody"
    );

    assert_eq!(tick_until_finished(&app, slot(4)).await, "failed");
    let mails = failure_mails(&app.owner).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(
        mails[0].0, "admin@shop.example",
        "no address set: the admin's"
    );
    assert!(mails[0].1["last_success"].is_string());
}

#[tokio::test]
async fn a_run_whose_server_stopped_is_marked_failed() {
    let db = TestDatabase::new().await;
    let backups = tempfile::tempdir().unwrap();
    let app = app(&db.url, backups.path(), &[]).await;
    let ids: Vec<i64> = sqlx::query_scalar(
        "INSERT INTO pleat_backup.runs (trigger, status, started_at, locked_until, claim) VALUES \
           ('request', 'running', now() - interval '10 minutes', now() - interval '1 second', gen_random_uuid()), \
           ('cli', 'running', now(), now() + interval '1 minute', gen_random_uuid()) \
         RETURNING id",
    )
    .fetch_all(&app.owner)
    .await
    .unwrap();

    app.backups.fail_stale().await.unwrap();
    let rows: Vec<(String, Option<String>, bool)> = sqlx::query_as(
        "SELECT status, error, finished_at IS NOT NULL FROM pleat_backup.runs WHERE id = ANY($1) ORDER BY id",
    )
    .bind(&ids)
    .fetch_all(&app.owner)
    .await
    .unwrap();
    assert_eq!(
        rows[0],
        (
            "failed".to_string(),
            Some("the server stopped during the backup".to_string()),
            true
        )
    );
    assert_eq!(
        rows[1],
        ("running".to_string(), None, false),
        "a live lease is left alone"
    );
    let overview: Value = sqlx::query_scalar("SELECT pleat_backup.overview()")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    assert_eq!(
        overview["last"]["error"],
        "the server stopped during the backup"
    );
}

#[tokio::test]
async fn a_server_stopped_mid_backup_marks_its_run_failed_and_lets_go_of_the_lock() {
    let db = TestDatabase::new().await;
    let pool = db.pool().await;
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    std::fs::create_dir_all(&data_dir).unwrap();
    let source = Source {
        db: DbConn::from_url(&db.url).unwrap(),
        data_dir,
        storage_url: None,
        pg_bin_dir: find_client_bin_dir(None).unwrap(),
    };
    let place = format!("file://{}", dir.path().join("backups").display());
    let store = Store::open(&place, None).unwrap();
    // pg_dump locks every table it dumps, so it waits behind this one: the
    // backup stays under way until the server stops.
    sqlx::raw_sql("CREATE TABLE public.held (id int)")
        .execute(&pool)
        .await
        .unwrap();
    let mut holder = pool.begin().await.unwrap();
    sqlx::query("LOCK TABLE public.held IN ACCESS EXCLUSIVE MODE")
        .execute(&mut *holder)
        .await
        .unwrap();
    let id: i64 = sqlx::query_scalar("SELECT pleat_backup.request(null)")
        .fetch_one(&pool)
        .await
        .unwrap();

    let worker = Worker::new(
        WorkerSettings::new(Schedule::Off, Keep::default()),
        pool.clone(),
        store,
        source,
    );
    let running = worker.start();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let status: String =
            sqlx::query_scalar("SELECT status FROM pleat_backup.runs WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap();
        if status == "running" {
            break;
        }
        assert_eq!(status, "pending");
        assert!(tokio::time::Instant::now() < deadline, "never claimed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    running.stop().await;

    let (status, error): (String, Option<String>) =
        sqlx::query_as("SELECT status, error FROM pleat_backup.runs WHERE id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(status, "failed");
    assert_eq!(
        error.as_deref(),
        Some("the server stopped during the backup")
    );
    let free: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(7261006)")
        .fetch_one(&mut *holder)
        .await
        .unwrap();
    assert!(free, "the backup lock went with the stopped worker");
    holder.rollback().await.unwrap();
    assert!(files(&dir.path().join("backups")).is_empty());
}
