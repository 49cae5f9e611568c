//! `GET /.well-known/jwks.json`: the public keys of the current and previous
//! signing keys (never a revoked one, never the HS256 secret), which
//! `auth.getClaims()` verifies access tokens with. Cacheable for ten minutes,
//! as GoTrue serves it: `pleat keys rotate` makes the new key current at once,
//! and tokens of the previous key keep verifying meanwhile.

use actix_web::http::header::CACHE_CONTROL;
use actix_web::{web, HttpResponse};

use crate::AuthState;

pub async fn handle(state: web::Data<AuthState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, "public, max-age=600"))
        .json(state.keyring.jwks())
}
