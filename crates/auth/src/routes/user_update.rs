//! `PUT /user` (bearer): `data` merged into user_metadata key by key (`null`
//! deletes), `password`, which ends the user's other sessions (from a session
//! older than a day it needs the mailed `nonce`, see
//! `reauthenticate::check_nonce`), and `email`,
//! which starts a confirmed change (a mail to the current and to the new
//! address, see [`crate::email_change`]; the answer shows `new_email`; a
//! `code_challenge` makes the links PKCE ones, `crate::pkce`). An anonymous
//! user has no current address: only the new one confirms, and while
//! sign-ups are confirmed at once (`PLEAT_MAILER_AUTOCONFIRM`) the address is
//! the account's at once, as in GoTrue; either way the user stops being
//! anonymous when the address is. Phone
//! changes need SMS (422); `app_metadata` is admin-only. A user with a
//! verified second factor changes email or password only from an aal2
//! session.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::reauthenticate;
use super::unsupported::phone_disabled;
use crate::bearer::Principal;
use crate::body::{self, present};
use crate::model::merge_metadata;
use crate::{
    bearer, email_change, mail_limits, pkce, redirect, session, users, validate, AuthState, Error,
};

/// GoTrue: a user with a verified factor changes the password or the email
/// only from an aal2 session, so a stolen password cannot take the account.
fn needs_aal2(principal: &Principal) -> bool {
    principal.user.factors.iter().any(|f| f.is_verified())
        && principal.session.as_ref().is_none_or(|s| s.aal != "aal2")
}

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    nonce: Option<String>,
    data: Option<Map<String, Value>>,
    app_metadata: Option<Map<String, Value>>,
    #[serde(flatten)]
    pkce: pkce::Params,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    let params: Params = body::json(&payload)?;
    let user = &principal.user;
    let new_email = match present(params.email) {
        Some(email) => Some(validate::email(&email)?).filter(|e| e != user.email_str()),
        None => None,
    };
    if present(params.phone).is_some_and(|p| p != user.phone_str()) {
        return Err(phone_disabled());
    }
    if params.app_metadata.is_some() {
        return Err(Error::NotAdmin(
            "Updating app_metadata requires admin privileges",
        ));
    }
    if let Some(password) = &params.password {
        validate::password(password, state.settings.password_min_length)?;
    }
    let challenge = params.pkce.challenge()?;
    let changes_password = params.password.as_deref().is_some_and(|p| !p.is_empty());
    if (changes_password || new_email.is_some()) && needs_aal2(&principal) {
        return Err(Error::NotSupported {
            status: 401,
            code: "insufficient_aal",
            message: "AAL2 session is required to update email or password when MFA is enabled."
                .into(),
        });
    }
    if params.password.is_some() {
        reauthenticate::check_nonce(&state, &principal, params.nonce.as_deref()).await?;
    }
    let new_hash = match params.password {
        Some(password) => {
            let password = SecretString::from(password);
            let stored = users::password_hash(&mut *state.pool.acquire().await?, user.id).await?;
            if stored.is_some() && state.hasher.verify(stored, &password).await?.matches {
                return Err(Error::SamePassword);
            }
            Some(state.hasher.hash(&password).await?)
        }
        None => None,
    };

    let mut tx = state.pool.begin().await?;
    let mut locked = users::lock(&mut tx, user.id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    if let Some(data) = params.data {
        merge_metadata(&mut locked.user_metadata, data);
        validate::metadata("data", &locked.user_metadata)?;
        users::set_metadata(&mut tx, &locked).await?;
    }
    if let Some(new_email) = &new_email {
        if locked.is_anonymous && state.settings.mailer_autoconfirm {
            email_change::apply(&mut tx, user.id, new_email).await?;
        } else {
            mail_limits::check(
                &mut tx,
                state.limits(),
                new_email,
                Some(state.client_ip(&req)),
            )
            .await?;
            let redirect_to = redirect::resolve(&state, redirect::query_param(&req).as_deref());
            email_change::send(
                &mut tx,
                &state,
                &locked,
                new_email,
                &redirect_to,
                challenge.as_ref(),
            )
            .await?;
        }
    }
    if let Some(hash) = new_hash {
        users::set_password_hash(&mut tx, user.id, &hash).await?;
        match &principal.session {
            Some(current) => session::end_all_except(&mut tx, user.id, current.id).await?,
            None => session::end_all(&mut tx, user.id).await?,
        }
    }
    let updated = users::find_by_id(&mut tx, user.id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(updated.to_json()))
}
