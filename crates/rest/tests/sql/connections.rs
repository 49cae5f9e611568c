//! The request connections: a connection goes back to the idle list only after
//! its transaction ended, with the request's role and settings gone; one whose
//! lease is dropped half-way is closed instead.

use std::time::Duration;

use pleat_rest::connections::Connections;
use pleat_rest::wire::{Failure, Step};

use crate::helpers::db;

/// Who a connection is, what it still carries once back on the idle list, and
/// whether it is outside any transaction block (SAVEPOINT fails with 25P01
/// only there).
async fn leftovers(db: &crate::helpers::Db) -> (String, String, bool) {
    let mut lease = db.conns.acquire().await.expect("acquire");
    let rows = lease
        .run(&[Step::new(
            "SELECT current_user::text, coalesce(current_setting('request.jwt.claims', true), '')",
            &[],
        )])
        .await
        .expect("query");
    let row = &rows[0][0];
    let (user, claims) = (
        row.text(0).unwrap().unwrap().to_string(),
        row.text(1).unwrap().unwrap().to_string(),
    );
    let savepoint = lease.run(&[Step::new("SAVEPOINT probe", &[])]).await;
    let outside = matches!(savepoint, Err(Failure::Db(e)) if e.code == "25P01");
    lease.release();
    (user, claims, outside)
}

#[tokio::test]
async fn a_finished_request_returns_a_clean_connection() {
    let db = db().await;
    let read = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(read.status, 200);
    let write = db
        .request("anon", "POST", "/genres", &[], r#"{"name":"drama"}"#)
        .await;
    assert_eq!(write.status, 201);
    assert_eq!(db.conns.idle(), 1);
    let (user, claims, no_open_transaction) = leftovers(&db).await;
    assert_ne!(user, "anon");
    assert_eq!(claims, "");
    assert!(no_open_transaction);
}

#[tokio::test]
async fn failed_statements_roll_back_and_keep_the_connection() {
    let db = db().await;
    let bad = db
        .request("anon", "GET", "/genres?id=eq.not-a-number", &[], "")
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["code"], "22P02");
    let bad_write = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[],
            r#"{"id":"x","name":"drama"}"#,
        )
        .await;
    assert_eq!(bad_write.status, 400);
    assert_eq!(db.conns.idle(), 1);
    let (user, claims, no_open_transaction) = leftovers(&db).await;
    assert_ne!(user, "anon");
    assert_eq!(claims, "");
    assert!(no_open_transaction);
    // The connection works for the next request.
    let read = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(read.status, 200);
}

#[tokio::test]
async fn a_lease_dropped_without_release_is_closed() {
    let db = db().await;
    {
        let mut lease = db.conns.acquire().await.expect("acquire");
        lease.run(&[Step::new("BEGIN", &[])]).await.expect("begin");
    }
    assert_eq!(db.conns.idle(), 0);
    let read = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(read.status, 200);
    assert_eq!(db.conns.idle(), 1);
}

#[tokio::test]
async fn there_are_never_more_connections_than_permits() {
    let db = db().await; // 4 permits
    let requests = (0..12).map(|_| db.request("anon", "GET", "/genres?select=name", &[], ""));
    for answer in futures_util::future::join_all(requests).await {
        assert_eq!(answer.status, 200);
    }
    let idle = db.conns.idle();
    assert!((1..=4).contains(&idle), "{idle} idle connections");
}

#[tokio::test]
async fn a_full_pool_answers_503_pgrst003_after_the_wait() {
    let mut db = db().await;
    let config = db.conns_config.clone();
    db.conns = Connections::with_acquire_timeout(config, 1, Duration::from_millis(200));
    let _held = db.conns.acquire().await.expect("acquire");
    let answer = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(answer.status, 503);
    assert_eq!(answer.json()["code"], "PGRST003");
}

#[tokio::test]
async fn an_unreachable_database_answers_503_pgrst000() {
    let mut db = db().await;
    // A port nothing listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = {
        let mut c = tokio_postgres::Config::new();
        c.host("127.0.0.1")
            .port(port)
            .user(db.conns_config.get_user().unwrap())
            .dbname(db.conns_config.get_dbname().unwrap());
        c
    };
    db.conns = Connections::new(config, 1);
    let answer = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(answer.status, 503);
    assert_eq!(answer.json()["code"], "PGRST000");
    assert_eq!(
        answer.json()["message"],
        "Database connection error. Retrying the connection."
    );
}

#[tokio::test]
async fn a_connection_the_server_closed_is_replaced() {
    let db = db().await;
    assert_eq!(
        db.request("anon", "GET", "/genres?select=name", &[], "")
            .await
            .status,
        200
    );
    assert_eq!(db.conns.idle(), 1);
    sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .execute(&db.pool)
    .await
    .expect("terminate");
    // Give the connection's I/O task the moment it needs to see the close.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let read = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(read.status, 200, "{:?}", read.text);
    assert_eq!(db.conns.idle(), 1);
}

/// A connection opened ahead of requests already has the statements every
/// request sends prepared, so the first requests after a start only parse
/// their own statement.
#[tokio::test]
async fn warm_connections_have_the_fixed_statements_prepared() {
    let mut db = db().await;
    db.conns = Connections::new(db.conns_config.clone(), 2);
    db.conns.warm(2).await;
    assert_eq!(db.conns.idle(), 2);
    let lease = db.conns.acquire().await.expect("acquire");
    for (sql, types) in pleat_rest::execute::FIXED_STATEMENTS {
        assert!(lease.is_prepared(sql, types), "{sql} is not prepared");
    }
    lease.release();
    let read = db
        .request("anon", "GET", "/genres?select=name", &[], "")
        .await;
    assert_eq!(read.status, 200);
}

async fn backend_pid(lease: &mut pleat_rest::connections::Lease) -> i64 {
    let rows = lease
        .run(&[Step::new("SELECT pg_backend_pid()", &[])])
        .await
        .expect("a statement on the connection");
    rows[0][0].int(0).unwrap().unwrap()
}

/// A connection idle on another worker thread moves to the thread that takes
/// it: its socket is polled by the taker's runtime, so it keeps working even
/// after the runtime that opened it has stopped. The server process behind
/// it is the same one (no new connection was opened instead).
#[test]
fn an_idle_connection_moves_to_the_thread_that_takes_it() {
    let runtime = || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    };
    let here = runtime();
    let config = here.block_on(async { db().await.conns_config.clone() });
    let conns = Connections::new(config, 1);
    let opener = conns.clone();
    let first = std::thread::spawn(move || {
        runtime().block_on(async {
            opener.warm(1).await;
            let mut lease = opener.acquire().await.unwrap();
            let pid = backend_pid(&mut lease).await;
            lease.release();
            pid
        })
        // The opening thread's runtime, and its reactor, end here.
    })
    .join()
    .unwrap();
    assert_eq!(conns.idle(), 1);
    let again = here.block_on(async {
        let mut lease = conns.acquire().await.unwrap();
        let pid = backend_pid(&mut lease).await;
        lease.release();
        pid
    });
    assert_eq!(again, first, "the same connection, moved");
    assert_eq!(conns.idle(), 1);
}
