//! `GET /oauth/authorizations/{authorization_id}`
//! (`auth.oauth.getAuthorizationDetails()`): what the consent page shows.
//! The first signed-in user to open a request is bound to it; anyone else
//! then gets the same 404 as for an unknown id. When the user already
//! granted the app every requested scope the request is approved at once and
//! the answer is only `{redirect_url}` (back to the app with the code).
//! Expired requests are 404, handled ones (approved, denied) a 400.

use actix_web::web::{Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::{json, Map};

use crate::oauth_server::{self, authorizations, clients, consents, scopes};
use crate::{bearer, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    let principal = bearer::authenticate(&state, &req).await?;
    oauth_server::check_origin(&state, &req)?;
    let user = principal.user;
    let (mut tx, authorization) = authorizations::lock_pending(
        state.pool.begin().await?,
        &path,
        "authorization request cannot be processed",
    )
    .await?;
    match authorization.user_id {
        Some(owner) if owner != user.id => return Err(authorizations::not_found()),
        Some(_) => {}
        None => {
            authorizations::bind_user(&mut tx, authorization.id, user.id).await?;
            let granted = consents::active(&mut tx, user.id, authorization.client_id).await?;
            if granted.is_some_and(|g| scopes::covers(&g, &authorization.scope)) {
                let code = authorizations::approve(&mut tx, authorization.id).await?;
                tx.commit().await?;
                return Ok(HttpResponse::Ok().json(json!({
                    "redirect_url": authorizations::success_redirect(
                        &authorization.redirect_uri,
                        &code,
                        authorization.state.as_deref(),
                    ),
                })));
            }
        }
    }
    let client = clients::find(&mut tx, authorization.client_id)
        .await?
        .ok_or_else(authorizations::not_found)?;
    tx.commit().await?;
    let mut who = Map::new();
    who.insert("id".into(), json!(user.id));
    if !user.email_str().is_empty() {
        who.insert("email".into(), json!(user.email_str()));
    }
    Ok(HttpResponse::Ok().json(json!({
        "authorization_id": authorization.authorization_id,
        "redirect_uri": authorization.redirect_uri,
        "client": client.summary(),
        "user": who,
        "scope": authorization.scope,
    })))
}
