//! Who a request runs as: the JWT from `Authorization: Bearer`, or from the
//! `apikey` header when there is no Authorization, verified with the HS256
//! secret; no token means `anon`. Only the three API roles may be assumed.

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
