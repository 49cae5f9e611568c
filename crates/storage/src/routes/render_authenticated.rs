//! GET /render/image/authenticated/{bucket}/{key}: download({transform}).
//! The object is read as the caller, exactly as an object download is
//! (public buckets without RLS, others through the SELECT policies).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::StorageError;
use crate::routes::object_get::find_readable;
use crate::serve::url_pairs;
use crate::transform::{respond, TransformOptions};
use crate::{paths, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller_lenient(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let options = TransformOptions::from_query(&url_pairs(req.query_string()))?;
    let obj = find_readable(&state, &caller, &bucket, &key, "storage.object.render").await?;
    respond::rendering(&req, &state, &obj, options, None).await
}
