//! GET /object/sign/{bucket}/{key}?token=: the bytes behind a signed URL.
//! The token alone grants access (no RLS), until its `exp`.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::Object;
use crate::routes::now;
use crate::serve::url_pairs;
use crate::token::{self, Scope};
use crate::{paths, serve, transaction, StorageState};

/// The `token` query parameter, or Supabase's error for its absence.
pub fn query_token(req: &HttpRequest) -> Result<String, StorageError> {
    url_pairs(req.query_string())
        .into_iter()
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| {
            StorageError::invalid_request("querystring must have required property 'token'")
        })
}

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let token = query_token(&req)?;
    let url = format!("{bucket}/{key}");
    let claims = token::verify(
        &token,
        &state.settings.jwt_secret,
        Scope::Download,
        &url,
        now(),
    )?;
    let mut tx =
        transaction::begin(&state, &Caller::service(), "storage.object.get_signed").await?;
    let obj = Object::find(&mut tx, &bucket, &key).await?;
    tx.commit().await?;
    serve::object(&req, &state.backend, &obj, false, Some(claims.exp)).await
}
