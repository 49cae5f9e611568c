//! POST /object/copy: copy(), the source read as the caller (SELECT), held
//! to the destination bucket's type list and size limit as an upload there
//! would be, its blob copied to a new version, the destination written as
//! the caller (INSERT, or upsert with `x-upsert: true`).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::{Bucket, Object};
use crate::routes::object_move;
use crate::routes::{json_body, upsert_header};
use crate::upload::{self, Target};
use crate::{transaction, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    #[serde(flatten)]
    paths: object_move::Body,
    copy_metadata: Option<bool>,
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let body: Body = json_body(&body)?;
    let (from_bucket, from_key, to_bucket, to_key) = body.paths.checked()?;
    let source = {
        let mut tx = transaction::begin(&state, &caller, "storage.object.copy").await?;
        let obj = Object::find(&mut tx, &from_bucket, &from_key).await?;
        tx.commit().await?;
        obj
    };
    let Some(version) = source.version.as_deref() else {
        return Err(StorageError::object_not_found());
    };
    let destination = {
        let mut tx = transaction::begin(&state, &Caller::service(), "storage.object.copy").await?;
        Bucket::find(&mut tx, &to_bucket).await?
    };
    destination.check_object(
        &to_key,
        source.mimetype(),
        source.size(),
        state.settings.max_upload,
    )?;
    let target = Target {
        owner: caller.sub(),
        writer: caller,
        bucket: to_bucket,
        key: to_key,
        upsert: upsert_header(&req),
        operation: "storage.object.copy",
    };
    let user_metadata = if body.copy_metadata.unwrap_or(true) {
        source.user_metadata.clone()
    } else {
        None
    };
    let metadata = source.metadata.clone().unwrap_or_else(|| json!({}));
    let id = upload::copy_from(&state, &target, version, &metadata, user_metadata).await?;
    Ok(HttpResponse::Ok().json(json!({
        "Id": id,
        "Key": format!("{}/{}", target.bucket, target.key),
        "name": target.key,
        "bucket_id": target.bucket,
    })))
}
