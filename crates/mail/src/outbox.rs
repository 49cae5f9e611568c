//! The outbox rows and their life: claimed (`sending`, with a lease and a
//! claim id), then `sent`, back to `pending` with a later `next_attempt_at`, or
//! `failed`. Every finishing update names the claim it finishes, so a worker
//! whose lease ran out (and whose row another worker took) changes nothing.

use std::time::Duration;

use serde_json::Value;
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

/// A claimed row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub template: String,
    pub recipient: String,
    pub reply_to: Option<String>,
    pub vars: Value,
    /// Tries so far, this one included.
    pub attempts: i32,
    pub claim: Uuid,
    /// What the app set with `pleat_mail.set_site`.
    pub site: Value,
}

fn interval(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Queue a mail from Rust (SQL callers use `pleat_mail.enqueue` directly).
pub async fn enqueue<'e>(
    conn: impl PgExecutor<'e>,
    template: &str,
    recipient: &str,
    vars: &Value,
    reply_to: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT pleat_mail.enqueue($1, $2, $3, $4)")
        .bind(template)
        .bind(recipient)
        .bind(vars)
        .bind(reply_to)
        .fetch_one(conn)
        .await
}

/// Claim up to `limit` due rows: pending ones whose time has come and
/// `sending` ones whose lease ran out. SKIP LOCKED lets replicas claim side by
/// side without waiting for, or taking, each other's rows.
pub async fn claim(
    pool: &PgPool,
    limit: i64,
    lease: Duration,
) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "WITH due AS ( \
           SELECT id FROM pleat_mail.outbox \
            WHERE (status = 'pending' AND next_attempt_at <= now()) \
               OR (status = 'sending' AND locked_until <= now()) \
            ORDER BY next_attempt_at, id \
            LIMIT $1 FOR UPDATE SKIP LOCKED) \
         UPDATE pleat_mail.outbox o \
            SET status = 'sending', attempts = o.attempts + 1, claim = gen_random_uuid(), \
                locked_until = now() + make_interval(secs => $2) \
           FROM due WHERE o.id = due.id \
         RETURNING o.id, o.template, o.recipient, o.reply_to, o.vars, o.attempts, o.claim, \
                   (SELECT vars FROM pleat_mail.site) AS site",
    )
    .bind(limit)
    .bind(interval(lease))
    .fetch_all(pool)
    .await
}

pub async fn mark_sent(pool: &PgPool, mail: &Claimed) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE pleat_mail.outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL \
          WHERE id = $1 AND claim = $2 AND status = 'sending'",
    )
    .bind(mail.id)
    .bind(mail.claim)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Try again after `wait`, or give up (`failed`) when `wait` is `None`.
pub async fn mark_unsent(
    pool: &PgPool,
    mail: &Claimed,
    error: &str,
    wait: Option<Duration>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE pleat_mail.outbox SET \
            status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END, \
            next_attempt_at = now() + make_interval(secs => coalesce($3, 0)), \
            locked_until = NULL, last_error = left($4, 2000) \
          WHERE id = $1 AND claim = $2 AND status = 'sending'",
    )
    .bind(mail.id)
    .bind(mail.claim)
    .bind(wait.map(interval))
    .bind(error)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
