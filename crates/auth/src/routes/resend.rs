//! `POST /resend` (`auth.resend`): `type` `signup` sends the confirmation mail
//! again to an unconfirmed account; `email_change` sends both email-change
//! mails again for a pending change (found by the current or the new
//! address). Any other address is answered the same `{}` without a mail, in
//! the same time (`crate::timing`). The client's `RATE_LIMIT_OTP` rate comes
//! first.

use std::net::IpAddr;

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::unsupported::phone_provider_disabled;
use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::rate_limit::Bucket;
use crate::{email_change, mail_limits, pkce, redirect, timing, users, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    #[serde(rename = "type")]
    resend_type: Option<String>,
    email: Option<String>,
    phone: Option<String>,
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
    timing::no_sooner_than(timing::FLOOR, resend(&state, &req, &payload, ip)).await
}

async fn resend(
    state: &AuthState,
    req: &HttpRequest,
    payload: &Bytes,
    ip: IpAddr,
) -> Result<HttpResponse, Error> {
    let params: Params = body::json(payload)?;
    let resend_type = present(params.resend_type).unwrap_or_default();
    // GoTrue's checks, in its order; phones have no SMS provider here.
    if !matches!(
        resend_type.as_str(),
        "signup" | "email_change" | "sms" | "phone_change"
    ) {
        return Err(Error::Validation(
            "Missing one of these types: signup, email_change, sms, phone_change".into(),
        ));
    }
    let challenge = params.pkce.challenge()?;
    let (email, phone) = (present(params.email), present(params.phone));
    if email.is_none() && resend_type == "signup" {
        return Err(Error::Validation(
            "Type provided requires an email address".into(),
        ));
    }
    if phone.is_none() && resend_type == "sms" {
        return Err(Error::Validation(
            "Type provided requires a phone number".into(),
        ));
    }
    let email = match (email, phone) {
        (Some(_), Some(_)) => {
            return Err(Error::Validation(
                "Only an email address or phone number should be provided.".into(),
            ))
        }
        (None, Some(_)) => return Err(phone_provider_disabled(400, "Phone logins are disabled")),
        (None, None) => {
            return Err(Error::Validation(
                "Missing email address or phone number".into(),
            ))
        }
        (Some(email), None) => validate::email(&email)?,
    };
    // Nobody has a phone change pending: GoTrue answers `{}` then.
    if resend_type == "phone_change" {
        return Ok(HttpResponse::Ok().json(json!({})));
    }
    let redirect_to = redirect::resolve(state, redirect::query_param(req).as_deref());
    let mut tx = state.pool.begin().await?;
    mail_limits::check(&mut tx, state.limits(), &email, Some(ip)).await?;
    if resend_type == "signup" {
        if let Some(user) = users::find_by_email(&mut tx, &email)
            .await?
            .filter(|u| !u.is_confirmed())
        {
            mail_tokens::issue_and_send(
                &mut tx,
                state,
                &user,
                Kind::Confirmation,
                &email,
                &redirect_to,
                challenge.as_ref(),
            )
            .await?;
        }
    } else {
        let user: Option<uuid::Uuid> = sqlx::query_scalar(
            "SELECT id FROM auth.users WHERE email_change IS NOT NULL AND (lower(email) = $1 OR lower(email_change) = $1)",
        )
        .bind(&email)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(user) = match user {
            Some(id) => users::find_by_id(&mut tx, id).await?,
            None => None,
        } {
            let new_email = user.email_change.clone().unwrap_or_default();
            email_change::send(
                &mut tx,
                state,
                &user,
                &new_email,
                &redirect_to,
                challenge.as_ref(),
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({})))
}
