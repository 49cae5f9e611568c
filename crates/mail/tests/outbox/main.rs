//! The outbox against a real PostgreSQL and a real SMTP server: retries with
//! exponential backoff, giving up, restart (lease reclaim), two workers never
//! sending one mail twice, an SMTP server that is down and then up, and the
//! log when no SMTP server is configured (no link or code unless asked for).

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod helpers;

use std::collections::HashSet;
use std::time::Duration;

use helpers::*;
use pleat_mail::{MailSettings, Worker};

#[tokio::test]
async fn a_down_server_is_retried_with_backoff_then_given_up() {
    let pool = database().await;
    let port = free_port();
    let worker = worker(&pool, port);
    let id = enqueue(&pool, "a@example.com").await;
    for (attempt, wait) in [(1, 10.0), (2, 20.0)] {
        assert_eq!(worker.run_once().await.unwrap(), 1);
        let (status, attempts, next_in) = row(&pool, id).await;
        assert_eq!((status.as_str(), attempts), ("pending", attempt));
        // The wait doubles; a second of slack for the time the test took.
        assert!(
            next_in > wait - 1.0 && next_in <= wait,
            "try {attempt}: next in {next_in}s"
        );
        assert_eq!(worker.run_once().await.unwrap(), 0, "not due yet");
        make_due(&pool).await;
    }
    assert_eq!(worker.run_once().await.unwrap(), 1);
    let (status, attempts, _) = row(&pool, id).await;
    assert_eq!((status.as_str(), attempts), ("failed", 3));
    let error: String =
        sqlx::query_scalar("SELECT last_error FROM pleat_mail.outbox WHERE id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(error.starts_with("SMTP"), "{error}");
}

#[tokio::test]
async fn a_server_that_comes_back_gets_the_mail() {
    let pool = database().await;
    let port = free_port();
    let worker = worker(&pool, port);
    let id = enqueue(&pool, "late@example.com").await;
    worker.run_once().await.unwrap();
    assert_eq!(row(&pool, id).await.0, "pending");
    let sink = Sink::start(port).await;
    make_due(&pool).await;
    worker.run_once().await.unwrap();
    let (status, attempts, _) = row(&pool, id).await;
    assert_eq!((status.as_str(), attempts), ("sent", 2));
    sink.wait_for(1).await;
    let message = sink.messages.lock().unwrap()[0].clone();
    assert_eq!(message["to"][0], "late@example.com");
    assert!(message["subject"]
        .as_str()
        .unwrap()
        .contains("Reset your password"));
    assert!(message["text"].as_str().unwrap().contains("123456"));
    sink.stop().await;
}

#[tokio::test]
async fn a_claim_left_by_a_dead_worker_is_taken_again_after_its_lease() {
    let pool = database().await;
    let port = free_port();
    let sink = Sink::start(port).await;
    let id = enqueue(&pool, "crash@example.com").await;
    // A worker claims the row and dies before sending it.
    let dead = pleat_mail::outbox::claim(&pool, 10, Duration::from_secs(300))
        .await
        .unwrap();
    assert_eq!(dead.len(), 1);
    let restarted = worker(&pool, port);
    assert_eq!(
        restarted.run_once().await.unwrap(),
        0,
        "the lease still holds"
    );
    sqlx::query(
        "UPDATE pleat_mail.outbox SET locked_until = now() - interval '1 second' WHERE id = $1",
    )
    .bind(id)
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(restarted.run_once().await.unwrap(), 1);
    assert_eq!(row(&pool, id).await.0, "sent");
    sink.wait_for(1).await;
    // The dead worker's claim can no longer finish the row.
    assert!(!pleat_mail::outbox::mark_sent(&pool, &dead[0])
        .await
        .unwrap());
    assert_eq!(sink.count(), 1);
    sink.stop().await;
}

#[tokio::test]
async fn two_workers_send_each_mail_once() {
    let pool = database().await;
    let port = free_port();
    let sink = Sink::start(port).await;
    let total = 40;
    for i in 0..total {
        enqueue(&pool, &format!("r{i}@example.com")).await;
    }
    let a = worker(&pool, port).start();
    let b = worker(&pool, port).start();
    sink.wait_for(total).await;
    let sent = async {
        loop {
            let n: i64 =
                sqlx::query_scalar("SELECT count(*) FROM pleat_mail.outbox WHERE status = 'sent'")
                    .fetch_one(&pool)
                    .await
                    .unwrap();
            if n == total as i64 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(60), sent)
        .await
        .unwrap();
    // Anything sent twice would have arrived by now too.
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop((a, b));
    let messages = sink.messages.lock().unwrap().clone();
    assert_eq!(messages.len(), total);
    let recipients: HashSet<String> = messages
        .iter()
        .map(|m| m["to"][0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(recipients.len(), total);
    let attempts: i64 = sqlx::query_scalar("SELECT sum(attempts) FROM pleat_mail.outbox")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(attempts, total as i64, "no row was claimed twice");
    sink.stop().await;
}

#[tokio::test]
async fn a_permanent_failure_is_not_retried() {
    let pool = database().await;
    let port = free_port();
    let sink = Sink::start(port).await;
    let worker = worker(&pool, port);
    let id = pleat_mail::outbox::enqueue(
        &pool,
        "no_such_template",
        "x@example.com",
        &serde_json::json!({}),
        None,
    )
    .await
    .unwrap();
    worker.run_once().await.unwrap();
    let (status, attempts, _) = row(&pool, id).await;
    assert_eq!((status.as_str(), attempts), ("failed", 1));
    assert_eq!(sink.count(), 0);
    sink.stop().await;
}

/// Runs one batch of a worker without SMTP and returns what it logged.
async fn log_of_one_unsent_mail(log_links: bool) -> String {
    let pool = database().await;
    let mut settings = MailSettings::new(
        None,
        "no-reply@shop.example".into(),
        "https://shop.example".into(),
    );
    settings.log_links = log_links;
    let worker = Worker::new(settings, pool.clone()).unwrap();
    let id = enqueue(&pool, "dev@example.com").await;
    let log = LogCapture::default();
    {
        // A current-thread test runtime: the worker's events are this thread's.
        let _guard = tracing::subscriber::set_default(log.subscriber());
        assert_eq!(worker.run_once().await.unwrap(), 1);
    }
    assert_eq!(row(&pool, id).await.0, "sent");
    log.text()
}

#[tokio::test]
async fn without_smtp_the_log_names_the_mail_but_never_its_link_or_code() {
    let log = log_of_one_unsent_mail(false).await;
    assert!(log.contains("mail not sent"), "{log}");
    assert!(log.contains("dev@example.com"), "{log}");
    assert!(!log.contains(ENQUEUED_LINK), "the link was logged: {log}");
    assert!(!log.contains(ENQUEUED_CODE), "the code was logged: {log}");
}

#[tokio::test]
async fn a_developer_who_asks_gets_the_link_and_code_in_the_log() {
    let log = log_of_one_unsent_mail(true).await;
    assert!(log.contains(ENQUEUED_LINK), "{log}");
    assert!(log.contains(ENQUEUED_CODE), "{log}");
}

#[tokio::test]
async fn a_rolled_back_transaction_queues_nothing() {
    let pool = database().await;
    let mut tx = pool.begin().await.unwrap();
    pleat_mail::outbox::enqueue(
        &mut *tx,
        "recovery",
        "gone@example.com",
        &serde_json::json!({}),
        None,
    )
    .await
    .unwrap();
    tx.rollback().await.unwrap();
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM pleat_mail.outbox")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(n, 0);
}

#[tokio::test]
async fn the_api_roles_cannot_reach_the_outbox() {
    let pool = database().await;
    for role in ["anon", "authenticated", "service_role"] {
        let mut tx = pool.begin().await.unwrap();
        sqlx::query(&format!("SET LOCAL ROLE {role}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        let read = sqlx::query("SELECT * FROM pleat_mail.outbox")
            .execute(&mut *tx)
            .await;
        assert!(read.is_err(), "{role} read the outbox");
        tx.rollback().await.unwrap();
        let mut tx = pool.begin().await.unwrap();
        sqlx::query(&format!("SET LOCAL ROLE {role}"))
            .execute(&mut *tx)
            .await
            .unwrap();
        let call = sqlx::query("SELECT pleat_mail.enqueue('recovery', 'x@example.com')")
            .execute(&mut *tx)
            .await;
        assert!(call.is_err(), "{role} queued a mail");
        tx.rollback().await.unwrap();
    }
}
