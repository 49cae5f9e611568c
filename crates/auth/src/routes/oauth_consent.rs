//! `POST /oauth/authorizations/{authorization_id}/consent` `{action}`
//! (`auth.oauth.approveAuthorization()` / `denyAuthorization()`): the bound
//! user decides. Approving remembers the grant and answers the app's
//! `redirect_uri` with the one-time `code` and `state`; denying answers it
//! with `error=access_denied`. A request that expired, was decided already,
//! or is another user's gets the same answers as on opening it.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::oauth_server::authorizations::not_found;
use crate::oauth_server::{self, authorizations, consents};
use crate::{bearer, body, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    action: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    let principal = bearer::authenticate(&state, &req).await?;
    oauth_server::check_origin(&state, &req)?;
    let params: Params = body::json(&payload)?;
    let approve = match params.action.as_deref() {
        Some("approve") => true,
        Some("deny") => false,
        _ => {
            return Err(Error::Validation(
                "action must be 'approve' or 'deny'".into(),
            ))
        }
    };
    let user_id = principal.user.id;
    let (mut tx, authorization) = authorizations::lock_pending(
        state.pool.begin().await?,
        &path,
        "authorization request is no longer pending",
    )
    .await?;
    if authorization.user_id != Some(user_id) {
        return Err(not_found());
    }
    let redirect_url = if approve {
        let code = authorizations::approve(&mut tx, authorization.id).await?;
        consents::grant(
            &mut tx,
            user_id,
            authorization.client_id,
            &authorization.scope,
        )
        .await?;
        authorizations::success_redirect(
            &authorization.redirect_uri,
            &code,
            authorization.state.as_deref(),
        )
    } else {
        authorizations::deny(&mut tx, authorization.id).await?;
        authorizations::error_redirect(
            &authorization.redirect_uri,
            "access_denied",
            "User denied the request",
            authorization.state.as_deref(),
        )
    };
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({ "redirect_url": redirect_url })))
}
