//! PUT /bucket/{id}: updateBucket, an UPDATE of the fields sent, as the caller.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::bucket_options::RawOptions;
use crate::error::StorageError;
use crate::routes::json_body;
use crate::{paths, transaction, StorageState};

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let id = paths::bucket(&req)?;
    let opts: RawOptions = json_body(&body)?;
    let limits = opts.limits(state.settings.max_upload)?;
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.update").await?;
    let updated = sqlx::query(
        "UPDATE storage.buckets SET \
           public = coalesce($2, public), \
           file_size_limit = CASE WHEN $3 THEN $4 ELSE file_size_limit END, \
           allowed_mime_types = CASE WHEN $5 THEN $6 ELSE allowed_mime_types END, \
           updated_at = now() \
         WHERE id = $1",
    )
    .bind(&id)
    .bind(opts.public)
    .bind(limits.file_size_limit.is_some())
    .bind(limits.file_size_limit.flatten())
    .bind(limits.allowed_mime_types.is_some())
    .bind(limits.allowed_mime_types.flatten())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    if updated == 0 {
        return Err(StorageError::bucket_not_found());
    }
    Ok(HttpResponse::Ok().json(json!({"message": "Successfully updated"})))
}
