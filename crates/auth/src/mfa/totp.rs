//! TOTP as GoTrue (pquerna/otp) does it: RFC 6238 over HMAC-SHA1, 6 digits,
//! 30-second steps, a 20-byte secret shown in base32 without padding, and one
//! step of skew either way when checking a code. [`check`] answers which
//! step a code belongs to, so the caller can refuse a code used before.

use crate::constant_time;
use hmac::{Hmac, Mac};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use rand::RngCore;
use sha1::Sha1;

pub const PERIOD_SECS: i64 = 30;
const DIGITS: u32 = 6;
const SKEW: i64 = 1;
const SECRET_BYTES: usize = 20;
/// GoTrue's QR code: each module 3 pixels wide.
const QR_MODULE_PX: u32 = 3;

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new random secret, base32 as authenticator apps take it.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(BASE32[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(BASE32[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// Case-insensitive, padding and spaces ignored; `None` for any other letter.
fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.bytes().filter(|c| *c != b'=' && *c != b' ') {
        let value = BASE32.iter().position(|&a| a == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The code of time step `step` (RFC 4226's dynamic truncation).
fn code_at(key: &[u8], step: i64) -> String {
    let mut mac = Hmac::<Sha1>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let value = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    format!(
        "{:0width$}",
        value % 10u32.pow(DIGITS),
        width = DIGITS as usize
    )
}

pub fn step_of(unix_secs: i64) -> i64 {
    unix_secs.div_euclid(PERIOD_SECS)
}

/// The time step `code` is right for at `unix_secs` (the current step or one
/// either side), newest first; `None` when it is wrong or malformed. Every
/// candidate is computed and compared in constant time.
pub fn check(secret: &str, code: &str, unix_secs: i64) -> Option<i64> {
    let key = base32_decode(secret)?;
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let now = step_of(unix_secs);
    let mut found = None;
    for step in ((now - SKEW)..=(now + SKEW)).rev() {
        if constant_time::eq(code_at(&key, step).as_bytes(), code.as_bytes()) && found.is_none() {
            found = Some(step);
        }
    }
    found
}

/// `otpauth://totp/ISSUER:ACCOUNT?algorithm=SHA1&digits=6&issuer=ISSUER&period=30&secret=…`,
/// the key URI apps scan, in pquerna/otp's parameter order.
pub fn uri(issuer: &str, account: &str, secret: &str) -> String {
    let mut url = url::Url::parse("otpauth://totp/").expect("a valid URL");
    url.set_path(&format!("/{issuer}:{account}"));
    url.query_pairs_mut()
        .append_pair("algorithm", "SHA1")
        .append_pair("digits", "6")
        .append_pair("issuer", issuer)
        .append_pair("period", "30")
        .append_pair("secret", secret);
    url.to_string()
}

/// The key URI as a QR code in SVG, high error correction as GoTrue draws it.
/// Named colours, not `#rgb`: supabase-js puts the SVG in a `data:` URI
/// unescaped, where `#` would end it.
pub fn qr_svg(uri: &str) -> Result<String, anyhow::Error> {
    let code = QrCode::with_error_correction_level(uri.as_bytes(), EcLevel::H)?;
    let width = code.width() as u32;
    Ok(code
        .render::<svg::Color<'_>>()
        .dark_color(svg::Color("black"))
        .light_color(svg::Color("white"))
        .module_dimensions(QR_MODULE_PX, QR_MODULE_PX)
        .min_dimensions(width * QR_MODULE_PX, width * QR_MODULE_PX)
        .build())
}

/// The code of `secret` at `unix_secs` (what an authenticator app shows);
/// `None` when the secret is not base32.
pub fn code(secret: &str, unix_secs: i64) -> Option<String> {
    Some(code_at(&base32_decode(secret)?, step_of(unix_secs)))
}

#[cfg(test)]
fn code_for(secret: &str, unix_secs: i64) -> String {
    code(secret, unix_secs).expect("a base32 secret")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1, truncated to 6 digits.
    #[test]
    fn rfc_6238_vectors() {
        let secret = base32_encode(b"12345678901234567890");
        for (t, code) in [
            (59, "287082"),
            (1111111109, "081804"),
            (1111111111, "050471"),
            (1234567890, "005924"),
            (2000000000, "279037"),
        ] {
            assert_eq!(code_for(&secret, t), code, "t = {t}");
        }
    }

    #[test]
    fn base32_round_trips_without_padding() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        assert!(!secret.contains('='));
        assert_eq!(base32_decode(&secret).unwrap().len(), SECRET_BYTES);
        assert_eq!(
            base32_decode(&secret.to_lowercase()),
            base32_decode(&secret)
        );
        assert_eq!(base32_encode(b"f"), "MY");
        assert_eq!(base32_encode(b"foobar"), "MZXW6YTBOI");
        assert!(base32_decode("not base32!").is_none());
    }

    #[test]
    fn one_step_of_skew_either_way() {
        let secret = new_secret();
        let now = 1_800_000_000;
        let step = step_of(now);
        assert_eq!(check(&secret, &code_for(&secret, now), now), Some(step));
        assert_eq!(
            check(&secret, &code_for(&secret, now - 30), now),
            Some(step - 1)
        );
        assert_eq!(
            check(&secret, &code_for(&secret, now + 30), now),
            Some(step + 1)
        );
        assert_eq!(check(&secret, &code_for(&secret, now - 60), now), None);
        assert_eq!(check(&secret, &code_for(&secret, now + 60), now), None);
        assert_eq!(check(&secret, "12345", now), None);
        assert_eq!(check(&secret, "abcdef", now), None);
    }

    #[test]
    fn uri_and_qr_code() {
        let u = uri("example.com", "a@b.c", "JBSWY3DPEHPK3PXP");
        assert_eq!(
            u,
            "otpauth://totp/example.com:a@b.c?algorithm=SHA1&digits=6&issuer=example.com&period=30&secret=JBSWY3DPEHPK3PXP"
        );
        let svg = qr_svg(&u).unwrap();
        assert!(svg.contains("<svg"));
        assert!(!svg.contains('#'));
    }
}
