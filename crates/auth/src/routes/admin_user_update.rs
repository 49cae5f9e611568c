//! `PUT /admin/users/{user_id}` (service_role): `email` (set directly, no mail),
//! `email_confirm`, `password` (ends all the user's sessions, as GoTrue does),
//! `user_metadata` and `app_metadata` merged key by key.

use actix_web::web::{Bytes, Data, Path};
use actix_web::{HttpRequest, HttpResponse};
use secrecy::SecretString;

use super::admin_params::{user_id, AdminUserParams};
use crate::model::merge_metadata;
use crate::{bearer, body, session, users, validate, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    path: Path<String>,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    bearer::require_admin(&state, &req).await?;
    let id = user_id(&path)?;
    let params = body::json::<AdminUserParams>(&payload)?.checked()?;
    if params.password_hash.is_some() {
        return Err(Error::Validation(
            "password_hash can only be given when creating a user".into(),
        ));
    }
    let email = params.email.as_deref().map(validate::email).transpose()?;
    let new_hash = match params.password.filter(|p| !p.is_empty()) {
        Some(pw) => {
            validate::password(&pw, state.settings.password_min_length)?;
            Some(state.hasher.hash(&SecretString::from(pw)).await?)
        }
        None => None,
    };

    let mut tx = state.pool.begin().await?;
    let mut user = users::lock(&mut tx, id).await?.ok_or(Error::UserNotFound)?;
    let metadata_changes = params.user_metadata.is_some() || params.app_metadata.is_some();
    if let Some(updates) = params.user_metadata {
        merge_metadata(&mut user.user_metadata, updates);
    }
    if let Some(updates) = params.app_metadata {
        merge_metadata(&mut user.app_metadata, updates);
    }
    if metadata_changes {
        validate::metadata("user_metadata", &user.user_metadata)?;
        validate::metadata("app_metadata", &user.app_metadata)?;
        users::set_metadata(&mut tx, &user).await?;
    }
    if let Some(email) = email.filter(|e| e != user.email_str()) {
        if !users::set_email(&mut tx, id, &email, params.email_confirm).await? {
            return Err(Error::EmailExists);
        }
    }
    if params.email_confirm {
        users::confirm_email(&mut tx, id).await?;
    }
    if let Some(hash) = new_hash {
        users::set_password_hash(&mut tx, id, &hash).await?;
        session::end_all(&mut tx, id).await?;
    }
    let updated = users::find_by_id(&mut tx, id)
        .await?
        .ok_or(Error::UserNotFound)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(updated.to_json()))
}
