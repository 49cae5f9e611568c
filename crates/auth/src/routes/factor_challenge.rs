//! `POST /factors/{factor_id}/challenge`: a challenge for one of the
//! caller's factors, which `/verify` uses once within five minutes, from the
//! same address. Each request spends from the client's MFA rate.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;
use uuid::Uuid;

use crate::mfa::{self, Factor};
use crate::rate_limit::Bucket;
use crate::{AuthState, Error};

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
    let ip = state.client_ip(&req);
    state.limiter.check(Bucket::Mfa, ip).await?;
    let body = match factor.factor_type.as_str() {
        mfa::PHONE => return Err(phone_verify_disabled()),
        mfa::TOTP => challenge_totp(&state, &factor, ip).await?,
        mfa::WEBAUTHN => {
            mfa::webauthn::challenge(&state, &req, &principal, &factor, &payload).await?
        }
        _ => {
            return Err(Error::Validation(
                "factor_type needs to be totp, phone, or webauthn".into(),
            ))
        }
    };
    Ok(HttpResponse::Ok().json(body))
}

pub(super) fn phone_verify_disabled() -> Error {
    Error::NotSupported {
        status: 422,
        code: "mfa_phone_verify_not_enabled",
        message: "MFA verification is disabled for Phone".into(),
    }
}

async fn challenge_totp(
    state: &AuthState,
    factor: &Factor,
    ip: std::net::IpAddr,
) -> Result<serde_json::Value, Error> {
    let mut tx = state.pool.begin().await?;
    let (id, expires_at): (Uuid, i64) = sqlx::query_as(
        "INSERT INTO auth.mfa_challenges (factor_id, ip_address) VALUES ($1, $2::inet) \
         RETURNING id, floor(extract(epoch FROM created_at))::bigint + $3",
    )
    .bind(factor.id)
    .bind(ip.to_string())
    .bind(mfa::CHALLENGE_EXPIRY_SECS)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1")
        .bind(factor.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(json!({"id": id, "type": factor.factor_type, "expires_at": expires_at}))
}
