//! The settings createBucket and updateBucket send (`public`,
//! `file_size_limit`, `allowed_mime_types`), checked: a limit above
//! PLEAT_MAX_UPLOAD is 413 as in Supabase, a bad MIME entry 400.

use serde::Deserialize;
use serde_json::Value;

use crate::error::StorageError;
use crate::{mime, size};

/// Each field: absent (`None`), or present with a value that may be null.
#[derive(Debug, Default, Deserialize)]
pub struct RawOptions {
    pub id: Option<String>,
    pub name: Option<String>,
    pub public: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    pub file_size_limit: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    pub allowed_mime_types: Option<Value>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
}

/// Keeps an explicit `null` as `Some(Value::Null)` (clear the setting).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

pub struct Limits {
    pub file_size_limit: Option<Option<i64>>,
    pub allowed_mime_types: Option<Option<Vec<String>>>,
}

impl RawOptions {
    pub fn limits(&self, max_upload: u64) -> Result<Limits, StorageError> {
        let file_size_limit = match &self.file_size_limit {
            None => None,
            Some(v) => {
                let bytes = size::parse_limit(v)?;
                if bytes.is_some_and(|b| b > max_upload) {
                    return Err(StorageError::too_large());
                }
                Some(bytes.map(|b| b as i64))
            }
        };
        let allowed_mime_types = match &self.allowed_mime_types {
            None => None,
            Some(Value::Null) => Some(None),
            Some(v) => {
                let list: Vec<String> = serde_json::from_value(v.clone()).map_err(|_| {
                    StorageError::invalid_request("allowed_mime_types must be a list of MIME types")
                })?;
                mime::validate_list(&list)?;
                Some(Some(list))
            }
        };
        Ok(Limits {
            file_size_limit,
            allowed_mime_types,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn absent_null_and_values_differ() {
        let o: RawOptions = serde_json::from_value(json!({"file_size_limit": null})).unwrap();
        let l = o.limits(100).unwrap();
        assert_eq!(l.file_size_limit, Some(None));
        assert!(l.allowed_mime_types.is_none());
        let o: RawOptions = serde_json::from_value(
            json!({"file_size_limit": "50", "allowed_mime_types": ["image/*"]}),
        )
        .unwrap();
        let l = o.limits(100).unwrap();
        assert_eq!(l.file_size_limit, Some(Some(50)));
        assert_eq!(
            l.allowed_mime_types,
            Some(Some(vec!["image/*".to_string()]))
        );
    }

    #[test]
    fn limit_above_the_global_one_is_413() {
        let o: RawOptions = serde_json::from_value(json!({"file_size_limit": "1GB"})).unwrap();
        assert_eq!(o.limits(1000).err().unwrap().status, 413);
        let o: RawOptions =
            serde_json::from_value(json!({"allowed_mime_types": ["nope"]})).unwrap();
        assert_eq!(o.limits(1000).err().unwrap().status, 400);
    }
}
