//! The refresh_token grant. Each refresh locks the session row, so refreshes of
//! one session run one after another, then:
//! - a live token is revoked and replaced by a child in the same session;
//! - a revoked token presented within the reuse interval (counted from when it
//!   was revoked) gets the current child if it is that child's parent (the
//!   client lost the answer), else a new child that replaces the live one;
//! - a revoked token presented later means the token leaked: the session is
//!   deleted with all its tokens, and the answer is `refresh_token_already_used`.
//!
//! At most one token per session is live (a unique index holds it), so no two
//! refreshes can ever leave two usable children.
//!
//! A session issued to an OAuth client (a third-party app) refreshes only
//! through that client at `/oauth/token`, and an app's own session never
//! there: the other party gets GoTrue's `invalid_client`, before any reuse
//! check, so presenting a token at the wrong door costs its session nothing.
//!
//! The common case, a live token, is one statement ([`rotate_live`]); the rest
//! (unknown, revoked, or a race lost to a concurrent refresh) takes the general
//! path, a transaction that reads under the session lock, after the client's
//! request budget ([`crate::rate_limit`]) is charged.

use std::sync::LazyLock;

use sqlx::PgConnection;
use uuid::Uuid;

use crate::model::User;
use crate::rate_limit::Bucket;
use crate::session::{self, Client, Session};
use crate::users::{IDENTITY_COLUMNS, USER_COLUMNS};
use crate::{mfa, refresh_token, users, AuthState, Error};

#[derive(Debug, sqlx::FromRow)]
struct TokenRow {
    id: Uuid,
    session_id: Uuid,
    parent: Option<Uuid>,
    revoked: bool,
    /// Revoked no longer ago than the reuse interval, by the database's clock
    /// (which stamped the revocation).
    reusable: bool,
}

const TOKEN_COLUMNS: &str =
    "id, session_id, parent, revoked, updated_at + make_interval(secs => $2) >= clock_timestamp() AS reusable";

pub struct Refreshed {
    pub user: User,
    pub session: Session,
    pub refresh_token: String,
}

/// `oauth_client`: the OAuth client refreshing at `/oauth/token`; `None` for
/// the app's own `/token`.
pub async fn refresh(
    state: &AuthState,
    presented: &str,
    client: &Client<'_>,
    oauth_client: Option<Uuid>,
) -> Result<Refreshed, Error> {
    let hash = refresh_token::hash(presented);
    if let Some(refreshed) = rotate_live(state, presented, &hash, client, oauth_client).await? {
        return Ok(refreshed);
    }
    // Only now does the refresh cost the client's request budget: a live token
    // (256 random bits, no hash to compute) is the common case and would pay a
    // round trip for nothing, while unknown and reused tokens are what a
    // guesser or a replay sends (measured in scripts/bench-auth).
    state.limiter.check(Bucket::Token, client.ip).await?;
    // A rotation lost in a crash only costs the client a new sign-in, so don't
    // make every refresh wait for the WAL flush (measured in scripts/bench-auth);
    // sent with BEGIN to save a round trip.
    let mut tx = state
        .pool
        .begin_with("BEGIN; SET LOCAL synchronous_commit = off")
        .await?;
    let interval = state.settings.refresh_token_reuse_interval as f64;
    let Some(first) = find(&mut tx, &hash, interval).await? else {
        return Err(Error::RefreshTokenNotFound);
    };
    let Some(session) = session::lock(&mut tx, first.session_id).await? else {
        return Err(Error::RefreshTokenNotFound);
    };
    check_client(&session, oauth_client)?;
    // Read again under the lock: a refresh we waited for may have revoked it.
    let Some(token) = find(&mut tx, &hash, interval).await? else {
        return Err(Error::RefreshTokenNotFound);
    };

    let issued = if !token.revoked {
        rotate(state, &mut tx, &token, &session, presented).await?
    } else if !token.reusable {
        tracing::warn!(session_id = %session.id, user_id = %session.user_id, "refresh token reused after the interval; revoking the session");
        session::end(&mut tx, session.id).await?;
        tx.commit().await?;
        return Err(Error::RefreshTokenAlreadyUsed);
    } else {
        match live_token(&mut tx, session.id, interval).await? {
            Some(live) if live.parent == Some(token.id) => {
                refresh_token::derive_child(&state.refresh_key, presented, live.id)
            }
            live => {
                if let Some(live) = live {
                    revoke(&mut tx, live.id).await?;
                }
                rotate(state, &mut tx, &token, &session, presented).await?
            }
        }
    };
    session::touch(&mut tx, session.id, client).await?;
    let Some(user) = users::find_by_id(&mut tx, session.user_id).await? else {
        return Err(Error::RefreshTokenNotFound);
    };
    tx.commit().await?;
    Ok(Refreshed {
        user,
        session,
        refresh_token: issued,
    })
}

