//! `GET /admin/users/{user_id}` (service_role).

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};

use super::admin_params::user_id;
use crate::{bearer, users, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let id = user_id(&path)?;
    let user = users::find_by_id(&mut *state.pool.acquire().await?, id)
        .await?
        .ok_or(Error::UserNotFound)?;
    Ok(HttpResponse::Ok().json(user.to_json()))
}
