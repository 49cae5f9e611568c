//! `POST /passkeys/registration/options` and `/passkeys/registration/verify`
//! (bearer): add a passkey to the signed-in account. GoTrue's order: the
//! relying party (passkeys off without one), the session, anonymous users
//! refused, aal2 when the user has a verified factor, the per-user maximum.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::bearer::{self, Principal};
use crate::passkeys::credentials::{self, MAX_PER_USER};
use crate::passkeys::rp::{Ceremony, RelyingParty};
use crate::passkeys::{challenge_expired, challenge_not_found};
use crate::{body, model::timestamp, AuthState, Error};

const KIND: &str = "registration";

pub async fn options(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    may_manage(&state, &principal).await?;
    let user = &principal.user;
    let mut conn = state.pool.acquire().await?;
    if credentials::count(&mut conn, user.id).await? >= MAX_PER_USER {
        return Err(credentials::too_many());
    }
    let exclude = credentials::credential_ids(&mut conn, user.id).await?;
    let (options, ceremony) = rp.start_registration(user, exclude)?;
    let (id, expires_at) =
        credentials::create_challenge(&mut conn, Some(user.id), KIND, &ceremony).await?;
    Ok(HttpResponse::Ok().json(json!({
        "challenge_id": id,
        "options": options,
        "expires_at": expires_at.timestamp(),
    })))
}

#[derive(Deserialize)]
pub(crate) struct VerifyParams {
    pub challenge_id: Option<String>,
    pub credential: Option<Value>,
}

/// GoTrue's checks of `{challenge_id, credential}`, in its order.
pub(crate) fn verify_params(payload: &Bytes) -> Result<(Uuid, Value), Error> {
    let params: VerifyParams = body::json(payload)?;
    let challenge_id = params
        .challenge_id
        .filter(|c| !c.is_empty())
        .ok_or_else(|| Error::Validation("challenge_id is required".into()))?;
    let credential = params
        .credential
        .ok_or_else(|| Error::Validation("credential is required".into()))?;
    let challenge_id = Uuid::parse_str(&challenge_id)
        .map_err(|_| Error::Validation("challenge_id must be a valid UUID".into()))?;
    Ok((challenge_id, credential))
}

pub async fn verify(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    may_manage(&state, &principal).await?;
    let user = &principal.user;
    let (challenge_id, credential) = verify_params(&payload)?;
    let mut tx = state.pool.begin().await?;
    let (ceremony, expired) =
        credentials::consume_challenge(&mut tx, challenge_id, KIND, Some(user.id))
            .await?
            .ok_or_else(challenge_not_found)?;
    // The challenge is gone whatever happens next: commit its deletion first.
    tx.commit().await?;
    if expired {
        return Err(challenge_expired());
    }
    let Ceremony::Registration(registration) = ceremony else {
        return Err(challenge_not_found());
    };
    let new = rp.finish_registration(&credential, &registration)?;
    let mut tx = state.pool.begin().await?;
    let passkey = credentials::insert(&mut tx, user.id, &new, "Passkey").await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({
        "id": passkey.id,
        "friendly_name": passkey.friendly_name,
        "created_at": timestamp(passkey.created_at),
    })))
}

/// Registration (and deletion) by a user who is not anonymous, at aal2 when
/// the account has a verified second factor: a stolen password alone must
/// not add a way in.
pub(crate) async fn may_manage(state: &AuthState, principal: &Principal) -> Result<(), Error> {
    if principal.user.is_anonymous
        || principal.claims.value.get("is_anonymous") == Some(&Value::Bool(true))
    {
        return Err(Error::NotSupported {
            status: 403,
            code: "no_authorization",
            message: "Anonymous user not allowed to perform these actions".into(),
        });
    }
    require_aal2_if_enrolled(state, principal).await
}

pub(crate) async fn require_aal2_if_enrolled(
    state: &AuthState,
    principal: &Principal,
) -> Result<(), Error> {
    let enrolled: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM auth.mfa_factors WHERE user_id = $1 AND status = 'verified')",
    )
    .bind(principal.user.id)
    .fetch_one(&state.pool)
    .await?;
    let aal2 = principal.session.as_ref().is_some_and(|s| s.aal == "aal2");
    if enrolled && !aal2 {
        return Err(Error::NotSupported {
            status: 403,
            code: "insufficient_aal",
            message: "AAL2 session is required to manage passkeys when MFA is enabled".into(),
        });
    }
    Ok(())
}
