//! Authorization requests (`auth.oauth_authorizations`): made by
//! `/oauth/authorize`, bound to the first signed-in user who opens them,
//! approved (with a one-time code, kept as its SHA-256) or denied on the
//! consent page, and taken by the code exchange. A request and its code live
//! [`TTL_SECS`] from `/oauth/authorize` (GoTrue's authorization TTL). Every
//! change locks the row, so two tabs or two replicas cannot both approve one
//! request, and two exchanges of one code cannot both succeed.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::distr::{Alphanumeric, SampleString};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, Postgres, Transaction};
use uuid::Uuid;

use crate::pkce::Challenge;
use crate::Error;

/// Seconds from `/oauth/authorize` until the request, and its code, expire.
pub const TTL_SECS: f64 = 600.0;

/// Rows stay a day past their expiry so that a late click still gets a
/// clear "not found"; then the next `/oauth/authorize` removes them.
const KEEP_SECS: f64 = 86_400.0;

#[derive(Debug, sqlx::FromRow)]
pub struct Authorization {
    pub id: Uuid,
    pub authorization_id: String,
    pub client_id: Uuid,
    pub user_id: Option<Uuid>,
    pub redirect_uri: String,
    pub scope: String,
    pub state: Option<String>,
    pub nonce: Option<String>,
    pub code_challenge: String,
    pub code_challenge_method: String,
    pub status: String,
    /// Past `expires_at`, by the database's clock.
    pub expired: bool,
}

const COLUMNS: &str =
    "id, authorization_id, client_id, user_id, redirect_uri, scope, state, nonce, \
    code_challenge, code_challenge_method, status, expires_at < now() AS expired";

pub struct NewAuthorization<'a> {
    pub client_id: Uuid,
    pub redirect_uri: &'a str,
    pub scope: &'a str,
    pub state: Option<&'a str>,
    pub nonce: Option<&'a str>,
    pub challenge: &'a Challenge,
}

/// Store a new pending request; returns its `authorization_id` (32 random
/// letters and digits, the only handle the browser gets).
pub async fn create(conn: &mut PgConnection, new: NewAuthorization<'_>) -> Result<String, Error> {
    sqlx::query("DELETE FROM auth.oauth_authorizations WHERE expires_at < now() - make_interval(secs => $1)")
        .bind(KEEP_SECS)
        .execute(&mut *conn)
        .await?;
    let authorization_id = Alphanumeric.sample_string(&mut rand::rng(), 32);
    sqlx::query(
        "INSERT INTO auth.oauth_authorizations (authorization_id, client_id, redirect_uri, scope, state, nonce, \
           code_challenge, code_challenge_method, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))",
    )
    .bind(&authorization_id)
    .bind(new.client_id)
    .bind(new.redirect_uri)
    .bind(new.scope)
    .bind(new.state)
    .bind(new.nonce)
    .bind(new.challenge.as_str())
    .bind(new.challenge.method())
    .bind(TTL_SECS)
    .execute(conn)
    .await?;
    Ok(authorization_id)
}

/// The request, locked for the rest of the transaction.
pub async fn lock(
    conn: &mut PgConnection,
    authorization_id: &str,
) -> Result<Option<Authorization>, Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM auth.oauth_authorizations WHERE authorization_id = $1 FOR UPDATE"
    );
    Ok(sqlx::query_as(&sql)
        .bind(authorization_id)
        .fetch_optional(conn)
        .await?)
}

async fn set_status(conn: &mut PgConnection, id: Uuid, status: &str) -> Result<(), Error> {
    sqlx::query("UPDATE auth.oauth_authorizations SET status = $2 WHERE id = $1")
        .bind(id)
        .bind(status)
        .execute(conn)
        .await?;
    Ok(())
}

/// GoTrue's answer for an authorization request that does not exist, has
/// expired, or belongs to someone else.
pub fn not_found() -> Error {
    Error::NotSupported {
        status: 404,
        code: "oauth_authorization_not_found",
        message: "authorization not found".into(),
    }
}

