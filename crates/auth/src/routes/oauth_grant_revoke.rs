//! `DELETE /user/oauth/grants?client_id=` (`auth.oauth.revokeGrant()`): the
//! user takes an app's grant back; every session the app holds for the user
//! ends with it (its refresh tokens stop working, its access tokens are
//! refused by `/rest/v1` at once). 204, or GoTrue's 404 when there was none.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::oauth_server::{self, clients, consents};
use crate::{bearer, body, AuthState, Error};

#[derive(Deserialize)]
struct Query {
    client_id: Option<String>,
}

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    oauth_server::require_enabled(&state)?;
    let query: Query = body::query(req.query_string())?;
    let raw = body::present(query.client_id)
        .ok_or_else(|| Error::Validation("client_id query parameter is required".into()))?;
    let client_id = clients::parse_id(&raw)?;
    let mut tx = state.pool.begin().await?;
    if !consents::revoke(&mut tx, principal.user.id, client_id).await? {
        return Err(Error::NotSupported {
            status: 404,
            code: "oauth_consent_not_found",
            message: "No active grant found for this client".into(),
        });
    }
    tx.commit().await?;
    Ok(HttpResponse::NoContent().finish())
}
