//! `DELETE /passkeys/{passkey_id}` (bearer): remove one of the signed-in
//! user's passkeys (204), from an aal2 session once the account has a
//! verified factor. Another user's passkey is 404 "Passkey not found".

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use uuid::Uuid;

use crate::passkeys::checks::require_aal2_if_enrolled;
use crate::passkeys::credentials;
use crate::passkeys::not_found;
use crate::passkeys::rp::RelyingParty;
use crate::{bearer, AuthState, Error};

pub async fn handle(
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
