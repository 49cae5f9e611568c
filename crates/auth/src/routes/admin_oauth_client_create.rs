//! `POST /admin/oauth/clients` (`auth.admin.oauth.createClient()`): register
//! a client by hand (`registration_type: manual`); 201 with the client and,
//! for a confidential one, its secret, shown this once.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};

use crate::oauth_server::{self, clients};
use crate::{body, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    oauth_server::require_admin(&state, &req).await?;
    let params: clients::RegisterParams = body::json(&payload)?;
    let mut conn = state.pool.acquire().await?;
    let (client, secret) = clients::register(&mut conn, params, "manual").await?;
    Ok(HttpResponse::Created().json(client.to_json(secret.as_deref())))
}
