//! The `Cache-Control` an upload asks its object to be served with (the
//! raw body's header, or storage-js's multipart `cacheControl` seconds):
//! replayed on every download, so it must be a valid header value, and
//! its ages are bounded.

use crate::error::StorageError;

/// RFC 9111 §1.2.2: caches treat any larger delta-seconds as 2^31, so a
/// larger age says nothing more and is refused as a client mistake.
pub const MAX_AGE: u64 = 1 << 31;

/// Longer than any real directive list.
const MAX_LEN: usize = 1024;

/// Directives whose argument is a number of seconds.
const AGES: [&str; 4] = [
    "max-age",
    "s-maxage",
    "stale-while-revalidate",
    "stale-if-error",
];

fn invalid(message: String) -> StorageError {
    StorageError::invalid_request(format!("Invalid cache control: {message}"))
}

/// `value` if it is a header value with every age at most [`MAX_AGE`].
pub fn checked(value: &str) -> Result<String, StorageError> {
    let value = value.trim_matches([' ', '\t']);
    if value.len() > MAX_LEN {
        return Err(invalid(format!("it is longer than {MAX_LEN} characters")));
    }
    if !value
        .bytes()
        .all(|c| c == b'\t' || (b' '..=b'~').contains(&c))
    {
        return Err(invalid("it has characters outside visible ASCII".into()));
    }
    for directive in value.split(',') {
        let Some((name, arg)) = directive.split_once('=') else {
            continue;
        };
        let name = name.trim().to_ascii_lowercase();
        let digits = arg.trim().trim_matches('"');
        if !AGES.contains(&name.as_str())
            || digits.is_empty()
            || !digits.bytes().all(|c| c.is_ascii_digit())
        {
            continue;
        }
        if digits.parse::<u64>().map_or(true, |n| n > MAX_AGE) {
            return Err(invalid(format!(
                "{name}={digits} is more than {MAX_AGE} seconds"
            )));
        }
    }
    Ok(value.to_string())
}

/// storage-js's multipart `cacheControl`: seconds become `max-age=<n>`;
/// other text is taken as a directive list.
pub fn from_form_field(text: &str) -> Result<String, StorageError> {
    let text = text.trim();
    if !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()) {
        checked(&format!("max-age={text}"))
    } else {
        checked(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_values_pass_as_sent() {
        for ok in [
            "max-age=3600",
            "public, max-age=31536000, immutable",
            "no-cache",
            "private, max-age=0, s-maxage=60, stale-while-revalidate=\"30\"",
            "max-age=2147483648",
            "no-cache=\"Set-Cookie, X-Id\"",
        ] {
            assert_eq!(checked(ok).unwrap(), ok);
        }
        assert_eq!(from_form_field("3600").unwrap(), "max-age=3600");
        assert_eq!(from_form_field("no-store").unwrap(), "no-store");
    }

    #[test]
    fn huge_ages_and_bad_bytes_are_a_400() {
        for bad in [
            "max-age=2147483649",
            "public, MAX-AGE=99999999999999999999",
            "s-maxage=\"99999999999\"",
            "stale-if-error=18446744073709551616",
            "no-cache\r\nSet-Cookie: a=b",
            "max-age=60\u{7f}",
            "caf\u{e9}",
        ] {
            let e = checked(bad).unwrap_err();
            assert_eq!((e.status, e.code), (400, "InvalidRequest"), "{bad:?}");
        }
        assert!(from_form_field("99999999999999999999").is_err());
        assert!(checked(&"a".repeat(1025)).is_err());
    }
}
