//! `PATCH /passkeys/{passkey_id}` (bearer): rename one of the signed-in
//! user's passkeys (`{friendly_name}`, 1 to 120 bytes). Another user's
//! passkey, or an id that is no UUID, is 404 "Passkey not found" as GoTrue
//! answers.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use uuid::Uuid;

use crate::passkeys::credentials;
use crate::passkeys::not_found;
use crate::passkeys::rp::RelyingParty;
use crate::{bearer, body, AuthState, Error};

#[derive(Deserialize)]
struct UpdateParams {
    friendly_name: Option<String>,
}

/// GoTrue's limit, in bytes.
const MAX_NAME: usize = 120;

pub async fn handle(
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
