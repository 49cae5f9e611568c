//! `DELETE /admin/users/{user_id}` (service_role): removes the user with its
//! identities, sessions and refresh tokens; answers `{}` as GoTrue does.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::admin_params::user_id;
use crate::{bearer, body, users, AuthState, Error};

#[derive(Deserialize, Default)]
struct Params {
    #[serde(default)]
    should_soft_delete: bool,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let id = user_id(&path)?;
    let params: Params = body::json_or_default(&payload)?;
    if params.should_soft_delete {
        return Err(Error::Validation(
            "Soft deletion is not supported; delete the user instead".into(),
        ));
    }
    if !users::delete(&mut *state.pool.acquire().await?, id).await? {
        return Err(Error::UserNotFound);
    }
    Ok(HttpResponse::Ok().json(json!({})))
}
