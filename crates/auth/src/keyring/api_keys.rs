//! The opaque API keys `sb_publishable_…` (acts as `anon`) and `sb_secret_…`
//! (acts as `service_role`). A key is its kind, a 16-character id and a
//! 32-character HMAC of both under a key derived from the JWT secret: `pleat
//! keys` can print it again at any time and the database holds only the id
//! and whether it was revoked. A key whose MAC does not match is forged and
//! refused without a look at the database.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::distr::{Alphanumeric, SampleString};
use secrecy::{ExposeSecret, SecretString};

pub const PUBLISHABLE_PREFIX: &str = "sb_publishable_";
pub const SECRET_PREFIX: &str = "sb_secret_";
const ID_LEN: usize = 16;
const MAC_BYTES: usize = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApiKeyKind {
    Publishable,
    Secret,
}

impl ApiKeyKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ApiKeyKind::Publishable => "publishable",
            ApiKeyKind::Secret => "secret",
        }
    }

    pub fn from_db(s: &str) -> Option<ApiKeyKind> {
        match s {
            "publishable" => Some(ApiKeyKind::Publishable),
            "secret" => Some(ApiKeyKind::Secret),
            _ => None,
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            ApiKeyKind::Publishable => PUBLISHABLE_PREFIX,
            ApiKeyKind::Secret => SECRET_PREFIX,
        }
    }

    /// The database role the key acts as.
    pub fn role(self) -> &'static str {
        match self {
            ApiKeyKind::Publishable => "anon",
            ApiKeyKind::Secret => "service_role",
        }
    }
}

/// Whether `token` is shaped as one of the new keys (not whether it is valid).
pub fn is_opaque(token: &str) -> bool {
    token.starts_with(PUBLISHABLE_PREFIX) || token.starts_with(SECRET_PREFIX)
}

pub fn derive_mac_key(secret: &SecretString) -> [u8; 32] {
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat api key v1");
    mac.finalize().into_bytes().into()
}

fn mac(key: &[u8; 32], kind: ApiKeyKind, id: &str) -> Hmac<sha2::Sha256> {
    let mut mac =
        <Hmac<sha2::Sha256> as Mac>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(kind.as_str().as_bytes());
    mac.update(b":");
    mac.update(id.as_bytes());
    mac
}

pub fn new_id() -> String {
    Alphanumeric.sample_string(&mut rand::rng(), ID_LEN)
}

/// The key text of `id`.
pub fn key_text(key: &[u8; 32], kind: ApiKeyKind, id: &str) -> String {
    let tag = mac(key, kind, id).finalize().into_bytes();
    format!(
        "{}{id}{}",
        kind.prefix(),
        URL_SAFE_NO_PAD.encode(&tag[..MAC_BYTES])
    )
}

/// The kind and id of a key whose MAC is ours; `None` for anything else
/// (wrong shape, forged or made with another JWT secret).
pub fn parse(key: &[u8; 32], text: &str) -> Option<(ApiKeyKind, String)> {
    let (kind, rest) = if let Some(rest) = text.strip_prefix(PUBLISHABLE_PREFIX) {
        (ApiKeyKind::Publishable, rest)
    } else {
        (ApiKeyKind::Secret, text.strip_prefix(SECRET_PREFIX)?)
    };
    let id = rest.get(..ID_LEN)?;
    if !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let tag = URL_SAFE_NO_PAD.decode(rest.get(ID_LEN..)?).ok()?;
    if tag.len() != MAC_BYTES {
        return None;
    }
    mac(key, kind, id).verify_truncated_left(&tag).ok()?;
    Some((kind, id.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> [u8; 32] {
        derive_mac_key(&SecretString::from("s".repeat(40)))
    }

    #[test]
    fn keys_parse_back_to_their_kind_and_id() {
        let id = new_id();
        let text = key_text(&key(), ApiKeyKind::Secret, &id);
        assert!(text.starts_with("sb_secret_"));
        assert_eq!(parse(&key(), &text), Some((ApiKeyKind::Secret, id.clone())));
        let publishable = key_text(&key(), ApiKeyKind::Publishable, &id);
        assert_eq!(
            parse(&key(), &publishable),
            Some((ApiKeyKind::Publishable, id))
        );
    }

    #[test]
    fn forged_keys_do_not_parse() {
        let id = new_id();
        let text = key_text(&key(), ApiKeyKind::Publishable, &id);
        // The same id claimed as a secret key.
        let swapped = text.replacen(PUBLISHABLE_PREFIX, SECRET_PREFIX, 1);
        assert_eq!(parse(&key(), &swapped), None);
        // Another JWT secret's key.
        let other = derive_mac_key(&SecretString::from("t".repeat(40)));
        assert_eq!(parse(&other, &text), None);
        // A changed character, a cut key, trailing bytes.
        let mut chars: Vec<char> = text.chars().collect();
        let last = chars.len() - 1;
        chars[last] = if chars[last] == 'A' { 'B' } else { 'A' };
        assert_eq!(parse(&key(), &chars.into_iter().collect::<String>()), None);
        assert_eq!(parse(&key(), &text[..text.len() - 1]), None);
        assert_eq!(parse(&key(), &format!("{text}x")), None);
        assert_eq!(parse(&key(), "sb_secret_"), None);
        assert_eq!(parse(&key(), "sb_secret_ä"), None);
    }
}
