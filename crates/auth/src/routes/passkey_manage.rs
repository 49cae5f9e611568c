//! `GET /passkeys`, `PATCH /passkeys/{passkey_id}` (rename) and
//! `DELETE /passkeys/{passkey_id}` (bearer): the signed-in user's own
//! passkeys. Another user's passkey, or an id that is no UUID, is 404
//! "Passkey not found" as GoTrue answers.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use super::passkey_registration::require_aal2_if_enrolled;
use crate::passkeys::credentials;
use crate::passkeys::not_found;
use crate::passkeys::rp::RelyingParty;
use crate::{bearer, body, AuthState, Error};

pub async fn list(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    let mut conn = state.pool.acquire().await?;
    let passkeys = credentials::list(&mut conn, principal.user.id).await?;
    Ok(HttpResponse::Ok().json(passkeys.iter().map(|p| p.to_json()).collect::<Vec<Value>>()))
}

#[derive(Deserialize)]
struct UpdateParams {
    friendly_name: Option<String>,
}

/// GoTrue's limit, in bytes.
const MAX_NAME: usize = 120;

pub async fn update(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    let id = Uuid::parse_str(&path).map_err(|_| not_found())?;
    let params: UpdateParams = body::json(&payload)?;
    let name = params
        .friendly_name
        .filter(|n| !n.is_empty())
        .ok_or_else(|| Error::Validation("friendly_name is required".into()))?;
    if name.len() > MAX_NAME {
        return Err(Error::Validation(
            "friendly_name must be 120 characters or less".into(),
        ));
    }
    let mut conn = state.pool.acquire().await?;
    let passkey = credentials::rename(&mut conn, id, principal.user.id, &name)
        .await?
        .ok_or_else(not_found)?;
    Ok(HttpResponse::Ok().json(passkey.to_json()))
}

pub async fn delete(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    RelyingParty::from_settings(&state.settings)?;
    let principal = bearer::authenticate(&state, &req).await?;
    require_aal2_if_enrolled(&state, &principal).await?;
    let id = Uuid::parse_str(&path).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    if !credentials::delete(&mut conn, id, principal.user.id).await? {
        return Err(not_found());
    }
    Ok(HttpResponse::NoContent().finish())
}