/// The live-token rotation in one autocommitted statement: lock the session
/// (first, as the general path does, so the two cannot deadlock), revoke the
/// token if it is still live, store its child, touch the session, and answer
/// the user with the session. `None` when nothing was rotated: the token is
/// unknown or revoked, or a concurrent refresh revoked it while we waited for
/// the lock (the row is re-checked after the wait).
///
/// A rotation lost in a crash only costs the client a new sign-in, so the
/// commit does not wait for the WAL flush (measured in scripts/bench-auth).
static ROTATE_LIVE: LazyLock<String> = LazyLock::new(|| {
    r#"
WITH settings AS (
  SELECT set_config('synchronous_commit', 'off', true)
), locked AS (
  SELECT id FROM auth.sessions
  WHERE id = (SELECT session_id FROM auth.refresh_tokens WHERE token_hash = $1 AND NOT revoked)
    AND oauth_client_id IS NOT DISTINCT FROM $6::uuid
  FOR UPDATE
), revoked AS (
  UPDATE auth.refresh_tokens t SET revoked = true, updated_at = now()
  FROM locked
  WHERE t.token_hash = $1 AND t.session_id = locked.id AND NOT t.revoked
  RETURNING t.id, t.user_id, t.session_id
), child AS (
  INSERT INTO auth.refresh_tokens (id, token_hash, user_id, session_id, parent)
  SELECT $2, $3, user_id, session_id, id FROM revoked
  RETURNING session_id
), touched AS (
  UPDATE auth.sessions s SET refreshed_at = now(), updated_at = now(), ip = $4::inet, user_agent = $5
  FROM child WHERE s.id = child.session_id
  RETURNING s.id AS session_id, s.user_id AS session_user_id, s.aal AS session_aal,
            s.amr_method AS session_amr_method, s.created_at AS session_created_at,
            s.oauth_client_id AS session_oauth_client_id, s.scopes AS session_scopes
)
SELECT {USER_COLUMNS}, touched.*,
  (SELECT coalesce(json_agg(i ORDER BY i.created_at, i.id), '[]')
   FROM (SELECT {IDENTITY_COLUMNS} FROM auth.identities WHERE user_id = auth.users.id) i) AS identities,
  {FACTORS} AS factors, {AMR} AS session_amr
FROM touched JOIN auth.users ON auth.users.id = touched.session_user_id, settings
"#
    .replace("{FACTORS}", &mfa::FACTORS_JSON.replace("{user}", "auth.users.id"))
    .replace("{AMR}", &mfa::SESSION_AMR_JSON.replace("{session}", "touched.session_id"))
    .replace("{USER_COLUMNS}", USER_COLUMNS)
    .replace("{IDENTITY_COLUMNS}", IDENTITY_COLUMNS)
});

async fn rotate_live(
    state: &AuthState,
    presented: &str,
    hash: &[u8; 32],
    client: &Client<'_>,
    oauth_client: Option<Uuid>,
) -> Result<Option<Refreshed>, Error> {
    let child_id = Uuid::new_v4();
    let child = refresh_token::derive_child(&state.refresh_key, presented, child_id);
    let Some(row) = sqlx::query(&ROTATE_LIVE)
        .bind(&hash[..])
        .bind(child_id)
        .bind(&refresh_token::hash(&child)[..])
        .bind(client.ip.to_string())
        .bind(client.user_agent)
        .bind(oauth_client)
        .fetch_optional(&state.pool)
        .await?
    else {
        return Ok(None);
    };
    let (user, session) = session::user_and_session(&row)?;
    Ok(Some(Refreshed {
        user,
        session,
        refresh_token: child,
    }))
}

/// GoTrue's refusals of a refresh through the wrong door.
fn check_client(session: &Session, oauth_client: Option<Uuid>) -> Result<(), Error> {
    let refuse = |why: &str| Error::OAuth {
        status: 400,
        error: "invalid_client",
        description: why.into(),
    };
    match (session.oauth_client_id, oauth_client) {
        (Some(_), None) => Err(refuse("Client authentication required for OAuth session")),
        (Some(owner), Some(caller)) if owner != caller => {
            Err(refuse("Client does not match the session's OAuth client"))
        }
        (None, Some(_)) => Err(refuse(
            "Client authentication not allowed for non-OAuth session",
        )),
        _ => Ok(()),
    }
}

async fn find(
    conn: &mut PgConnection,
    hash: &[u8; 32],
    interval: f64,
) -> Result<Option<TokenRow>, Error> {
    let sql = format!("SELECT {TOKEN_COLUMNS} FROM auth.refresh_tokens WHERE token_hash = $1");
    Ok(sqlx::query_as(&sql)
        .bind(&hash[..])
        .bind(interval)
        .fetch_optional(conn)
        .await?)
}

async fn live_token(
    conn: &mut PgConnection,
    session_id: Uuid,
    interval: f64,
) -> Result<Option<TokenRow>, Error> {
    let sql = format!(
        "SELECT {TOKEN_COLUMNS} FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked"
    );
    Ok(sqlx::query_as(&sql)
        .bind(session_id)
        .bind(interval)
        .fetch_optional(conn)
        .await?)
}

/// Revoking stamps `updated_at`, which starts the reuse interval; a token that
/// is already revoked keeps its stamp, so the interval never stretches.
async fn revoke(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    sqlx::query("UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1 AND NOT revoked")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Revoke `token` and store its new child; returns the child in plain text.
async fn rotate(
    state: &AuthState,
    conn: &mut PgConnection,
    token: &TokenRow,
    session: &Session,
    presented: &str,
) -> Result<String, Error> {
    revoke(conn, token.id).await?;
    let child_id = Uuid::new_v4();
    let child = refresh_token::derive_child(&state.refresh_key, presented, child_id);
    sqlx::query("INSERT INTO auth.refresh_tokens (id, token_hash, user_id, session_id, parent) VALUES ($1, $2, $3, $4, $5)")
        .bind(child_id)
        .bind(&refresh_token::hash(&child)[..])
        .bind(session.user_id)
        .bind(session.id)
        .bind(token.id)
        .execute(conn)
        .await?;
    Ok(child)
}
