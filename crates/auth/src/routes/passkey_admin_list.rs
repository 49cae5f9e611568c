//! `GET /admin/users/{user_id}/passkeys` (service_role):
//! `auth.admin.passkey.listPasskeys`, the user's passkeys as `GET /passkeys`
//! shows them.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

use crate::passkeys::admin::admin_and_user;
use crate::passkeys::credentials;
use crate::{AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    let user = admin_and_user(&state, &req, &path).await?;
    let mut conn = state.pool.acquire().await?;
    let passkeys = credentials::list(&mut conn, user).await?;
    Ok(HttpResponse::Ok().json(passkeys.iter().map(|p| p.to_json()).collect::<Vec<Value>>()))
}
