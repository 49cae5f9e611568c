//! Tokens already verified, by their exact text: the API key is the same on
//! every request and a signed-in browser sends one token for an hour, so the
//! signature check and claim parsing (the largest share of a read's own CPU
//! in scripts/bench-rest) run once per token. A hit is checked against the
//! clock again with the same leeway as `jwt::verify`, so a cached token still
//! expires on time; only accepted tokens are kept, at most `CAPACITY` of them.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use secrecy::SecretString;
use serde_json::Value;

use super::role::{self, Caller, TokenError};
use crate::jwt;

pub struct VerifiedTokens {
    entries: Mutex<HashMap<String, Verified>>,
}

struct Verified {
    caller: Caller,
    /// Seconds since the epoch between which the token passes `jwt::verify`.
    from: i64,
    until: i64,
}

impl VerifiedTokens {
    const CAPACITY: usize = 1024;

    pub fn new() -> VerifiedTokens {
        VerifiedTokens {
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// [`role::resolve`], remembering tokens it accepted.
    pub fn resolve(
        &self,
        token: Option<&str>,
        secret: &SecretString,
    ) -> Result<Caller, TokenError> {
        let Some(text) = token else {
            return role::resolve(None, secret);
        };
        let now = now();
        if let Some(hit) = self.entries.lock().expect("token cache lock").get(text) {
            if (hit.from..=hit.until).contains(&now) {
                return Ok(hit.caller.clone());
            }
        }
        let caller = role::resolve(token, secret)?;
        if let Some((from, until)) = window(&caller.claims) {
            let mut entries = self.entries.lock().expect("token cache lock");
            if entries.len() >= Self::CAPACITY {
                entries.clear();
            }
            entries.insert(
                text.to_string(),
                Verified {
                    caller: caller.clone(),
                    from,
                    until,
                },
            );
        }
        Ok(caller)
    }
}

impl Default for VerifiedTokens {
    fn default() -> Self {
        Self::new()
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// When a token with these claims passes `jwt::verify`: from `nbf` and `iat`
/// minus the leeway until `exp` plus it. `None` (not cached) when a time claim
/// is not a whole number.
fn window(claims: &Value) -> Option<(i64, i64)> {
    let leeway = jwt::leeway() as i64;
    let time = |name: &str| match claims.get(name) {
        None => Some(None),
        Some(v) => v.as_i64().map(Some),
    };
    let (exp, nbf, iat) = (time("exp")?, time("nbf")?, time("iat")?);
    let from = nbf
        .into_iter()
        .chain(iat)
        .max()
        .map_or(i64::MIN, |t| t.saturating_sub(leeway));
    let until = exp.map_or(i64::MAX, |t| t.saturating_add(leeway));
    Some((from, until))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jwt;
    use serde_json::json;

    fn signed(claims: Value, secret: &SecretString) -> String {
        jwt::sign(&claims, secret).unwrap()
    }

    #[test]
    fn cached_tokens_resolve_the_same_and_still_expire() {
        let secret = SecretString::from("x".repeat(32));
        let cache = VerifiedTokens::new();
        let key = signed(json!({"role": "anon", "exp": now() + 3600}), &secret);
        let first = cache.resolve(Some(&key), &secret).unwrap();
        assert_eq!(cache.resolve(Some(&key), &secret).unwrap(), first);
        assert_eq!(first, role::resolve(Some(&key), &secret).unwrap());
        // A token cached while it was valid is verified again once its window
        // has passed, and refused.
        let expired = signed(json!({"role": "anon", "exp": now() - 3600}), &secret);
        cache.entries.lock().unwrap().insert(
            expired.clone(),
            Verified {
                caller: first.clone(),
                from: i64::MIN,
                until: now() - 1,
            },
        );
        assert_eq!(
            cache.resolve(Some(&expired), &secret).unwrap_err().message,
            "JWT expired"
        );
        assert_eq!(
            window(&json!({"exp": 100, "nbf": 10, "iat": 20})),
            Some((20 - jwt::leeway() as i64, 100 + jwt::leeway() as i64))
        );
        assert_eq!(window(&json!({"exp": 1.5})), None);
    }

    #[test]
    fn refused_tokens_are_not_cached() {
        let secret = SecretString::from("x".repeat(32));
        let cache = VerifiedTokens::new();
        let forged = signed(json!({"role": "postgres"}), &secret);
        assert_eq!(
            cache.resolve(Some(&forged), &secret).unwrap_err().code,
            "PGRST303"
        );
        assert!(cache.entries.lock().unwrap().is_empty());
        let other = signed(json!({"role": "anon"}), &SecretString::from("y".repeat(32)));
        assert_eq!(
            cache.resolve(Some(&other), &secret).unwrap_err().code,
            "PGRST301"
        );
        assert!(cache.entries.lock().unwrap().is_empty());
    }
}
