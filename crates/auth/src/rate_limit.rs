//! Brute-force limits, kept in PostgreSQL (`auth.rate_limits` and
//! `auth.sign_in_failures`, functions in the migration) so that every replica
//! shares one budget and a restart of pleat forgets nothing. Nothing here is
//! an in-memory authority; the process only counts calls to decide when to
//! delete expired rows. Every limit per client counts
//! [`crate::caller::address::limit_key`] of its address (an IPv6 client by its /64).
//!
//! - Request rates per client for the endpoints GoTrue limits per address,
//!   with GoTrue's burst of 30 and its rates per 5 minutes: `/token` and
//!   `/signup` (they cost a password hash or a session), `/verify` (each
//!   request is a guess at a code), and the endpoints that mail a code or say
//!   whether an address has an account (`/otp`, `/magiclink`, `/recover`,
//!   `/resend`).
//! - Failed passwords, after OWASP's authentication guidance: the attacker's
//!   address is throttled, not the account. Attempts are counted per account at
//!   an address, per address, and per account across addresses; each counter
//!   allows a few, then a delay that doubles with every further attempt. The
//!   account-wide counter only slows down (seconds, not minutes) and skips
//!   addresses the account has signed in from, so the owner, elsewhere or at
//!   home, gets in with the right password while someone guesses. An attempt
//!   is counted before the password is checked (parallel guesses cannot slip
//!   through together) and taken back when the password was right. Unknown
//!   emails count the same way, so a refusal tells nothing about accounts.
//! - The limits on mail (`crate::mail_limits`) and on wrong mailed codes
//!   (`crate::code_guesses`) take their numbers from [`RateLimits`] too.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use sha2::{Digest, Sha256};
use sqlx::{FromRow, PgPool, Row};

use crate::caller::address::limit_key;
use crate::users::Credentials;
use crate::Error;

/// How often (in calls) one process deletes expired rows.
const CLEANUP_EVERY: u32 = 500;

/// GoTrue's burst for every per-address request limit.
pub const GOTRUE_BURST: u32 = 30;

/// A request rate per client: `burst` requests at once, then `refill` per
/// `period` (a token bucket).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RequestRate {
    pub burst: u32,
    pub refill: u32,
    pub period: Duration,
}

impl RequestRate {
    /// GoTrue's shape: a burst of 30, then `n` requests per 5 minutes.
    pub const fn per_5_minutes(n: u32) -> RequestRate {
        RequestRate {
            burst: GOTRUE_BURST,
            refill: n,
            period: Duration::from_secs(300),
        }
    }
}

/// Which request rate a request spends from; each has its own bucket per
/// client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// `/token` and `/signup`.
    Token,
    /// `/verify`, by link or by code.
    Verify,
    /// `/otp`, `/magiclink`, `/recover`, `/resend`.
    Otp,
    /// `/factors/{id}/challenge` and `/factors/{id}/verify`.
    Mfa,
    /// `/passkeys/authentication/options`: each stores a challenge for a
    /// caller nobody knows yet.
    Passkey,
    /// `/signup` without an address (`signInAnonymously`): each makes a user.
    Anonymous,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimits {
    /// `/token` and `/signup` (GoTrue's `RATE_LIMIT_TOKEN_REFRESH`).
    pub token: RequestRate,
    /// `/verify` (GoTrue's `RATE_LIMIT_VERIFY`).
    pub verify: RequestRate,
    /// The mail-asking endpoints (GoTrue's `RATE_LIMIT_OTP`).
    pub otp: RequestRate,
    /// MFA challenges and verifications, each (GoTrue's
    /// `MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY`, per minute).
    pub mfa: RequestRate,
    /// Passkey sign-in options (GoTrue's `RATE_LIMIT_PASSKEY`).
    pub passkey: RequestRate,
    /// Anonymous sign-ins (GoTrue's `RATE_LIMIT_ANONYMOUS_USERS`, per hour):
    /// every one is a new row in `auth.users`.
    pub anonymous: RequestRate,
    /// Mails one client may cause per hour (GoTrue's `RATE_LIMIT_EMAIL_SENT`,
    /// which Pleat counts per client).
    pub emails_per_hour: u32,
    /// Least time between two mails to one address (GoTrue's
    /// `SMTP_MAX_FREQUENCY`).
    pub email_interval: Duration,
    /// Wrong tries that use up a mailed code (it is deleted at the last).
    pub code_attempts: u32,
    /// Wrong codes one account takes per `code_window`, from all clients
    /// together; the one that reaches it deletes the account's pending tokens
    /// and further codes for it are refused until the window has room.
    pub account_code_failures: u32,
    pub code_window: Duration,
    /// Passwords tried for one account from one address.
    pub pair: Backoff,
    /// Passwords tried from one address, for any accounts (spraying).
    pub address: Backoff,
    /// Passwords tried for one account from addresses it never signed in from.
    pub account: Backoff,
    /// A counter is forgotten this long after its last attempt.
    pub failure_memory: Duration,
    /// How long a sign-in makes its address known to the account.
    pub known_address: Duration,
}

