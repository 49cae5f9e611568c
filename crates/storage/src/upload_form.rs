//! What an upload says about itself besides its bytes: content type,
//! cache control and user metadata, from the raw body's headers or from the
//! multipart fields storage-js sends before the file part. Each is checked
//! as it comes in (one media type, bounded cache ages), and the fields
//! before the file are few and small, so a form cannot make the server read
//! more than about a megabyte besides the file.

use actix_web::http::header;
use actix_web::HttpRequest;
use base64::Engine;
use serde_json::Value;

use crate::error::StorageError;
use crate::{cache_control, media_type};

/// Largest `metadata` field or `x-metadata` header accepted (Supabase: 1 MB).
const MAX_USER_METADATA: usize = 1024 * 1024;

/// Fields before the file part (Supabase's form limit; storage-js sends two).
pub const MAX_FORM_FIELDS: usize = 10;

/// `cacheControl`, `contentType` and any field Pleat does not read.
const MAX_SMALL_FIELD: usize = 1024;

/// All the fields before the file part together: the metadata field at its
/// largest, and room for the small ones.
pub const MAX_FIELD_BYTES: usize = MAX_USER_METADATA + 64 * 1024;

pub struct Meta {
    pub content_type: String,
    pub cache_control: String,
    pub user_metadata: Option<Value>,
}

/// A request header as text; one with bytes outside visible ASCII is the
/// client's mistake, named in the 400.
fn header_text<'a>(req: &'a HttpRequest, name: &str) -> Result<Option<&'a str>, StorageError> {
    req.headers()
        .get(name)
        .map(|v| {
            v.to_str().map_err(|_| {
                StorageError::invalid_request(format!(
                    "The {name} header has characters outside visible ASCII"
                ))
            })
        })
        .transpose()
}

/// A content type as sent, an empty one counting as none (Supabase takes
/// `''` as application/octet-stream).
fn content_type_header(req: &HttpRequest) -> Result<Option<&str>, StorageError> {
    Ok(header_text(req, header::CONTENT_TYPE.as_str())?.filter(|ct| !ct.trim().is_empty()))
}

/// The request's own Content-Type, parsed (a raw upload's type, or the
/// multipart form's).
pub fn request_content_type(
    req: &HttpRequest,
) -> Result<Option<media_type::MediaType>, StorageError> {
    content_type_header(req)?.map(media_type::parse).transpose()
}

/// The file part's own Content-Type header, as sent (checked where it is used).
pub fn part_content_type(field: &actix_multipart::Field) -> Result<Option<String>, StorageError> {
    field
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| {
            v.to_str().map(str::to_string).map_err(|_| {
                StorageError::invalid_request(
                    "The file part's Content-Type has characters outside visible ASCII",
                )
            })
        })
        .transpose()
}

impl Meta {
    /// A raw body: `content-type` and `cache-control` as sent (checked),
    /// `x-metadata`.
    pub fn from_headers(req: &HttpRequest) -> Result<Meta, StorageError> {
        let content_type = match content_type_header(req)? {
            Some(ct) => media_type::checked(ct)?,
            None => "application/octet-stream".to_string(),
        };
        let cache_control = match header_text(req, header::CACHE_CONTROL.as_str())? {
            Some(cc) => cache_control::checked(cc)?,
            None => "no-cache".to_string(),
        };
        Ok(Meta {
            content_type,
            cache_control,
            user_metadata: header_text(req, "x-metadata")?.and_then(decode_x_metadata),
        })
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
    count: usize,
    bytes: usize,
}

impl FormFields {
    pub async fn read(
        &mut self,
        name: &str,
        mut field: actix_multipart::Field,
    ) -> Result<(), StorageError> {
        self.count += 1;
        if self.count > MAX_FORM_FIELDS {
            return Err(StorageError::invalid_request(format!(
                "The multipart form has more than {MAX_FORM_FIELDS} fields before the file"
            )));
        }
        let left = MAX_FIELD_BYTES - self.bytes;
        let own = match name {
            "metadata" => MAX_USER_METADATA,
            _ => MAX_SMALL_FIELD,
        };
        let too_large = if own <= left {
            format!("The form field `{name}` is larger than {own} bytes")
        } else {
            format!("The form fields before the file are larger than {MAX_FIELD_BYTES} bytes")
        };
        let bytes = field
            .bytes(own.min(left))
            .await
            .map_err(|_| StorageError::invalid_request(too_large))?
            .map_err(bad_form)?;
        self.bytes += bytes.len();
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

    /// The upload's metadata, once the file part's own Content-Type header
    /// (`part_type`) is known; the `contentType` field wins over it, as in
    /// Supabase.
    pub fn meta(self, part_type: Option<&str>) -> Result<Meta, StorageError> {
        let cache_control = match self.cache_control.filter(|c| !c.is_empty()) {
            Some(c) => cache_control::from_form_field(&c)?,
            None => "no-cache".to_string(),
        };
        let content_type = match self.content_type.filter(|c| !c.is_empty()) {
            Some(ct) => media_type::checked(&ct)?,
            None => match part_type.filter(|ct| !ct.trim().is_empty()) {
                Some(ct) => media_type::checked(ct)?,
                None => "application/octet-stream".to_string(),
            },
        };
        Ok(Meta {
            content_type,
            cache_control,
            user_metadata: self.metadata,
        })
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
        let meta = fields.meta(Some("image/png")).unwrap();
        assert_eq!(meta.cache_control, "max-age=3600");
        assert_eq!(meta.content_type, "image/png");
        assert_eq!(
            FormFields::default().meta(None).unwrap().content_type,
            "application/octet-stream"
        );
        assert_eq!(
            FormFields::default().meta(Some(" ")).unwrap().content_type,
            "application/octet-stream"
        );
    }

    #[test]
    fn form_content_types_and_ages_are_checked() {
        let listed = FormFields {
            content_type: Some("text/plain, text/html".into()),
            ..Default::default()
        };
        assert_eq!(
            listed.meta(Some("text/plain")).err().unwrap().code,
            "InvalidMimeType"
        );
        let part_list = FormFields::default().meta(Some("text/plain,text/html"));
        assert_eq!(part_list.err().unwrap().code, "InvalidMimeType");
        let huge = FormFields {
            cache_control: Some("99999999999999999999".into()),
            ..Default::default()
        };
        assert_eq!(huge.meta(None).err().unwrap().status, 400);
    }
}
