//! Who a request runs as: the JWT from `Authorization: Bearer`, or from the
//! `apikey` header when there is no Authorization, verified with the HS256
//! secret; no token means `anon`. Only the three API roles may be assumed.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use pleat_auth::jwt::{self, JwtError};
use secrecy::SecretString;
use serde_json::{json, Value};

pub const ALLOWED_ROLES: [&str; 3] = ["anon", "authenticated", "service_role"];

#[derive(Debug, Clone, PartialEq)]
pub struct RequestRole {
    pub role: String,
    /// The claims as the database sees them in `request.jwt.claims`.
    pub claims: Value,
}

/// A refused token: 401 with PostgREST's body and a `WWW-Authenticate` header.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthError {
    pub code: &'static str,
    pub message: String,
    pub details: Option<String>,
}

impl AuthError {
    pub fn to_json(&self) -> Value {
        json!({"code": self.code, "message": self.message, "details": self.details, "hint": null})
    }

    pub fn www_authenticate(&self) -> String {
        let description = self.message.replace('"', "'");
        format!("Bearer error=\"invalid_token\", error_description=\"{description}\"")
    }
}

/// The token a request carries, if any (`Authorization` wins over `apikey`).
pub fn token<'a>(authorization: Option<&'a str>, apikey: Option<&'a str>) -> Option<&'a str> {
    match authorization {
        Some(value) => {
            let value = value.trim();
            match value.split_once(char::is_whitespace) {
                Some((scheme, rest)) if scheme.eq_ignore_ascii_case("bearer") => Some(rest.trim()),
                _ if value.eq_ignore_ascii_case("bearer") => Some(""),
                _ => Some(value),
            }
        }
        None => apikey.map(str::trim),
    }
    .filter(|t| !t.is_empty())
}

pub fn resolve(token: Option<&str>, secret: &SecretString) -> Result<RequestRole, AuthError> {
    let Some(token) = token else {
        return Ok(RequestRole {
            role: "anon".into(),
            claims: json!({"role": "anon"}),
        });
    };
    let claims = jwt::verify(token, secret).map_err(|e| AuthError {
        code: "PGRST301",
        message: match e {
            JwtError::Expired => "JWT expired".to_string(),
            JwtError::Signature => "JWSError JWSInvalidSignature".to_string(),
            other => other.to_string(),
        },
        details: None,
    })?;
    let role = claims.role.clone().unwrap_or_else(|| "anon".to_string());
    if !ALLOWED_ROLES.contains(&role.as_str()) {
        return Err(AuthError {
            code: "PGRST303",
            message: "JWT claims validation or parsing failed".into(),
            details: Some(format!(
                "The role \"{role}\" is not allowed; use anon, authenticated or service_role"
            )),
        });
    }
    Ok(RequestRole {
        role,
        claims: claims.value,
    })
}

/// Tokens already verified, by their exact text: the API key is the same on
/// every request and a signed-in browser sends one token for an hour, so the
/// signature check and claim parsing (the largest share of a read's own CPU
/// in scripts/bench-rest) run once per token. A hit is checked against the
/// clock again with the same leeway as `jwt::verify`, so a cached token still
/// expires on time; only accepted tokens are kept, at most `CAPACITY` of them.
pub struct VerifiedTokens {
    entries: Mutex<HashMap<String, Verified>>,
}

struct Verified {
    role: RequestRole,
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

    /// [`resolve`], remembering tokens it accepted.
    pub fn resolve(
        &self,
        token: Option<&str>,
        secret: &SecretString,
    ) -> Result<RequestRole, AuthError> {
        let Some(text) = token else {
            return resolve(None, secret);
        };
        let now = now();
        if let Some(hit) = self.entries.lock().expect("token cache lock").get(text) {
            if (hit.from..=hit.until).contains(&now) {
                return Ok(hit.role.clone());
            }
        }
        let role = resolve(token, secret)?;
        if let Some((from, until)) = window(&role.claims) {
            let mut entries = self.entries.lock().expect("token cache lock");
            if entries.len() >= Self::CAPACITY {
                entries.clear();
            }
            entries.insert(
                text.to_string(),
                Verified {
                    role: role.clone(),
                    from,
                    until,
                },
            );
        }
        Ok(role)
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

    #[test]
    fn authorization_wins_over_apikey() {
        assert_eq!(token(Some("Bearer abc"), Some("key")), Some("abc"));
        assert_eq!(token(Some("bearer  abc "), None), Some("abc"));
        assert_eq!(token(None, Some("key")), Some("key"));
        assert_eq!(token(None, None), None);
        assert_eq!(token(Some("Bearer "), Some("key")), None);
    }

    #[test]
    fn no_token_is_anon() {
        let secret = SecretString::from("x".repeat(32));
        let r = resolve(None, &secret).unwrap();
        assert_eq!(r.role, "anon");
    }

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
        assert_eq!(first, resolve(Some(&key), &secret).unwrap());
        // A token cached while it was valid is verified again once its window
        // has passed, and refused.
        let expired = signed(json!({"role": "anon", "exp": now() - 3600}), &secret);
        cache.entries.lock().unwrap().insert(
            expired.clone(),
            Verified {
                role: first.clone(),
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

    #[test]
    fn garbage_is_refused_with_www_authenticate() {
        let secret = SecretString::from("x".repeat(32));
        let e = resolve(Some("not-a-jwt"), &secret).unwrap_err();
        assert_eq!(e.code, "PGRST301");
        assert!(e
            .www_authenticate()
            .starts_with("Bearer error=\"invalid_token\""));
    }
}
