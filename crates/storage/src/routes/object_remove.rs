//! DELETE /object/{bucket} `{prefixes}`: remove(), a DELETE … RETURNING as
//! the caller (SELECT + DELETE policies); names it may not delete are
//! silently absent from the answer, as in Supabase. Blobs go after commit.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;

use crate::error::StorageError;
use crate::model::{Object, OBJECT_COLUMNS};
use crate::routes::json_body;
use crate::{keys, paths, transaction, StorageState};

#[derive(Deserialize)]
struct Body {
    prefixes: Vec<String>,
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let bucket = paths::bucket(&req)?;
    let body: Body = json_body(&body)?;
    if body.prefixes.is_empty() || body.prefixes.len() > 1000 {
        return Err(StorageError::invalid_request(
            "prefixes must list 1 to 1000 object names",
        ));
    }
    for name in &body.prefixes {
        keys::within_key_length(name)?;
    }
    let mut tx = transaction::begin(&state, &caller, "storage.object.delete").await?;
    let rows = sqlx::query_as::<_, Object>(&format!(
        "DELETE FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2) RETURNING {OBJECT_COLUMNS}"
    ))
    .bind(&bucket)
    .bind(&body.prefixes)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    for version in rows.iter().filter_map(|o| o.version.as_deref()) {
        state.backend.delete(version).await;
    }
    Ok(HttpResponse::Ok().json(rows.iter().map(Object::to_json).collect::<Vec<Value>>()))
}
