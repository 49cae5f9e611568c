//! `POST /passkeys/registration/verify` (bearer): the new credential for a
//! registration challenge of the same user, checked and stored as a passkey
//! (`{id, friendly_name, created_at}`). The challenge is used up first,
//! whatever the outcome.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::model::timestamp;
use crate::passkeys::checks::{may_register, verify_params};
use crate::passkeys::credentials::{self, REGISTRATION};
use crate::passkeys::rp::{Ceremony, RelyingParty};
use crate::passkeys::{challenge_expired, challenge_not_found};
use crate::{bearer, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    may_register(&state, &principal).await?;
    let user = &principal.user;
    let (challenge_id, credential) = verify_params(&payload)?;
    let mut conn = state.pool.acquire().await?;
    let (ceremony, expired) =
        credentials::consume_challenge(&mut conn, challenge_id, REGISTRATION, Some(user.id))
            .await?
            .ok_or_else(challenge_not_found)?;
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
