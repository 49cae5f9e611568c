//! `POST /recover` (`resetPasswordForEmail`): queues the recovery mail (a
//! link to `/verify?type=recovery` and a 6-digit code; a PKCE link with a
//! `code_challenge`, see `crate::pkce`) when the address has an
//! account, and answers `{}` either way, so the answer tells nothing about who
//! has one, and in the same time either way (`crate::timing`). The send
//! limits count unknown addresses alike; the client's `RATE_LIMIT_OTP` rate
//! comes first.

use std::net::IpAddr;

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::rate_limit::Bucket;
use crate::{mail_limits, pkce, redirect, timing, users, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
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
    timing::no_sooner_than(timing::FLOOR, recover(&state, &req, &payload, ip)).await
}

async fn recover(
    state: &AuthState,
    req: &HttpRequest,
    payload: &Bytes,
    ip: IpAddr,
) -> Result<HttpResponse, Error> {
    let params: Params = body::json(payload)?;
    let email = validate::email(
        &present(params.email)
            .ok_or_else(|| Error::Validation("Password recovery requires an email".into()))?,
    )?;
    let challenge = params.pkce.challenge()?;
    let redirect_to = redirect::resolve(state, redirect::query_param(req).as_deref());
    let mut tx = state.pool.begin().await?;
    mail_limits::check(&mut tx, state.limits(), &email, Some(ip)).await?;
    if let Some(user) = users::find_by_email(&mut tx, &email).await? {
        mail_tokens::issue_and_send(
            &mut tx,
            state,
            &user,
            Kind::Recovery,
            &email,
            &redirect_to,
            challenge.as_ref(),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({})))
}
