//! POST /object/move: move(), one UPDATE of name (and bucket) as the caller:
//! SELECT + UPDATE policies, the UPDATE's WITH CHECK seeing the new name;
//! the moved object is held to the destination bucket's type list and size
//! limit in the same transaction, and the move rolled back if it breaks
//! them. Blobs are named by version, so nothing moves in the backend.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::{owner_uuid, Bucket, Object, OBJECT_COLUMNS};
use crate::routes::json_body;
use crate::{keys, paths, transaction, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    pub bucket_id: String,
    pub source_key: String,
    pub destination_key: String,
    pub destination_bucket: Option<String>,
}

impl Body {
    /// (source bucket, source key, destination bucket, destination key), checked.
    pub fn checked(&self) -> Result<(String, String, String, String), StorageError> {
        let from_bucket = keys::bucket_name(&self.bucket_id)?.to_string();
        let to_bucket = match &self.destination_bucket {
            Some(b) if !b.is_empty() => keys::bucket_name(b)?.to_string(),
            _ => from_bucket.clone(),
        };
        Ok((
            from_bucket,
            paths::body_key(&self.source_key)?,
            to_bucket,
            paths::body_key(&self.destination_key)?,
        ))
    }
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let body: Body = json_body(&body)?;
    let (from_bucket, from_key, to_bucket, to_key) = body.checked()?;
    let sub = caller.sub();
    let destination = {
        let mut tx = transaction::begin(&state, &Caller::service(), "storage.object.move").await?;
        Bucket::find(&mut tx, &to_bucket).await?
    };
    let mut tx = transaction::begin(&state, &caller, "storage.object.move").await?;
    let moved = sqlx::query_as::<_, Object>(&format!(
        "UPDATE storage.objects SET bucket_id = $3, name = $4, owner = $5, owner_id = $6 \
         WHERE bucket_id = $1 AND name = $2 RETURNING {OBJECT_COLUMNS}"
    ))
    .bind(&from_bucket)
    .bind(&from_key)
    .bind(&to_bucket)
    .bind(&to_key)
    .bind(owner_uuid(sub.as_deref()))
    .bind(&sub)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(StorageError::object_not_found)?;
    destination.check_object(
        &to_key,
        moved.mimetype(),
        moved.size(),
        state.settings.max_upload,
    )?;
    tx.commit().await?;
    let id = moved.id;
    Ok(HttpResponse::Ok().json(json!({
        "message": "Successfully moved",
        "Id": id,
        "Key": format!("{to_bucket}/{to_key}"),
    })))
}
