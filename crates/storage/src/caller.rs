//! Who a storage request runs as: the JWT from `Authorization: Bearer` (or
//! `apikey`), verified exactly as `/rest/v1` does (same secret, same cache of
//! verified tokens, signed-out sessions refused); no token means `anon`.

use actix_web::HttpRequest;
use pleat_rest::auth::{self, VerifiedTokens};
use secrecy::SecretString;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::error::StorageError;

#[derive(Debug, Clone)]
pub struct Caller {
    pub role: String,
    pub claims: Value,
}

impl Caller {
    /// The role that bypasses row-level security, for what Supabase runs as
    /// its superuser: public reads, signed URLs, bucket lookups.
    pub fn service() -> Caller {
        Caller {
            role: "service_role".into(),
            claims: json!({"role": "service_role"}),
        }
    }

    pub fn anon() -> Caller {
        Caller {
            role: "anon".into(),
            claims: json!({"role": "anon"}),
        }
    }

    /// The JWT `sub`: the `owner_id` of what this caller creates.
    pub fn sub(&self) -> Option<String> {
        self.claims
            .get("sub")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    pub fn is_service(&self) -> bool {
        self.role == "service_role"
    }
}

fn header<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers().get(name).and_then(|v| v.to_str().ok())
}

/// The caller, or Supabase's 403 "Unauthorized" for a bad or ended token.
pub async fn resolve(
    req: &HttpRequest,
    tokens: &VerifiedTokens,
    secret: &SecretString,
    pool: &PgPool,
) -> Result<Caller, StorageError> {
    let token = auth::token(header(req, "authorization"), header(req, "apikey"));
    let role = tokens
        .resolve(token, secret)
        .map_err(|e| StorageError::unauthorized(e.details.unwrap_or(e.message)))?;
    let caller = Caller {
        role: role.role,
        claims: role.claims,
    };
    session_still_active(&caller, pool).await?;
    Ok(caller)
}

/// Downloads and info fall back to `anon` on a bad token, as Supabase's
/// `allowInvalidJwt` routes do, so a stale session still sees public files.
pub async fn resolve_lenient(
    req: &HttpRequest,
    tokens: &VerifiedTokens,
    secret: &SecretString,
    pool: &PgPool,
) -> Result<Caller, StorageError> {
    match resolve(req, tokens, secret, pool).await {
        Err(e) if e.status == 403 => Ok(Caller::anon()),
        other => other,
    }
}

/// A token from `/auth/v1` names its session; once signed out it is refused
/// here as in `/rest/v1`.
async fn session_still_active(caller: &Caller, pool: &PgPool) -> Result<(), StorageError> {
    let Some(sid) = caller
        .claims
        .get("session_id")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty() && *s != "00000000-0000-0000-0000-000000000000")
    else {
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
