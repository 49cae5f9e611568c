//! GET /render/image/public/{bucket}/{key}: a rendering of an object in a
//! public bucket, for anyone (no RLS, as Supabase reads it as superuser).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::StorageError;
use crate::routes::object_get::find_public;
use crate::serve::url_pairs;
use crate::transform::{respond, TransformOptions};
use crate::{paths, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let options = TransformOptions::from_query(&url_pairs(req.query_string()))?;
    let obj = find_public(&state, &bucket, &key).await?;
    respond::rendering(&req, &state, &obj, options, None).await
}
