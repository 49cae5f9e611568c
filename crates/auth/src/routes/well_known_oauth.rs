//! `GET /.well-known/oauth-authorization-server` (RFC 8414), under
//! `/auth/v1` and at the site root as `/.well-known/oauth-authorization-server/auth/v1`
//! (the issuer's path after the well-known name, where Supabase serves it);
//! 404 while the OAuth server is off, as GoTrue answers.

use actix_web::http::header::CACHE_CONTROL;
use actix_web::web::Data;
use actix_web::HttpResponse;

use crate::oauth_server::{self, metadata};
use crate::{AuthState, Error};

pub async fn handle(state: Data<AuthState>) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    Ok(HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "public, max-age=600"))
        .json(metadata::document(&state)))
}
