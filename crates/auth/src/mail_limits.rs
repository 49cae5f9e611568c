//! How often mail may be asked for, kept in PostgreSQL (`auth.mail_sends`) so
//! replicas share it: one mail per address per `email_interval` (GoTrue's
//! `SMTP_MAX_FREQUENCY`, a minute) and `emails_per_hour` per client (GoTrue's
//! `RATE_LIMIT_EMAIL_SENT`, 30, which Pleat counts per client, an IPv6 client
//! by its /64). Both refuse with 429 `over_email_send_rate_limit`. The
//! per-address count is kept for unknown addresses too, so the limit tells
//! nothing about who has an account.

use std::net::IpAddr;

use sqlx::PgConnection;

use crate::caller::address::limit_key;
use crate::rate_limit::RateLimits;
use crate::Error;

fn refused(message: String) -> Error {
    Error::NotSupported {
        status: 429,
        code: "over_email_send_rate_limit",
        message,
    }
}

/// Count one mail to `address` asked for by `ip`, or refuse it. Runs in the
/// caller's transaction: a request that fails later counts nothing.
pub async fn check(
    conn: &mut PgConnection,
    limits: &RateLimits,
    address: &str,
    ip: Option<IpAddr>,
) -> Result<(), Error> {
    let address_key = format!("address:{}", address.to_lowercase());
    // Requests for one address queue here, so two at once cannot both pass.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('auth.mail_sends'), hashtext($1))")
        .bind(&address_key)
        .execute(&mut *conn)
        .await?;
    // A row matters for an hour, or for the interval when that is longer.
    sqlx::query(
        "DELETE FROM auth.mail_sends WHERE ctid IN (SELECT ctid FROM auth.mail_sends \
         WHERE sent_at < now() - make_interval(secs => greatest(3600, $1)) LIMIT 100)",
    )
    .bind(limits.email_interval.as_secs_f64())
    .execute(&mut *conn)
    .await?;
    let wait: Option<f64> = sqlx::query_scalar(
        "SELECT extract(epoch FROM max(sent_at) + make_interval(secs => $2) - now())::float8 \
           FROM auth.mail_sends WHERE key = $1",
    )
    .bind(&address_key)
    .bind(limits.email_interval.as_secs_f64())
    .fetch_one(&mut *conn)
    .await?;
    if let Some(wait) = wait.filter(|w| *w > 0.0) {
        return Err(refused(format!(
            "For security purposes, you can only request this after {} seconds.",
            wait.ceil() as i64
        )));
    }
    let client_key = ip.map(|ip| format!("client:{}", limit_key(ip)));
    if let Some(key) = &client_key {
        let sent: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM auth.mail_sends WHERE key = $1 AND sent_at > now() - interval '1 hour'",
        )
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
        if sent >= i64::from(limits.emails_per_hour) {
            return Err(refused("Email rate limit exceeded".into()));
        }
    }
    sqlx::query(
        "INSERT INTO auth.mail_sends (key) SELECT k FROM unnest($1::text[]) k WHERE k IS NOT NULL",
    )
    .bind(vec![Some(address_key), client_key])
    .execute(conn)
    .await?;
    Ok(())
}
