//! `GET /reauthenticate` (bearer): mail the user a one-time code (the
//! nonce) that a password change from an older session must carry (`PUT
//! /user` with `nonce`, see [`check_nonce`]). As GoTrue: the address must be
//! confirmed, the mail is limited as every mail is, and the answer is `{}`.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Utc;
use serde_json::json;
use sqlx::PgConnection;

use super::unsupported::phone_disabled;
use crate::bearer::Principal;
use crate::mail_tokens::{self, Kind};
use crate::{bearer, code_guesses, mail_limits, redirect, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = bearer::authenticate(&state, &req).await?;
    let user = &principal.user;
    let email = user.email_str();
    if email.is_empty() {
        if user.phone_str().is_empty() {
            return Err(Error::Validation(
                "Reauthentication requires the user to have an email or a phone number".into(),
            ));
        }
        return Err(phone_disabled());
    }
    if !user.is_confirmed() {
        return Err(Error::NotSupported {
            status: 422,
            code: "email_not_confirmed",
            message: "Please verify your email first.".into(),
        });
    }
    let mut tx = state.pool.begin().await?;
    mail_limits::check(&mut tx, state.limits(), email, Some(state.client_ip(&req))).await?;
    let redirect_to = redirect::resolve(&state, None);
    mail_tokens::issue_and_send(
        &mut tx,
        &state,
        user,
        Kind::Reauthentication,
        email,
        &redirect_to,
        None,
    )
    .await?;
    sqlx::query("UPDATE auth.users SET reauthentication_sent_at = now() WHERE id = $1")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({})))
}

/// A day: GoTrue's "signed in recently" for a password change.
const RECENT_SESSION_SECS: i64 = 24 * 3600;

fn invalid_nonce() -> Error {
    Error::NotSupported {
        status: 422,
        code: "reauthentication_not_valid",
        message: "Nonce has expired or is invalid".into(),
    }
}

/// GoTrue's secure password change, before a new password is stored: when
/// it is on and the session is more than a day old (or there is none), the
/// request needs the mailed nonce. The nonce is used up (with every other
/// pending token of the user, as GoTrue does) and a wrong one counts as a
/// wrong code (`crate::code_guesses`).
pub(super) async fn check_nonce(
    state: &AuthState,
    principal: &Principal,
    nonce: Option<&str>,
) -> Result<(), Error> {
    if !state.settings.secure_password_change {
        return Ok(());
    }
    let recent = principal.session.as_ref().is_some_and(|s| {
        Utc::now().signed_duration_since(s.created_at).num_seconds() <= RECENT_SESSION_SECS
    });
    if recent {
        return Ok(());
    }
    let Some(nonce) = nonce.filter(|n| !n.is_empty()) else {
        return Err(Error::NotSupported {
            status: 400,
            code: "reauthentication_needed",
            message: "Password update requires reauthentication".into(),
        });
    };
    let user = &principal.user;
    let email = user.email_str();
    if email.is_empty() {
        return Err(invalid_nonce());
    }
    let mut tx = state.pool.begin().await?;
    let hash = mail_tokens::token_hash(&state.mail_key, email, nonce.trim());
    let used = code_guesses::consume(
        &mut tx,
        state.limits(),
        &[Kind::Reauthentication],
        email,
        &hash,
        state.settings.otp_exp,
    )
    .await?;
    match used {
        Some(used) if used.user_id == user.id => {
            confirmed(&mut tx, user.id).await?;
            tx.commit().await?;
            Ok(())
        }
        _ => {
            tx.commit().await?;
            Err(invalid_nonce())
        }
    }
}

/// GoTrue's `ConfirmReauthentication`: the user's pending tokens all go.
async fn confirmed(conn: &mut PgConnection, user_id: uuid::Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.one_time_tokens WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    code_guesses::clear(conn, user_id).await
}
