//! Making an invited account (`POST /invite`, `generate_link` of type
//! `invite` or `signup`): unconfirmed until its link is used, and, as every
//! account an administrator makes, an editor.

use serde_json::{Map, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::accounts::{confirmed_metadata, editor_unless_set};
use crate::model::User;
use crate::users::{self, NewUser};
use crate::{validate, Error};

/// The existing unconfirmed account for `email`, or a new one; 422
/// `email_exists` when a confirmed account has the address. Never a second
/// account for one address: when a concurrent request made it first, that
/// one is answered.
pub async fn find_or_create(
    conn: &mut PgConnection,
    email: &str,
    data: Option<Map<String, Value>>,
    encrypted_password: Option<String>,
) -> Result<User, Error> {
    if let Some(user) = users::find_by_email(conn, email).await? {
        if user.is_confirmed() {
            return Err(Error::EmailExists);
        }
        return Ok(user);
    }
    let mut user_metadata = data.unwrap_or_default();
    user_metadata.extend(confirmed_metadata(false));
    validate::metadata("data", &Value::Object(user_metadata.clone()))?;
    let new = NewUser {
        id: Uuid::new_v4(),
        email: email.to_string(),
        encrypted_password,
        confirmed: false,
        user_metadata,
        app_metadata: editor_unless_set(Map::new()),
    };
    if let Some(user) = users::insert(conn, new).await? {
        return Ok(user);
    }
    match users::find_by_email(conn, email).await? {
        Some(user) if !user.is_confirmed() => Ok(user),
        _ => Err(Error::EmailExists),
    }
}
