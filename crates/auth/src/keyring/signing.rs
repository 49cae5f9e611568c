//! Asymmetric signing keys: making one (ES256 on P-256, or RS256 with a
//! 2048-bit modulus), its public half as a JWK (RFC 7517/7518: `kty`, `crv`
//! `x` `y` or `n` `e`, with `kid`, `alg`, `use: sig`, `key_ops: [verify]`),
//! and the jsonwebtoken keys that sign and verify with it.

use std::fmt;
use std::str::FromStr;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAlgorithm {
    Es256,
    Rs256,
}

impl KeyAlgorithm {
    pub fn as_str(self) -> &'static str {
        match self {
            KeyAlgorithm::Es256 => "ES256",
            KeyAlgorithm::Rs256 => "RS256",
        }
    }

    pub fn jwt(self) -> Algorithm {
        match self {
            KeyAlgorithm::Es256 => Algorithm::ES256,
            KeyAlgorithm::Rs256 => Algorithm::RS256,
        }
    }
}

impl fmt::Display for KeyAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for KeyAlgorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_uppercase().as_str() {
            "ES256" => Ok(KeyAlgorithm::Es256),
            "RS256" => Ok(KeyAlgorithm::Rs256),
            _ => Err(format!("unknown algorithm {s:?}: use ES256 or RS256")),
        }
    }
}

/// A new key pair: its private half as the DER jsonwebtoken signs with
/// (PKCS#8 for ES256, PKCS#1 for RS256) and its public JWK.
pub struct NewKey {
    pub kid: String,
    pub algorithm: KeyAlgorithm,
    pub private_der: Vec<u8>,
    pub public_jwk: Value,
}

pub fn generate(algorithm: KeyAlgorithm) -> anyhow::Result<NewKey> {
    let kid = uuid::Uuid::new_v4().to_string();
    let (private_der, params) = match algorithm {
        KeyAlgorithm::Es256 => {
            use p256::pkcs8::EncodePrivateKey;
            let secret = p256::SecretKey::random(&mut rand_core::OsRng);
            let point = p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(
                &secret.public_key(),
                false,
            );
            let (Some(x), Some(y)) = (point.x(), point.y()) else {
                anyhow::bail!("a P-256 public key without coordinates");
            };
            let der = secret.to_pkcs8_der()?.as_bytes().to_vec();
            (
                der,
                json!({"kty": "EC", "crv": "P-256", "x": b64(x), "y": b64(y)}),
            )
        }
        KeyAlgorithm::Rs256 => {
            use rsa::pkcs1::EncodeRsaPrivateKey;
            use rsa::traits::PublicKeyParts;
            let private = rsa::RsaPrivateKey::new(&mut rand_core::OsRng, 2048)?;
            let der = private.to_pkcs1_der()?.as_bytes().to_vec();
            (
                der,
                json!({
                    "kty": "RSA",
                    "n": b64(&private.n().to_bytes_be()),
                    "e": b64(&private.e().to_bytes_be()),
                }),
            )
        }
    };
    let mut public_jwk = params;
    public_jwk["kid"] = json!(kid);
    public_jwk["alg"] = json!(algorithm.as_str());
    public_jwk["use"] = json!("sig");
    public_jwk["key_ops"] = json!(["verify"]);
    Ok(NewKey {
        kid,
        algorithm,
        private_der,
        public_jwk,
    })
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

pub fn encoding_key(algorithm: KeyAlgorithm, private_der: &[u8]) -> EncodingKey {
    match algorithm {
        KeyAlgorithm::Es256 => EncodingKey::from_ec_der(private_der),
        KeyAlgorithm::Rs256 => EncodingKey::from_rsa_der(private_der),
    }
}

/// The verifying key of a stored public JWK, which must be of `algorithm`'s type.
pub fn decoding_key(algorithm: KeyAlgorithm, jwk: &Value) -> anyhow::Result<DecodingKey> {
    let field = |name: &str| {
        jwk.get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow::anyhow!("the JWK has no {name}"))
    };
    match (algorithm, field("kty")?) {
        (KeyAlgorithm::Es256, "EC") if field("crv")? == "P-256" => {
            Ok(DecodingKey::from_ec_components(field("x")?, field("y")?)?)
        }
        (KeyAlgorithm::Rs256, "RSA") => {
            Ok(DecodingKey::from_rsa_components(field("n")?, field("e")?)?)
        }
        (alg, kty) => anyhow::bail!("a {kty} JWK cannot verify {alg}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{decode, encode, Header, Validation};

    fn round_trip(algorithm: KeyAlgorithm) -> Value {
        let key = generate(algorithm).unwrap();
        let mut header = Header::new(algorithm.jwt());
        header.kid = Some(key.kid.clone());
        let token = encode(
            &header,
            &json!({"sub": "x"}),
            &encoding_key(algorithm, &key.private_der),
        )
        .unwrap();
        let mut v = Validation::new(algorithm.jwt());
        v.required_spec_claims.clear();
        v.validate_exp = false;
        let claims = decode::<Value>(
            &token,
            &decoding_key(algorithm, &key.public_jwk).unwrap(),
            &v,
        )
        .unwrap()
        .claims;
        assert_eq!(claims["sub"], "x");
        // Another key of the same kind does not verify it.
        let other = generate(algorithm).unwrap();
        assert!(decode::<Value>(
            &token,
            &decoding_key(algorithm, &other.public_jwk).unwrap(),
            &v
        )
        .is_err());
        key.public_jwk
    }

    #[test]
    fn es256_keys_sign_verify_and_publish_a_p256_jwk() {
        let jwk = round_trip(KeyAlgorithm::Es256);
        assert_eq!(jwk["kty"], "EC");
        assert_eq!(jwk["crv"], "P-256");
        assert_eq!(jwk["alg"], "ES256");
        assert_eq!(jwk["use"], "sig");
        assert_eq!(jwk["key_ops"], json!(["verify"]));
        // 32-byte coordinates, base64url without padding.
        for c in ["x", "y"] {
            let bytes = URL_SAFE_NO_PAD.decode(jwk[c].as_str().unwrap()).unwrap();
            assert_eq!(bytes.len(), 32);
        }
        assert!(jwk.get("d").is_none(), "no private part: {jwk}");
    }

    #[test]
    fn rs256_keys_sign_verify_and_publish_n_and_e() {
        let jwk = round_trip(KeyAlgorithm::Rs256);
        assert_eq!(jwk["kty"], "RSA");
        assert_eq!(jwk["e"], "AQAB");
        let n = URL_SAFE_NO_PAD.decode(jwk["n"].as_str().unwrap()).unwrap();
        assert_eq!(n.len(), 256);
        for private in ["d", "p", "q", "dp", "dq", "qi"] {
            assert!(jwk.get(private).is_none(), "{jwk}");
        }
    }

    #[test]
    fn a_jwk_of_the_wrong_type_does_not_make_a_key() {
        let ec = generate(KeyAlgorithm::Es256).unwrap().public_jwk;
        assert!(decoding_key(KeyAlgorithm::Rs256, &ec).is_err());
        assert!("HS256".parse::<KeyAlgorithm>().is_err());
        assert_eq!("es256".parse(), Ok(KeyAlgorithm::Es256));
    }
}