/// `free` attempts, then one per `base * 2^(attempts - free)`, at most `max`,
/// counted from the last attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Backoff {
    pub free: u32,
    pub base: Duration,
    pub max: Duration,
}

impl Default for RateLimits {
    /// Per client: `/token` and `/signup` a burst of 30, then 150 per 5
    /// minutes; `/verify` and the mail-asking endpoints each 30, then 30 per
    /// 5 minutes; anonymous sign-ins 30, then 30 an hour; MFA challenges and verifications 30, then 15 a minute; 30
    /// mails per hour, and one mail per address per minute.
    /// Codes: 5 wrong tries each, 30 wrong per account per hour. Passwords: 5
    /// per account and address, then 1, 2, 4 … up to 15 minutes apart; 20 per
    /// address, then 1 minute doubling up to an hour; per account elsewhere,
    /// 10, then 2 seconds doubling up to 30. Counters last a day.
    fn default() -> Self {
        RateLimits {
            token: RequestRate::per_5_minutes(150),
            verify: RequestRate::per_5_minutes(30),
            otp: RequestRate::per_5_minutes(30),
            passkey: RequestRate::per_5_minutes(30),
            anonymous: RequestRate {
                burst: GOTRUE_BURST,
                refill: 30,
                period: Duration::from_secs(3600),
            },
            mfa: RequestRate {
                burst: GOTRUE_BURST,
                refill: 15,
                period: Duration::from_secs(60),
            },
            emails_per_hour: 30,
            email_interval: Duration::from_secs(60),
            code_attempts: 5,
            account_code_failures: 30,
            code_window: Duration::from_secs(3600),
            pair: Backoff {
                free: 5,
                base: Duration::from_secs(60),
                max: Duration::from_secs(15 * 60),
            },
            address: Backoff {
                free: 20,
                base: Duration::from_secs(60),
                max: Duration::from_secs(3600),
            },
            account: Backoff {
                free: 10,
                base: Duration::from_secs(2),
                max: Duration::from_secs(30),
            },
            failure_memory: Duration::from_secs(24 * 3600),
            known_address: Duration::from_secs(30 * 24 * 3600),
        }
    }
}

/// A password check that was let through and counted; [`Limiter::succeeded`]
/// takes it back.
pub struct SignInAttempt {
    /// Account at address, address, account: the order the SQL expects.
    keys: [Vec<u8>; 3],
}

pub struct Limiter {
    limits: RateLimits,
    pool: PgPool,
    calls: AtomicU32,
}

pub(crate) fn too_many(message: &'static str, wait_secs: f64) -> Error {
    Error::RateLimited {
        message,
        retry_after_secs: wait_secs.ceil().max(1.0) as u64,
    }
}

