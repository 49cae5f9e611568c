//! `POST /passkeys/authentication/options`: a sign-in challenge that names
//! no user and no credential (GoTrue's discoverable flow: the device offers
//! its passkeys for this relying party).

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::passkeys::credentials::{self, AUTHENTICATION};
use crate::passkeys::rp::RelyingParty;
use crate::rate_limit::Bucket;
use crate::{AuthState, Error};

/// Each call stores a challenge for a caller nobody knows yet, so it spends
/// from the address's passkey budget (GoTrue's `RATE_LIMIT_PASSKEY`).
pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    state
        .limiter
        .check(Bucket::Passkey, state.client_ip(&req))
        .await?;
    let (options, ceremony) = rp.start_authentication(&[])?;
    let mut conn = state.pool.acquire().await?;
    let (id, expires_at) =
        credentials::create_challenge(&mut conn, None, AUTHENTICATION, &ceremony).await?;
    Ok(HttpResponse::Ok().json(json!({
        "challenge_id": id,
        "options": options,
        "expires_at": expires_at.timestamp(),
    })))
}
