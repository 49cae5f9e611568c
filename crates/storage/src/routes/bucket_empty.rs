//! POST /bucket/{id}/empty: emptyBucket, service_role only (others get a
//! real 403, as Supabase sends). Done at once rather than queued: the rows go
//! in one transaction, then their blobs.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::error::StorageError;
use crate::model::Bucket;
use crate::{db, paths, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let id = paths::bucket(&req)?;
    if !caller.is_service() {
        return Err(
            StorageError::unauthorized("Only service_role may empty a bucket").with_http(403),
        );
    }
    let mut tx = db::begin(&state, &caller, "storage.bucket.empty").await?;
    Bucket::find(&mut tx, &id).await?;
    let versions: Vec<Option<String>> =
        sqlx::query_scalar("DELETE FROM storage.objects WHERE bucket_id = $1 RETURNING version")
            .bind(&id)
            .fetch_all(&mut *tx)
            .await?;
    tx.commit().await?;
    for version in versions.into_iter().flatten() {
        state.backend.delete(&version).await;
    }
    Ok(HttpResponse::Ok().json(json!({"message": "Successfully emptied"})))
}
