//! Queries on `auth.users` and `auth.identities`. Every function takes a
//! connection, so callers decide what shares a transaction.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::mfa;
use crate::model::{Identity, User};
use crate::validate::Page;
use crate::Error;

pub(crate) const USER_COLUMNS: &str = "id, aud, role, email, phone, email_confirmed_at, phone_confirmed_at, \
    confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at, \
    email_change, email_change_sent_at, recovery_sent_at, confirmation_sent_at, invited_at";

pub(crate) const IDENTITY_COLUMNS: &str =
    "id, provider_id, user_id, identity_data, provider, email, \
    last_sign_in_at, created_at, updated_at";

/// What a password sign-in needs, kept out of `User` so it is never serialised.
#[derive(Debug, sqlx::FromRow)]
pub struct Credentials {
    pub id: Uuid,
    pub encrypted_password: Option<String>,
    pub email_confirmed_at: Option<DateTime<Utc>>,
}

/// A user to create, with its `email` identity.
pub struct NewUser {
    pub id: Uuid,
    pub email: String,
    pub encrypted_password: Option<String>,
    pub confirmed: bool,
    pub user_metadata: Map<String, Value>,
    pub app_metadata: Map<String, Value>,
}

pub async fn find_by_id(conn: &mut PgConnection, id: Uuid) -> Result<Option<User>, Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM auth.users WHERE id = $1");
    let user: Option<User> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    with_identities(conn, user).await
}

pub async fn find_by_email(conn: &mut PgConnection, email: &str) -> Result<Option<User>, Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM auth.users WHERE lower(email) = lower($1)");
    let user: Option<User> = sqlx::query_as(&sql)
        .bind(email)
        .fetch_optional(&mut *conn)
        .await?;
    with_identities(conn, user).await
}

pub async fn password_hash(conn: &mut PgConnection, id: Uuid) -> Result<Option<String>, Error> {
    Ok(
        sqlx::query_scalar("SELECT encrypted_password FROM auth.users WHERE id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?
            .flatten(),
    )
}

async fn with_identities(
    conn: &mut PgConnection,
    user: Option<User>,
) -> Result<Option<User>, Error> {
    let Some(mut user) = user else {
        return Ok(None);
    };
    user.identities = identities(&mut *conn, &[user.id])
        .await?
        .remove(&user.id)
        .unwrap_or_default();
    user.factors = mfa::factors_of(conn, &[user.id]).await?;
    Ok(Some(user))
}

async fn identities(
    conn: &mut PgConnection,
    user_ids: &[Uuid],
) -> Result<HashMap<Uuid, Vec<Identity>>, Error> {
    let sql = format!(
        "SELECT {IDENTITY_COLUMNS} FROM auth.identities WHERE user_id = ANY($1) ORDER BY created_at, id"
    );
    let rows: Vec<Identity> = sqlx::query_as(&sql).bind(user_ids).fetch_all(conn).await?;
    let mut by_user: HashMap<Uuid, Vec<Identity>> = HashMap::new();
    for identity in rows {
        by_user.entry(identity.user_id).or_default().push(identity);
    }
    Ok(by_user)
}

/// Newest first, as GoTrue lists them; with the total count.
pub async fn list(conn: &mut PgConnection, page: Option<Page>) -> Result<(Vec<User>, i64), Error> {
    let total: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.users")
        .fetch_one(&mut *conn)
        .await?;
    let (limit, offset) = match page {
        Some(p) => (p.per_page as i64, p.offset().min(i64::MAX as u64) as i64),
        None => (i64::MAX, 0),
    };
    let sql = format!(
        "SELECT {USER_COLUMNS} FROM auth.users ORDER BY created_at DESC, id LIMIT $1 OFFSET $2"
    );
    let mut users: Vec<User> = sqlx::query_as(&sql)
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *conn)
        .await?;
    let ids: Vec<Uuid> = users.iter().map(|u| u.id).collect();
    let mut by_user = identities(&mut *conn, &ids).await?;
    for factor in mfa::factors_of(conn, &ids).await? {
        if let Some(user) = users.iter_mut().find(|u| u.id == factor.user_id) {
            user.factors.push(factor);
        }
    }
    for user in &mut users {
        user.identities = by_user.remove(&user.id).unwrap_or_default();
    }
    Ok((users, total))
}

