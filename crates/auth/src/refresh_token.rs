//! Refresh token values. A session's first token is 32 random bytes; each
//! child is an HMAC of its parent and its own row id under a key derived from
//! the JWT secret, so whoever presents a parent can be handed its existing
//! child again while the database keeps only SHA-256 hashes (GoTrue keeps the
//! tokens themselves). Tokens are URL-safe base64 without padding, 43 characters.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};
use uuid::Uuid;

pub const TOKEN_BYTES: usize = 32;

pub fn derivation_key(secret: &SecretString) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat refresh token derivation");
    mac.finalize().into_bytes().into()
}

/// A new random token (256 bits).
pub fn generate() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The child of `parent` stored under row id `child_id`.
pub fn derive_child(key: &[u8; 32], parent: &str, child_id: Uuid) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(parent.as_bytes());
    mac.update(b"\0");
    mac.update(child_id.as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// What the database stores and looks tokens up by.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_are_long_and_distinct() {
        let a = generate();
        let b = generate();
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        let decoded = URL_SAFE_NO_PAD.decode(&a).unwrap();
        assert_eq!(decoded.len() * 8, 256);
    }

    #[test]
    fn children_are_deterministic_per_parent_and_id() {
        let key = derivation_key(&SecretString::from("s".repeat(32)));
        let id = Uuid::new_v4();
        let c1 = derive_child(&key, "parent", id);
        assert_eq!(c1, derive_child(&key, "parent", id));
        assert_eq!(c1.len(), 43);
        assert_ne!(c1, derive_child(&key, "parent", Uuid::new_v4()));
        assert_ne!(c1, derive_child(&key, "other", id));
        let other_key = derivation_key(&SecretString::from("t".repeat(32)));
        assert_ne!(c1, derive_child(&other_key, "parent", id));
    }

    #[test]
    fn hashes_are_sha256() {
        assert_eq!(
            hex_string(&hash("abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    fn hex_string(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}
