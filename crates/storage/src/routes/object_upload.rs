//! POST /object/{bucket}/{key} (upload; `x-upsert` decides) and PUT
//! (update, always an upsert), as the caller: INSERT, or INSERT + SELECT +
//! UPDATE policies for an upsert.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::error::StorageError;
use crate::routes::upsert_header;
use crate::upload::{self, Target};
use crate::{paths, StorageState};

pub async fn create(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let upsert = upsert_header(&req);
    write(req, payload, state, upsert, "storage.object.upload").await
}

pub async fn update(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    write(req, payload, state, true, "storage.object.update").await
}

async fn write(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<StorageState>,
    upsert: bool,
    operation: &'static str,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let target = Target {
        owner: caller.sub(),
        writer: caller,
        bucket,
        key,
        upsert,
        operation,
    };
    let id = upload::upload(&state, &req, payload, &target).await?;
    Ok(HttpResponse::Ok().json(json!({
        "Id": id,
        "Key": format!("{}/{}", target.bucket, target.key),
    })))
}
