//! POST /bucket: createBucket, an INSERT into storage.buckets as the caller.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::bucket_options::RawOptions;
use crate::error::StorageError;
use crate::model::owner_uuid;
use crate::routes::json_body;
use crate::{keys, transaction, StorageState};

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let opts: RawOptions = json_body(&body)?;
    let name = opts
        .name
        .clone()
        .or(opts.id.clone())
        .ok_or_else(|| StorageError::invalid_request("body must have property name"))?;
    let id = opts.id.clone().unwrap_or_else(|| name.clone());
    keys::bucket_name(&id)?;
    keys::bucket_name(&name)?;
    let kind = match opts.kind.as_deref().unwrap_or("STANDARD") {
        "STANDARD" => "STANDARD",
        other => {
            return Err(StorageError::invalid_request(format!(
                "Bucket type {other} is not supported; only STANDARD buckets are"
            )))
        }
    };
    let limits = opts.limits(state.settings.max_upload)?;
    let sub = caller.sub();
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.create").await?;
    sqlx::query(
        "INSERT INTO storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::storage.buckettype)",
    )
    .bind(&id)
    .bind(&name)
    .bind(owner_uuid(sub.as_deref()))
    .bind(&sub)
    .bind(opts.public.unwrap_or(false))
    .bind(limits.file_size_limit.flatten())
    .bind(limits.allowed_mime_types.flatten())
    .bind(kind)
    .execute(&mut *tx)
    .await
    .map_err(|e| match StorageError::from(e) {
        dup if dup.code == "KeyAlreadyExists" => StorageError::bucket_exists(),
        other => other,
    })?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({"name": id})))
}
