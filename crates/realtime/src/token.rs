//! Tokens on the socket: the API key it connects with and each channel's
//! `access_token`, verified as every other request's (the keyring, the
//! allowed roles). A JWT must, as Supabase Realtime requires, carry `role`
//! and `exp`; an opaque `sb_publishable_`/`sb_secret_` key (supabase-js
//! sends one as both when no user is signed in) stands for its role.

use std::time::{SystemTime, UNIX_EPOCH};

use pleat_auth::caller::{self, Caller};
use pleat_auth::keyring::{api_keys, Keyring};

/// A refused token, in Supabase Realtime's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

pub async fn verify(token: Option<&str>, keyring: &Keyring) -> Result<Caller, Refused> {
    let token = token
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| Refused("API key is missing".into()))?;
    if api_keys::is_opaque(token) {
        return caller::role::resolve(Some(token), keyring)
            .await
            .map_err(|e| Refused(e.message));
    }
    if token.split('.').count() != 3 {
        return Err(Refused("The token provided is not a valid JWT".into()));
    }
    let found = caller::role::resolve(Some(token), keyring)
        .await
        .map_err(|e| {
            Refused(match e.message.as_str() {
                "JWT expired" => "Token has expired".to_string(),
                "JWT cryptographic operation failed" => {
                    "Failed to validate JWT signature".to_string()
                }
                _ if e.code == "PGRST303" && e.details.is_some() => e.details.unwrap_or(e.message),
                _ => "The token provided is not a valid JWT".to_string(),
            })
        })?;
    let has = |name: &str| found.claims.get(name).is_some_and(|v| !v.is_null());
    if !has("role") || !has("exp") {
        return Err(Refused(
            "Fields `role` and `exp` are required in JWT".into(),
        ));
    }
    Ok(found)
}

/// Seconds since the token expired; `None` while it is valid (with the same
/// clock-skew leeway `verify` allows).
pub fn expired_for(caller: &Caller) -> Option<i64> {
    let exp = caller.claims.get("exp")?.as_i64()?;
    let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
    let now = i64::try_from(now).ok()?;
    let leeway = i64::try_from(pleat_auth::jwt::leeway()).unwrap_or(0);
    (now >= exp + leeway).then_some(now - exp)
}
