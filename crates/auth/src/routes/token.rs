//! `POST /token?grant_type=password|refresh_token|pkce|id_token`: the per-IP limit before any
//! password is checked, then the grant (a refresh pays it only when its token is
//! not live, see [`crate::rotation`]). Grants GoTrue has but this server does
//! not answer as GoTrue does when they are switched off.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use super::unsupported::oauth_disabled;
use super::{token_id_token, token_password, token_pkce, token_refresh};
use crate::rate_limit::Bucket;
use crate::session::Client;
use crate::{body, AuthState, Error};

enum Grant {
    Password,
    Refresh,
    Pkce,
    IdToken,
}

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
    let grant = match query.grant_type.as_deref() {
        Some("password") => Grant::Password,
        Some("refresh_token") => Grant::Refresh,
        Some("pkce") => Grant::Pkce,
        Some("id_token") if !state.external.providers.is_empty() => Grant::IdToken,
        Some("id_token") => return Err(oauth_disabled()),
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
    let session = match grant {
        Grant::Password => token_password::grant(&state, &payload, &client).await?,
        Grant::Refresh => token_refresh::grant(&state, &payload, &client).await?,
        Grant::Pkce => token_pkce::grant(&state, &payload, &client).await?,
        Grant::IdToken => {
            state.limiter.check(Bucket::Token, ip).await?;
            token_id_token::grant(&state, &payload, &client).await?
        }
    };
    Ok(HttpResponse::Ok().json(session))
}
