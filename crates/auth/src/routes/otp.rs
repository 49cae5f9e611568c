//! `POST /otp` (`signInWithOtp`) and the older `POST /magiclink`: mails a
//! sign-in link and code. An existing confirmed account gets the magic link;
//! an unconfirmed one the signup confirmation (verifying it signs in too). An
//! unknown address is refused as GoTrue refuses it: 422 `otp_disabled` with
//! `create_user: false`, 422 `signup_disabled` while signup is off; with
//! signup on, an unconfirmed account without a password is made and gets the
//! confirmation mail. A `code_challenge` makes the link a PKCE one
//! (`crate::pkce`). Phone OTPs are not available. Since the answer tells
//! whether an address has an account (as GoTrue's does), each request first
//! takes one from the client's `RATE_LIMIT_OTP` rate, before anything is
//! looked up.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use uuid::Uuid;

use super::unsupported::{phone_provider_disabled, valid_phone};
use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::rate_limit::Bucket;
use crate::users::{self, NewUser};
use crate::{mail_limits, pkce, redirect, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    create_user: Option<bool>,
    data: Option<Map<String, Value>>,
    #[serde(flatten)]
    pkce: pkce::Params,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let ip = state.client_ip(&req);
    state.limiter.check(Bucket::Otp, ip).await?;
    let params: Params = body::json(&payload)?;
    let email = match (present(params.email), present(params.phone)) {
        (Some(_), Some(_)) => {
            return Err(Error::Validation(
                "Only an email address or phone number should be provided".into(),
            ))
        }
        (Some(email), None) => validate::email(&email)?,
        // GoTrue's order: no account has this phone, so `create_user: false`
        // is refused as for an unknown address; otherwise SMS is what is off.
        (None, Some(phone)) => {
            valid_phone(&phone)?;
            if !params.create_user.unwrap_or(true) {
                return Err(otp_signups_disabled());
            }
            return Err(phone_provider_disabled(400, "Unsupported phone provider"));
        }
        (None, None) => return Err(Error::Validation("An email address is required".into())),
    };
    let challenge = params.pkce.challenge()?;
    let redirect_to = redirect::resolve(&state, redirect::query_param(&req).as_deref());
    let mut tx = state.pool.begin().await?;
    let user = match users::find_by_email(&mut tx, &email).await? {
        Some(user) => user,
        None if !params.create_user.unwrap_or(true) => return Err(otp_signups_disabled()),
        None if state.settings.disable_signup => return Err(Error::SignupDisabled),
        None => {
            let id = Uuid::new_v4();
            let mut user_metadata = params.data.unwrap_or_default();
            validate::metadata("data", &Value::Object(user_metadata.clone()))?;
            user_metadata.insert("sub".into(), json!(id.to_string()));
            user_metadata.insert("email".into(), json!(email));
            user_metadata.insert("email_verified".into(), json!(false));
            user_metadata.insert("phone_verified".into(), json!(false));
            let new = NewUser {
                id,
                email: email.clone(),
                encrypted_password: None,
                confirmed: false,
                user_metadata,
                app_metadata: Map::new(),
            };
            users::insert(&mut tx, new)
                .await?
                .ok_or(Error::UserAlreadyExists)?
        }
    };
    mail_limits::check(&mut tx, state.limits(), &email, Some(ip)).await?;
    let kind = if user.is_confirmed() {
        Kind::MagicLink
    } else {
        Kind::Confirmation
    };
    mail_tokens::issue_and_send(
        &mut tx,
        &state,
        &user,
        kind,
        &email,
        &redirect_to,
        challenge.as_ref(),
    )
    .await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({})))
}

fn otp_signups_disabled() -> Error {
    Error::NotSupported {
        status: 422,
        code: "otp_disabled",
        message: "Signups not allowed for otp".into(),
    }
}
