//! JWTs: [`verify_with`], which every API uses through the
//! [`Keyring`](crate::keyring::Keyring), accepts HS256 with the JWT secret and
//! ES256/RS256 whose `kid` names one of the given keys with that very
//! algorithm; `none`, every other algorithm, an HS256 token naming an
//! asymmetric key and an asymmetric token without a known `kid` are refused.
//! `exp`, `nbf` and `iat` are checked with [`leeway`] (30 s unless
//! PLEAT_JWT_LEEWAY says otherwise) for clock skew; `aud` is not checked
//! (GoTrue and PostgREST do not by default).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};

use jsonwebtoken::{
    decode, encode, errors::ErrorKind, Algorithm, DecodingKey, EncodingKey, Header, Validation,
};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const DEFAULT_LEEWAY_SECS: u64 = 30;

// Process-wide rather than in each crate's settings: the REST token cache must
// use the very leeway `verify` does, and pleat sets it once at start.
static LEEWAY_SECS: AtomicU64 = AtomicU64::new(DEFAULT_LEEWAY_SECS);

/// Sets the clock-skew leeway of [`verify`] (PLEAT_JWT_LEEWAY), before serving.
pub fn set_leeway(secs: u64) {
    LEEWAY_SECS.store(secs, Ordering::Relaxed);
}

pub fn leeway() -> u64 {
    LEEWAY_SECS.load(Ordering::Relaxed)
}

/// A verified token: every claim as sent, and its `role` when it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Claims {
    pub value: Value,
    /// `None` when the token carries no string `role` (PostgREST then uses anon).
    pub role: Option<String>,
}

impl Claims {
    pub fn str(&self, name: &str) -> Option<&str> {
        self.value.get(name).and_then(Value::as_str)
    }
}

/// Why a token was refused; the text is safe to show to the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    #[error("token is expired")]
    Expired,
    #[error("token is not valid yet")]
    NotYetValid,
    #[error("token used before issued")]
    IssuedInFuture,
    #[error("signing method {0} is invalid")]
    Algorithm(String),
    #[error("signature is invalid")]
    Signature,
    #[error("token is malformed: {0}")]
    Malformed(String),
    /// An ES256/RS256 token whose `kid` is not a current or previous key
    /// (unknown, or revoked).
    #[error("invalid kid: {0}")]
    UnknownKid(String),
    #[error("missing kid in the token header")]
    MissingKid,
}

