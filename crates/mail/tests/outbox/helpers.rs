//! A migrated throwaway database, workers with short test timings, and the
//! tests' real SMTP server (the npm `smtp-server` run by
//! tests/js/lib/smtp-sink.mjs, the same server the supabase-js tests use).

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pleat_mail::{MailSettings, SmtpUrl, Worker};
use serde_json::Value;
use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

pub async fn database() -> PgPool {
    let sets = vec![
        pleat_db::migrate::Set::embedded("roles", &pleat_db::migrate::ROLES),
        pleat_db::migrate::Set::embedded("mail", &pleat_mail::MIGRATIONS),
    ];
    pleat_test_support::TestDatabase::with_sets(&sets)
        .await
        .pool()
        .await
}

/// A port nothing listens on (yet).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn settings(port: u16) -> MailSettings {
    let mut s = MailSettings::new(
        Some(SmtpUrl::parse(&format!("smtp://127.0.0.1:{port}")).unwrap()),
        "Shop <no-reply@shop.example>".into(),
        "https://shop.example".into(),
    );
    s.backoff_base = Duration::from_secs(10);
    s.max_attempts = 3;
    s.poll = Duration::from_millis(200);
    s.smtp_timeout = Duration::from_secs(10);
    s
}

pub fn worker(pool: &PgPool, port: u16) -> Worker {
    Worker::new(settings(port), pool.clone()).unwrap()
}

/// The link and code every [`enqueue`]d mail carries.
pub const ENQUEUED_LINK: &str = "https://shop.example/auth/v1/verify?token=pk_secret";
pub const ENQUEUED_CODE: &str = "123456";

pub async fn enqueue(pool: &PgPool, to: &str) -> i64 {
    pleat_mail::outbox::enqueue(
        pool,
        "recovery",
        to,
        &serde_json::json!({"link": ENQUEUED_LINK, "token": ENQUEUED_CODE, "email": to}),
        None,
    )
    .await
    .unwrap()
}

pub async fn row(pool: &PgPool, id: i64) -> (String, i32, f64) {
    sqlx::query_as(
        "SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::float8 FROM pleat_mail.outbox WHERE id = $1",
    )
    .bind(id)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// Make every waiting retry due now.
pub async fn make_due(pool: &PgPool) {
    sqlx::query("UPDATE pleat_mail.outbox SET next_attempt_at = now() WHERE status = 'pending'")
        .execute(pool)
        .await
        .unwrap();
}

/// Everything a tracing subscriber writes, as text, for tests of what the
/// log says.
#[derive(Clone, Default)]
pub struct LogCapture(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for LogCapture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LogCapture {
    /// A subscriber at `info`, as `pleat serve` logs by default.
    pub fn subscriber(&self) -> impl tracing::Subscriber + Send + Sync {
        let capture = self.clone();
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::INFO)
            .with_ansi(false)
            .with_writer(move || capture.clone())
            .finish()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

pub struct Sink {
    child: Child,
    pub messages: Arc<Mutex<Vec<Value>>>,
}

impl Sink {
    pub async fn start(port: u16) -> Sink {
        let script =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/js/lib/smtp-sink.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .arg(port.to_string())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("node is needed for the tests' SMTP server (scripts/test installs it)");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .expect("the SMTP server did not start")
            .unwrap()
            .unwrap_or_default();
        assert!(first.starts_with("listening"), "{first}");
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Ok(v) = serde_json::from_str::<Value>(&line) {
                    store.lock().unwrap().push(v);
                }
            }
        });
        Sink { child, messages }
    }

    pub fn count(&self) -> usize {
        self.messages.lock().unwrap().len()
    }

    /// Wait (generously) until `n` messages arrived.
    pub async fn wait_for(&self, n: usize) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        while self.count() < n {
            assert!(
                tokio::time::Instant::now() < deadline,
                "only {} of {n} messages arrived",
                self.count()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn stop(mut self) {
        self.child.kill().await.ok();
    }
}
