//! `GET /.well-known/openid-configuration` (OpenID Connect Discovery), under
//! `/auth/v1` and at the site root as `/.well-known/openid-configuration/auth/v1`:
//! the same document as the OAuth metadata, served whether or not the OAuth
//! server is on, as GoTrue serves it (the JWKS it names is always there).

use actix_web::http::header::CACHE_CONTROL;
use actix_web::web::Data;
use actix_web::HttpResponse;

use crate::oauth_server::metadata;
use crate::AuthState;

pub async fn handle(state: Data<AuthState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "public, max-age=600"))
        .json(metadata::document(&state))
}
