//! Who a storage request runs as: the JWT from `Authorization: Bearer` (or
//! `apikey`), verified by the same identity layer as `/rest/v1`
//! (`pleat_auth::caller`: same keyring, same kind of cache of verified tokens,
//! signed-out sessions refused); no token means `anon`. Refusals are
//! Supabase Storage's 403.

use actix_web::HttpRequest;
pub use pleat_auth::caller::Caller;
use pleat_auth::caller::{self, VerifiedTokens};
use pleat_auth::keyring::Keyring;
use sqlx::PgPool;

use crate::error::StorageError;

fn header<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The caller, or Supabase's 403 "Unauthorized" for a bad or ended token.
pub async fn resolve(
    req: &HttpRequest,
    tokens: &VerifiedTokens,
    keyring: &Keyring,
    pool: &PgPool,
) -> Result<Caller, StorageError> {
    let token = caller::token(header(req, "authorization"), header(req, "apikey"));
    let caller = tokens
        .resolve(token, keyring)
        .await
        .map_err(|e| StorageError::unauthorized(e.details.unwrap_or(e.message)))?;
    session_still_active(&caller, pool).await?;
    Ok(caller)
}

/// Downloads and info fall back to `anon` on a bad token, as Supabase's
/// `allowInvalidJwt` routes do, so a stale session still sees public files.
pub async fn resolve_lenient(
    req: &HttpRequest,
    tokens: &VerifiedTokens,
    keyring: &Keyring,
    pool: &PgPool,
) -> Result<Caller, StorageError> {
    match resolve(req, tokens, keyring, pool).await {
        Err(e) if e.status == 403 => Ok(Caller::anon()),
        other => other,
    }
}

/// A token from `/auth/v1` names its session; once signed out it is refused
/// here as in `/rest/v1`.
async fn session_still_active(caller: &Caller, pool: &PgPool) -> Result<(), StorageError> {
    let Some(sid) = caller.session_id() else {
        return Ok(());
    };
    let Ok(sid) = uuid::Uuid::parse_str(sid) else {
        return Err(StorageError::unauthorized(
            "The token's session_id is not a session",
        ));
    };
    let active: bool = sqlx::query_scalar("SELECT auth.session_active($1)")
        .bind(sid)
        .fetch_one(pool)
        .await?;
    if active {
        Ok(())
    } else {
        Err(StorageError::unauthorized(
            "JWT session has ended: the session this token belongs to was signed out",
        ))
    }
}
