//! Sessions: creating one with its first refresh token at sign-in, ending them
//! (one, all but one, or all of a user's), and the session object a sign-in or
//! refresh answers with (access token + refresh token + user). A session
//! issued to a third-party app through the OAuth server records that app and
//! the scopes granted to it: its refreshes must come from the same app, its
//! access tokens carry `client_id` and `scope`, and revoking the app's grant
//! ends it.

use std::net::IpAddr;

use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::postgres::PgRow;
use sqlx::types::Json;
use sqlx::{FromRow, PgConnection, Row};
use uuid::Uuid;

use crate::jwt::{AccessTokenClaims, AmrEntry};
use crate::mfa::Factor;
use crate::model::{Identity, User};
use crate::{mfa, refresh_token, users, AuthState, Error};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Session {
    pub id: Uuid,
    pub user_id: Uuid,
    pub aal: String,
    pub amr_method: String,
    pub created_at: DateTime<Utc>,
    /// The methods the session proved, newest first (`auth.mfa_amr_claims`);
    /// empty where a statement could not see them yet (the session was made
    /// by it), and then the first method alone is the amr.
    #[sqlx(json)]
    pub amr: Vec<AmrEntry>,
    /// The OAuth client (third-party app) the session was issued to.
    pub oauth_client_id: Option<Uuid>,
    /// The scopes granted to that app, space separated.
    pub scopes: Option<String>,
}

static SESSION_COLUMNS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "id, user_id, aal, amr_method, created_at, oauth_client_id, scopes, {} AS amr",
        mfa::SESSION_AMR_JSON.replace("{session}", "auth.sessions.id")
    )
});

/// Where a request came from, recorded on the session.
pub struct Client<'a> {
    pub ip: IpAddr,
    pub user_agent: Option<&'a str>,
}

/// A third-party app a session is issued to, with what the user granted it.
pub struct OAuthGrant<'a> {
    pub client_id: Uuid,
    pub scopes: &'a str,
}

/// A new session and its first refresh token (returned in plain text once).
pub async fn create(
    conn: &mut PgConnection,
    user_id: Uuid,
    method: &str,
    client: &Client<'_>,
) -> Result<(Session, String), Error> {
    insert(conn, user_id, method, client, None).await
}

/// A sign-in's outcome: the user as stored after it, its new session and
/// that session's first refresh token.
pub struct SignedIn {
    pub user: User,
    pub session: Session,
    pub refresh_token: String,
}

impl SignedIn {
    /// The session object of GoTrue's token endpoint.
    pub fn response(self, state: &AuthState) -> Result<Value, Error> {
        response(state, &self.user, &self.session, self.refresh_token)
    }
}

