//! `POST /admin/generate_link` (service_role; `auth.admin.generateLink`):
//! makes the token a mail would carry and answers it instead of mailing it:
//! the user's fields plus `action_link`, `email_otp`, `hashed_token`,
//! `verification_type` and `redirect_to`, as GoTrue does. Types: `signup`
//! (with `password`), `invite`, `magiclink` (an unknown address is signed up,
//! as GoTrue does), `recovery` (existing accounts), `email_change_current` and
//! `email_change_new` (with `new_email`).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use secrecy::SecretString;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::{bearer, email_change, invited, redirect, users, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    #[serde(rename = "type")]
    link_type: Option<String>,
    email: Option<String>,
    new_email: Option<String>,
    password: Option<String>,
    data: Option<Map<String, Value>>,
    redirect_to: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let params: Params = body::json(&payload)?;
    let link_type = present(params.link_type).unwrap_or_default();
    let email = validate::email(&present(params.email).unwrap_or_default())?;
    let requested = present(params.redirect_to).or_else(|| redirect::query_param(&req));
    let redirect_to = redirect::resolve(&state, requested.as_deref());
    let password_hash = match (link_type.as_str(), present(params.password)) {
        ("signup", Some(pw)) => {
            validate::password(&pw, state.settings.password_min_length)?;
            Some(state.hasher.hash(&SecretString::from(pw)).await?)
        }
        ("signup", None) => {
            return Err(Error::Validation("Signup requires a valid password".into()))
        }
        _ => None,
    };
    let mut tx = state.pool.begin().await?;
    let (user, kind, issued) = match link_type.as_str() {
        "signup" | "invite" => {
            let user = invited::find_or_create(&mut tx, &email, params.data, password_hash).await?;
            let kind = if link_type == "signup" {
                Kind::Confirmation
            } else {
                Kind::Invite
            };
            let issued = mail_tokens::issue(&mut tx, &state, user.id, kind, &email).await?;
            (user, kind, issued)
        }
        "magiclink" | "recovery" => match users::find_by_email(&mut tx, &email).await? {
            Some(user) => {
                let kind = if link_type == "recovery" {
                    Kind::Recovery
                } else {
                    Kind::MagicLink
                };
                let issued = mail_tokens::issue(&mut tx, &state, user.id, kind, &email).await?;
                (user, kind, issued)
            }
            None if link_type == "magiclink" => {
                let user = invited::find_or_create(&mut tx, &email, params.data, None).await?;
                let issued =
                    mail_tokens::issue(&mut tx, &state, user.id, Kind::Confirmation, &email)
                        .await?;
                (user, Kind::Confirmation, issued)
            }
            None => return Err(Error::UserNotFound),
        },
        "email_change_current" | "email_change_new" => {
            let new_email = validate::email(&present(params.new_email).ok_or_else(|| {
                Error::Validation("The new email address must be provided".into())
            })?)?;
            let user = users::find_by_email(&mut tx, &email)
                .await?
                .ok_or(Error::UserNotFound)?;
            let (current, new) = email_change::start(&mut tx, &state, &user, &new_email).await?;
            match link_type.as_str() {
                "email_change_current" => (
                    user,
                    Kind::EmailChangeCurrent,
                    current.ok_or(Error::UserNotFound)?,
                ),
                _ => (user, Kind::EmailChangeNew, new),
            }
        }
        other => {
            return Err(Error::Validation(format!(
                "Invalid email action link type requested: {other}"
            )))
        }
    };
    let user = users::find_by_id(&mut tx, user.id)
        .await?
        .ok_or(Error::UserNotFound)?;
    tx.commit().await?;
    // GoTrue answers the type asked for (`email_change_current`, where the
    // link says `email_change`), but `signup` for a magic link that signed up
    // its address; clients' models of the answer take only these.
    let verification_type = if kind == Kind::Confirmation {
        "signup"
    } else {
        link_type.as_str()
    };
    let mut body = user.to_json();
    body["action_link"] = json!(mail_tokens::action_link(
        &state,
        &issued.token_hash,
        kind,
        &redirect_to
    ));
    body["email_otp"] = json!(issued.otp);
    body["hashed_token"] = json!(issued.token_hash);
    body["verification_type"] = json!(verification_type);
    body["redirect_to"] = json!(redirect_to);
    Ok(HttpResponse::Ok().json(body))
}
