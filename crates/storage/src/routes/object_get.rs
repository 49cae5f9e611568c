//! GET and HEAD of an object's bytes: /object/public/… (public buckets, no
//! RLS), /object/authenticated/… and /object/… (public buckets skip RLS for
//! reads; otherwise a SELECT as the caller decides).

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::{Bucket, Object};
use crate::{db, paths, serve, StorageState};

pub async fn public(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let (bucket, key) = paths::object(&req)?;
    let obj = find_public(&state, &bucket, &key).await?;
    serve::object(
        &req,
        &state.backend,
        &obj,
        req.method() == Method::HEAD,
        None,
    )
    .await
}

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller_lenient(&req).await?;
    let (bucket, key) = paths::object(&req)?;
    let obj = find_readable(&state, &caller, &bucket, &key, "storage.object.get").await?;
    serve::object(
        &req,
        &state.backend,
        &obj,
        req.method() == Method::HEAD,
        None,
    )
    .await
}

/// The object if its bucket is public; a private bucket reads as missing.
pub async fn find_public(
    state: &StorageState,
    bucket: &str,
    key: &str,
) -> Result<Object, StorageError> {
    let mut tx = db::begin(&state.pool, &Caller::service(), "storage.object.get_public").await?;
    if !Bucket::find(&mut tx, bucket).await?.public {
        return Err(StorageError::bucket_not_found());
    }
    let obj = Object::find(&mut tx, bucket, key).await?;
    tx.commit().await?;
    Ok(obj)
}

/// The object as `caller` may read it: public buckets without RLS, others
/// through the SELECT policies.
pub async fn find_readable(
    state: &StorageState,
    caller: &Caller,
    bucket: &str,
    key: &str,
    operation: &str,
) -> Result<Object, StorageError> {
    let public = {
        let mut tx = db::begin(&state.pool, &Caller::service(), operation).await?;
        Bucket::find(&mut tx, bucket).await?.public
    };
    let reader = if public {
        Caller::service()
    } else {
        caller.clone()
    };
    let mut tx = db::begin(&state.pool, &reader, operation).await?;
    let obj = Object::find(&mut tx, bucket, key).await?;
    tx.commit().await?;
    Ok(obj)
}
