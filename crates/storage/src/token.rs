//! Signed-URL tokens: HS256 JWTs signed with the JWT secret, with Supabase's
//! claims (`url` = `bucket/key`, `scope`, `iat`, `exp`; upload tokens also
//! `owner` and `upsert`, render tokens `transformations` and `format`).
//! Verified in Supabase's order: signature, scope, url, expiry, with no
//! leeway, so an expired link stops working on time.

use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use crate::error::StorageError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Download,
    Upload,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UrlClaims {
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<Scope>,
    pub iat: i64,
    pub exp: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upsert: Option<bool>,
    /// A render token's options (`height:…,width:…,resize:…`), fixed at signing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transformations: Option<String>,
    /// A render token's requested format (`""` when none), as Supabase signs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
}

impl UrlClaims {
    pub fn download(url: String, now: i64, expires_in: i64) -> Self {
        UrlClaims {
            url,
            scope: Some(Scope::Download),
            iat: now,
            exp: now.saturating_add(expires_in),
            owner: None,
            upsert: None,
            transformations: None,
            format: None,
        }
    }

    pub fn upload(
        url: String,
        now: i64,
        expires_in: i64,
        owner: Option<String>,
        upsert: bool,
    ) -> Self {
        UrlClaims {
            url,
            scope: Some(Scope::Upload),
            iat: now,
            exp: now.saturating_add(expires_in),
            owner,
            upsert: Some(upsert),
            transformations: None,
            format: None,
        }
    }

    /// Legacy tokens without `scope` are upload tokens when they carry `upsert`.
    fn effective_scope(&self) -> Scope {
        match (self.scope, self.upsert) {
            (Some(s), _) => s,
            (None, Some(_)) => Scope::Upload,
            (None, None) => Scope::Download,
        }
    }
}

pub fn sign(claims: &UrlClaims, secret: &SecretString) -> Result<String, StorageError> {
    let key = EncodingKey::from_secret(secret.expose_secret().as_bytes());
    encode(&Header::new(Algorithm::HS256), claims, &key).map_err(StorageError::internal)
}

/// The claims of `token` if it is ours, of `scope`, for `url`, and not expired at `now`.
pub fn verify(
    token: &str,
    secret: &SecretString,
    scope: Scope,
    url: &str,
    now: i64,
) -> Result<UrlClaims, StorageError> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.validate_aud = false;
    validation.required_spec_claims.clear();
    let key = DecodingKey::from_secret(secret.expose_secret().as_bytes());
    let claims = decode::<UrlClaims>(token, &key, &validation)
        .map_err(|e| match e.kind() {
            ErrorKind::InvalidSignature => StorageError::new(
                400,
                "InvalidSignature",
                "InvalidSignature",
                "signature verification failed",
            ),
            _ => StorageError::invalid_jwt(format!("Invalid token: {e}")),
        })?
        .claims;
    if claims.effective_scope() != scope || claims.url != url {
        return Err(StorageError::new(
            400,
            "InvalidSignature",
            "InvalidSignature",
            "The url and token do not match",
        ));
    }
    if claims.exp <= now {
        return Err(StorageError::invalid_jwt(
            "\"exp\" claim timestamp check failed",
        ));
    }
    Ok(claims)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> SecretString {
        SecretString::from("s".repeat(40))
    }

    #[test]
    fn round_trip_with_supabase_claims() {
        let token = sign(&UrlClaims::download("b/a.png".into(), 1000, 60), &secret()).unwrap();
        let claims = verify(&token, &secret(), Scope::Download, "b/a.png", 1030).unwrap();
        assert_eq!(claims.exp, 1060);
        assert_eq!(claims.scope, Some(Scope::Download));
    }

    #[test]
    fn expired_tampered_or_misused_tokens_fail() {
        let token = sign(&UrlClaims::download("b/a.png".into(), 1000, 60), &secret()).unwrap();
        let expired = verify(&token, &secret(), Scope::Download, "b/a.png", 1060).unwrap_err();
        assert_eq!(expired.code, "InvalidJWT");
        assert_eq!(expired.message, "\"exp\" claim timestamp check failed");
        let other = SecretString::from("t".repeat(40));
        assert_eq!(
            verify(&token, &other, Scope::Download, "b/a.png", 1001)
                .unwrap_err()
                .code,
            "InvalidSignature"
        );
        assert_eq!(
            verify(&token, &secret(), Scope::Download, "b/other.png", 1001)
                .unwrap_err()
                .code,
            "InvalidSignature"
        );
        assert_eq!(
            verify(&token, &secret(), Scope::Upload, "b/a.png", 1001)
                .unwrap_err()
                .code,
            "InvalidSignature"
        );
        assert_eq!(
            verify("garbage", &secret(), Scope::Download, "b/a.png", 1001)
                .unwrap_err()
                .code,
            "InvalidJWT"
        );
    }

    #[test]
    fn upload_tokens_carry_owner_and_upsert() {
        let claims = UrlClaims::upload("b/k".into(), 5, 7200, Some("user-1".into()), true);
        let token = sign(&claims, &secret()).unwrap();
        let back = verify(&token, &secret(), Scope::Upload, "b/k", 6).unwrap();
        assert_eq!(back.owner.as_deref(), Some("user-1"));
        assert_eq!(back.upsert, Some(true));
    }
}
