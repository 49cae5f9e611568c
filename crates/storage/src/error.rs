//! `StorageError`, the one error type of every `/storage/v1` handler, and its
//! wire format: Supabase Storage's `{statusCode, code, error, message}` sent
//! with HTTP 400 whatever the real status (storage-js and `exists()` rely on
//! it), except a few real statuses Supabase also sends (403 on emptyBucket,
//! 416, 404 for an unknown route) and 500, whose cause is logged once and
//! never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

#[derive(Debug, Clone, PartialEq)]
pub struct StorageError {
    /// The real status, sent as the string `statusCode` in the body.
    pub status: u16,
    pub code: &'static str,
    pub error: String,
    pub message: String,
    /// The HTTP status when it is not the legacy 400.
    pub http: Option<u16>,
}

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status, self.code, self.message)
    }
}

impl std::error::Error for StorageError {}

impl StorageError {
    pub fn new(status: u16, code: &'static str, error: &str, message: impl Into<String>) -> Self {
        StorageError {
            status,
            code,
            error: error.to_string(),
            message: message.into(),
            http: None,
        }
    }

    /// Send with this HTTP status instead of 400.
    pub fn with_http(mut self, status: u16) -> Self {
        self.http = Some(status);
        self
    }

    pub fn object_not_found() -> Self {
        Self::new(404, "NoSuchKey", "not_found", "Object not found")
    }

    pub fn bucket_not_found() -> Self {
        Self::new(404, "NoSuchBucket", "Bucket not found", "Bucket not found")
    }

    pub fn key_exists() -> Self {
        Self::new(
            409,
            "KeyAlreadyExists",
            "Duplicate",
            "The resource already exists",
        )
    }

    pub fn bucket_exists() -> Self {
        Self::new(
            409,
            "BucketAlreadyExists",
            "Duplicate",
            "The resource already exists",
        )
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(403, "AccessDenied", "Unauthorized", message)
    }

    pub fn invalid_key(key: &str) -> Self {
        Self::new(
            400,
            "InvalidKey",
            "InvalidKey",
            format!("Invalid key: {key}"),
        )
    }

    pub fn invalid_bucket_name(name: &str) -> Self {
        Self::new(
            400,
            "InvalidBucketName",
            "InvalidBucketName",
            format!("Bucket name invalid: {name}"),
        )
    }

    pub fn invalid_request(message: impl Into<String>) -> Self {
        Self::new(400, "InvalidRequest", "Invalid Input", message)
    }

    pub fn too_large() -> Self {
        Self::new(
            413,
            "EntityTooLarge",
            "Payload too large",
            "The object exceeded the maximum allowed size",
        )
    }

    pub fn invalid_range() -> Self {
        Self::new(
            416,
            "InvalidRange",
            "invalid_range",
            "invalid range provided",
        )
        .with_http(416)
    }

    pub fn invalid_jwt(message: impl Into<String>) -> Self {
        Self::new(400, "InvalidJWT", "InvalidJWT", message)
    }

    /// A failure that is ours, not the client's: logged here, opaque on the wire.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "storage request failed");
        Self::new(500, "InternalError", "internal", "Internal Server Error").with_http(500)
    }
}

impl ResponseError for StorageError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.http.unwrap_or(400)).unwrap_or(StatusCode::BAD_REQUEST)
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code()).json(json!({
            "statusCode": self.status.to_string(),
            "code": self.code,
            "error": self.error,
            "message": self.message,
        }))
    }
}

/// Database errors the client caused become their Storage error; the rest
/// are internal.
impl From<sqlx::Error> for StorageError {
    fn from(e: sqlx::Error) -> Self {
        let code = e
            .as_database_error()
            .and_then(|d| d.code())
            .map(|c| c.to_string());
        match code.as_deref() {
            Some("42501") => StorageError::unauthorized(
                "new row violates row-level security policy (check the storage.objects and storage.buckets policies for this operation)",
            ),
            Some("23505") => StorageError::key_exists(),
            Some("23503") => StorageError::bucket_not_found(),
            Some("57014") => Self::new(544, "DatabaseTimeout", "DatabaseTimeout", "The database timed out").with_http(544),
            _ => StorageError::internal(e),
        }
    }
}

impl From<object_store::Error> for StorageError {
    fn from(e: object_store::Error) -> Self {
        match e {
            object_store::Error::NotFound { .. } => {
                Self::new(404, "NoSuchKey", "Not found", "The resource was not found")
            }
            // The S3 store failed or was not reached (after object_store's
            // retries): as Supabase, an S3Error with a 5xx, cause logged.
            e @ object_store::Error::Generic { store: "S3", .. } => {
                tracing::error!(error = %e, "the S3 storage backend failed");
                Self::new(
                    503,
                    "S3Error",
                    "Service Unavailable",
                    "The storage backend is unavailable, try again later",
                )
                .with_http(503)
            }
            e @ (object_store::Error::PermissionDenied { .. }
            | object_store::Error::Unauthenticated { .. }) => {
                tracing::error!(error = %e, "the storage backend refused pleat's credentials");
                Self::new(
                    500,
                    "S3Error",
                    "internal",
                    "The storage backend refused the request",
                )
                .with_http(500)
            }
            other => StorageError::internal(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    fn body(e: &StorageError) -> (u16, serde_json::Value) {
        let resp = e.error_response();
        let status = resp.status().as_u16();
        let bytes = resp.into_body().try_into_bytes().unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[test]
    fn legacy_400_carries_the_real_status() {
        let (status, json) = body(&StorageError::object_not_found());
        assert_eq!(status, 400);
        assert_eq!(
            json,
            json!({"statusCode": "404", "code": "NoSuchKey", "error": "not_found", "message": "Object not found"})
        );
    }

    #[test]
    fn range_and_internal_errors_use_real_statuses() {
        assert_eq!(body(&StorageError::invalid_range()).0, 416);
        let (status, json) = body(&StorageError::internal("disk on fire"));
        assert_eq!(status, 500);
        assert_eq!(json["message"], "Internal Server Error");
    }

    #[test]
    fn an_unreachable_s3_store_is_503_without_its_cause() {
        let e = StorageError::from(object_store::Error::Generic {
            store: "S3",
            source: "error sending request to http://10.1.2.3:9000/secret-bucket".into(),
        });
        let (status, json) = body(&e);
        assert_eq!(status, 503);
        assert_eq!(json["code"], "S3Error");
        assert!(!json.to_string().contains("secret-bucket"), "{json}");
    }
}
