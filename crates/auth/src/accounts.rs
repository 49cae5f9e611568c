//! Owner accounts for the CLI (`pleat user add|passwd|list|remove`) and for
//! `PLEAT_ADMIN_EMAIL`/`PLEAT_ADMIN_PASSWORD`, with the same rules as the API:
//! emails are validated and lower-cased, passwords need the minimum length,
//! hashes are argon2id, and a password change ends the user's sessions.
//! Accounts made here are editors (see [`EDITOR`]).

use secrecy::SecretString;
use serde_json::{Map, Value};
use sqlx::PgPool;
use uuid::Uuid;

use crate::model::User;
use crate::password::Hasher;
use crate::users::{self, NewUser};
use crate::{session, validate, Error};

#[derive(Clone)]
pub struct Accounts {
    pool: PgPool,
    password_min_length: usize,
    hasher: Hasher,
}

impl Accounts {
    pub fn new(owner_pool: PgPool, password_min_length: usize) -> Accounts {
        Accounts {
            pool: owner_pool,
            password_min_length,
            hasher: Hasher::new(),
        }
    }

    /// Fails with `UserAlreadyExists` when the email is taken.
    pub async fn create_user(
        &self,
        email: &str,
        password: &str,
        confirmed: bool,
    ) -> Result<User, Error> {
        let email = validate::email(email)?;
        validate::password(password, self.password_min_length)?;
        let hash = self
            .hasher
            .hash(&SecretString::from(password.to_string()))
            .await?;
        let mut conn = self.pool.acquire().await?;
        let new = NewUser {
            id: Uuid::new_v4(),
            email,
            encrypted_password: Some(hash),
            confirmed,
            user_metadata: confirmed_metadata(confirmed),
            app_metadata: editor_unless_set(Map::new()),
        };
        users::insert(&mut conn, new)
            .await?
            .ok_or(Error::UserAlreadyExists)
    }

    /// Sets a new password and signs the user out everywhere; `UserNotFound` if
    /// there is no such user.
    pub async fn set_password(&self, email: &str, password: &str) -> Result<(), Error> {
        let email = validate::email(email)?;
        validate::password(password, self.password_min_length)?;
        let hash = self
            .hasher
            .hash(&SecretString::from(password.to_string()))
            .await?;
        let mut tx = self.pool.begin().await?;
        let user = users::find_by_email(&mut tx, &email)
            .await?
            .ok_or(Error::UserNotFound)?;
        users::set_password_hash(&mut tx, user.id, &hash).await?;
        session::end_all(&mut tx, user.id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every user, newest first.
    pub async fn list_users(&self) -> Result<Vec<User>, Error> {
        let mut conn = self.pool.acquire().await?;
        Ok(users::list(&mut conn, None).await?.0)
    }

    /// `false` when there was no such user.
    pub async fn remove_user(&self, email: &str) -> Result<bool, Error> {
        let email = validate::email(email)?;
        let mut conn = self.pool.acquire().await?;
        match users::find_by_email(&mut conn, &email).await? {
            Some(user) => users::delete(&mut conn, user.id).await,
            None => Ok(false),
        }
    }

    /// Create this confirmed user if it is missing; an existing one is left as
    /// it is (its password may have been changed since).
    pub async fn ensure_user(&self, email: &str, password: &str) -> Result<User, Error> {
        let normalized = validate::email(email)?;
        let mut conn = self.pool.acquire().await?;
        if let Some(user) = users::find_by_email(&mut conn, &normalized).await? {
            return Ok(user);
        }
        drop(conn);
        match self.create_user(&normalized, password, true).await {
            // Another instance starting at the same time made it first.
            Err(Error::UserAlreadyExists) => {
                let mut conn = self.pool.acquire().await?;
                users::find_by_email(&mut conn, &normalized)
                    .await?
                    .ok_or(Error::UserAlreadyExists)
            }
            other => other,
        }
    }
}

/// The `app_metadata` key that says a user may edit the app's content. Only an
/// administrator can set app_metadata, so the app's policies can trust it
/// (`auth.jwt() -> 'app_metadata' ->> 'editor'`); self sign-ups never have it.
pub const EDITOR: &str = "editor";

/// Accounts an administrator makes are editors unless the administrator said
/// otherwise (any value of `editor`, `false` included, is kept as given).
pub(crate) fn editor_unless_set(mut app_metadata: Map<String, Value>) -> Map<String, Value> {
    app_metadata.entry(EDITOR).or_insert(Value::Bool(true));
    app_metadata
}

/// GoTrue marks a confirmed email in the user's metadata too.
pub(crate) fn confirmed_metadata(confirmed: bool) -> Map<String, serde_json::Value> {
    let mut m = Map::new();
    if confirmed {
        m.insert("email_verified".into(), serde_json::Value::Bool(true));
    }
    m
}