/// `None` when the email is taken (the unique index decides, so racing
/// creations cannot both win).
pub async fn insert(conn: &mut PgConnection, new: NewUser) -> Result<Option<User>, Error> {
    let mut app_metadata = Map::new();
    app_metadata.insert("provider".into(), json!("email"));
    app_metadata.insert("providers".into(), json!(["email"]));
    app_metadata.extend(new.app_metadata);
    let inserted = sqlx::query(
        "INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) \
         VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind(new.id)
    .bind(&new.email)
    .bind(&new.encrypted_password)
    .bind(new.confirmed)
    .bind(Value::Object(app_metadata))
    .bind(Value::Object(new.user_metadata))
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 0 {
        return Ok(None);
    }
    let identity_data = json!({
        "sub": new.id.to_string(),
        "email": new.email,
        "email_verified": new.confirmed,
        "phone_verified": false,
    });
    sqlx::query("INSERT INTO auth.identities (provider_id, user_id, identity_data, provider) VALUES ($1, $1, $2, 'email')")
        .bind(new.id)
        .bind(identity_data)
        .execute(&mut *conn)
        .await?;
    find_by_id(conn, new.id).await
}

pub async fn set_password_hash(conn: &mut PgConnection, id: Uuid, hash: &str) -> Result<(), Error> {
    sqlx::query("UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1")
        .bind(id)
        .bind(hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// Write both metadata objects back (after [`crate::model::merge_metadata`]).
pub async fn set_metadata(conn: &mut PgConnection, user: &User) -> Result<(), Error> {
    sqlx::query("UPDATE auth.users SET raw_app_meta_data = $2, raw_user_meta_data = $3, updated_at = now() WHERE id = $1")
        .bind(user.id)
        .bind(&user.app_metadata)
        .bind(&user.user_metadata)
        .execute(conn)
        .await?;
    Ok(())
}

/// `false` when another user has the address. The confirmation is left as it
/// is; `verified` is what the email identity records.
pub async fn set_email(
    conn: &mut PgConnection,
    id: Uuid,
    email: &str,
    verified: bool,
) -> Result<bool, Error> {
    let updated = sqlx::query(
        "UPDATE auth.users SET email = $2, updated_at = now() WHERE id = $1 AND NOT EXISTS \
         (SELECT 1 FROM auth.users o WHERE lower(o.email) = lower($2) AND o.id <> $1)",
    )
    .bind(id)
    .bind(email)
    .execute(&mut *conn)
    .await;
    match updated {
        Ok(done) if done.rows_affected() > 0 => {}
        Ok(_) => return Ok(false),
        // A concurrent change took the address between the check and the write.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    sqlx::query(
        "UPDATE auth.identities SET identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), \
         updated_at = now() WHERE user_id = $1 AND provider = 'email'",
    )
    .bind(id)
    .bind(email)
    .bind(verified)
    .execute(conn)
    .await?;
    Ok(true)
}

pub async fn confirm_email(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query(
        "UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()), \
         raw_user_meta_data = raw_user_meta_data || '{\"email_verified\": true}', updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE auth.identities SET identity_data = identity_data || '{\"email_verified\": true}', updated_at = now() \
         WHERE user_id = $1 AND provider = 'email'",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn touch_sign_in(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query("UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE auth.identities SET last_sign_in_at = now() WHERE user_id = $1 AND provider = 'email'")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn delete(conn: &mut PgConnection, id: Uuid) -> Result<bool, Error> {
    let done = sqlx::query("DELETE FROM auth.users WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Lock the row so concurrent metadata updates merge instead of overwriting.
pub async fn lock(conn: &mut PgConnection, id: Uuid) -> Result<Option<User>, Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM auth.users WHERE id = $1 FOR UPDATE");
    let user: Option<User> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    with_identities(conn, user).await
}
