//! POST /object/sign/{bucket}/{key} `{expiresIn, transform?}`: createSignedUrl,
//! for an object the caller can SELECT; the URL carries a JWT with `url` and
//! `exp`, and with a non-empty `transform` it is a `/render/image/sign/` URL
//! whose token also fixes the transformation (`transformations`, `format`).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::StorageError;
use crate::model::Object;
use crate::routes::{json_body, now};
use crate::token::{self, UrlClaims};
use crate::transform::TransformOptions;
use crate::{expires, paths, transaction, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    pub expires_in: Value,
    pub transform: Option<Value>,
}

/// The signed path storage-js appends to its base URL (unencoded, with `?`).
pub fn signed_url(
    state: &StorageState,
    bucket: &str,
    key: &str,
    expires: i64,
) -> Result<String, StorageError> {
    let claims = UrlClaims::download(format!("{bucket}/{key}"), now(), expires);
    let token = token::sign(&claims, &state.settings.jwt_secret)?;
    Ok(format!("/object/sign/{bucket}/{key}?token={token}"))
}

/// The signed path of a rendering: the options travel in the token.
fn signed_render_url(
    state: &StorageState,
    bucket: &str,
    key: &str,
    expires: i64,
    transform: &TransformOptions,
    format: &str,
) -> Result<String, StorageError> {
    let mut claims = UrlClaims::download(format!("{bucket}/{key}"), now(), expires);
    claims.transformations = Some(transform.to_claim());
    claims.format = Some(format.to_string());
    let token = token::sign(&claims, &state.settings.jwt_secret)?;
    Ok(format!("/render/image/sign/{bucket}/{key}?token={token}"))
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let body: Body = json_body(&body)?;
    let expires = expires::expires_in(&body.expires_in)?;
    let raw = body.transform.unwrap_or(Value::Null);
    let transform = TransformOptions::from_json(&raw)?;
    let mut tx = transaction::begin(&state, &caller, "storage.object.sign").await?;
    Object::find(&mut tx, &bucket, &key).await?;
    tx.commit().await?;
    // storage-js sends `transform` only when it has keys; an empty one
    // signs a plain object URL.
    let url = if raw.as_object().is_some_and(|o| !o.is_empty()) {
        let format = raw.get("format").and_then(Value::as_str).unwrap_or("");
        signed_render_url(&state, &bucket, &key, expires, &transform, format)?
    } else {
        signed_url(&state, &bucket, &key, expires)?
    };
    Ok(HttpResponse::Ok().json(json!({ "signedURL": url })))
}
