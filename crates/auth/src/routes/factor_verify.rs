//! `POST /factors/{factor_id}/verify`: a code for a challenge of one of the
//! caller's factors. A right TOTP code verifies the factor (on its first
//! use), raises the caller's session to aal2 with `totp` in its amr, ends the
//! user's other aal1 sessions and answers a new session, as GoTrue does; the
//! session's earlier refresh tokens die, so none of them can mint an aal2
//! token.
//!
//! Beyond GoTrue, guessing is bounded as for mailed codes
//! (`crate::code_guesses`): every wrong code counts against the account's
//! wrong codes per window, from all clients together (429 once they are
//! used up), and a challenge dies at its fifth wrong code; a code is
//! accepted once (its time step is remembered), so one seen over a shoulder
//! or replayed from a log does not work again. Guesses for one account run
//! one at a time (its `auth.users` row is locked first).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use super::factor_challenge::phone_verify_disabled;
use crate::bearer::Principal;
use crate::body::{self, present};
use crate::mfa::{self, seal, totp, Factor};
use crate::rate_limit::Bucket;
use crate::session;
use crate::{code_guesses, users, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    challenge_id: Option<String>,
    code: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let principal = mfa::caller(&state, &req).await?;
    let factor = {
        let mut conn = state.pool.acquire().await?;
        mfa::load_owned(
            &mut conn,
            principal.user.id,
            req.match_info().query("factor_id"),
        )
        .await?
    };
    state
        .limiter
        .check(Bucket::Mfa, state.client_ip(&req))
        .await?;
    let params: Params = body::json(&payload)?;
    // GoTrue reads the id as a UUID while parsing the body; absent is the nil
    // UUID, which names no challenge.
    let challenge_id = match params.challenge_id.as_deref() {
        None | Some("") => Uuid::nil(),
        Some(raw) => Uuid::parse_str(raw)
            .map_err(|e| Error::BadJson(format!("invalid challenge_id: {e}")))?,
    };
    let code = present(params.code);
    if code.is_none() && factor.factor_type != mfa::WEBAUTHN {
        return Err(Error::Validation("Code needs to be non-empty".into()));
    }
    let body = match factor.factor_type.as_str() {
        mfa::PHONE => return Err(phone_verify_disabled()),
        mfa::TOTP => {
            let code = code.unwrap_or_default();
            verify_totp(&state, &req, &principal, &factor, challenge_id, &code).await?
        }
        mfa::WEBAUTHN => mfa::webauthn::verify(&state, &req, &principal, &factor, &payload).await?,
        _ => {
            return Err(Error::Validation(
                "factor_type needs to be totp, phone, or webauthn".into(),
            ))
        }
    };
    Ok(HttpResponse::Ok().json(body))
}

fn failed(code: &'static str, message: String) -> Error {
    Error::NotSupported {
        status: 422,
        code,
        message,
    }
}

#[derive(sqlx::FromRow)]
pub(crate) struct Challenge {
    pub(crate) id: Uuid,
    verified_at: Option<DateTime<Utc>>,
    ip_address: Option<String>,
    expired: bool,
}

/// GoTrue's `validateChallenge`: the challenge must be the factor's, unused,
/// from this address and not expired (an expired one is deleted).
pub(crate) async fn usable_challenge(
    conn: &mut PgConnection,
    factor: &Factor,
    challenge_id: Uuid,
    ip: &str,
) -> Result<Result<Challenge, Error>, Error> {
    let challenge: Option<Challenge> = sqlx::query_as(
        "SELECT id, verified_at, host(ip_address) AS ip_address, \
                created_at < now() - make_interval(secs => $3) AS expired \
           FROM auth.mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE",
    )
    .bind(challenge_id)
    .bind(factor.id)
    .bind(mfa::CHALLENGE_EXPIRY_SECS as f64)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(challenge) = challenge else {
        return Ok(Err(failed(
            "mfa_factor_not_found",
            "MFA factor with the provided challenge ID not found".into(),
        )));
    };
    if challenge.verified_at.is_some() || challenge.ip_address.as_deref() != Some(ip) {
        return Ok(Err(failed(
            "mfa_ip_address_mismatch",
            "Challenge and verify IP addresses mismatch.".into(),
        )));
    }
    if challenge.expired {
        sqlx::query("DELETE FROM auth.mfa_challenges WHERE id = $1")
            .bind(challenge.id)
            .execute(&mut *conn)
            .await?;
        return Ok(Err(failed(
            "mfa_challenge_expired",
            format!(
                "MFA challenge {} has expired, verify against another challenge or create a new challenge.",
                challenge.id
            ),
        )));
    }
    Ok(Ok(challenge))
}

