//! `DELETE /user/identities/{identity_id}` (`unlinkIdentity()`): one of the
//! signed-in user's identities removed, never the last.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;
use uuid::Uuid;

use super::unsupported::manual_linking_disabled;
use crate::oauth::{accounts, refusal};
use crate::{bearer, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    if !state.external.manual_linking {
        return Err(manual_linking_disabled());
    }
    let identity_id = Uuid::parse_str(&path.into_inner())
        .map_err(|_| refusal(404, "validation_failed", "identity_id must be an UUID"))?;
    let mut tx = state.pool.begin().await?;
    accounts::unlink(&mut tx, principal.user.id, identity_id).await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({})))
}