/// A public key tokens may name by `kid`, and the one algorithm it verifies.
pub struct VerifyingKey {
    pub algorithm: Algorithm,
    pub key: DecodingKey,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AmrEntry {
    pub method: String,
    pub timestamp: i64,
}

/// The access token GoTrue issues, claim for claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AccessTokenClaims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    pub email: String,
    pub phone: String,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub role: String,
    pub aal: String,
    pub amr: Vec<AmrEntry>,
    pub session_id: String,
    pub is_anonymous: bool,
    /// The OAuth client a third-party app's session was issued to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// The scopes granted to that app.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

/// Any claims, HS256 (API keys, tests).
pub fn sign(claims: &impl Serialize, secret: &SecretString) -> Result<String, anyhow::Error> {
    let key = EncodingKey::from_secret(secret.expose_secret().as_bytes());
    Ok(encode(&Header::new(Algorithm::HS256), claims, &key)?)
}

/// HS256 with `secret` only (tests, and tools without a keyring).
pub fn verify(token: &str, secret: &SecretString) -> Result<Claims, JwtError> {
    verify_with(token, secret, &HashMap::new())
}

pub fn verify_with(
    token: &str,
    secret: &SecretString,
    keys: &HashMap<String, VerifyingKey>,
) -> Result<Claims, JwtError> {
    let header = jsonwebtoken::decode_header(token).map_err(|e| match e.kind() {
        // Algorithms jsonwebtoken does not know at all (`none`, `HS1`) fail here.
        ErrorKind::Json(_) => match alg_name(token) {
            Some(alg) => JwtError::Algorithm(alg),
            None => JwtError::Malformed(e.to_string()),
        },
        _ => JwtError::Malformed(e.to_string()),
    })?;
    let secret_key;
    let key = match header.alg {
        // An HS256 token naming an asymmetric key is the algorithm-confusion
        // attack (the public key used as an HMAC secret): refused outright.
        Algorithm::HS256 if header.kid.as_ref().is_some_and(|k| keys.contains_key(k)) => {
            return Err(JwtError::Algorithm("HS256".into()));
        }
        Algorithm::HS256 => {
            secret_key = DecodingKey::from_secret(secret.expose_secret().as_bytes());
            &secret_key
        }
        Algorithm::ES256 | Algorithm::RS256 => {
            let kid = header.kid.as_deref().ok_or(JwtError::MissingKid)?;
            let found = keys
                .get(kid)
                .ok_or_else(|| JwtError::UnknownKid(kid.to_string()))?;
            if found.algorithm != header.alg {
                return Err(JwtError::Algorithm(format!("{:?}", header.alg)));
            }
            &found.key
        }
        other => return Err(JwtError::Algorithm(format!("{other:?}"))),
    };
    let mut validation = Validation::new(header.alg);
    validation.leeway = leeway();
    validation.validate_exp = true;
    validation.validate_nbf = true;
    validation.validate_aud = false;
    validation.required_spec_claims = HashSet::new();
    let data = decode::<Value>(token, key, &validation).map_err(|e| match e.kind() {
        ErrorKind::ExpiredSignature => JwtError::Expired,
        ErrorKind::ImmatureSignature => JwtError::NotYetValid,
        ErrorKind::InvalidSignature => JwtError::Signature,
        ErrorKind::InvalidAlgorithm => JwtError::Algorithm(format!("{:?}", header.alg)),
        _ => JwtError::Malformed(e.to_string()),
    })?;
    let value = data.claims;
    if !value.is_object() {
        return Err(JwtError::Malformed("claims are not a JSON object".into()));
    }
    if let Some(iat) = value.get("iat") {
        let iat = iat
            .as_i64()
            .ok_or_else(|| JwtError::Malformed("iat is not a number".into()))?;
        if iat > chrono::Utc::now().timestamp() + leeway() as i64 {
            return Err(JwtError::IssuedInFuture);
        }
    }
    let role = value.get("role").and_then(Value::as_str).map(str::to_owned);
    Ok(Claims { value, role })
}

/// The `alg` a header names, for the error message, when jsonwebtoken cannot parse it.
fn alg_name(token: &str) -> Option<String> {
    use base64::Engine;
    token
        .split('.')
        .next()
        .and_then(|h| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(h)
                .ok()
        })
        .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
        .and_then(|v| v.get("alg").and_then(Value::as_str).map(str::to_owned))
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use serde_json::json;

    fn secret() -> SecretString {
        SecretString::from("0123456789abcdef0123456789abcdef".to_string())
    }