/// Sign `user_id` in after a proof the caller checked (`method`, the amr):
/// a new session (for `oauth`'s app when a third-party app is signing the
/// user in), `last_sign_in_at` stamped, and the user read back, all in the
/// caller's transaction.
pub async fn sign_in(
    conn: &mut PgConnection,
    user_id: Uuid,
    method: &str,
    client: &Client<'_>,
    oauth: Option<&OAuthGrant<'_>>,
) -> Result<SignedIn, Error> {
    let (session, refresh_token) = insert(&mut *conn, user_id, method, client, oauth).await?;
    sqlx::query("UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    let user = users::find_by_id(conn, user_id)
        .await?
        .ok_or(Error::UserNotFound)?;
    Ok(SignedIn {
        user,
        session,
        refresh_token,
    })
}

async fn insert(
    conn: &mut PgConnection,
    user_id: Uuid,
    method: &str,
    client: &Client<'_>,
    oauth: Option<&OAuthGrant<'_>>,
) -> Result<(Session, String), Error> {
    let sql = format!(
        "INSERT INTO auth.sessions (id, user_id, amr_method, ip, user_agent, oauth_client_id, scopes) \
         VALUES ($1, $2, $3, $4::inet, $5, $6, $7) RETURNING {}",
        *SESSION_COLUMNS
    );
    let session: Session = sqlx::query_as(&sql)
        .bind(Uuid::new_v4())
        .bind(user_id)
        .bind(method)
        .bind(client.ip.to_string())
        .bind(client.user_agent)
        .bind(oauth.map(|o| o.client_id))
        .bind(oauth.map(|o| o.scopes))
        .fetch_one(&mut *conn)
        .await?;
    mfa::add_claim(&mut *conn, session.id, method).await?;
    let token = refresh_token::generate();
    sqlx::query("INSERT INTO auth.refresh_tokens (id, token_hash, user_id, session_id) VALUES ($1, $2, $3, $4)")
        .bind(Uuid::new_v4())
        .bind(&refresh_token::hash(&token)[..])
        .bind(user_id)
        .bind(session.id)
        .execute(conn)
        .await?;
    Ok((session, token))
}

/// The user (its columns, `identities` and `factors` as JSON) and the session (its
/// columns named `session_*`) of one row, as the one-statement sign-in and
/// refresh answer them.
pub fn user_and_session(row: &PgRow) -> Result<(User, Session), Error> {
    let session = Session {
        id: row.try_get("session_id")?,
        user_id: row.try_get("session_user_id")?,
        aal: row.try_get("session_aal")?,
        amr_method: row.try_get("session_amr_method")?,
        created_at: row.try_get("session_created_at")?,
        amr: match row.try_get::<Option<Value>, _>("session_amr") {
            Ok(Some(amr)) => mfa::amr_from_json(amr),
            _ => Vec::new(),
        },
        oauth_client_id: row.try_get("session_oauth_client_id")?,
        scopes: row.try_get("session_scopes")?,
    };
    let mut user = User::from_row(row)?;
    user.identities = row.try_get::<Json<Vec<Identity>>, _>("identities")?.0;
    user.factors = row.try_get::<Json<Vec<Factor>>, _>("factors")?.0;
    Ok((user, session))
}

pub async fn find(conn: &mut PgConnection, id: Uuid) -> Result<Option<Session>, Error> {
    let sql = format!(
        "SELECT {} FROM auth.sessions WHERE id = $1",
        *SESSION_COLUMNS
    );
    Ok(sqlx::query_as(&sql).bind(id).fetch_optional(conn).await?)
}

/// Lock a session row: refreshes of one session run one at a time.
pub async fn lock(conn: &mut PgConnection, id: Uuid) -> Result<Option<Session>, Error> {
    let sql = format!(
        "SELECT {} FROM auth.sessions WHERE id = $1 FOR UPDATE",
        *SESSION_COLUMNS
    );
    Ok(sqlx::query_as(&sql).bind(id).fetch_optional(conn).await?)
}

/// Ending a session deletes it; its refresh tokens go with it.
pub async fn end(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.sessions WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn end_all(conn: &mut PgConnection, user_id: Uuid) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn end_all_except(
    conn: &mut PgConnection,
    user_id: Uuid,
    keep: Uuid,
) -> Result<(), Error> {
    sqlx::query("DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2")
        .bind(user_id)
        .bind(keep)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn touch(conn: &mut PgConnection, id: Uuid, client: &Client<'_>) -> Result<(), Error> {
    sqlx::query("UPDATE auth.sessions SET refreshed_at = now(), updated_at = now(), ip = $2::inet, user_agent = $3 WHERE id = $1")
        .bind(id)
        .bind(client.ip.to_string())
        .bind(client.user_agent)
        .execute(conn)
        .await?;
    Ok(())
}

/// The `amr` claim: what the session proved, newest first.
fn amr(session: &Session) -> Vec<AmrEntry> {
    if session.amr.is_empty() {
        return vec![AmrEntry {
            method: session.amr_method.clone(),
            timestamp: session.created_at.timestamp(),
        }];
    }
    session.amr.clone()
}

/// The session object of GoTrue's token endpoint.
pub fn response(
    state: &AuthState,
    user: &User,
    session: &Session,
    refresh_token: String,
) -> Result<Value, Error> {
    let now = Utc::now().timestamp();
    let exp = now + state.settings.jwt_exp as i64;
    let claims = AccessTokenClaims {
        iss: state.issuer(),
        sub: user.id.to_string(),
        aud: user.aud.clone(),
        exp,
        iat: now,
        email: user.email_str().to_string(),
        phone: user.phone_str().to_string(),
        app_metadata: user.app_metadata.clone(),
        user_metadata: user.user_metadata.clone(),
        role: user.role.clone(),
        aal: session.aal.clone(),
        amr: amr(session),
        session_id: session.id.to_string(),
        is_anonymous: user.is_anonymous,
        client_id: session.oauth_client_id.map(|id| id.to_string()),
        scope: session.scopes.clone(),
    };
    let access_token = state.keyring.sign(&claims)?;
    Ok(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": state.settings.jwt_exp,
        "expires_at": exp,
        "refresh_token": refresh_token,
        "user": user.to_json(),
    }))
}
