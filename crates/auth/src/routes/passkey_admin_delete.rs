//! `DELETE /admin/users/{user_id}/passkeys/{passkey_id}` (service_role):
//! `auth.admin.passkey.deletePasskey` (204); a passkey that is not that
//! user's is 404 "Passkey not found".

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use uuid::Uuid;

use crate::passkeys::admin::admin_and_user;
use crate::passkeys::{credentials, not_found};
use crate::{AuthState, Error};

pub async fn handle(
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
