//! `PUT /admin/oauth/clients/{client_id}` (`auth.admin.oauth.updateClient()`):
//! change the redirect URIs, grant types, name, links or the token endpoint
//! method (within the client's type); a body that changes nothing is a 400.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};

use crate::oauth_server::{self, clients};
use crate::{body, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    oauth_server::require_admin(&state, &req).await?;
    let id = clients::parse_id(&path)?;
    let params: clients::UpdateParams = body::json(&payload)?;
    let mut conn = state.pool.acquire().await?;
    let client = clients::update(&mut conn, id, params).await?;
    Ok(HttpResponse::Ok().json(client.to_json(None)))
}
