//! The rows of `pleat_backup.runs` through their life: a scheduled slot is
//! inserted by whichever replica gets there first, a request by
//! `pleat_backup.request()`; a pending row is claimed (`running`, with a
//! claim id and a lease renewed while the backup runs), then finished as
//! `done` or `failed`. Every finishing update names its claim, so a replica
//! whose lease ran out (and whose run was marked failed meanwhile) changes
//! nothing. Also the state the servers share (`pleat_backup.state`) and the
//! row `pleat backup` leaves when it made a backup from the command line.

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

/// What a run that finished without its server says.
pub const STOPPED: &str = "the server stopped during the backup";

/// A run this replica claimed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub trigger: String,
    pub slot: Option<DateTime<Utc>>,
    pub claim: Uuid,
}

/// A run that failed, as the failure mail needs it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Failed {
    pub id: i64,
    pub trigger: String,
    pub slot: Option<DateTime<Utc>>,
    pub error: Option<String>,
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Insert the run for a scheduled slot; `Some(id)` for the one replica
/// whose insert made it, `None` for the others.
pub async fn insert_slot(pool: &PgPool, slot: DateTime<Utc>) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO pleat_backup.runs (trigger, slot) VALUES ('schedule', $1) \
         ON CONFLICT (slot) DO NOTHING RETURNING id",
    )
    .bind(slot)
    .fetch_optional(pool)
    .await
}

/// Tell the admin (and the other replicas) the schedule in force.
pub async fn write_state(
    pool: &PgPool,
    schedule: &str,
    next: Option<DateTime<Utc>>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE pleat_backup.state SET schedule = $1, next_scheduled_at = $2, updated_at = now()",
    )
    .bind(schedule)
    .bind(next)
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether a run waits for a replica to take it.
pub async fn pending_exists(pool: &PgPool) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pleat_backup.runs WHERE status = 'pending')")
        .fetch_one(pool)
        .await
}

/// Claim the oldest pending run. The caller holds the backup lock, so this
/// is the only run in progress anywhere; SKIP LOCKED still keeps two claims
/// apart should a second process claim without it.
pub async fn claim_next(pool: &PgPool, lease: Duration) -> Result<Option<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "WITH next AS ( \
           SELECT id FROM pleat_backup.runs WHERE status = 'pending' \
            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) \
         UPDATE pleat_backup.runs r \
            SET status = 'running', started_at = now(), claim = gen_random_uuid(), \
                locked_until = now() + make_interval(secs => $1) \
           FROM next WHERE r.id = next.id \
         RETURNING r.id, r.trigger, r.slot, r.claim",
    )
    .bind(secs(lease))
    .fetch_optional(pool)
    .await
}

/// Extend a running claim; false when it is no longer this replica's.
pub async fn renew(pool: &PgPool, run: &Claimed, lease: Duration) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE pleat_backup.runs SET locked_until = now() + make_interval(secs => $3) \
          WHERE id = $1 AND claim = $2 AND status = 'running'",
    )
    .bind(run.id)
    .bind(run.claim)
    .bind(secs(lease))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The claimed run made backup `name` of `size_bytes`.
pub async fn finish_done(
    pool: &PgPool,
    run: &Claimed,
    name: &str,
    size_bytes: u64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE pleat_backup.runs \
            SET status = 'done', name = $3, size_bytes = $4, error = NULL, \
                finished_at = now(), locked_until = NULL \
          WHERE id = $1 AND claim = $2 AND status = 'running'",
    )
    .bind(run.id)
    .bind(run.claim)
    .bind(name)
    .bind(i64::try_from(size_bytes).unwrap_or(i64::MAX))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The claimed run failed with `error` (already free of secrets); the row
