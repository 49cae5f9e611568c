//! `GET /user/identities/authorize?provider=…` (`linkIdentity()`): the same
//! start as `/authorize`, for the signed-in user, whose user the provider's
//! identity then joins. supabase-js asks for `skip_http_redirect=true` and
//! gets `{url}`; otherwise a 302.

use actix_web::http::header::LOCATION;
use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use super::external_authorize::provider_url;
use super::unsupported::manual_linking_disabled;
use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    if !state.external.manual_linking {
        return Err(manual_linking_disabled());
    }
    let url = provider_url(&state, &req, Some(principal.user.id)).await?;
    let skip = url::form_urlencoded::parse(req.query_string().as_bytes())
        .any(|(k, v)| k == "skip_http_redirect" && v == "true");
    if skip {
        return Ok(HttpResponse::Ok().json(json!({ "url": url })));
    }
    Ok(HttpResponse::Found()
        .insert_header((LOCATION, url))
        .finish())
}
