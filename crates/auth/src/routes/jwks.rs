//! `GET /.well-known/jwks.json`: tokens are HS256 with a shared secret, so
//! there is no public key to publish.

use actix_web::HttpResponse;
use serde_json::json;

pub async fn handle() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "keys": [] }))
}
