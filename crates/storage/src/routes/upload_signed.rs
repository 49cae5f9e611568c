//! PUT /object/upload/sign/{bucket}/{key}?token=: uploadToSignedUrl. The
//! token decides (owner, upsert); no JWT is needed and RLS is not asked
//! again, as in Supabase.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::caller::Caller;
use crate::error::StorageError;
use crate::routes::now;
use crate::routes::object_signed_get::query_token;
use crate::token::{self, Scope};
use crate::upload::{self, Target};
use crate::{paths, StorageState};

pub async fn handle(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let token = query_token(&req)?;
    let url = format!("{bucket}/{key}");
    let claims = token::verify(
        &token,
        &state.settings.jwt_secret,
        Scope::Upload,
        &url,
        now(),
    )?;
    let target = Target {
        writer: Caller::service(),
        owner: claims.owner,
        bucket,
        key,
        upsert: claims.upsert.unwrap_or(false),
        operation: "storage.object.upload_signed",
    };
    let id = upload::upload(&state, &req, payload, &target).await?;
    Ok(HttpResponse::Ok().json(json!({"Id": id, "Key": url})))
}
