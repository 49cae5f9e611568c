//! `POST /signup`: off unless `PLEAT_DISABLE_SIGNUP=false` (422
//! `signup_disabled`). It shares the per-IP limit of `/token`, since it costs
//! a password hash too. A user who signed up is never an editor:
//! `app_metadata` is not the client's to set.
//!
//! With `PLEAT_MAILER_AUTOCONFIRM` on (the default) the new user is confirmed
//! and signed in at once, as GoTrue does with `MAILER_AUTOCONFIRM`. Off, the
//! answer is the user without a session and a confirmation mail (link and
//! code; a PKCE link with a `code_challenge`, `crate::pkce`) goes out; the
//! address signs in with its password only once confirmed. An address that
//! signed up before or was invited and is still unconfirmed gets the mail
//! again (its password is not changed: the claim to the address is
//! unproven; an invited one is answered without its metadata); a
//! confirmed one answers a made-up user, as GoTrue does, so the answer tells
//! nobody which addresses have accounts.
//!
//! Without an address it is `signInAnonymously()`
//! (`PLEAT_ENABLE_ANONYMOUS_SIGN_INS`, GoTrue's order of checks): a user with
//! no email and `is_anonymous`, signed in at once, each taking one from the
//! client's anonymous sign-in rate (`PLEAT_RATE_LIMIT_ANONYMOUS_USERS`).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use chrono::Utc;
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use uuid::Uuid;

use super::unsupported::phone_provider_disabled;
use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::model::timestamp;
use crate::rate_limit::Bucket;
use crate::session::{self, Client};
use crate::users::{self, NewUser};
use crate::{mail_limits, pkce, redirect, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
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
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let client = Client { ip, user_agent };
    let params: Params = body::json(&payload)?;
    let (email, phone) = (present(params.email), present(params.phone));
    if email.is_none() && phone.is_none() {
        if !state.settings.enable_anonymous_sign_ins {
            return Err(Error::NotSupported {
                status: 422,
                code: "anonymous_provider_disabled",
                message: "Anonymous sign-ins are disabled".into(),
            });
        }
        state.limiter.check(Bucket::Anonymous, ip).await?;
        if state.settings.disable_signup {
            return Err(Error::SignupDisabled);
        }
        return anonymous(&state, params.data.unwrap_or_default(), &client).await;
    }
    if state.settings.disable_signup {
        return Err(Error::SignupDisabled);
    }
    state.limiter.check(Bucket::Token, ip).await?;
    let email = match (email, phone) {
        (Some(email), None) => validate::email(&email)?,
        // GoTrue checks the password before it looks at the phone.
        (email, _) => {
            let password = present(params.password).ok_or_else(password_required)?;
            validate::password(&password, state.settings.password_min_length)?;
            if email.is_some() {
                return Err(Error::Validation(
                    "Only an email address or phone number should be provided on signup.".into(),
                ));
            }
            return Err(phone_provider_disabled(400, "Phone signups are disabled"));
        }
    };
    let password = present(params.password).ok_or_else(password_required)?;
    validate::password(&password, state.settings.password_min_length)?;
    let challenge = params.pkce.challenge()?;
    let confirmed = state.settings.mailer_autoconfirm;
    let id = Uuid::new_v4();
    let data = params.data.unwrap_or_default();
    let mut user_metadata = data.clone();
    user_metadata.insert("sub".into(), Value::String(id.to_string()));
    user_metadata.insert("email".into(), Value::String(email.clone()));
    user_metadata.insert("email_verified".into(), Value::Bool(confirmed));
    user_metadata.insert("phone_verified".into(), Value::Bool(false));
    validate::metadata("data", &Value::Object(user_metadata.clone()))?;
    let hash = state.hasher.hash(&SecretString::from(password)).await?;

    let new = NewUser {
        id,
        email: email.clone(),
        encrypted_password: Some(hash),
        confirmed,
        user_metadata,
        app_metadata: Map::new(),
    };

    let mut tx = state.pool.begin().await?;
    if !confirmed {
        // Counted for taken addresses too, so the limit tells nothing either.
        mail_limits::check(&mut tx, state.limits(), &email, Some(ip)).await?;
    }
    let inserted = users::insert(&mut tx, new).await?;
    if !confirmed {
        let user = match inserted {
            Some(user) => user,
            None => match users::find_by_email(&mut tx, &email).await? {
                Some(user) if !user.is_confirmed() => user,
                // Taken and confirmed, or gone again since the insert.
                _ => {
                    tx.commit().await?;
                    return Ok(HttpResponse::Ok().json(made_up_user(&email, data)));
                }
            },
        };
        let redirect_to = redirect::resolve(&state, redirect::query_param(&req).as_deref());
        mail_tokens::issue_and_send(
            &mut tx,
            &state,
            &user,
            Kind::Confirmation,
            &email,
            &redirect_to,
            challenge.as_ref(),
        )
        .await?;
        let user = users::find_by_id(&mut tx, user.id)
            .await?
            .ok_or(Error::UserAlreadyExists)?;
        tx.commit().await?;
        let mut body = user.to_json();
        // What the inviter wrote is not for whoever types the address.
        if user.invited_at.is_some() {
            body["user_metadata"] = json!({});
            body["identities"] = json!([]);
        }
        return Ok(HttpResponse::Ok().json(body));
    }
    inserted.ok_or(Error::UserAlreadyExists)?;
    let (session, refresh_token) = session::create(&mut tx, id, "password", &client).await?;
    users::touch_sign_in(&mut tx, id).await?;
    let user = users::find_by_id(&mut tx, id)
        .await?
        .ok_or(Error::UserAlreadyExists)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(session::response(&state, &user, &session, refresh_token)?))
}

/// `signInAnonymously()`: a user without an address or identity, signed in.
async fn anonymous(
    state: &AuthState,
    data: Map<String, Value>,
    client: &Client<'_>,
) -> Result<HttpResponse, Error> {
    let user_metadata = Value::Object(data);
    validate::metadata("data", &user_metadata)?;
    let id = Uuid::new_v4();
    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "INSERT INTO auth.users (id, is_anonymous, raw_app_meta_data, raw_user_meta_data) VALUES ($1, true, '{}', $2)",
    )
    .bind(id)
    .bind(&user_metadata)
    .execute(&mut *tx)
    .await?;
    let (session, refresh_token) = session::create(&mut tx, id, "anonymous", client).await?;
    users::touch_sign_in(&mut tx, id).await?;
    let user = users::find_by_id(&mut tx, id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(session::response(state, &user, &session, refresh_token)?))
}

/// What GoTrue answers a sign-up of a confirmed address while confirmation
/// is on: a user like a new one (fresh id, no identities), so the answer is
/// the same whether the address has an account or not.
fn made_up_user(email: &str, data: Map<String, Value>) -> Value {
    let now = timestamp(Utc::now());
    json!({
        "id": Uuid::new_v4(),
        "aud": "authenticated",
        "role": "",
        "email": email,
        "phone": "",
        "confirmation_sent_at": now,
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": data,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}

fn password_required() -> Error {
    Error::NotSupported {
        status: 422,
        code: "validation_failed",
        message: "Signup requires a valid password".into(),
    }
}
