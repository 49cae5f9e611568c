//! GET /render/image/sign/{bucket}/{key}?token=: the rendering behind a
//! signed URL from createSignedUrl(…, {transform}). As in Supabase, the
//! options come from the token's `transformations` claim only (query
//! parameters cannot change them), and the token alone grants access.
//! One difference: a token signed with `format: "origin"` is served in the
//! source's format, as the option promises (Supabase drops it from the
//! `transformations` claim and so negotiates WebP anyway).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::Object;
use crate::routes::now;
use crate::routes::object_signed_get::query_token;
use crate::token::{self, Scope};
use crate::transform::{respond, Format, TransformOptions};
use crate::{paths, transaction, StorageState};

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let token = query_token(&req)?;
    let claims = token::verify(
        &token,
        &state.settings.jwt_secret,
        Scope::Download,
        &format!("{bucket}/{key}"),
        now(),
    )?;
    let mut options = TransformOptions::from_claim(claims.transformations.as_deref().unwrap_or(""));
    if options.format.is_none() && claims.format.as_deref() == Some("origin") {
        options.format = Some(Format::Origin);
    }
    let mut tx =
        transaction::begin(&state, &Caller::service(), "storage.object.render_signed").await?;
    let obj = Object::find(&mut tx, &bucket, &key).await?;
    tx.commit().await?;
    respond::rendering(&req, &state, &obj, options, Some(claims.exp)).await
}