    fn sign(value: &Value) -> String {
        encode(
            &Header::new(Algorithm::HS256),
            value,
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap()
    }

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn a_good_token_verifies_with_its_role() {
        let t =
            sign(&json!({"sub": "u", "role": "authenticated", "exp": now() + 60, "iat": now()}));
        let c = verify(&t, &secret()).unwrap();
        assert_eq!(c.role.as_deref(), Some("authenticated"));
        assert_eq!(c.str("sub"), Some("u"));
    }

    #[test]
    fn tokens_without_exp_or_role_verify() {
        let c = verify(&sign(&json!({"iss": "x"})), &secret()).unwrap();
        assert_eq!(c.role, None);
    }

    #[test]
    fn time_claims_have_thirty_seconds_of_leeway() {
        assert!(verify(&sign(&json!({"exp": now() - 20})), &secret()).is_ok());
        assert_eq!(
            verify(&sign(&json!({"exp": now() - 40})), &secret()),
            Err(JwtError::Expired)
        );
        assert!(verify(&sign(&json!({"nbf": now() + 20})), &secret()).is_ok());
        assert_eq!(
            verify(&sign(&json!({"nbf": now() + 40})), &secret()),
            Err(JwtError::NotYetValid)
        );
        assert!(verify(&sign(&json!({"iat": now() + 20})), &secret()).is_ok());
        assert_eq!(
            verify(&sign(&json!({"iat": now() + 40})), &secret()),
            Err(JwtError::IssuedInFuture)
        );
    }

    #[test]
    fn wrong_secret_is_a_bad_signature() {
        let t = encode(
            &Header::new(Algorithm::HS256),
            &json!({"a": 1}),
            &EncodingKey::from_secret(b"another"),
        )
        .unwrap();
        assert_eq!(verify(&t, &secret()), Err(JwtError::Signature));
    }

    #[test]
    fn alg_none_and_other_algorithms_are_refused() {
        let b64 = |v: Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
        let none = format!(
            "{}.{}.",
            b64(json!({"alg": "none", "typ": "JWT"})),
            b64(json!({"role": "service_role"}))
        );
        assert_eq!(
            verify(&none, &secret()),
            Err(JwtError::Algorithm("none".into()))
        );
        let hs512 = encode(
            &Header::new(Algorithm::HS512),
            &json!({"role": "x"}),
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert!(matches!(
            verify(&hs512, &secret()),
            Err(JwtError::Algorithm(_))
        ));
    }

    #[test]
    fn garbage_is_malformed() {
        assert!(matches!(
            verify("not.a.token", &secret()),
            Err(JwtError::Malformed(_) | JwtError::Algorithm(_))
        ));
        assert!(matches!(verify("", &secret()), Err(JwtError::Malformed(_))));
    }

    #[test]
    fn signed_access_tokens_round_trip() {
        let claims = AccessTokenClaims {
            iss: "pleat".into(),
            sub: "s".into(),
            aud: "authenticated".into(),
            exp: now() + 3600,
            iat: now(),
            email: "a@b.c".into(),
            phone: String::new(),
            app_metadata: json!({"provider": "email"}),
            user_metadata: json!({}),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![AmrEntry {
                method: "password".into(),
                timestamp: now(),
            }],
            session_id: "sid".into(),
            is_anonymous: false,
            client_id: None,
            scope: None,
        };
        let t = super::sign(&claims, &secret()).unwrap();
        let back: AccessTokenClaims =
            serde_json::from_value(verify(&t, &secret()).unwrap().value).unwrap();
        assert_eq!(back, claims);
    }

    fn es256_keys() -> (String, EncodingKey, HashMap<String, VerifyingKey>) {
        use crate::keyring::signing::{decoding_key, encoding_key, generate, KeyAlgorithm};
        let key = generate(KeyAlgorithm::Es256).unwrap();
        let mut keys = HashMap::new();
        keys.insert(
            key.kid.clone(),
            VerifyingKey {
                algorithm: Algorithm::ES256,
                key: decoding_key(KeyAlgorithm::Es256, &key.public_jwk).unwrap(),
            },
        );
        (
            key.kid,
            encoding_key(KeyAlgorithm::Es256, &key.private_der),
            keys,
        )
    }

    #[test]
    fn es256_tokens_verify_by_kid_beside_hs256() {
        let (kid, signer, keys) = es256_keys();
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(kid);
        let t = encode(&header, &json!({"role": "anon"}), &signer).unwrap();
        assert_eq!(
            verify_with(&t, &secret(), &keys).unwrap().role.as_deref(),
            Some("anon")
        );
        // Without the key (revoked, or never known) it is refused by kid.
        assert!(matches!(
            verify(&t, &secret()),
            Err(JwtError::UnknownKid(_))
        ));
        // HS256 still verifies with the secret.
        assert!(verify_with(&sign(&json!({"a": 1})), &secret(), &keys).is_ok());
    }

    #[test]
    fn hs256_naming_an_asymmetric_key_and_asymmetric_tokens_without_kid_are_refused() {
        let (kid, signer, keys) = es256_keys();
        let mut hs = Header::new(Algorithm::HS256);
        hs.kid = Some(kid.clone());
        let confused = encode(
            &hs,
            &json!({"role": "service_role"}),
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert_eq!(
            verify_with(&confused, &secret(), &keys),
            Err(JwtError::Algorithm("HS256".into()))
        );
        let no_kid = encode(&Header::new(Algorithm::ES256), &json!({}), &signer).unwrap();
        assert_eq!(
            verify_with(&no_kid, &secret(), &keys),
            Err(JwtError::MissingKid)
        );
        // ES384 naming an ES256 key: the key's own algorithm only.
        let mut es384 = Header::new(Algorithm::ES384);
        es384.kid = Some(kid);
        let b64 = |v: Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string());
        let forged = format!(
            "{}.{}.{}",
            b64(serde_json::to_value(&es384).unwrap()),
            b64(json!({})),
            b64(json!("sig"))
        );
        assert!(matches!(
            verify_with(&forged, &secret(), &keys),
            Err(JwtError::Algorithm(_))
        ));
    }
}
