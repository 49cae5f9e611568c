//! POST /object/upload/sign/{bucket}/{key}: createSignedUploadUrl. The
//! caller's right to upload is probed now (INSERT, or upsert with
//! `x-upsert: true`); the token then carries owner and upsert.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::error::StorageError;
use crate::routes::{now, upsert_header};
use crate::token::{self, UrlClaims};
use crate::upload::{self, Target};
use crate::{paths, StorageState};

/// Supabase's docs: a signed upload URL is valid for two hours.
const UPLOAD_URL_SECONDS: i64 = 7200;

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let upsert = upsert_header(&req);
    let target = Target {
        owner: caller.sub(),
        writer: caller,
        bucket,
        key,
        upsert,
        operation: "storage.object.upload_sign",
    };
    // A missing bucket fails the probe's foreign key: Bucket not found.
    upload::probe_only(&state, &target).await?;
    let url = format!("{}/{}", target.bucket, target.key);
    let claims = UrlClaims::upload(
        url.clone(),
        now(),
        UPLOAD_URL_SECONDS,
        target.owner.clone(),
        upsert,
    );
    let token = token::sign(&claims, &state.settings.jwt_secret)?;
    Ok(HttpResponse::Ok().json(json!({
        "url": format!("/object/upload/sign/{url}?token={token}"),
        "token": token,
    })))
}
