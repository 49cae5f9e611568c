//! `POST /oauth/clients/register`: RFC 7591 dynamic registration, open to
//! anyone only when `PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION` is on
//! (else GoTrue's 403). Each registration writes a row, so it takes from the
//! address's `/token` budget.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};

use crate::oauth_server::{self, clients};
use crate::rate_limit::Bucket;
use crate::{body, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    if !state.oauth_server.allow_dynamic_registration {
        return Err(Error::NotSupported {
            status: 403,
            code: "oauth_dynamic_client_registration_disabled",
            message: "Dynamic client registration is not enabled".into(),
        });
    }
    state
        .limiter
        .check(Bucket::Token, state.client_ip(&req))
        .await?;
    let params: clients::RegisterParams = body::json(&payload)?;
    let mut conn = state.pool.acquire().await?;
    let (client, secret) = clients::register(&mut conn, params, "dynamic").await?;
    Ok(HttpResponse::Created().json(client.to_json(secret.as_deref())))
}
