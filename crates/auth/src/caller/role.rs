//! Who a request runs as: the token from `Authorization: Bearer`, or from the
//! `apikey` header when there is no Authorization, verified by the
//! [`Keyring`] (a JWT signed by the JWT secret or a current or previous
//! signing key, or an opaque `sb_publishable_`/`sb_secret_` key acting as
//! anon/service_role); no token means `anon`. Only the three API roles may be
//! assumed.

use serde_json::{json, Value};

use crate::jwt::JwtError;
use crate::keyring::{api_keys, ApiKeyCheck, Keyring};

const ALLOWED_ROLES: [&str; 3] = ["anon", "authenticated", "service_role"];

/// A verified caller: the role its statements run as and its token's claims.
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    pub role: String,
    /// The claims as the database sees them in `request.jwt.claims`.
    pub claims: Value,
}

impl Caller {
    /// A request without a token.
    pub fn anon() -> Caller {
        Caller {
            role: "anon".into(),
            claims: json!({"role": "anon"}),
        }
    }

    /// The role that bypasses row-level security, for what Supabase runs as
    /// its superuser (storage's public reads, signed URLs, bucket lookups).
    pub fn service() -> Caller {
        Caller {
            role: "service_role".into(),
            claims: json!({"role": "service_role"}),
        }
    }

    /// The JWT `sub`: the user, when the caller is one.
    pub fn sub(&self) -> Option<String> {
        self.claims
            .get("sub")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    pub fn is_service(&self) -> bool {
        self.role == "service_role"
    }

    /// The `session_id` claim of a token from `/auth/v1`, unchecked; `None`
    /// for tokens without one (the API keys). Empty and nil ids mean "no
    /// session", as `/auth/v1` reads them.
    pub fn session_id(&self) -> Option<&str> {
        self.claims
            .get("session_id")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty() && *s != "00000000-0000-0000-0000-000000000000")
    }
}

/// A refused token (PostgREST's codes: `PGRST301` does not verify, `PGRST303`
/// names a role that may not be assumed); each API answers it in its own format.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenError {
    pub code: &'static str,
    pub message: String,
    pub details: Option<String>,
}

impl TokenError {
    /// RFC 6750's answer to a bad bearer token.
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

/// Supabase's answer to an opaque key that is not (or no longer) valid.
pub const INVALID_API_KEY: &str = "Invalid API key";

/// The caller an opaque key stands for: its role, with the claims the
/// database sees (`role` only: the key names no user).
async fn opaque(token: &str, keyring: &Keyring) -> Result<Caller, TokenError> {
    match keyring.check_api_key(token).await {
        ApiKeyCheck::Valid(kind) => Ok(Caller {
            role: kind.role().to_string(),
            claims: json!({"role": kind.role()}),
        }),
        ApiKeyCheck::Revoked | ApiKeyCheck::Invalid => Err(TokenError {
            code: "PGRST301",
            message: INVALID_API_KEY.to_string(),
            details: None,
        }),
    }
}

/// PostgREST 13's error for a JWT that does not verify: PGRST301 when it cannot
/// be decoded or verified, PGRST303 when its claims refuse it.
fn refusal(token: &str, e: JwtError) -> TokenError {
    let decode = |message: String, details: Option<String>| TokenError {
        code: "PGRST301",
        message,
        details,
    };
    let claims = |message: &str| TokenError {
        code: "PGRST303",
        message: message.to_string(),
        details: None,
    };
    match e {
        JwtError::Expired => claims("JWT expired"),
        JwtError::NotYetValid => claims("JWT not yet valid"),
        JwtError::IssuedInFuture => claims("JWT issued at future"),
        JwtError::Algorithm(alg) => decode(
            "Wrong or unsupported encoding algorithm".into(),
            Some(format!("The algorithm {alg} is not accepted")),
        ),
        // No key of this server signed it.
        JwtError::Signature | JwtError::UnknownKid(_) | JwtError::MissingKid => {
            decode("JWT cryptographic operation failed".into(), None)
        }
        JwtError::Malformed(_) => match token.split('.').count() {
            3 => decode("JWT couldn't be decoded".into(), None),
            n => decode(format!("Expected 3 parts in JWT; got {n}"), None),
        },
    }
}

pub async fn resolve(token: Option<&str>, keyring: &Keyring) -> Result<Caller, TokenError> {
    let Some(token) = token else {
        return Ok(Caller::anon());
    };
    if api_keys::is_opaque(token) {
        return opaque(token, keyring).await;
    }
    let claims = keyring.verify(token).await.map_err(|e| refusal(token, e))?;
    let role = claims.role.clone().unwrap_or_else(|| "anon".to_string());
    if !ALLOWED_ROLES.contains(&role.as_str()) {
        return Err(TokenError {
            code: "PGRST303",
            message: "Parsing claims failed".into(),
            details: Some(format!(
                "The role \"{role}\" is not allowed; use anon, authenticated or service_role"
            )),
        });
    }
    Ok(Caller {
        role,
        claims: claims.value,
    })
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

    fn keyring() -> Keyring {
        Keyring::legacy(secrecy::SecretString::from("x".repeat(32)))
    }

    #[tokio::test]
    async fn no_token_is_anon() {
        let r = resolve(None, &keyring()).await.unwrap();
        assert_eq!(r.role, "anon");
    }

    #[tokio::test]
    async fn garbage_is_refused_with_www_authenticate() {
        let e = resolve(Some("not-a-jwt"), &keyring()).await.unwrap_err();
        assert_eq!(e.code, "PGRST301");
        assert!(e
            .www_authenticate()
            .starts_with("Bearer error=\"invalid_token\""));
    }

    #[tokio::test]
    async fn opaque_keys_not_made_with_the_secret_are_invalid_api_keys() {
        let other = Keyring::legacy(secrecy::SecretString::from("y".repeat(32)));
        let key = api_keys::key_text(
            other.mac_key(),
            api_keys::ApiKeyKind::Secret,
            "abcdefgh12345678",
        );
        let e = resolve(Some(&key), &keyring()).await.unwrap_err();
        assert_eq!((e.code, e.message.as_str()), ("PGRST301", INVALID_API_KEY));
        // Made with this secret but unknown to the keyring (no database):
        // refused too, never taken for its role.
        let own = keyring();
        let key = api_keys::key_text(
            own.mac_key(),
            api_keys::ApiKeyKind::Secret,
            "abcdefgh12345678",
        );
        assert_eq!(
            resolve(Some(&key), &own).await.unwrap_err().message,
            INVALID_API_KEY
        );
    }

    #[test]
    fn without_a_signing_key_the_secret_signs() {
        let k = keyring();
        let token = k.sign(&json!({"role": "anon"})).unwrap();
        assert!(k.signing_key().is_none());
        assert_eq!(
            k.verify_cached(&token).unwrap().role.as_deref(),
            Some("anon")
        );
        assert_eq!(k.jwks(), json!({"keys": []}));
    }

    #[test]
    fn empty_and_nil_session_ids_are_no_session() {
        let with = |sid: &str| Caller {
            role: "authenticated".into(),
            claims: json!({"role": "authenticated", "session_id": sid}),
        };
        assert_eq!(with("").session_id(), None);
        assert_eq!(
            with("00000000-0000-0000-0000-000000000000").session_id(),
            None
        );
        assert_eq!(with("abc").session_id(), Some("abc"));
        assert_eq!(Caller::anon().session_id(), None);
    }
}
