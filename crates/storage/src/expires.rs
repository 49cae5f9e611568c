//! Client-chosen lifetimes of signed URLs: `expiresIn` as storage-js sends
//! it (a number) or storage3 does (a numeric string), bounded so the
//! token's `exp` and the `Expires` header it becomes stay representable.

use serde_json::Value;

use crate::error::StorageError;

/// The longest a signed URL may live: 100 years, far beyond any real use
/// ("never expires" links are usually 1 to 10 years) and far inside what an
/// HTTP date can carry.
pub const MAX_EXPIRES_IN: i64 = 100 * 365 * 24 * 60 * 60;

/// The last second an HTTP date can name (9999-12-31T23:59:59Z).
const LAST_HTTP_DATE: i64 = 253_402_300_799;

/// `expiresIn`: whole seconds from 1 to [`MAX_EXPIRES_IN`], as a JSON number
/// or a string holding one (Supabase's schema coerces `"60"` to 60).
pub fn expires_in(value: &Value) -> Result<i64, StorageError> {
    let number = match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    number
        .filter(|f| f.is_finite() && f.fract() == 0.0)
        .filter(|f| (1.0..=MAX_EXPIRES_IN as f64).contains(f))
        .map(|f| f as i64)
        .ok_or_else(|| {
            StorageError::invalid_request(format!(
                "expiresIn must be a whole number of seconds from 1 to {MAX_EXPIRES_IN} (100 years)"
            ))
        })
}

/// The `Expires` header for a token's `exp` (Unix seconds); an `exp` past
/// year 9999 (a token signed elsewhere, or before the bound) says the last
/// date HTTP can express rather than failing the response.
pub fn http_date(exp: i64) -> String {
    let secs = exp.clamp(0, LAST_HTTP_DATE) as u64;
    httpdate::fmt_http_date(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_numeric_strings() {
        assert_eq!(expires_in(&json!(60)).unwrap(), 60);
        assert_eq!(expires_in(&json!(60.0)).unwrap(), 60);
        assert_eq!(expires_in(&json!("60")).unwrap(), 60);
        assert_eq!(expires_in(&json!(" 3600 ")).unwrap(), 3600);
        assert_eq!(expires_in(&json!(MAX_EXPIRES_IN)).unwrap(), MAX_EXPIRES_IN);
    }

    #[test]
    fn everything_else_is_a_400() {
        for bad in [
            json!(0),
            json!(-1),
            json!(1.5),
            json!("1.5"),
            json!(MAX_EXPIRES_IN + 1),
            json!(1e300),
            json!(u64::MAX),
            json!("inf"),
            json!("NaN"),
            json!("sixty"),
            json!(""),
            json!(null),
            json!(true),
            json!([60]),
        ] {
            let e = expires_in(&bad).unwrap_err();
            assert_eq!((e.status, e.code), (400, "InvalidRequest"), "{bad}");
        }
    }

    #[test]
    fn expires_headers_never_overflow() {
        assert_eq!(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
        assert_eq!(http_date(i64::MAX), "Fri, 31 Dec 9999 23:59:59 GMT");
        assert_eq!(http_date(i64::MIN), "Thu, 01 Jan 1970 00:00:00 GMT");
    }
}
