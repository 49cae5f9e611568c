//! `GET /user` (bearer): the signed-in user, after GoTrue's audience check.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    let wanted = req
        .headers()
        .get("x-jwt-aud")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("authenticated");
    let first_aud = match principal.claims.value.get("aud") {
        Some(Value::String(s)) => Some(s.as_str()),
        Some(Value::Array(list)) => list.first().and_then(Value::as_str),
        _ => None,
    };
    if first_aud != Some(wanted) {
        return Err(Error::Validation(
            "Token audience doesn't match request audience".into(),
        ));
    }
    Ok(HttpResponse::Ok().json(principal.user.to_json()))
}
