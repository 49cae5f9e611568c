//! The request path's own protocol client (`pleat_rest::wire`) against a real
//! PostgreSQL: binary values both ways, statements prepared once and in
//! order, a refused statement leaving the connection usable, a run dropped
//! half-way leaving it closed, the prepared cache starting over, and a
//! SCRAM-SHA-256 login over TCP to a managed cluster.

use std::time::Duration;

use pleat_rest::wire::{self, Failure, Step, TxStatus, Value};

use crate::helpers::db;

async fn connect() -> (crate::helpers::Db, wire::Conn) {
    let db = db().await;
    let conn = wire::connect(&db.conns_config).await.expect("connect");
    (db, conn)
}

async fn count_prepared(conn: &mut wire::Conn) -> i64 {
    let rows = conn
        .run(&[Step::new(
            "SELECT count(*) FROM pg_prepared_statements",
            &[],
        )])
        .await
        .expect("count");
    rows[0][0].int(0).unwrap().unwrap()
}

#[tokio::test]
async fn values_go_and_come_back_in_binary() {
    let (_db, mut conn) = connect().await;
    let items = vec!["a".to_string(), "b,c".into(), "\"q\" \\ {}".into()];
    let none: Vec<String> = Vec::new();
    let params = [
        Value::Text("héllo ünïcode ✓"),
        Value::TextArray(&items),
        Value::Int(-5_000_000_000),
        Value::TextArray(&none),
    ];
    let rows = conn
        .run(&[Step::new(
            "SELECT $1 AS t, $2 AS a, $3 AS n, cardinality($4) AS empty_len, \
                    '{\"a\": [1, 2]}'::json AS j, '{\"b\": 2}'::jsonb AS jb, \
                    NULL::text AS missing, 7::int4 AS four, 3::int2 AS three, \
                    true AS yes, 'x'::varchar AS v, 'pg_class'::name AS nm",
            &params,
        )])
        .await
        .expect("run");
    assert_eq!(rows.len(), 1);
    let row = &rows[0][0];
    assert_eq!(row.text("t").unwrap(), Some("héllo ünïcode ✓"));
    assert_eq!(row.text_array("a").unwrap(), Some(items.clone()));
    assert_eq!(row.int("n").unwrap(), Some(-5_000_000_000));
    assert_eq!(row.int("empty_len").unwrap(), Some(0));
    assert_eq!(
        row.json("j").unwrap(),
        Some(serde_json::json!({"a": [1, 2]}))
    );
    assert_eq!(row.json("jb").unwrap(), Some(serde_json::json!({"b": 2})));
    assert_eq!(row.text("missing").unwrap(), None);
    assert_eq!(row.int("four").unwrap(), Some(7));
    assert_eq!(row.int("three").unwrap(), Some(3));
    assert_eq!(row.bool("yes").unwrap(), Some(true));
    assert_eq!(row.text("v").unwrap(), Some("x"));
    assert_eq!(row.text("nm").unwrap(), Some("pg_class"));
    // Asking a column for the wrong type, or one that is not there, is a
    // decoding failure, not a panic.
    assert!(matches!(row.int("t"), Err(Failure::Decode(_))));
    assert!(matches!(row.text("nope"), Err(Failure::Decode(_))));
    assert_eq!(conn.status(), TxStatus::Idle);
}

#[tokio::test]
async fn each_statement_is_prepared_once_and_answers_come_per_step() {
    let (_db, mut conn) = connect().await;
    let before = count_prepared(&mut conn).await;
    let one = [Value::Int(1)];
    let two = [Value::Int(2)];
    let sql = "SELECT g FROM generate_series(1, $1) AS g";
    let rows = conn
        .run(&[
            Step::new("BEGIN", &[]),
            Step::new(sql, &one),
            Step::new(sql, &two),
            Step::new("COMMIT", &[]),
        ])
        .await
        .expect("run");
    let counts: Vec<usize> = rows.iter().map(Vec::len).collect();
    assert_eq!(counts, [0, 1, 2, 0]);
    assert_eq!(rows[2][1].int(0).unwrap(), Some(2));
    assert!(conn.is_prepared(sql, &[wire::oid::INT8]));
    // BEGIN, the series and COMMIT are new; the count's own statement was
    // there before.
    assert_eq!(count_prepared(&mut conn).await, before + 3);
    conn.run(&[Step::new(sql, &two)]).await.expect("again");
    assert_eq!(count_prepared(&mut conn).await, before + 3);
}

