//! The password grant. Unknown email, missing password and wrong password are
//! one answer (400 `invalid_credentials`) at one cost (a full hash check), and
//! each counts against the failure limits of [`crate::rate_limit`] (a throttled
//! client gets 429 before any check). bcrypt or outdated hashes are replaced
//! with argon2id on success.
//!
//! Round trips are what a sign-in waits for when the database is busy, so a
//! sign-in makes two: one statement before the hash (request budget, attempt,
//! credentials) and one after it that makes the session (see [`SIGNED_IN`]).

use std::sync::LazyLock;

use actix_web::web::Bytes;
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use super::unsupported::phone_disabled;
use crate::body::{self, present};
use crate::model::User;
use crate::rate_limit::{Bucket, SignInAttempt, SUCCEEDED};
use crate::session::{self, Client, Session};
use crate::users::{IDENTITY_COLUMNS, USER_COLUMNS};
use crate::{mfa, refresh_token, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    let (email, password) = match read(payload) {
        Ok(read) => read,
        Err(e) => {
            // A malformed request costs the address's budget all the same.
            state.limiter.check(Bucket::Token, client.ip).await?;
            return Err(e);
        }
    };
    let (attempt, credentials) = state
        .limiter
        .begin_password_sign_in(client.ip, &email)
        .await?;
    let stored = credentials
        .as_ref()
        .and_then(|c| c.encrypted_password.clone());
    let verdict = state.hasher.verify(stored, &password).await?;
    let Some(credentials) = credentials.filter(|_| verdict.matches) else {
        return Err(Error::InvalidCredentials);
    };
    if credentials.email_confirmed_at.is_none() {
        state.limiter.succeeded(&attempt).await?;
        return Err(Error::EmailNotConfirmed);
    }
    let rehashed = match verdict.needs_rehash {
        true => Some(state.hasher.hash(&password).await?),
        false => None,
    };
    let (user, session, refresh_token) =
        signed_in(state, &attempt, credentials.id, rehashed, client).await?;
    session::response(state, &user, &session, refresh_token)
}

fn read(payload: &Bytes) -> Result<(String, SecretString), Error> {
    let params: Params = body::json(payload)?;
    let email = match (present(params.email), present(params.phone)) {
        (Some(_), Some(_)) => {
            return Err(Error::Validation(
                "Only an email address or phone number should be provided on login.".into(),
            ))
        }
        (None, Some(_)) => return Err(phone_disabled()),
        (None, None) => return Err(Error::Validation("missing email or phone".into())),
        (Some(email), None) => email.trim().to_lowercase(),
    };
    Ok((
        email,
        SecretString::from(params.password.unwrap_or_default()),
    ))
}

/// After the right password, in one autocommitted statement: clear the
/// attempt ($1-$3, [`SUCCEEDED`]), make the session ($4 id, $5 user, $6 ip,
/// $7 user agent) with its first refresh token ($8 id, $9 hash) and its
/// `password` amr claim, stamp the
/// sign-in on the user and its email identity (storing $10, a new hash, when
/// there is one), and answer the user as it now is with its identities and
/// the session. A sign-in lost in a crash only costs a new sign-in, so the
/// commit does not wait for the WAL flush (as a refresh does not).
static SIGNED_IN: LazyLock<String> = LazyLock::new(|| {
    r#"
WITH settings AS (
  SELECT set_config('synchronous_commit', 'off', true)
), cleared AS (
  {SUCCEEDED}
), new_session AS (
  INSERT INTO auth.sessions (id, user_id, amr_method, ip, user_agent)
  VALUES ($4, $5, 'password', $6::inet, $7)
  RETURNING id AS session_id, user_id AS session_user_id, aal AS session_aal,
            amr_method AS session_amr_method, created_at AS session_created_at,
            oauth_client_id AS session_oauth_client_id, scopes AS session_scopes
), token AS (
  INSERT INTO auth.refresh_tokens (id, token_hash, user_id, session_id)
  SELECT $8, $9, session_user_id, session_id FROM new_session
), amr AS (
  INSERT INTO auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
  SELECT session_id, 'password', session_created_at, session_created_at FROM new_session
), signed_in AS (
  UPDATE auth.users SET last_sign_in_at = now(),
    encrypted_password = coalesce($10::text, encrypted_password),
    updated_at = CASE WHEN $10::text IS NULL THEN updated_at ELSE now() END
  WHERE id = $5
  RETURNING {USER_COLUMNS}
), email_identity AS (
  UPDATE auth.identities SET last_sign_in_at = now()
  WHERE user_id = $5 AND provider = 'email'
  RETURNING {IDENTITY_COLUMNS}
)
SELECT signed_in.*, new_session.*,
  (SELECT coalesce(json_agg(i ORDER BY i.created_at, i.id), '[]')
   FROM (SELECT * FROM email_identity
         UNION ALL
         SELECT {IDENTITY_COLUMNS} FROM auth.identities WHERE user_id = $5 AND provider <> 'email') i
  ) AS identities,
  {FACTORS} AS factors
FROM signed_in, new_session, settings
"#
    .replace("{FACTORS}", &mfa::FACTORS_JSON.replace("{user}", "$5"))
    .replace("{SUCCEEDED}", SUCCEEDED)
    .replace("{USER_COLUMNS}", USER_COLUMNS)
    .replace("{IDENTITY_COLUMNS}", IDENTITY_COLUMNS)
});

async fn signed_in(
    state: &AuthState,
    attempt: &SignInAttempt,
    user_id: Uuid,
    rehashed: Option<String>,
    client: &Client<'_>,
) -> Result<(User, Session, String), Error> {
    let (pair, keys) = attempt.succeeded_params();
    let token = refresh_token::generate();
    let row = sqlx::query(&SIGNED_IN)
        .bind(pair)
        .bind(keys)
        .bind(state.limiter.known_address_secs())
        .bind(Uuid::new_v4())
        .bind(user_id)
        .bind(client.ip.to_string())
        .bind(client.user_agent)
        .bind(Uuid::new_v4())
        .bind(&refresh_token::hash(&token)[..])
        .bind(rehashed)
        .fetch_optional(&state.pool)
        .await?
        .ok_or(Error::InvalidCredentials)?;
    let (user, session) = session::user_and_session(&row)?;
    Ok((user, session, token))
}
