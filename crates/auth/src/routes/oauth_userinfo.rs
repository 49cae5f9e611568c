//! `GET /oauth/userinfo` (OpenID Connect Core section 5.3): the signed-in
//! user's claims that the scopes granted to the app allow, from the session
//! the access token names; a token of no app session gets only `sub`.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::{json, Map, Value};

use crate::oauth_server::{self, id_token, scopes};
use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    let principal = bearer::authenticate(&state, &req).await?;
    let user = &principal.user;
    let mut info = Map::new();
    info.insert("sub".into(), json!(user.id));
    let granted = principal
        .session
        .as_ref()
        .and_then(|s| s.scopes.clone())
        .unwrap_or_default();
    id_token::profile_claims(user, &granted, &mut info);
    if scopes::has(&granted, "profile") && user.user_metadata.is_object() {
        info.insert("user_metadata".into(), user.user_metadata.clone());
    }
    Ok(HttpResponse::Ok().json(Value::Object(info)))
}