#[tokio::test]
async fn a_statement_is_prepared_after_the_steps_before_it() {
    let (db, mut conn) = connect().await;
    sqlx::raw_sql(
        "CREATE SCHEMA wire_elsewhere; CREATE TABLE wire_elsewhere.only_there (v text); \
         INSERT INTO wire_elsewhere.only_there VALUES ('found')",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    // The table's name resolves only with the search path the step before
    // sets, in the same write: so the statement is parsed after it ran.
    let rows = conn
        .run(&[
            Step::new("BEGIN", &[]),
            Step::new(
                "SELECT set_config('search_path', 'wire_elsewhere', true)",
                &[],
            ),
            Step::new("SELECT v FROM only_there", &[]),
            Step::new("COMMIT", &[]),
        ])
        .await
        .expect("run");
    assert_eq!(rows[2][0].text("v").unwrap(), Some("found"));
}

#[tokio::test]
async fn a_refused_statement_skips_the_rest_and_leaves_the_connection_usable() {
    let (db, mut conn) = connect().await;
    sqlx::raw_sql("CREATE TABLE wire_kept (v int)")
        .execute(&db.pool)
        .await
        .unwrap();
    let refused = conn
        .run(&[
            Step::new("BEGIN", &[]),
            Step::new("INSERT INTO wire_kept VALUES (1)", &[]),
            Step::new("SELECT 1 / 0", &[]),
            Step::new("INSERT INTO wire_kept VALUES (2)", &[]),
            Step::new("COMMIT", &[]),
        ])
        .await;
    match refused {
        Err(Failure::Db(e)) => {
            assert_eq!(e.code, "22012");
            assert_eq!(e.message, "division by zero");
            assert_eq!(e.severity, "ERROR");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(conn.status(), TxStatus::Failed);
    conn.run(&[Step::new("ROLLBACK", &[])])
        .await
        .expect("rollback");
    assert_eq!(conn.status(), TxStatus::Idle);
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM wire_kept")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(count, 0, "nothing of the failed transaction is kept");
    // A statement that fails to parse is not remembered as prepared.
    let bad = "SELECT no_such_column FROM wire_kept";
    assert!(matches!(
        conn.run(&[Step::new(bad, &[])]).await,
        Err(Failure::Db(e)) if e.code == "42703"
    ));
    assert!(!conn.is_prepared(bad, &[]));
    assert_eq!(conn.status(), TxStatus::Idle);
    let rows = conn
        .run(&[Step::new("SELECT 'still here'", &[])])
        .await
        .unwrap();
    assert_eq!(rows[0][0].text(0).unwrap(), Some("still here"));
}

#[tokio::test]
async fn text_with_a_nul_is_refused_before_anything_is_sent() {
    let (_db, mut conn) = connect().await;
    // In the statement text the protocol cannot carry it at all.
    assert!(matches!(
        conn.run(&[Step::new("SELECT 'a\0b'", &[])]).await,
        Err(Failure::Decode(_))
    ));
    assert_eq!(conn.status(), TxStatus::Idle);
    let rows = conn.run(&[Step::new("SELECT 1::int8", &[])]).await.unwrap();
    assert_eq!(rows[0][0].int(0).unwrap(), Some(1));
}

#[tokio::test]
async fn a_run_dropped_half_way_leaves_the_connection_closed() {
    let (_db, mut conn) = connect().await;
    let slow = tokio::time::timeout(
        Duration::from_millis(100),
        conn.run(&[Step::new("SELECT pg_sleep(5)", &[])]),
    )
    .await;
    assert!(slow.is_err(), "the run should have been cut off");
    assert_eq!(conn.status(), TxStatus::Broken);
    assert!(!conn.looks_open());
    assert!(matches!(
        conn.run(&[Step::new("SELECT 1", &[])]).await,
        Err(Failure::Lost(_))
    ));
}

#[tokio::test]
async fn the_prepared_statements_start_over_when_there_are_too_many() {
    let (_db, mut conn) = connect().await;
    for i in 0..300 {
        let sql = format!("SELECT {i}::int8");
        let rows = conn.run(&[Step::new(&sql, &[])]).await.expect("run");
        assert_eq!(rows[0][0].int(0).unwrap(), Some(i));
    }
    let prepared = count_prepared(&mut conn).await;
    assert!((1..=256).contains(&prepared), "{prepared} prepared");
    assert!(conn.is_prepared("SELECT 299::int8", &[]));
    assert!(!conn.is_prepared("SELECT 0::int8", &[]));
}

#[tokio::test]
async fn an_idle_connection_the_server_closed_does_not_look_open() {
    let (db, mut conn) = connect().await;
    let rows = conn
        .run(&[Step::new("SELECT pg_backend_pid()", &[])])
        .await
        .unwrap();
    let pid = rows[0][0].int(0).unwrap().unwrap();
    assert!(conn.looks_open());
    sqlx::query("SELECT pg_terminate_backend($1::int)")
        .bind(pid)
        .execute(&db.pool)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!conn.looks_open());
}

/// The managed cluster's TCP logins use SCRAM-SHA-256, as a `DATABASE_URL`
/// server usually does.
#[tokio::test]
async fn logs_in_with_scram_over_tcp() {
    use sqlx::ConnectOptions;
    let dir = tempfile::tempdir().unwrap();
    let cluster = pleat_db::ManagedCluster::start(dir.path(), &pleat_db::bins::BinLookup::system())
        .expect("cluster");
    let mut admin = cluster.connect_options().connect().await.unwrap();
    sqlx::raw_sql("CREATE ROLE wire_login LOGIN PASSWORD 'correct horse'")
        .execute(&mut admin)
        .await
        .unwrap();
    let login = |password: &str| {
        let mut config = tokio_postgres::Config::new();
        config
            .host("127.0.0.1")
            .port(cluster.port())
            .user("wire_login")
            .password(password)
            .dbname("postgres");
        config
    };
    let mut conn = wire::connect(&login("correct horse")).await.expect("login");
    let rows = conn
        .run(&[Step::new("SELECT current_user::text", &[])])
        .await
        .unwrap();
    assert_eq!(rows[0][0].text(0).unwrap(), Some("wire_login"));
    match wire::connect(&login("wrong")).await {
        Err(Failure::Db(e)) => assert_eq!(e.code, "28P01"),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a wrong password logged in"),
    }
}
