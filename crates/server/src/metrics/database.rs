//! What the metrics read from PostgreSQL at scrape time: the mail outbox,
//! the stored objects' bytes, the render cache and the last successful
//! backup. These are shared by every replica, so they are read from the
//! database rather than counted by one process. One round trip on the owner
//! pool, at most every few seconds (scrapes in between reuse the figures),
//! each statement bounded; when the database does not answer in time the
//! figures are simply absent from the scrape and
//! `pleat_metrics_database_up` says 0.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::PgPool;

/// Scrapes closer together than this share one reading.
const FRESH_FOR: Duration = Duration::from_secs(5);
/// Longest a scrape waits for the database (a connection and every query).
const WAIT: Duration = Duration::from_secs(2);

#[derive(Debug, Default, Clone, PartialEq)]
pub struct Figures {
    /// Whether the database answered every query of this reading.
    pub up: bool,
    pub mail: Option<Mail>,
    pub storage: Option<Storage>,
    /// Seconds since the epoch of the last successful backup's end; `Some(None)`:
    /// the database answered and there has been none.
    pub last_backup: Option<Option<f64>>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Mail {
    pub pending: i64,
    pub sending: i64,
    /// Pending mails that failed at least once and wait for their next try.
    pub retrying: i64,
    /// Mails given up after their last try.
    pub failed: i64,
}

#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Storage {
    pub objects: i64,
    pub bytes: f64,
    pub render_cache_bytes: f64,
}

pub struct DatabaseFigures {
    owner: PgPool,
    latest: Mutex<Arc<Figures>>,
    /// When `latest` was read; held across a reading so concurrent scrapes
    /// wait for it rather than query again.
    read_at: tokio::sync::Mutex<Option<Instant>>,
}

impl DatabaseFigures {
    pub fn new(owner: PgPool) -> DatabaseFigures {
        DatabaseFigures {
            owner,
            latest: Mutex::new(Arc::default()),
            read_at: tokio::sync::Mutex::new(None),
        }
    }

    /// The figures of the last reading.
    pub fn latest(&self) -> Arc<Figures> {
        self.latest.lock().map(|f| f.clone()).unwrap_or_default()
    }

    /// Reads the figures again unless the last reading is fresh.
    pub async fn refresh(&self) {
        let mut read_at = self.read_at.lock().await;
        if read_at.is_some_and(|at| at.elapsed() < FRESH_FOR) {
            return;
        }
        let figures: Figures = tokio::time::timeout(WAIT, read(&self.owner))
            .await
            .unwrap_or_default();
        if !figures.up {
            tracing::debug!("metrics: the database did not answer every query of this scrape");
        }
        if let Ok(mut latest) = self.latest.lock() {
            *latest = Arc::new(figures);
        }
        *read_at = Some(Instant::now());
    }
}

async fn read(owner: &PgPool) -> Figures {
    let mut figures = Figures::default();
    let Ok(mut tx) = owner.begin().await else {
        return figures;
    };
    // Bounded on the server too, so a slow count ends there rather than
    // keep a backend busy after the scrape gave up.
    let bounded = sqlx::query("set local statement_timeout = '2s'")
        .execute(&mut *tx)
        .await
        .is_ok();
    figures.mail = sqlx::query_as::<_, (i64, i64, i64, i64)>(
        "select count(*) filter (where status = 'pending'), \
                count(*) filter (where status = 'sending'), \
                count(*) filter (where status = 'pending' and attempts > 0), \
                count(*) filter (where status = 'failed') \
         from pleat_mail.outbox where status <> 'sent'",
    )
    .fetch_one(&mut *tx)
    .await
    .ok()
    .map(|(pending, sending, retrying, failed)| Mail {
        pending,
        sending,
        retrying,
        failed,
    });
    // Sizes are written by pleat itself; a row whose size is not a number
    // is skipped rather than failing the whole sum.
    figures.storage = sqlx::query_as::<_, (i64, f64, f64)>(
        "select (select count(*) from storage.objects), \
                (select coalesce(sum((metadata ->> 'size')::numeric) \
                          filter (where jsonb_typeof(metadata -> 'size') = 'number'), 0)::float8 \
                 from storage.objects), \
                (select coalesce(sum(size), 0)::float8 from storage.renders)",
    )
    .fetch_one(&mut *tx)
    .await
    .ok()
    .map(|(objects, bytes, render_cache_bytes)| Storage {
        objects,
        bytes,
        render_cache_bytes,
    });
    figures.last_backup = sqlx::query_scalar::<_, Option<f64>>(
        "select extract(epoch from max(finished_at))::float8 \
         from pleat_backup.runs where status = 'done'",
    )
    .fetch_one(&mut *tx)
    .await
    .ok();
    let _ = tx.rollback().await;
    figures.up = bounded
        && figures.mail.is_some()
        && figures.storage.is_some()
        && figures.last_backup.is_some();
    figures
}
