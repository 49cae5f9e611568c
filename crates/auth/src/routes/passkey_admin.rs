//! `GET /admin/users/{user_id}/passkeys` and
//! `DELETE /admin/users/{user_id}/passkeys/{passkey_id}` (service_role):
//! `auth.admin.passkey.listPasskeys` / `deletePasskey`. The user must exist
//! (404 `user_not_found`); a passkey that is not that user's is 404.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;
use uuid::Uuid;

use super::admin_params::user_id;
use crate::passkeys::{credentials, not_found};
use crate::{bearer, users, AuthState, Error};

async fn admin_and_user(state: &AuthState, req: &HttpRequest, raw: &str) -> Result<Uuid, Error> {
    bearer::require_admin(state, req)?;
    let id = user_id(raw)?;
    let mut conn = state.pool.acquire().await?;
    users::find_by_id(&mut conn, id)
        .await?
        .ok_or(Error::UserNotFound)?;
    Ok(id)
}

pub async fn list(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    let user = admin_and_user(&state, &req, &path).await?;
    let mut conn = state.pool.acquire().await?;
    let passkeys = credentials::list(&mut conn, user).await?;
    Ok(HttpResponse::Ok().json(passkeys.iter().map(|p| p.to_json()).collect::<Vec<Value>>()))
}

pub async fn delete(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<(String, String)>,
) -> Result<HttpResponse, Error> {
    let (raw_user, raw_passkey) = path.into_inner();
    let user = admin_and_user(&state, &req, &raw_user).await?;
    let id = Uuid::parse_str(&raw_passkey).map_err(|_| not_found())?;
    let mut conn = state.pool.acquire().await?;
    if !credentials::delete(&mut conn, id, user).await? {
        return Err(not_found());
    }
    Ok(HttpResponse::NoContent().finish())
}
