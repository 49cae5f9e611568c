//! GET /object/info/[authenticated/|public/]{bucket}/{key}: info(), the
//! object's row without its bytes.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::StorageError;
use crate::routes::object_get::{find_public, find_readable};
use crate::{paths, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller_lenient(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let obj = find_readable(&state, &caller, &bucket, &key, "storage.object.info").await?;
    Ok(HttpResponse::Ok().json(obj.info_json()))
}

pub async fn public(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let obj = find_public(&state, &bucket, &key).await?;
    Ok(HttpResponse::Ok().json(obj.info_json()))
}
