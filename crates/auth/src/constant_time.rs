//! Comparing secrets (a TOTP code, an OAuth client secret's hash) in a time
//! that does not depend on where the first difference is.

/// Equality of two byte strings whose lengths are public.
pub fn eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
