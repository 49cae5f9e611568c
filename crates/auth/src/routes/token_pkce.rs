//! The PKCE grant (`exchangeCodeForSession`): the auth code a PKCE link
//! issued, with the verifier of its challenge, becomes a session (see
//! `crate::pkce`), or a provider sign-in's code (see `token_oauth_pkce`). Each request takes from the client's `/token` rate first.

use actix_web::web::Bytes;
use serde::Deserialize;
use serde_json::Value;

use super::token_oauth_pkce;
use crate::body::{self, present};
use crate::rate_limit::Bucket;
use crate::session::{self, Client};
use crate::{pkce, users, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    state.limiter.check(Bucket::Token, client.ip).await?;
    let params: Params = body::json(payload)?;
    let (Some(code), Some(verifier)) = (present(params.auth_code), present(params.code_verifier))
    else {
        return Err(Error::Validation(
            "invalid request: both auth code and code verifier should be non-empty".into(),
        ));
    };
    let mut tx = state.pool.begin().await?;
    let exchanged = match pkce::exchange(&mut tx, &code, &verifier).await {
        Ok(Some(exchanged)) => exchanged,
        // Not a mailed link's code: a provider sign-in's, when providers are on.
        Ok(None) if !state.external.providers.is_empty() => {
            drop(tx);
            return token_oauth_pkce::grant(state, payload, client).await;
        }
        Ok(None) => return Err(pkce::not_found()),
        Err(e) => {
            // Keep an expired code's deletion.
            tx.commit().await?;
            return Err(e);
        }
    };
    let (session, refresh_token) =
        session::create(&mut tx, exchanged.user_id, exchanged.method, client).await?;
    users::touch_sign_in(&mut tx, exchanged.user_id).await?;
    let user = users::find_by_id(&mut tx, exchanged.user_id)
        .await?
        .ok_or(Error::UserNotFound)?;
    tx.commit().await?;
    session::response(state, &user, &session, refresh_token)
}