async fn verify_totp(
    state: &AuthState,
    req: &HttpRequest,
    principal: &Principal,
    factor: &Factor,
    challenge_id: Uuid,
    code: &str,
) -> Result<Value, Error> {
    let current = mfa::session_of(principal, "Cannot read SessionId claim as UUID")?;
    let user_id = principal.user.id;
    let ip = state.client_ip(req).to_string();
    let limits = state.limits();
    let mut tx = state.pool.begin().await?;
    sqlx::query("SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    let challenge = match usable_challenge(&mut tx, factor, challenge_id, &ip).await? {
        Ok(challenge) => challenge,
        Err(refusal) => {
            // Keep an expired challenge's deletion.
            tx.commit().await?;
            return Err(refusal);
        }
    };
    code_guesses::refuse_while_full(
        &mut tx,
        limits,
        &[user_id],
        "Too many wrong codes for this account; try again later",
    )
    .await?;
    let (sealed, last_step): (Option<String>, Option<i64>) = sqlx::query_as(
        "SELECT secret, last_totp_step FROM auth.mfa_factors WHERE id = $1 FOR UPDATE",
    )
    .bind(factor.id)
    .fetch_one(&mut *tx)
    .await?;
    let key = seal::derivation_key(&state.settings.jwt_secret);
    let (secret, plain) =
        seal::open_stored(&key, factor.id, sealed.as_deref().unwrap_or_default())?;
    let step = totp::check(&secret, code, Utc::now().timestamp())
        .filter(|step| last_step.is_none_or(|last| *step > last));
    let Some(step) = step else {
        count_wrong(&mut tx, state, user_id, challenge.id).await?;
        tx.commit().await?;
        return Err(failed(
            "mfa_verification_failed",
            "Invalid TOTP code entered".into(),
        ));
    };

    sqlx::query("UPDATE auth.mfa_challenges SET verified_at = now() WHERE id = $1")
        .bind(challenge.id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE auth.mfa_factors SET status = 'verified', last_totp_step = $2, updated_at = now(), \
                secret = coalesce($3, secret) WHERE id = $1",
    )
    .bind(factor.id)
    .bind(step)
    .bind(match plain {
        true => Some(seal::seal(&key, factor.id, &secret)?),
        false => None,
    })
    .execute(&mut *tx)
    .await?;
    let (session, refresh_token) = mfa::raise_session(&mut tx, &current, factor).await?;
    let user = users::find_by_id(&mut tx, user_id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    tx.commit().await?;
    session::response(state, &user, &session, refresh_token)
}

/// A wrong (or replayed) code: one more against the account's count and the
/// challenge's; the challenge dies at its last allowed try, and every
/// challenge of the account when the account's count is full.
async fn count_wrong(
    conn: &mut PgConnection,
    state: &AuthState,
    user_id: Uuid,
    challenge_id: Uuid,
) -> Result<(), Error> {
    let limits = state.limits();
    let full = code_guesses::count(&mut *conn, limits, &[user_id]).await?;
    // A challenge at its last allowed try goes; otherwise it counts one more.
    let died =
        sqlx::query("DELETE FROM auth.mfa_challenges WHERE id = $1 AND failed_attempts + 1 >= $2")
            .bind(challenge_id)
            .bind(i64::from(limits.code_attempts))
            .execute(&mut *conn)
            .await?;
    if died.rows_affected() == 0 {
        sqlx::query(
            "UPDATE auth.mfa_challenges SET failed_attempts = failed_attempts + 1 WHERE id = $1",
        )
        .bind(challenge_id)
        .execute(&mut *conn)
        .await?;
    }
    if !full.is_empty() {
        sqlx::query(
            "DELETE FROM auth.mfa_challenges WHERE factor_id IN \
             (SELECT id FROM auth.mfa_factors WHERE user_id = $1)",
        )
        .bind(user_id)
        .execute(conn)
        .await?;
    }
    Ok(())
}
