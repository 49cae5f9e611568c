//! `GET /passkeys` (bearer): the signed-in user's passkeys, oldest first, as
//! `[{id, friendly_name, created_at, last_used_at}]`.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

use crate::passkeys::credentials;
use crate::passkeys::rp::RelyingParty;
use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    let mut conn = state.pool.acquire().await?;
    let passkeys = credentials::list(&mut conn, principal.user.id).await?;
    Ok(HttpResponse::Ok().json(passkeys.iter().map(|p| p.to_json()).collect::<Vec<Value>>()))
}
