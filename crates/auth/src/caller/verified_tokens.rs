//! Tokens already verified, by their exact text: the API key is the same on
//! every request and a signed-in browser sends one token for an hour, so the
//! signature check and claim parsing (the largest share of a read's own CPU
//! in scripts/bench-rest) run once per token. A hit is checked against the
//! clock again with the same leeway as `jwt::verify`, so a cached token still
//! expires on time; only accepted tokens are kept, at most `CAPACITY` of them.
//! A change of the keyring (a key revoked here or on another replica) empties
//! the cache, so a token of a revoked key is refused from then on.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

use super::role::{self, Caller, TokenError};
use crate::jwt;
use crate::keyring::{api_keys, Keyring};

pub struct VerifiedTokens {
    entries: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    /// The keyring generation the entries were verified under.
    generation: u64,
    tokens: HashMap<String, Verified>,
}

impl Entries {
    /// The tokens, emptied first when the keyring changed since they were verified.
    fn current(&mut self, generation: u64) -> &mut HashMap<String, Verified> {
        if self.generation != generation {
            self.tokens.clear();
            self.generation = generation;
        }
        &mut self.tokens
    }
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
            entries: Mutex::new(Entries::default()),
        }
    }

    /// [`role::resolve`], remembering JWTs it accepted. Opaque keys are
    /// not remembered: their check is a MAC and a lookup in the keyring's
    /// own cache, which a revocation (on any replica) updates at once.
    pub async fn resolve(
        &self,
        token: Option<&str>,
        keyring: &Keyring,
    ) -> Result<Caller, TokenError> {
        let Some(text) = token else {
            return role::resolve(None, keyring).await;
        };
        if api_keys::is_opaque(text) {
            return role::resolve(token, keyring).await;
        }
        let now = now();
        let generation = keyring.generation();
        if let Some(hit) = self
            .entries
            .lock()
            .expect("token cache lock")
            .current(generation)
            .get(text)
        {
            if (hit.from..=hit.until).contains(&now) {
                return Ok(hit.caller.clone());
            }
        }
        let caller = role::resolve(token, keyring).await?;
        if let Some((from, until)) = window(&caller.claims) {
            let mut entries = self.entries.lock().expect("token cache lock");
            let entries = entries.current(generation);
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

    use secrecy::SecretString;

    fn signed(claims: Value, secret: &SecretString) -> String {
        jwt::sign(&claims, secret).unwrap()
    }

    #[tokio::test]
    async fn cached_tokens_resolve_the_same_and_still_expire() {
        let secret = SecretString::from("x".repeat(32));
        let keyring = Keyring::legacy(secret.clone());
        let cache = VerifiedTokens::new();
        let key = signed(json!({"role": "anon", "exp": now() + 3600}), &secret);
        let first = cache.resolve(Some(&key), &keyring).await.unwrap();
        assert_eq!(cache.resolve(Some(&key), &keyring).await.unwrap(), first);
        assert_eq!(first, role::resolve(Some(&key), &keyring).await.unwrap());
        // A token cached while it was valid is verified again once its window
        // has passed, and refused.
        let expired = signed(json!({"role": "anon", "exp": now() - 3600}), &secret);
        cache.entries.lock().unwrap().tokens.insert(
            expired.clone(),
            Verified {
                caller: first.clone(),
                from: i64::MIN,
                until: now() - 1,
            },
        );
        assert_eq!(
            cache
                .resolve(Some(&expired), &keyring)
                .await
                .unwrap_err()
                .message,
            "JWT expired"
        );
        assert_eq!(
            window(&json!({"exp": 100, "nbf": 10, "iat": 20})),
            Some((20 - jwt::leeway() as i64, 100 + jwt::leeway() as i64))
        );
        assert_eq!(window(&json!({"exp": 1.5})), None);
    }

    #[tokio::test]
    async fn refused_tokens_are_not_cached() {
        let secret = SecretString::from("x".repeat(32));
        let keyring = Keyring::legacy(secret.clone());
        let cache = VerifiedTokens::new();
        let forged = signed(json!({"role": "postgres"}), &secret);
        assert_eq!(
            cache
                .resolve(Some(&forged), &keyring)
                .await
                .unwrap_err()
                .code,
            "PGRST303"
        );
        assert!(cache.entries.lock().unwrap().tokens.is_empty());
        let other = signed(json!({"role": "anon"}), &SecretString::from("y".repeat(32)));
        assert_eq!(
            cache
                .resolve(Some(&other), &keyring)
                .await
                .unwrap_err()
                .code,
            "PGRST301"
        );
        assert!(cache.entries.lock().unwrap().tokens.is_empty());
    }
}