fn ip_verdict(wait: f64) -> Result<(), Error> {
    match wait > 0.0 {
        true => Err(too_many("Request rate limit reached", wait)),
        false => Ok(()),
    }
}

/// `auth.rate_limit_take` ($1-$3), then `auth.sign_in_attempt` ($4-$8) only
/// when the bucket let the request through (CASE evaluates lazily), and the
/// credentials of the account with the email $9, if any.
const BEGIN_SIGN_IN: &str = "\
WITH ip AS (SELECT auth.rate_limit_take($1, $2, $3) AS wait), \
attempt AS ( \
  SELECT CASE WHEN ip.wait > 0 THEN 0::float8 \
              ELSE auth.sign_in_attempt($4, $5, $6, $7, $8) END AS wait FROM ip) \
SELECT ip.wait AS ip_wait, attempt.wait AS attempt_wait, \
       u.id, u.encrypted_password, u.email_confirmed_at \
FROM ip CROSS JOIN attempt \
LEFT JOIN auth.users u ON lower(u.email) = lower($9)";

/// Clear a sign-in's counters: $1 the account-at-address key, $2 all three
/// keys, $3 how long the address stays known, in seconds.
pub(crate) const SUCCEEDED: &str = "\
UPDATE auth.sign_in_failures SET \
  failures = CASE WHEN key = $1 THEN 0 ELSE greatest(failures - 1, 0) END, \
  known_until = CASE WHEN key = $1 THEN now() + make_interval(secs => $3) ELSE known_until END, \
  expires_at = CASE WHEN key = $1 THEN greatest(expires_at, now() + make_interval(secs => $3)) ELSE expires_at END \
WHERE key = ANY($2)";

impl SignInAttempt {
    /// The first two parameters of [`SUCCEEDED`].
    pub fn succeeded_params(&self) -> (&[u8], &[Vec<u8>]) {
        (&self.keys[0], &self.keys[..])
    }
}

impl Limiter {
    pub fn new(limits: RateLimits, pool: PgPool) -> Limiter {
        Limiter {
            limits,
            pool,
            calls: AtomicU32::new(0),
        }
    }

    /// The numbers every limit of this process uses.
    pub fn limits(&self) -> &RateLimits {
        &self.limits
    }

    /// Take one request from the client's `bucket`, or 429 with how long to
    /// wait.
    pub async fn check(&self, bucket: Bucket, ip: IpAddr) -> Result<(), Error> {
        self.maybe_clean_up();
        let (key, interval, burst) = self.bucket(bucket, ip);
        let wait: f64 = sqlx::query_scalar("SELECT auth.rate_limit_take($1, $2, $3)")
            .bind(key)
            .bind(interval)
            .bind(burst)
            .fetch_one(&self.pool)
            .await?;
        ip_verdict(wait)
    }

    /// The start of a password sign-in, in one round trip: take a request from
    /// the address's bucket, then (only if that was allowed) count the attempt
    /// for `email` from `ip` (see the module's text), and read the account's
    /// credentials. 429 when either limit says wait; nothing is counted then.
    pub async fn begin_password_sign_in(
        &self,
        ip: IpAddr,
        email: &str,
    ) -> Result<(SignInAttempt, Option<Credentials>), Error> {
        self.maybe_clean_up();
        let (ip_key, interval, burst) = self.bucket(Bucket::Token, ip);
        let address = limit_key(ip).to_string();
        let attempt = SignInAttempt {
            keys: [
                key("pair", &[email, &address]),
                key("address", &[&address]),
                key("account", &[email]),
            ],
        };
        let l = &self.limits;
        let scopes = [l.pair, l.address, l.account];
        let free: Vec<i32> = scopes
            .iter()
            .map(|b| b.free.min(i32::MAX as u32) as i32)
            .collect();
        let base: Vec<f64> = scopes.iter().map(|b| b.base.as_secs_f64()).collect();
        let max: Vec<f64> = scopes.iter().map(|b| b.max.as_secs_f64()).collect();
        let row = sqlx::query(BEGIN_SIGN_IN)
            .bind(ip_key)
            .bind(interval)
            .bind(burst)
            .bind(&attempt.keys[..])
            .bind(free)
            .bind(base)
            .bind(max)
            .bind(l.failure_memory.as_secs_f64())
            .bind(email)
            .fetch_one(&self.pool)
            .await?;
        ip_verdict(row.try_get("ip_wait")?)?;
        let wait: f64 = row.try_get("attempt_wait")?;
        if wait > 0.0 {
            return Err(too_many("Too many sign-in attempts; try again later", wait));
        }
        let credentials = match row.try_get::<Option<uuid::Uuid>, _>("id")? {
            Some(_) => Some(Credentials::from_row(&row)?),
            None => None,
        };
        Ok((attempt, credentials))
    }

