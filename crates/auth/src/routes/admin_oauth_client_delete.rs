//! `DELETE /admin/oauth/clients/{client_id}` (`auth.admin.oauth.deleteClient()`):
//! 204; the app's sessions and pending requests end with it.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};

use crate::oauth_server::{self, clients};
use crate::{AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    oauth_server::require_admin(&state, &req).await?;
    let id = clients::parse_id(&path)?;
    let mut tx = state.pool.begin().await?;
    clients::delete(&mut tx, id).await?;
    tx.commit().await?;
    Ok(HttpResponse::NoContent().finish())
}
