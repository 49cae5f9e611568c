//! `GET /user/oauth/grants` (`auth.oauth.listGrants()`): the apps the user
//! let in, with their details, the scopes and when.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};

use crate::oauth_server::{self, consents};
use crate::{bearer, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    oauth_server::require_enabled(&state)?;
    let mut conn = state.pool.acquire().await?;
    let grants = consents::list(&mut conn, principal.user.id).await?;
    Ok(HttpResponse::Ok().json(grants))
}
