//! What an upload says about itself besides its bytes: content type,
//! cache control and user metadata, from the raw body's headers or from the
//! multipart fields storage-js sends before the file part.

use actix_web::http::header;
use actix_web::HttpRequest;
use base64::Engine;
use serde_json::Value;

use crate::error::StorageError;

/// Largest `metadata` field or `x-metadata` header accepted (Supabase: 1 MB).
const MAX_USER_METADATA: usize = 1024 * 1024;

pub struct Meta {
    pub content_type: String,
    pub cache_control: String,
    pub user_metadata: Option<Value>,
}

impl Meta {
    /// A raw body: `content-type`, `cache-control` as sent, `x-metadata`.
    pub fn from_headers(req: &HttpRequest) -> Meta {
        let text = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
        Meta {
            content_type: text(header::CONTENT_TYPE.as_str())
                .unwrap_or("application/octet-stream")
                .to_string(),
            cache_control: text(header::CACHE_CONTROL.as_str())
                .unwrap_or("no-cache")
                .to_string(),
            user_metadata: text("x-metadata").and_then(decode_x_metadata),
        }
    }
}

pub fn bad_form(e: actix_multipart::MultipartError) -> StorageError {
    StorageError::invalid_request(format!("Invalid multipart form: {e}"))
}

/// `x-metadata`: base64 of a JSON object; anything else is ignored, as in Supabase.
fn decode_x_metadata(text: &str) -> Option<Value> {
    if text.len() > MAX_USER_METADATA * 4 / 3 + 4 {
        return None;
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .ok()?;
    serde_json::from_slice::<Value>(&bytes)
        .ok()
        .filter(Value::is_object)
}

/// The form fields storage-js sends before the file part.
#[derive(Default)]
pub struct FormFields {
    cache_control: Option<String>,
    content_type: Option<String>,
    metadata: Option<Value>,
}

impl FormFields {
    pub async fn read(
        &mut self,
        name: &str,
        mut field: actix_multipart::Field,
    ) -> Result<(), StorageError> {
        let bytes = field
            .bytes(MAX_USER_METADATA)
            .await
            .map_err(|_| {
                StorageError::invalid_request(format!("The form field `{name}` is too large"))
            })?
            .map_err(bad_form)?;
        let text = String::from_utf8_lossy(&bytes).trim().to_string();
        match name {
            "cacheControl" => self.cache_control = Some(text),
            "contentType" => self.content_type = Some(text),
            "metadata" => {
                self.metadata = serde_json::from_str::<Value>(&text)
                    .ok()
                    .filter(Value::is_object)
            }
            _ => {}
        }
        Ok(())
    }

    pub fn meta(self, part_type: Option<String>) -> Meta {
        let cache_control = match self.cache_control {
            Some(c) if c.chars().all(|c| c.is_ascii_digit()) && !c.is_empty() => {
                format!("max-age={c}")
            }
            Some(c) if !c.is_empty() => c,
            _ => "no-cache".to_string(),
        };
        Meta {
            content_type: self
                .content_type
                .filter(|c| !c.is_empty())
                .or(part_type)
                .unwrap_or_else(|| "application/octet-stream".to_string()),
            cache_control,
            user_metadata: self.metadata,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_metadata_is_base64_json_or_ignored() {
        let enc = base64::engine::general_purpose::STANDARD.encode(r#"{"a":1}"#);
        assert_eq!(decode_x_metadata(&enc), Some(serde_json::json!({"a": 1})));
        assert_eq!(decode_x_metadata("not base64!"), None);
        let list = base64::engine::general_purpose::STANDARD.encode("[1]");
        assert_eq!(decode_x_metadata(&list), None);
    }

    #[test]
    fn form_cache_control_becomes_max_age() {
        let fields = FormFields {
            cache_control: Some("3600".into()),
            ..Default::default()
        };
        let meta = fields.meta(Some("image/png".into()));
        assert_eq!(meta.cache_control, "max-age=3600");
        assert_eq!(meta.content_type, "image/png");
        assert_eq!(
            FormFields::default().meta(None).content_type,
            "application/octet-stream"
        );
    }
}
