//! POST /object/sign/{bucket}/{key} `{expiresIn}`: createSignedUrl, for an
//! object the caller can SELECT; the URL carries a JWT with `url` and `exp`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::StorageError;
use crate::model::Object;
use crate::routes::{json_body, now};
use crate::token::{self, UrlClaims};
use crate::{db, paths, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    pub expires_in: Value,
    pub transform: Option<Value>,
}

/// `expiresIn`: a whole number of seconds, at least 1.
pub fn expires_in(v: &Value) -> Result<i64, StorageError> {
    v.as_i64()
        .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
        .filter(|n| *n >= 1)
        .ok_or_else(|| {
            StorageError::invalid_request("expiresIn must be a whole number of seconds, at least 1")
        })
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

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let body: Body = json_body(&body)?;
    let expires = expires_in(&body.expires_in)?;
    if body
        .transform
        .as_ref()
        .is_some_and(|t| t.as_object().is_some_and(|o| !o.is_empty()))
    {
        return Err(StorageError::invalid_request(
            "Image transformation is not available on this server yet",
        ));
    }
    let mut tx = db::begin(&state, &caller, "storage.object.sign").await?;
    Object::find(&mut tx, &bucket, &key).await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({"signedURL": signed_url(&state, &bucket, &key, expires)?})))
}
