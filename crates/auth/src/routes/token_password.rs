//! The password grant. Unknown email, missing password and wrong password are
//! one answer (400 `invalid_credentials`) at one cost (a full hash check), and
//! each counts against the failure limits of [`crate::rate_limit`] (a throttled
//! client gets 429 before any check). bcrypt or outdated hashes are replaced
//! with argon2id on success.

use actix_web::web::Bytes;
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::Value;

use super::unsupported::phone_disabled;
use crate::body::{self, present};
use crate::session::{self, Client};
use crate::{users, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    let params: Params = body::json(payload)?;
    let email = match (present(params.email), present(params.phone)) {
        (Some(_), Some(_)) => {
            return Err(Error::Validation(
                "Only an email address or phone number should be provided on login.".into(),
            ))
        }
        (None, Some(_)) => return Err(phone_disabled()),
        (None, None) => return Err(Error::Validation("missing email or phone".into())),
        (Some(email), None) => email.trim().to_lowercase(),
    };
    let password = SecretString::from(params.password.unwrap_or_default());
    let attempt = state.limiter.begin_sign_in(client.ip, &email).await?;

    let credentials = users::credentials(&mut *state.pool.acquire().await?, &email).await?;
    let stored = credentials
        .as_ref()
        .and_then(|c| c.encrypted_password.clone());
    let verdict = state.hasher.verify(stored, &password).await?;
    let Some(credentials) = credentials.filter(|_| verdict.matches) else {
        return Err(Error::InvalidCredentials);
    };
    state.limiter.succeeded(&attempt).await?;
    if credentials.email_confirmed_at.is_none() {
        return Err(Error::EmailNotConfirmed);
    }
    let rehashed = match verdict.needs_rehash {
        true => Some(state.hasher.hash(&password).await?),
        false => None,
    };

    let mut tx = state.pool.begin().await?;
    if let Some(hash) = rehashed {
        users::set_password_hash(&mut tx, credentials.id, &hash).await?;
    }
    let (session, refresh_token) =
        session::create(&mut tx, credentials.id, "password", client).await?;
    users::touch_sign_in(&mut tx, credentials.id).await?;
    let user = users::find_by_id(&mut tx, credentials.id)
        .await?
        .ok_or(Error::InvalidCredentials)?;
    tx.commit().await?;
    session::response(state, &user, &session, refresh_token)
}
