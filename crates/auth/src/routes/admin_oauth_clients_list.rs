//! `GET /admin/oauth/clients` (`auth.admin.oauth.listClients()`): the
//! registered clients that are not deleted, newest first, as
//! `{clients: [...]}` (GoTrue does not page this list).

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::oauth_server::{self, clients};
use crate::{AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    oauth_server::require_admin(&state, &req).await?;
    let mut conn = state.pool.acquire().await?;
    let list: Vec<_> = clients::list(&mut conn)
        .await?
        .iter()
        .map(|c| c.to_json(None))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "clients": list })))
}
