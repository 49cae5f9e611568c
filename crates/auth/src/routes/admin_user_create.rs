//! `POST /admin/users` (service_role): `email` with `password` or
//! `password_hash` (argon2 or bcrypt, as exported by Supabase), `email_confirm`,
//! `user_metadata`, `app_metadata`. Without a password the user simply cannot
//! sign in with one (GoTrue stores a random one to the same effect). A user an
//! administrator makes is an editor unless `app_metadata.editor` says otherwise.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use secrecy::SecretString;
use serde_json::Value;
use uuid::Uuid;

use super::admin_params::AdminUserParams;
use crate::accounts::{confirmed_metadata, editor_unless_set};
use crate::users::{self, NewUser};
use crate::{bearer, body, password, validate, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let params = body::json::<AdminUserParams>(&payload)?.checked()?;
    let email = validate::email(params.email.as_deref().ok_or_else(|| {
        Error::Validation("Cannot create a user without either an email or phone".into())
    })?)?;
    let id = match params.id.as_deref().filter(|s| !s.is_empty()) {
        None => Uuid::new_v4(),
        Some(raw) => match Uuid::parse_str(raw) {
            Ok(id) if !id.is_nil() => id,
            Ok(_) => return Err(Error::Validation("ID cannot be a nil uuid".into())),
            Err(_) => {
                return Err(Error::Validation(
                    "ID must conform to the uuid v4 format".into(),
                ))
            }
        },
    };
    let mut user_metadata = params.user_metadata.unwrap_or_default();
    user_metadata.extend(confirmed_metadata(params.email_confirm));
    let app_metadata = editor_unless_set(params.app_metadata.unwrap_or_default());
    validate::metadata("user_metadata", &Value::Object(user_metadata.clone()))?;
    validate::metadata("app_metadata", &Value::Object(app_metadata.clone()))?;
    let encrypted_password = match (params.password, params.password_hash) {
        (Some(_), Some(_)) => {
            return Err(Error::Validation(
                "Only a password or a password hash should be provided".into(),
            ))
        }
        (Some(pw), None) if !pw.is_empty() => {
            validate::password(&pw, state.settings.password_min_length)?;
            Some(state.hasher.hash(&SecretString::from(pw)).await?)
        }
        (_, Some(hash)) if password::is_supported_hash(&hash) => Some(hash),
        (_, Some(_)) => {
            return Err(Error::Validation(
                "Invalid password hash: use an argon2 or bcrypt hash".into(),
            ))
        }
        _ => None,
    };
    let new = NewUser {
        id,
        email,
        encrypted_password,
        confirmed: params.email_confirm,
        user_metadata,
        app_metadata,
    };
    let user = users::insert(&mut *state.pool.acquire().await?, new)
        .await?
        .ok_or(Error::EmailExists)?;
    Ok(HttpResponse::Ok().json(user.to_json()))
}
