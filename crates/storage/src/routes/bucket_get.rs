//! GET /bucket/{id}: getBucket, as the caller (RLS hides = not found).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::StorageError;
use crate::model::Bucket;
use crate::{paths, transaction, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let id = paths::bucket(&req)?;
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.get").await?;
    let bucket = Bucket::find(&mut tx, &id).await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(bucket.to_json(false)))
}