/// The request `authorization_id`, locked in `tx`, while it is still
/// pending. An expired one is marked so (that mark committed) and answers as
/// not found; one already answered is refused with `answered`.
pub async fn lock_pending<'c>(
    mut tx: Transaction<'c, Postgres>,
    authorization_id: &str,
    answered: &str,
) -> Result<(Transaction<'c, Postgres>, Authorization), Error> {
    let authorization = lock(&mut tx, authorization_id)
        .await?
        .ok_or_else(not_found)?;
    if authorization.expired {
        if authorization.status == "pending" {
            mark_expired(&mut tx, authorization.id).await?;
            tx.commit().await?;
        }
        return Err(not_found());
    }
    if authorization.status != "pending" {
        return Err(Error::Validation(answered.into()));
    }
    Ok((tx, authorization))
}

pub async fn mark_expired(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    set_status(conn, id, "expired").await
}

pub async fn deny(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    set_status(conn, id, "denied").await
}

pub async fn bind_user(conn: &mut PgConnection, id: Uuid, user_id: Uuid) -> Result<(), Error> {
    sqlx::query("UPDATE auth.oauth_authorizations SET user_id = $2 WHERE id = $1")
        .bind(id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

fn code_hash(code: &str) -> Vec<u8> {
    Sha256::digest(code.as_bytes()).to_vec()
}

/// Approve the request: a new one-time code (256 random bits), of which only
/// the hash is kept; returns the code in plain text for the redirect.
pub async fn approve(conn: &mut PgConnection, id: Uuid) -> Result<String, Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let code = URL_SAFE_NO_PAD.encode(bytes);
    sqlx::query(
        "UPDATE auth.oauth_authorizations SET status = 'approved', approved_at = now(), auth_code_hash = $2 WHERE id = $1",
    )
    .bind(id)
    .bind(code_hash(&code))
    .execute(conn)
    .await?;
    Ok(code)
}

/// The approved request a code was issued for, locked: a second exchange of
/// the same code waits here, then finds the row gone.
pub async fn lock_by_code(
    conn: &mut PgConnection,
    code: &str,
) -> Result<Option<Authorization>, Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM auth.oauth_authorizations \
         WHERE auth_code_hash = $1 AND status = 'approved' FOR UPDATE"
    );
    Ok(sqlx::query_as(&sql)
        .bind(code_hash(code))
        .fetch_optional(conn)
        .await?)
}

/// A code is used once: the exchange deletes its request.
pub async fn delete(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.oauth_authorizations WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

fn with_params(redirect_uri: &str, pairs: &[(&str, &str)]) -> String {
    match url::Url::parse(redirect_uri) {
        Ok(mut url) => {
            {
                let mut query = url.query_pairs_mut();
                for (k, v) in pairs {
                    query.append_pair(k, v);
                }
            }
            url.to_string()
        }
        // Registered URIs are checked absolute URLs; this keeps a redirect
        // meaningful even so.
        Err(_) => {
            let mut query = url::form_urlencoded::Serializer::new(String::new());
            query.extend_pairs(pairs);
            format!("{redirect_uri}?{}", query.finish())
        }
    }
}

/// Back to the app with the code and its `state`.
pub fn success_redirect(redirect_uri: &str, code: &str, state: Option<&str>) -> String {
    let mut pairs = vec![("code", code)];
    if let Some(state) = state.filter(|s| !s.is_empty()) {
        pairs.push(("state", state));
    }
    with_params(redirect_uri, &pairs)
}

/// Back to the app with an OAuth error (RFC 6749 section 4.1.2.1).
pub fn error_redirect(
    redirect_uri: &str,
    error: &str,
    description: &str,
    state: Option<&str>,
) -> String {
    let mut pairs = vec![("error", error), ("error_description", description)];
    if let Some(state) = state.filter(|s| !s.is_empty()) {
        pairs.push(("state", state));
    }
    with_params(redirect_uri, &pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_keep_the_apps_query_and_add_state() {
        assert_eq!(
            success_redirect("https://app.example/cb?x=1", "abc", Some("s t")),
            "https://app.example/cb?x=1&code=abc&state=s+t"
        );
        assert_eq!(
            error_redirect(
                "myapp://cb",
                "access_denied",
                "User denied the request",
                None
            ),
            "myapp://cb?error=access_denied&error_description=User+denied+the+request"
        );
    }
}
