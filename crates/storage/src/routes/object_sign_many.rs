//! POST /object/sign/{bucket} `{expiresIn, paths}`: createSignedUrls; each
//! path the caller cannot SELECT gets an error entry instead of a URL.

use std::collections::HashSet;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::StorageError;
use crate::routes::json_body;
use crate::routes::object_sign::signed_url;
use crate::{expires, keys, paths, transaction, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    expires_in: Value,
    paths: Vec<String>,
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let bucket = paths::bucket(&req)?;
    let body: Body = json_body(&body)?;
    let expires = expires::expires_in(&body.expires_in)?;
    if body.paths.is_empty() || body.paths.len() > 1000 {
        return Err(StorageError::invalid_request(
            "paths must list 1 to 1000 object names",
        ));
    }
    for path in &body.paths {
        keys::within_key_length(path)?;
    }
    let mut tx = transaction::begin(&state, &caller, "storage.object.sign").await?;
    let found: HashSet<String> = sqlx::query_scalar(
        "SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2)",
    )
    .bind(&bucket)
    .bind(&body.paths)
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .collect();
    tx.commit().await?;
    let mut out = Vec::with_capacity(body.paths.len());
    for path in &body.paths {
        out.push(if found.contains(path) {
            json!({"error": null, "path": path, "signedURL": signed_url(&state, &bucket, path, expires)?})
        } else {
            json!({
                "error": "Either the object does not exist or you do not have access to it",
                "path": path,
                "signedURL": null,
            })
        });
    }
    Ok(HttpResponse::Ok().json(out))
}
