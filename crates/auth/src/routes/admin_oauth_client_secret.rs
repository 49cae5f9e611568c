//! `POST /admin/oauth/clients/{client_id}/regenerate_secret`
//! (`auth.admin.oauth.regenerateClientSecret()`): a new secret for a
//! confidential client, shown this once; the old one stops working at once.

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
    let mut conn = state.pool.acquire().await?;
    let (client, secret) = clients::regenerate_secret(&mut conn, id).await?;
    Ok(HttpResponse::Ok().json(client.to_json(Some(&secret))))
}
