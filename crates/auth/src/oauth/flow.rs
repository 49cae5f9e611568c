//! `auth.oauth_flows`: one row per external sign-in in progress. Its id is
//! the `state` sent to the provider (as GoTrue's flow state id), so a state
//! that was altered, used or has expired finds no usable row on any replica.
//! For an app that uses PKCE the row then holds the one-time `auth_code` and
//! the provider's tokens until `/token?grant_type=pkce` takes them.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use super::provider::Tokens;
use crate::Error;

/// Seconds a sign-in may take from `/authorize` to the code exchange
/// (GoTrue's flow state expiry).
pub(crate) const EXPIRY_SECS: i64 = 300;

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct Flow {
    pub id: Uuid,
    pub provider: String,
    pub referrer: String,
    pub nonce: String,
    pub provider_code_verifier: Option<String>,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
    pub linking_user_id: Option<Uuid>,
    pub user_id: Option<Uuid>,
    pub provider_access_token: Option<String>,
    pub provider_refresh_token: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl Flow {
    pub fn is_pkce(&self) -> bool {
        self.code_challenge.is_some()
    }

    pub fn expired(&self) -> bool {
        (Utc::now() - self.created_at).num_seconds() > EXPIRY_SECS
    }

    /// RFC 7636: the verifier's S256 (or plain) form equals the challenge.
    pub fn verifier_matches(&self, verifier: &str) -> bool {
        match (&self.code_challenge, &self.code_challenge_method) {
            (Some(challenge), Some(method)) => {
                crate::pkce::verifier_matches(challenge, method, verifier)
            }
            _ => false,
        }
    }
}

pub(crate) struct NewFlow<'a> {
    pub provider: &'a str,
    pub referrer: &'a str,
    pub nonce: &'a str,
    pub provider_code_verifier: Option<&'a str>,
    pub code_challenge: Option<(&'a str, &'a str)>,
    pub linking_user_id: Option<Uuid>,
}

const COLUMNS: &str = "id, provider, referrer, nonce, provider_code_verifier, code_challenge, \
    code_challenge_method, linking_user_id, user_id, provider_access_token, provider_refresh_token, created_at";

/// A new flow; sign-ins abandoned long ago are cleared on the way.
pub(crate) async fn create(conn: &mut PgConnection, new: NewFlow<'_>) -> Result<Uuid, Error> {
    sqlx::query("DELETE FROM auth.oauth_flows WHERE created_at < now() - interval '1 day'")
        .execute(&mut *conn)
        .await?;
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO auth.oauth_flows (id, provider, referrer, nonce, provider_code_verifier, \
         code_challenge, code_challenge_method, linking_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(new.provider)
    .bind(new.referrer)
    .bind(new.nonce)
    .bind(new.provider_code_verifier)
    .bind(new.code_challenge.map(|c| c.0))
    .bind(new.code_challenge.map(|c| c.1))
    .bind(new.linking_user_id)
    .execute(conn)
    .await?;
    Ok(id)
}

/// The flow of a callback's `state`, taken out so that only one callback
/// ever uses it (two racing callbacks cannot both find it) and without a
/// transaction held open while the provider is asked.
pub(crate) async fn claim(conn: &mut PgConnection, id: Uuid) -> Result<Option<Flow>, Error> {
    let sql = format!("DELETE FROM auth.oauth_flows WHERE id = $1 RETURNING {COLUMNS}");
    Ok(sqlx::query_as(&sql).bind(id).fetch_optional(conn).await?)
}

pub(crate) async fn lock_by_code(
    conn: &mut PgConnection,
    code: Uuid,
) -> Result<Option<Flow>, Error> {
    let sql = format!("SELECT {COLUMNS} FROM auth.oauth_flows WHERE auth_code = $1 FOR UPDATE");
    Ok(sqlx::query_as(&sql).bind(code).fetch_optional(conn).await?)
}

/// A PKCE flow back with its one-time auth code, the user it signs in and
/// the provider's tokens it hands over.
pub(crate) async fn store_code(
    conn: &mut PgConnection,
    flow: &Flow,
    user_id: Uuid,
    tokens: &Tokens,
) -> Result<Uuid, Error> {
    let code = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO auth.oauth_flows (id, provider, referrer, nonce, code_challenge, code_challenge_method, \
         user_id, auth_code, auth_code_issued_at, provider_access_token, provider_refresh_token, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10, $11)",
    )
    .bind(flow.id)
    .bind(&flow.provider)
    .bind(&flow.referrer)
    .bind(&flow.nonce)
    .bind(&flow.code_challenge)
    .bind(&flow.code_challenge_method)
    .bind(user_id)
    .bind(code)
    .bind(&tokens.access_token)
    .bind(&tokens.refresh_token)
    .bind(flow.created_at)
    .execute(conn)
    .await?;
    Ok(code)
}

pub(crate) async fn delete(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.oauth_flows WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow(challenge: &str, method: &str) -> Flow {
        Flow {
            id: Uuid::nil(),
            provider: "oidc".into(),
            referrer: "http://localhost".into(),
            nonce: "n".into(),
            provider_code_verifier: None,
            code_challenge: Some(challenge.into()),
            code_challenge_method: Some(method.into()),
            linking_user_id: None,
            user_id: None,
            provider_access_token: None,
            provider_refresh_token: None,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn s256_verifier_matches_rfc7636_example() {
        let f = flow("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "s256");
        assert!(f.verifier_matches("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
        assert!(!f.verifier_matches("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXx"));
    }
}
