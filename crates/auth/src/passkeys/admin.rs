//! The admin passkey endpoints' gate: the service role, then a
//! `{user_id}` that names a user (GoTrue's `loadUser`: 404 either way).

use actix_web::HttpRequest;
use uuid::Uuid;

use crate::routes::admin_params;
use crate::{bearer, users, AuthState, Error};

pub(crate) async fn admin_and_user(
    state: &AuthState,
    req: &HttpRequest,
    raw: &str,
) -> Result<Uuid, Error> {
    bearer::require_admin(state, req)?;
    let id = admin_params::user_id(raw)?;
    let mut conn = state.pool.acquire().await?;
    users::find_by_id(&mut conn, id)
        .await?
        .ok_or(Error::UserNotFound)?;
    Ok(id)
}
