//! TOTP secrets are stored sealed (ChaCha20-Poly1305 under a key derived from
//! the JWT secret, bound to the factor's id), so a copy of the database or a
//! backup alone cannot mint codes, and a sealed secret moved to another factor
//! does not open. A plain secret, as GoTrue stores it without database
//! encryption (a Supabase export), is read and sealed at its first use.

use base64::Engine;
use chacha20poly1305::aead::{Aead, Payload};
use chacha20poly1305::{ChaCha20Poly1305, KeyInit, Nonce};
use hmac::{Hmac, Mac};
use rand::RngCore;
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;
use uuid::Uuid;

const PREFIX: &str = "pleat1:";
const NONCE_BYTES: usize = 12;

pub fn derivation_key(secret: &SecretString) -> [u8; 32] {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat mfa factor secret");
    mac.finalize().into_bytes().into()
}

pub fn seal(key: &[u8; 32], factor_id: Uuid, plain: &str) -> Result<String, anyhow::Error> {
    let cipher = ChaCha20Poly1305::new(key.into());
    let mut nonce = [0u8; NONCE_BYTES];
    rand::rng().fill_bytes(&mut nonce);
    let sealed = cipher
        .encrypt(
            &Nonce::from(nonce),
            Payload {
                msg: plain.as_bytes(),
                aad: factor_id.as_bytes(),
            },
        )
        .map_err(|_| anyhow::anyhow!("cannot seal a factor secret"))?;
    let mut out = nonce.to_vec();
    out.extend_from_slice(&sealed);
    Ok(format!(
        "{PREFIX}{}",
        base64::engine::general_purpose::STANDARD_NO_PAD.encode(out)
    ))
}

/// The secret, or an error when it was sealed under another JWT secret or
/// for another factor (a bug or a tampered row, never the client's doing).
pub fn open(key: &[u8; 32], factor_id: Uuid, stored: &str) -> Result<String, anyhow::Error> {
    let raw = stored
        .strip_prefix(PREFIX)
        .ok_or_else(|| anyhow::anyhow!("factor secret is not sealed by Pleat"))?;
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD.decode(raw)?;
    if bytes.len() < NONCE_BYTES {
        anyhow::bail!("factor secret is truncated");
    }
    let (nonce, sealed) = bytes.split_at(NONCE_BYTES);
    let nonce: [u8; NONCE_BYTES] = nonce.try_into()?;
    let plain = ChaCha20Poly1305::new(key.into())
        .decrypt(
            &Nonce::from(nonce),
            Payload {
                msg: sealed,
                aad: factor_id.as_bytes(),
            },
        )
        .map_err(|_| anyhow::anyhow!("factor secret does not open with this JWT secret"))?;
    Ok(String::from_utf8(plain)?)
}

/// A stored secret: sealed by Pleat, or as GoTrue keeps it without database
/// encryption (plain base32, from a Supabase export); `true` when it should
/// be sealed now.
pub fn open_stored(
    key: &[u8; 32],
    factor_id: Uuid,
    stored: &str,
) -> Result<(String, bool), anyhow::Error> {
    if stored.starts_with(PREFIX) {
        return Ok((open(key, factor_id, stored)?, false));
    }
    if stored.is_empty()
        || !stored
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'=')
    {
        anyhow::bail!("factor secret is neither sealed nor plain base32");
    }
    Ok((stored.to_string(), true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_open_only_for_their_factor_and_key() {
        let key = derivation_key(&SecretString::from("s".repeat(32)));
        let id = Uuid::new_v4();
        let sealed = seal(&key, id, "JBSWY3DPEHPK3PXP").unwrap();
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_eq!(open(&key, id, &sealed).unwrap(), "JBSWY3DPEHPK3PXP");
        assert!(open(&key, Uuid::new_v4(), &sealed).is_err());
        let other = derivation_key(&SecretString::from("t".repeat(32)));
        assert!(open(&other, id, &sealed).is_err());
        assert!(open(&key, id, "JBSWY3DPEHPK3PXP").is_err());
        assert_eq!(
            open_stored(&key, id, "JBSWY3DPEHPK3PXP").unwrap(),
            ("JBSWY3DPEHPK3PXP".to_string(), true)
        );
        assert_eq!(
            open_stored(&key, id, &sealed).unwrap(),
            ("JBSWY3DPEHPK3PXP".to_string(), false)
        );
        assert!(open_stored(&key, id, "").is_err());
    }
}
