//! `POST /token?grant_type=password|refresh_token`: the per-IP limit before any
//! password is checked, then the grant (a refresh pays it only when its token is
//! not live, see [`crate::rotation`]). Grants GoTrue has but this server does
//! not answer as GoTrue does when they are switched off.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use super::unsupported::oauth_disabled;
use super::{token_id_token, token_oauth_pkce, token_password, token_refresh};
use crate::session::Client;
use crate::{body, AuthState, Error};

#[derive(Deserialize)]
struct Query {
    grant_type: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let query: Query = body::query(req.query_string())?;
    let external = !state.external.providers.is_empty();
    let password = match query.grant_type.as_deref() {
        Some("password") => true,
        Some("refresh_token") => false,
        Some("id_token") if external => return external_grant(&state, &req, &payload, true).await,
        Some("id_token") => return Err(oauth_disabled()),
        Some("pkce") if external => return external_grant(&state, &req, &payload, false).await,
        Some("pkce") => {
            return Err(Error::NotSupported {
                status: 404,
                code: "flow_state_not_found",
                message: "invalid flow state, no valid flow state found".into(),
            })
        }
        Some("web3") => {
            return Err(Error::NotSupported {
                status: 422,
                code: "web3_provider_disabled",
                message: "Web3 provider is disabled".into(),
            })
        }
        _ => return Err(Error::UnsupportedGrantType),
    };
    // A password grant takes from the address's request budget first of all
    // (see token_password), a refresh only when its token is not live.
    let ip = state.client_ip(&req);
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let client = Client { ip, user_agent };
    let session = if password {
        token_password::grant(&state, &payload, &client).await?
    } else {
        token_refresh::grant(&state, &payload, &client).await?
    };
    Ok(HttpResponse::Ok().json(session))
}

/// The grants of a provider sign-in: `id_token`, or the `pkce` code of one.
async fn external_grant(
    state: &AuthState,
    req: &HttpRequest,
    payload: &Bytes,
    id_token: bool,
) -> Result<HttpResponse, Error> {
    let ip = state.client_ip(req);
    state
        .limiter
        .check(crate::rate_limit::Bucket::Token, ip)
        .await?;
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let client = Client { ip, user_agent };
    let session = match id_token {
        true => token_id_token::grant(state, payload, &client).await?,
        false => token_oauth_pkce::grant(state, payload, &client).await?,
    };
    Ok(HttpResponse::Ok().json(session))
}
