//! GET and HEAD of an object's bytes: /object/public/… (public buckets, no
//! RLS), /object/authenticated/… and /object/… (public buckets skip RLS for
//! reads; otherwise a SELECT as the caller decides).

use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::Object;
use crate::{paths, serve, transaction, StorageState};
use sqlx::{FromRow, Row};

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
    match lookup_public(state, bucket, key).await? {
        Public::Found(obj) => Ok(*obj),
        Public::Missing => Err(StorageError::object_not_found()),
        Public::Private => Err(StorageError::bucket_not_found()),
    }
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
    match lookup_public(state, bucket, key).await? {
        Public::Found(obj) => Ok(*obj),
        Public::Missing => Err(StorageError::object_not_found()),
        Public::Private => {
            let mut tx = transaction::begin(state, caller, operation).await?;
            let obj = Object::find(&mut tx, bucket, key).await?;
            tx.commit().await?;
            Ok(obj)
        }
    }
}

enum Public {
    Found(Box<Object>),
    Missing,
    /// A private bucket: RLS decides.
    Private,
}

/// One statement through the SECURITY DEFINER `storage.pleat_public_object`:
/// public reads need no role or claims, so no transaction either.
async fn lookup_public(
    state: &StorageState,
    bucket: &str,
    key: &str,
) -> Result<Public, StorageError> {
    let row = sqlx::query("SELECT * FROM storage.pleat_public_object($1, $2)")
        .bind(bucket)
        .bind(key)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(StorageError::bucket_not_found)?;
    if !row.try_get::<bool, _>("bucket_public")? {
        return Ok(Public::Private);
    }
    if row.try_get::<Option<uuid::Uuid>, _>("id")?.is_none() {
        return Ok(Public::Missing);
    }
    Ok(Public::Found(Box::new(Object::from_row(&row)?)))
}
