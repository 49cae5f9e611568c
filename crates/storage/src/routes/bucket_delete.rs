//! DELETE /bucket/{id}: deleteBucket, refused while objects remain (counted
//! past RLS, as Supabase does), then a DELETE as the caller.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::caller::Caller;
use crate::error::StorageError;
use crate::{paths, transaction, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let id = paths::bucket(&req)?;
    let mut check = transaction::begin(&state, &Caller::service(), "storage.bucket.delete").await?;
    let has_objects: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM storage.objects WHERE bucket_id = $1)")
            .bind(&id)
            .fetch_one(&mut *check)
            .await?;
    check.commit().await?;
    if has_objects {
        return Err(StorageError::new(
            409,
            "ResourceNotEmpty",
            "ResourceNotEmpty",
            "The bucket you tried to delete is not empty",
        ));
    }
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.delete").await?;
    let deleted = sqlx::query("DELETE FROM storage.buckets WHERE id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await
        .map_err(|e| match StorageError::from(e) {
            // An object uploaded since the check above.
            fk if fk.code == "NoSuchBucket" => StorageError::new(
                409,
                "ResourceNotEmpty",
                "ResourceNotEmpty",
                "The bucket you tried to delete is not empty",
            ),
            other => other,
        })?
        .rows_affected();
    tx.commit().await?;
    if deleted == 0 {
        return Err(StorageError::bucket_not_found());
    }
    Ok(HttpResponse::Ok().json(json!({"message": "Successfully deleted"})))
}
