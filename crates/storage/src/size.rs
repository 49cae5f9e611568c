//! `file_size_limit` as createBucket/updateBucket send it: a number of bytes
//! or a string such as `"20MB"` (decimal units, as Supabase parses them).

use serde_json::Value;

use crate::error::StorageError;

/// Bytes for a size limit; `None` for null (no limit of the bucket's own).
pub fn parse_limit(value: &Value) -> Result<Option<u64>, StorageError> {
    match value {
        Value::Null => Ok(None),
        Value::Number(n) => n
            .as_u64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                    .map(|f| f as u64)
            })
            .map(Some)
            .ok_or_else(|| invalid(&n.to_string())),
        Value::String(s) => parse_text(s).map(Some).ok_or_else(|| invalid(s)),
        other => Err(invalid(&other.to_string())),
    }
}

fn parse_text(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let factor: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "KB" => 1_000,
        "MB" => 1_000_000,
        "GB" => 1_000_000_000,
        "TB" => 1_000_000_000_000,
        _ => return None,
    };
    let bytes = number * factor as f64;
    (bytes.is_finite() && bytes >= 0.0).then_some(bytes.round() as u64)
}

fn invalid(text: &str) -> StorageError {
    StorageError::new(
        400,
        "InvalidRequest",
        "Invalid Input",
        format!("file_size_limit: `{text}` is not a size such as 1048576 or \"20MB\""),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_unit_strings() {
        assert_eq!(parse_limit(&json!(null)).unwrap(), None);
        assert_eq!(parse_limit(&json!(1024)).unwrap(), Some(1024));
        assert_eq!(parse_limit(&json!("20MB")).unwrap(), Some(20_000_000));
        assert_eq!(parse_limit(&json!("1.5 kb")).unwrap(), Some(1_500));
        assert_eq!(parse_limit(&json!("7")).unwrap(), Some(7));
        assert_eq!(parse_limit(&json!("2GB")).unwrap(), Some(2_000_000_000));
    }

    #[test]
    fn garbage_is_a_400() {
        for bad in [
            json!(-1),
            json!(1.5),
            json!("lots"),
            json!("5XB"),
            json!(true),
            json!(""),
        ] {
            let err = parse_limit(&bad).unwrap_err();
            assert_eq!(err.status, 400, "{bad}");
        }
    }
}
