//! `POST /signup`: off unless `PLEAT_DISABLE_SIGNUP=false` (422
//! `signup_disabled`). When on it autoconfirms: the new user is signed in and
//! the session returned, as GoTrue does with `MAILER_AUTOCONFIRM`. It shares the
//! per-IP limit of `/token`, since it costs a password hash too. A user who
//! signed up is never an editor: `app_metadata` is not the client's to set.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::unsupported::phone_provider_disabled;
use crate::body::{self, present};
use crate::rate_limit::Bucket;
use crate::session::{self, Client};
use crate::users::{self, NewUser};
use crate::{validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    data: Option<Map<String, Value>>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    if state.settings.disable_signup {
        return Err(Error::SignupDisabled);
    }
    let ip = state.client_ip(&req);
    state.limiter.check(Bucket::Token, ip).await?;
    let params: Params = body::json(&payload)?;
    let email = match (present(params.email), present(params.phone)) {
        (Some(email), None) => validate::email(&email)?,
        // GoTrue checks the password before it looks at the phone.
        (email, Some(_)) => {
            let password = present(params.password).ok_or_else(password_required)?;
            validate::password(&password, state.settings.password_min_length)?;
            if email.is_some() {
                return Err(Error::Validation(
                    "Only an email address or phone number should be provided on signup.".into(),
                ));
            }
            return Err(phone_provider_disabled(400, "Phone signups are disabled"));
        }
        (None, None) => {
            return Err(Error::NotSupported {
                status: 422,
                code: "anonymous_provider_disabled",
                message: "Anonymous sign-ins are disabled".into(),
            })
        }
    };
    let password = present(params.password).ok_or_else(password_required)?;
    validate::password(&password, state.settings.password_min_length)?;
    let id = Uuid::new_v4();
    let mut user_metadata = params.data.unwrap_or_default();
    user_metadata.insert("sub".into(), Value::String(id.to_string()));
    user_metadata.insert("email".into(), Value::String(email.clone()));
    user_metadata.insert("email_verified".into(), Value::Bool(true));
    user_metadata.insert("phone_verified".into(), Value::Bool(false));
    validate::metadata("data", &Value::Object(user_metadata.clone()))?;
    let hash = state.hasher.hash(&SecretString::from(password)).await?;

    let new = NewUser {
        id,
        email,
        encrypted_password: Some(hash),
        confirmed: true,
        user_metadata,
        app_metadata: Map::new(),
    };

    let mut tx = state.pool.begin().await?;
    users::insert(&mut tx, new)
        .await?
        .ok_or(Error::UserAlreadyExists)?;
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let (session, refresh_token) =
        session::create(&mut tx, id, "password", &Client { ip, user_agent }).await?;
    users::touch_sign_in(&mut tx, id).await?;
    let user = users::find_by_id(&mut tx, id)
        .await?
        .ok_or(Error::UserAlreadyExists)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(session::response(&state, &user, &session, refresh_token)?))
}

fn password_required() -> Error {
    Error::NotSupported {
        status: 422,
        code: "validation_failed",
        message: "Signup requires a valid password".into(),
    }
}
