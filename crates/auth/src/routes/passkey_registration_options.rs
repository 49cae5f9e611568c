//! `POST /passkeys/registration/options` (bearer): the options for adding a
//! passkey to the signed-in account. GoTrue's order: the relying party
//! (passkeys off without one), the session, anonymous users refused, aal2
//! when the user has a verified factor, the per-user maximum. The user's
//! passkeys are excluded, so a device does not register twice.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::passkeys::checks::may_register;
use crate::passkeys::credentials::{self, MAX_PER_USER, REGISTRATION};
use crate::passkeys::rp::RelyingParty;
use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    may_register(&state, &principal).await?;
    let user = &principal.user;
    let mut conn = state.pool.acquire().await?;
    if credentials::count(&mut conn, user.id).await? >= MAX_PER_USER {
        return Err(credentials::too_many());
    }
    let exclude = credentials::credential_ids(&mut conn, user.id).await?;
    let (options, ceremony) = rp.start_registration(user, exclude, true)?;
    let (id, expires_at) =
        credentials::create_challenge(&mut conn, Some(user.id), REGISTRATION, &ceremony).await?;
    Ok(HttpResponse::Ok().json(json!({
        "challenge_id": id,
        "options": options,
        "expires_at": expires_at.timestamp(),
    })))
}
