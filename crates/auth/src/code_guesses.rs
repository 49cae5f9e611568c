//! Using a mailed 6-digit code (`POST /verify` with `email` and `token`), with
//! wrong guesses counted where a guesser cannot escape them: a million codes
//! fall to about a million requests, so one client's request rate alone is no
//! bound (the guesses can come from as many addresses as the attacker has).
//!
//! - Per code: after `code_attempts` wrong tries (5) the code is deleted; its
//!   link dies with it. A new mail replaces it with a new code and a new count.
//! - Per account: `account_code_failures` wrong codes (30) per `code_window`
//!   (an hour), from all clients together. The wrong code that reaches it
//!   deletes the account's pending tokens, and until the window has room every
//!   code for the account is refused unchecked (429 with `Retry-After`). A new
//!   code does not reset the count: whoever guesses can ask for new codes too
//!   (one mail per address per minute). So an account takes at most 30 wrong
//!   codes an hour, whatever the number of clients or codes.
//! - The owner is not locked out: a link carries a token hash that cannot be
//!   computed from the address and the code (`crate::mail_tokens`), so links
//!   are no guesses and are not capped; the link of a fresh mail always
//!   works, and its code works as soon as the window has room. A used link or
//!   a right code proves the mailbox and clears the account's count
//!   ([`clear`]).
//!
//! The same per-account count takes the other 6-digit guesses: TOTP codes
//! at `/factors/{id}/verify` ([`refuse_while_full`], [`count`]) and the
//! reauthentication nonce of a password change.
//!
//! Guesses for one account run one at a time (its `auth.users` row is locked
//! first), so parallel guesses cannot pass the count together. A wrong guess
//! for an address without pending codes (unknown, or nothing asked) counts
//! nothing and is answered as any wrong code is.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::mail_tokens::{self, Kind, Used};
use crate::rate_limit::{too_many, RateLimits};
use crate::Error;

/// Use the code sent to `address` among `kinds`, whose token hash is `hash`;
/// `None` when it is wrong (counted), expired or the address has no pending
/// code. 429 while an account the code could be for is over its count.
pub async fn consume(
    conn: &mut PgConnection,
    limits: &RateLimits,
    kinds: &[Kind],
    address: &str,
    hash: &str,
    exp_secs: u64,
) -> Result<Option<Used>, Error> {
    let address = address.trim().to_lowercase();
    let columns: Vec<&str> = kinds.iter().map(|k| k.column()).collect();
    // The accounts with a live code for this address: usually one, two when
    // two accounts are changing to the same new address. Locked first, then
    // read again: the statement that waited for a lock still sees the codes
    // as they were before the guess it waited for used them up.
    let live = "SELECT t.user_id FROM auth.one_time_tokens t \
                 WHERE t.relates_to = $1 AND t.token_type = ANY($2) \
                   AND t.created_at > now() - make_interval(secs => $3)";
    let locked: Vec<Uuid> = sqlx::query_scalar(&format!(
        "SELECT u.id FROM auth.users u WHERE u.id IN ({live}) ORDER BY u.id FOR UPDATE OF u"
    ))
    .bind(&address)
    .bind(&columns)
    .bind(exp_secs as f64)
    .fetch_all(&mut *conn)
    .await?;
    let accounts: Vec<Uuid> = sqlx::query_scalar(&format!(
        "SELECT DISTINCT user_id FROM ({live}) live WHERE user_id = ANY($4) ORDER BY user_id"
    ))
    .bind(&address)
    .bind(&columns)
    .bind(exp_secs as f64)
    .bind(&locked)
    .fetch_all(&mut *conn)
    .await?;
    if accounts.is_empty() {
        return Ok(None);
    }
    refuse_while_full(
        conn,
        limits,
        &accounts,
        "Too many wrong codes for this address; request a new link or try again later",
    )
    .await?;
    if let Some(used) = mail_tokens::consume(conn, kinds, hash, exp_secs).await? {
        return Ok(Some(used));
    }
    count_wrong(conn, limits, &accounts, &address, &columns).await?;
    Ok(None)
}

/// The account's mailbox was proven (a token was used): its wrong codes are
/// forgotten.
pub async fn clear(conn: &mut PgConnection, user_id: Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.code_failures WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// 429 while any of `accounts` has taken its wrong codes for the window
/// (the wait is until the oldest of them leaves it).
pub async fn refuse_while_full(
    conn: &mut PgConnection,
    limits: &RateLimits,
    accounts: &[Uuid],
    message: &'static str,
) -> Result<(), Error> {
    let wait: Option<f64> = sqlx::query_scalar(
        "SELECT max(extract(epoch FROM first + make_interval(secs => $2) - now()))::float8 FROM ( \
           SELECT min(failed_at) AS first FROM auth.code_failures \
            WHERE user_id = ANY($1) AND failed_at > now() - make_interval(secs => $2) \
            GROUP BY user_id HAVING count(*) >= $3) full_accounts",
    )
    .bind(accounts)
    .bind(limits.code_window.as_secs_f64())
    .bind(i64::from(limits.account_code_failures))
    .fetch_one(&mut *conn)
    .await?;
    match wait {
        Some(wait) => Err(too_many(message, wait)),
        None => Ok(()),
    }
}

/// Count one wrong code against each of `accounts`; answers those that
/// reached their count with it.
pub async fn count(
    conn: &mut PgConnection,
    limits: &RateLimits,
    accounts: &[Uuid],
) -> Result<Vec<Uuid>, Error> {
    Ok(sqlx::query_scalar(
        "WITH counted AS (INSERT INTO auth.code_failures (user_id) SELECT unnest($1::uuid[])) \
         SELECT user_id FROM auth.code_failures \
          WHERE user_id = ANY($1) AND failed_at > now() - make_interval(secs => $2) \
          GROUP BY user_id HAVING count(*) + 1 >= $3",
    )
    .bind(accounts)
    .bind(limits.code_window.as_secs_f64())
    .bind(i64::from(limits.account_code_failures))
    .fetch_all(conn)
    .await?)
}

/// One wrong code for each of `accounts`: each pending code it could have
/// been takes a wrong try and dies at its last; an account that reaches its
/// count loses every pending token.
async fn count_wrong(
    conn: &mut PgConnection,
    limits: &RateLimits,
    accounts: &[Uuid],
    address: &str,
    columns: &[&str],
) -> Result<(), Error> {
    let full = count(conn, limits, accounts).await?;
    sqlx::query(
        "UPDATE auth.one_time_tokens SET failed_attempts = failed_attempts + 1 \
          WHERE relates_to = $1 AND token_type = ANY($2)",
    )
    .bind(address)
    .bind(columns)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "DELETE FROM auth.one_time_tokens \
          WHERE (relates_to = $1 AND token_type = ANY($2) AND failed_attempts >= $3) OR user_id = ANY($4)",
    )
    .bind(address)
    .bind(columns)
    .bind(i64::from(limits.code_attempts))
    .bind(&full)
    .execute(conn)
    .await?;
    Ok(())
}
