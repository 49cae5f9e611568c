//! POST /bucket/{id}/empty: emptyBucket, service_role only, as Supabase has
//! had it since storage#1334 (other roles get a real 403 "Access denied:
//! Invalid role" before anything is looked up; before that change, one
//! deletable object let a user empty the whole bucket). A bucket of more
//! than 200,000 objects is refused as Supabase refuses it. Done at once
//! rather than queued: the rows go in one transaction, then their blobs.

use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::json;

use crate::error::StorageError;
use crate::model::Bucket;
use crate::{paths, transaction, StorageState};

/// Supabase's `STORAGE_EMPTY_BUCKET_MAX` default.
const EMPTY_BUCKET_MAX: i64 = 200_000;

/// Blob deletions in flight at once (each is a request on S3).
const DELETES_IN_FLIGHT: usize = 16;

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    if !caller.is_service() {
        return Err(StorageError::unauthorized("Access denied: Invalid role").with_http(403));
    }
    let id = paths::bucket(&req)?;
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.empty").await?;
    Bucket::find(&mut tx, &id).await?;
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT 1 FROM storage.objects WHERE bucket_id = $1 LIMIT $2) o",
    )
    .bind(&id)
    .bind(EMPTY_BUCKET_MAX + 1)
    .fetch_one(&mut *tx)
    .await?;
    if count > EMPTY_BUCKET_MAX {
        return Err(StorageError::new(
            409,
            "InvalidRequest",
            "InvalidRequest",
            "Unable to empty the bucket because it contains too many objects",
        ));
    }
    let versions: Vec<Option<String>> =
        sqlx::query_scalar("DELETE FROM storage.objects WHERE bucket_id = $1 RETURNING version")
            .bind(&id)
            .fetch_all(&mut *tx)
            .await?;
    tx.commit().await?;
    futures_util::stream::iter(versions.into_iter().flatten())
        .for_each_concurrent(DELETES_IN_FLIGHT, |version| {
            let backend = &state.backend;
            async move { backend.delete(&version).await }
        })
        .await;
    Ok(HttpResponse::Ok().json(json!({"message": "Successfully emptied"})))
}