/// as failed, or `None` when the claim was no longer this replica's.
pub async fn finish_failed<'e>(
    conn: impl PgExecutor<'e>,
    run: &Claimed,
    error: &str,
) -> Result<Option<Failed>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE pleat_backup.runs \
            SET status = 'failed', error = $3, finished_at = now(), locked_until = NULL \
          WHERE id = $1 AND claim = $2 AND status = 'running' \
         RETURNING id, trigger, slot, error",
    )
    .bind(run.id)
    .bind(run.claim)
    .bind(error)
    .fetch_optional(conn)
    .await
}

/// Runs left `running` by a server that stopped (their lease ran out) are
/// marked failed; the rows so marked.
pub async fn fail_stale<'e>(conn: impl PgExecutor<'e>) -> Result<Vec<Failed>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE pleat_backup.runs \
            SET status = 'failed', error = $1, finished_at = now(), locked_until = NULL \
          WHERE status = 'running' AND (locked_until IS NULL OR locked_until < now()) \
         RETURNING id, trigger, slot, error",
    )
    .bind(STOPPED)
    .fetch_all(conn)
    .await
}

/// The scheduled run before `slot` that finished, if it failed.
pub async fn previous_scheduled_failure<'e>(
    conn: impl PgExecutor<'e>,
    slot: DateTime<Utc>,
) -> Result<Option<Failed>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, trigger, slot, error FROM ( \
           SELECT id, trigger, slot, error, status FROM pleat_backup.runs \
            WHERE trigger = 'schedule' AND slot < $1 AND status IN ('done', 'failed') \
            ORDER BY slot DESC LIMIT 1) last \
          WHERE status = 'failed'",
    )
    .bind(slot)
    .fetch_optional(conn)
    .await
}

/// How many scheduled runs in a row have failed, counting back from `slot`
/// (included) to the last one that succeeded.
pub async fn scheduled_failures_in_a_row<'e>(
    conn: impl PgExecutor<'e>,
    slot: DateTime<Utc>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT count(*) FROM pleat_backup.runs r \
          WHERE r.trigger = 'schedule' AND r.status = 'failed' AND r.slot <= $1 \
            AND r.slot > coalesce((SELECT max(d.slot) FROM pleat_backup.runs d \
                                    WHERE d.trigger = 'schedule' AND d.status = 'done' \
                                      AND d.slot < $1), '-infinity')",
    )
    .bind(slot)
    .fetch_one(conn)
    .await
}

/// When the latest backup that succeeded finished, if any did.
pub async fn last_success<'e>(
    conn: impl PgExecutor<'e>,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar("SELECT max(finished_at) FROM pleat_backup.runs WHERE status = 'done'")
        .fetch_one(conn)
        .await
}

/// Where failure mails go: the address the app set, if any.
pub async fn notify_email<'e>(conn: impl PgExecutor<'e>) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT notify_email FROM pleat_backup.state")
        .fetch_optional(conn)
        .await
        .map(Option::flatten)
}

/// How a backup made outside the server (`pleat backup`) ended.
#[derive(Debug, Clone, Copy)]
pub enum Finished<'a> {
    Done { name: &'a str, size_bytes: u64 },
    Failed { error: &'a str },
}

/// Record a backup `pleat backup` made (or failed to make), so the admin's
/// list shows it beside the server's own.
pub async fn record_cli(
    pool: &PgPool,
    started_at: DateTime<Utc>,
    finished: Finished<'_>,
) -> Result<i64, sqlx::Error> {
    let (status, name, size, error) = match finished {
        Finished::Done { name, size_bytes } => (
            "done",
            Some(name),
            Some(i64::try_from(size_bytes).unwrap_or(i64::MAX)),
            None,
        ),
        Finished::Failed { error } => ("failed", None, None, Some(error)),
    };
    sqlx::query_scalar(
        "INSERT INTO pleat_backup.runs \
           (trigger, status, name, size_bytes, error, created_at, started_at, finished_at) \
         VALUES ('cli', $1, $2, $3, $4, $5, $5, now()) RETURNING id",
    )
    .bind(status)
    .bind(name)
    .bind(size)
    .bind(error)
    .bind(started_at)
    .fetch_one(pool)
    .await
}