    /// The password was right: the account is clear at this address, which it
    /// now knows, and the attempt no longer counts against the address or the
    /// account. A sign-in that goes on to make a session does this in the same
    /// statement (see [`SignInAttempt::succeeded_params`]).
    pub async fn succeeded(&self, attempt: &SignInAttempt) -> Result<(), Error> {
        let (pair, keys) = attempt.succeeded_params();
        sqlx::query(SUCCEEDED)
            .bind(pair)
            .bind(keys)
            .bind(self.known_address_secs())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How long a sign-in makes its address known to the account, in seconds
    /// (the third parameter of [`SUCCEEDED`]).
    pub fn known_address_secs(&self) -> f64 {
        self.limits.known_address.as_secs_f64()
    }

    /// The key, the seconds per request regained and the burst of a
    /// client's bucket. `/token`'s keys keep their first name, "ip", so an
    /// upgrade forgets no count.
    fn bucket(&self, bucket: Bucket, ip: IpAddr) -> (Vec<u8>, f64, i32) {
        let (kind, rate) = match bucket {
            Bucket::Token => ("ip", self.limits.token),
            Bucket::Verify => ("verify", self.limits.verify),
            Bucket::Otp => ("otp", self.limits.otp),
            Bucket::Mfa => ("mfa", self.limits.mfa),
            Bucket::Passkey => ("passkey", self.limits.passkey),
            Bucket::Anonymous => ("anonymous", self.limits.anonymous),
        };
        let interval = rate.period.as_secs_f64() / f64::from(rate.refill.max(1));
        (
            key(kind, &[&limit_key(ip).to_string()]),
            interval,
            rate.burst.min(i32::MAX as u32) as i32,
        )
    }

    /// Every so often, delete what no longer limits anyone, off the request.
    fn maybe_clean_up(&self) {
        if !self
            .calls
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(CLEANUP_EVERY)
        {
            return;
        }
        let pool = self.pool.clone();
        let code_window = self.limits.code_window.as_secs_f64();
        tokio::spawn(async move {
            let done = sqlx::query(
                "WITH r AS (DELETE FROM auth.rate_limits WHERE tat < now()), \
                 s AS (DELETE FROM auth.sign_in_failures WHERE expires_at < now()) \
                 DELETE FROM auth.code_failures WHERE failed_at < now() - make_interval(secs => $1)",
            )
            .bind(code_window)
            .execute(&pool)
            .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, "auth: cannot delete expired rate-limit rows");
            }
        });
    }
}

/// A fixed-size key that names its kind and says nothing readable.
fn key(kind: &str, parts: &[&str]) -> Vec<u8> {
    let mut hash = Sha256::new();
    hash.update(kind.as_bytes());
    for part in parts {
        hash.update([0]);
        hash.update(part.as_bytes());
    }
    hash.finalize().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_kind_and_by_part_boundaries() {
        assert_ne!(key("pair", &["a", "b"]), key("pair", &["ab"]));
        assert_ne!(key("address", &["x"]), key("account", &["x"]));
        assert_eq!(key("account", &["x"]).len(), 32);
    }
}
