//! The managed cluster, for real: initdb, start, stop, restart with the data
//! kept, recovery after a crash, and the error when PostgreSQL is missing.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use std::ffi::OsString;

use pleat_db::bins::BinLookup;
use pleat_db::ManagedCluster;
use sqlx::{ConnectOptions, Connection};

async fn query_one(cluster: &ManagedCluster, sql: &str) -> String {
    let mut conn = cluster.connect_options().connect().await.unwrap();
    let v: String = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    v
}

fn start(dir: &std::path::Path) -> ManagedCluster {
    ManagedCluster::start(dir, &BinLookup::system()).expect("cluster should start")
}

#[tokio::test]
async fn first_start_creates_a_utf8_cluster_and_a_restart_keeps_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let mut cluster = start(dir.path());
    assert!(dir.path().join("pg/PG_VERSION").is_file());
    assert_ne!(cluster.port(), 5432);
    assert_eq!(query_one(&cluster, "SHOW server_encoding").await, "UTF8");
    assert_eq!(
        query_one(&cluster, "SHOW listen_addresses").await,
        "127.0.0.1"
    );
    let mut conn = cluster.connect_options().connect().await.unwrap();
    sqlx::raw_sql("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    cluster.stop().unwrap();
    assert!(!dir.path().join("pg/postmaster.pid").exists());

    let cluster = start(dir.path());
    assert_eq!(
        query_one(&cluster, "SELECT v FROM kept").await,
        "still here"
    );
}

#[tokio::test]
async fn runs_as_the_postgres_user_when_started_as_root() {
    if !nix::unistd::geteuid().is_root() {
        eprintln!("not root: nothing to check");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cluster = start(dir.path());
    assert_eq!(
        query_one(&cluster, "SELECT current_user::text").await,
        "postgres"
    );
    use std::os::unix::fs::MetadataExt;
    let owner = std::fs::metadata(dir.path().join("pg")).unwrap().uid();
    let postgres = nix::unistd::User::from_name("postgres")
        .unwrap()
        .unwrap()
        .uid;
    assert_eq!(owner, postgres.as_raw());
}

fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[tokio::test]
async fn nobody_else_can_read_the_data_dir_or_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // As an earlier version left it: world-readable dir and log.
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("postgres.log"), b"").unwrap();
    use std::os::unix::fs::PermissionsExt;
    for path in [data.clone(), data.join("postgres.log")] {
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let cluster = start(&data);
    assert_eq!(query_one(&cluster, "SELECT 'up'").await, "up");
    assert_eq!(mode(&data.join("postgres.log")), 0o600);
    assert_eq!(mode(&data.join("pg")), 0o700);
    if nix::unistd::geteuid().is_root() {
        // The server (as postgres) passes through to pg/, lists nothing.
        use std::os::unix::fs::MetadataExt;
        assert_eq!(mode(&data), 0o710);
        let group = nix::unistd::Group::from_name("postgres").unwrap().unwrap();
        assert_eq!(std::fs::metadata(&data).unwrap().gid(), group.gid.as_raw());
        let log_owner = std::fs::metadata(data.join("postgres.log")).unwrap().uid();
        let postgres = nix::unistd::User::from_name("postgres").unwrap().unwrap();
        assert_eq!(log_owner, postgres.uid.as_raw());
    } else {
        assert_eq!(mode(&data), 0o700);
    }
    let log = std::fs::read_to_string(data.join("postgres.log")).unwrap();
    assert!(!log.is_empty(), "the server still writes its log");
}

#[tokio::test]
async fn tcp_needs_a_password_while_the_socket_trusts() {
    let dir = tempfile::tempdir().unwrap();
    let cluster = start(dir.path());
    let tcp = sqlx::postgres::PgConnectOptions::new()
        .host("127.0.0.1")
        .port(cluster.port())
        .username("postgres")
        .database("postgres");
    let err = tcp.connect().await.unwrap_err().to_string();
    assert!(err.contains("password"), "{err}");
}

#[tokio::test]
async fn a_server_left_running_by_a_crash_is_recovered() {
    let dir = tempfile::tempdir().unwrap();
    let orphan = start(dir.path());
    let old_port = orphan.port();
    // A crash: the process is gone without stopping its server.
    orphan.abandon();
    let cluster = start(dir.path());
    assert_ne!(cluster.port(), old_port);
    assert_eq!(query_one(&cluster, "SELECT 'up'").await, "up");
}

#[tokio::test]
async fn a_second_pleat_shares_the_running_server_without_stopping_it() {
    let dir = tempfile::tempdir().unwrap();
    let owner = start(dir.path());
    let second = start(dir.path());
    assert_eq!(second.port(), owner.port());
    assert_eq!(query_one(&second, "SELECT 'shared'").await, "shared");
    drop(second);
    assert_eq!(query_one(&owner, "SELECT 'still up'").await, "still up");
}

#[tokio::test]
async fn a_stale_pid_file_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    start(dir.path()).stop().unwrap();
    // A pid file naming a process that no longer exists, as after a power cut.
    let pid_file = dir.path().join("pg/postmaster.pid");
    std::fs::write(
        &pid_file,
        format!("{}\n{}\n", 4_000_000, dir.path().join("pg").display()),
    )
    .unwrap();
    let cluster = start(dir.path());
    assert_eq!(query_one(&cluster, "SELECT 'up'").await, "up");
}

#[test]
fn missing_binaries_give_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let lookup = BinLookup {
        pg_config: empty.path().join("pg_config"),
        path_var: OsString::from(empty.path()),
        versions_root: empty.path().to_path_buf(),
    };
    let err = ManagedCluster::start(dir.path(), &lookup)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found; install PostgreSQL (e.g. `apt-get install postgresql`) or set DATABASE_URL"
    );
    assert!(!dir.path().join("pg").exists());
}
