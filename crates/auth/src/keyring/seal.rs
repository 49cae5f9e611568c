//! Sealing a signing key's private half for the database: ChaCha20-Poly1305
//! under a key derived from the JWT secret, with the key id as associated
//! data so a sealed key cannot be moved to another row. A dump of the
//! database without the secret holds nothing that signs.

use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};

const NONCE_LEN: usize = 12;

/// The sealing key: HMAC-SHA256 of a fixed label under the JWT secret, so it
/// changes with the secret and is never the secret itself.
pub fn derive_key(secret: &SecretString) -> [u8; 32] {
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat signing key seal v1");
    mac.finalize().into_bytes().into()
}

/// `nonce || ciphertext+tag` of `plain`, bound to `kid`.
pub fn seal(key: &[u8; 32], kid: &str, plain: &[u8]) -> Result<Vec<u8>, SealError> {
    let cipher = ChaCha20Poly1305::new(&Key::from(*key));
    let nonce = ChaCha20Poly1305::generate_nonce(&mut rand_core::OsRng);
    let sealed = cipher
        .encrypt(
            &nonce,
            Payload {
                msg: plain,
                aad: kid.as_bytes(),
            },
        )
        .map_err(|_| SealError)?;
    let mut out = nonce.to_vec();
    out.extend_from_slice(&sealed);
    Ok(out)
}

/// The plain bytes, or an error when the key, the kid or the bytes differ
/// from the sealing (another JWT secret, a tampered or moved row).
pub fn open(key: &[u8; 32], kid: &str, sealed: &[u8]) -> Result<Vec<u8>, SealError> {
    if sealed.len() < NONCE_LEN {
        return Err(SealError);
    }
    let (nonce, body) = sealed.split_at(NONCE_LEN);
    let nonce = Nonce::from(<[u8; NONCE_LEN]>::try_from(nonce).map_err(|_| SealError)?);
    ChaCha20Poly1305::new(&Key::from(*key))
        .decrypt(
            &nonce,
            Payload {
                msg: body,
                aad: kid.as_bytes(),
            },
        )
        .map_err(|_| SealError)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the signing key cannot be opened with this JWT secret (was PLEAT_JWT_SECRET or the data dir's jwt_secret changed?)")]
pub struct SealError;

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> [u8; 32] {
        derive_key(&SecretString::from(s.to_string()))
    }

    #[test]
    fn sealed_bytes_open_only_with_the_same_secret_and_kid() {
        let k = key(&"a".repeat(32));
        let sealed = seal(&k, "kid-1", b"private key").unwrap();
        assert!(!sealed.windows(11).any(|w| w == b"private key"));
        assert_eq!(open(&k, "kid-1", &sealed).unwrap(), b"private key");
        assert_eq!(
            open(&key(&"b".repeat(32)), "kid-1", &sealed),
            Err(SealError)
        );
        assert_eq!(open(&k, "kid-2", &sealed), Err(SealError));
        let mut tampered = sealed.clone();
        *tampered.last_mut().unwrap() ^= 1;
        assert_eq!(open(&k, "kid-1", &tampered), Err(SealError));
        assert_eq!(open(&k, "kid-1", b"short"), Err(SealError));
    }

    #[test]
    fn each_sealing_uses_a_fresh_nonce() {
        let k = key(&"a".repeat(32));
        assert_ne!(seal(&k, "k", b"x").unwrap(), seal(&k, "k", b"x").unwrap());
    }
}
