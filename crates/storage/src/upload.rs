//! Writing an object, shared by upload, update and the signed upload URL.
//! Order: bucket limits (413/415 before any byte is read where possible),
//! an RLS probe as the writer (rolled back) so a refused upload reads no
//! body, the body streamed into a blob named by a new version id, then the
//! row inserted or switched to that version in one transaction as the
//! writer. Any failure removes the new blob, so an aborted upload leaves
//! neither row nor blob, and readers of a replaced object keep getting the
//! old, complete blob until the row switches.
//!
//! A multipart form carries the type and user metadata in fields before the
//! file, so it is probed twice: once before any of the body is read (what
//! the headers tell), once with the fields (what the row will hold).

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest};
use bytes::Bytes;
use futures_util::{Stream, StreamExt, TryStreamExt};
use serde_json::{json, Value};
use sqlx::Row;

use crate::backend::BlobWriter;
use crate::caller::Caller;
use crate::error::StorageError;
use crate::model::{owner_uuid, Bucket};
use crate::transaction;
use crate::upload_form::{bad_form, part_content_type, request_content_type, FormFields, Meta};
use crate::StorageState;

pub struct Target {
    pub bucket: String,
    pub key: String,
    pub upsert: bool,
    /// The role the row is written as: the caller, or service_role for a
    /// signed upload URL (whose token names the owner).
    pub writer: Caller,
    pub owner: Option<String>,
    pub operation: &'static str,
}

/// Upload the request body to `target`; returns the object's id.
pub async fn upload(
    state: &StorageState,
    req: &HttpRequest,
    payload: web::Payload,
    target: &Target,
) -> Result<uuid::Uuid, StorageError> {
    let bucket = {
        let mut tx = transaction::begin(state, &Caller::service(), target.operation).await?;
        Bucket::find(&mut tx, &target.bucket).await?
    };
    let limit = bucket.size_limit(state.settings.max_upload);
    let is_multipart =
        request_content_type(req)?.is_some_and(|m| m.essence() == "multipart/form-data");
    if is_multipart {
        authorise_before_reading(state, target).await?;
        let mut form = Multipart::new(req.headers(), payload);
        let mut fields = FormFields::default();
        while let Some(field) = form.try_next().await.map_err(bad_form)? {
            let name = field.name().unwrap_or("").to_string();
            let is_file = name.is_empty()
                || field
                    .content_disposition()
                    .and_then(|d| d.get_filename())
                    .is_some();
            if is_file {
                let part_type = part_content_type(&field)?;
                let meta = fields.meta(part_type.as_deref())?;
                return write(state, &bucket, target, limit, meta, field.map_err(bad_form)).await;
            }
            fields.read(&name, field).await?;
        }
        Err(StorageError::invalid_request(
            "The multipart form has no file part",
        ))
    } else {
        let meta = Meta::from_headers(req)?;
        let declared: Option<u64> = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse().ok());
        if declared.is_some_and(|n| n > limit) {
            return Err(StorageError::too_large());
        }
        let body = payload
            .map_err(|e| StorageError::invalid_request(format!("The upload was interrupted: {e}")));
        write(state, &bucket, target, limit, meta, body).await
    }
}

async fn write<S>(
    state: &StorageState,
    bucket: &Bucket,
    target: &Target,
    limit: u64,
    meta: Meta,
    body: S,
) -> Result<uuid::Uuid, StorageError>
where
    S: Stream<Item = Result<Bytes, StorageError>>,
{
    bucket.check_type(&target.key, &meta.content_type)?;
    let version = uuid::Uuid::new_v4().to_string();
    let draft = json!({"mimetype": meta.content_type, "cacheControl": meta.cache_control});
    probe(state, target, &draft, &meta, &version).await?;
    let blob = state.backend.writer(&version, limit).await?;
    let (size, md5) = pump(blob, body).await?;
    let now = chrono::Utc::now();
    let metadata = json!({
        "eTag": format!("\"{md5}\""),
        "size": size,
        "mimetype": meta.content_type,
        "cacheControl": meta.cache_control,
        "lastModified": crate::model::iso(&now),
        "contentLength": size,
        "httpStatusCode": 200,
    });
    switch(state, target, &metadata, &meta, &version).await
}

/// Point the row at the complete blob `version`, then drop the blob it
/// replaced; if the row is refused, drop the new blob instead.
async fn switch(
    state: &StorageState,
    target: &Target,
    metadata: &Value,
    meta: &Meta,
    version: &str,
) -> Result<uuid::Uuid, StorageError> {
    match commit(state, target, metadata, meta, version).await {
        Ok((id, old)) => {
            if let Some(old) = old.filter(|o| o != version) {
                state.backend.delete(&old).await;
            }
            Ok(id)
        }
        Err(e) => {
            state.backend.delete(version).await;
            Err(e)
        }
    }
}

/// Stream `body` into `blob`; on any error the blob is discarded.
async fn pump<S>(mut blob: BlobWriter, body: S) -> Result<(u64, String), StorageError>
where
    S: Stream<Item = Result<Bytes, StorageError>>,
{
    futures_util::pin_mut!(body);
    while let Some(chunk) = body.next().await {
        let written = match chunk {
            Ok(bytes) => blob.write(&bytes).await,
            Err(e) => Err(e),
        };
        if let Err(e) = written {
            blob.abort().await;
            return Err(e);
        }
    }
    blob.finish().await
}

fn write_sql(upsert: bool) -> String {
    // A plain insert has no RETURNING: that would also need a SELECT policy,
    // and Supabase asks only for INSERT there.
    let conflict = if upsert {
        " ON CONFLICT (bucket_id, name) DO UPDATE SET metadata = excluded.metadata, \
         user_metadata = excluded.user_metadata, version = excluded.version, \
         owner = excluded.owner, owner_id = excluded.owner_id, last_accessed_at = now() RETURNING id"
    } else {
        ""
    };
    format!(
        "INSERT INTO storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version, id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8){conflict}"
    )
}

/// The insert (or upsert) of `target`'s row; returns its id.
async fn write_row(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    target: &Target,
    metadata: &Value,
    meta: &Meta,
    version: &str,
) -> Result<uuid::Uuid, StorageError> {
    let new_id = uuid::Uuid::new_v4();
    let row = sqlx::query(&write_sql(target.upsert))
        .bind(&target.bucket)
        .bind(&target.key)
        .bind(owner_uuid(target.owner.as_deref()))
        .bind(&target.owner)
        .bind(metadata)
        .bind(&meta.user_metadata)
        .bind(version)
        .bind(new_id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(row.map_or(new_id, |r| r.get::<uuid::Uuid, _>(0)))
}

/// The write as the writer's role, rolled back: RLS and duplicates are
/// refused before the body is read.
async fn probe(
    state: &StorageState,
    target: &Target,
    metadata: &Value,
    meta: &Meta,
    version: &str,
) -> Result<(), StorageError> {
    let mut tx = transaction::begin(state, &target.writer, target.operation).await?;
    write_row(&mut tx, target, metadata, meta, version).await?;
    tx.rollback().await?;
    Ok(())
}

/// The caller's right to write `target`, checked before a multipart body is
/// read, so a refused client cannot make the server read its form. The
/// type and user metadata are still unknown here; when some policy on
/// storage.objects reads those columns, a refusal may not be final, and the
/// probe with the fields (after at most MAX_FIELD_BYTES) decides instead.
async fn authorise_before_reading(
    state: &StorageState,
    target: &Target,
) -> Result<(), StorageError> {
    match probe_only(state, target).await {
        Err(e) if e.code == "AccessDenied" && policies_read_metadata(state).await? => Ok(()),
        other => other,
    }
}

/// Whether a policy on storage.objects reads `metadata` or `user_metadata`
/// (PostgreSQL records each column a policy's expressions use).
async fn policies_read_metadata(state: &StorageState) -> Result<bool, StorageError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_policy p \
           JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_policy'::regclass AND d.objid = p.oid \
           JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid \
           WHERE p.polrelid = 'storage.objects'::regclass \
             AND d.refobjid = 'storage.objects'::regclass \
             AND a.attname IN ('metadata', 'user_metadata'))",
    )
    .fetch_one(&state.pool)
    .await?)
}

/// Insert the row, or switch it to the new version; returns the id and the
/// version it replaced.
async fn commit(
    state: &StorageState,
    target: &Target,
    metadata: &Value,
    meta: &Meta,
    version: &str,
) -> Result<(uuid::Uuid, Option<String>), StorageError> {
    let mut tx = transaction::begin(state, &target.writer, target.operation).await?;
    // Concurrent writers of one key queue here, so each sees the version it replaces.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2, 0))")
        .bind(&target.bucket)
        .bind(&target.key)
        .execute(&mut *tx)
        .await?;
    // Only an upsert replaces a row (and needs SELECT, as in Supabase).
    let old: Option<Option<String>> = if target.upsert {
        sqlx::query_scalar("SELECT version FROM storage.objects WHERE bucket_id = $1 AND name = $2")
            .bind(&target.bucket)
            .bind(&target.key)
            .fetch_optional(&mut *tx)
            .await?
    } else {
        None
    };
    let id = write_row(&mut tx, target, metadata, meta, version).await?;
    tx.commit().await?;
    Ok((id, old.flatten()))
}

/// Check that `target` could be written (createSignedUploadUrl), writing nothing.
pub async fn probe_only(state: &StorageState, target: &Target) -> Result<(), StorageError> {
    let meta = Meta {
        content_type: "application/octet-stream".into(),
        cache_control: "no-cache".into(),
        user_metadata: None,
    };
    probe(
        state,
        target,
        &json!({}),
        &meta,
        &uuid::Uuid::new_v4().to_string(),
    )
    .await
}

/// Write `target` as a copy of the blob `from` with the source's `metadata`
/// (object copy); the new blob is removed again if the row is refused.
pub async fn copy_from(
    state: &StorageState,
    target: &Target,
    from: &str,
    metadata: &Value,
    user_metadata: Option<Value>,
) -> Result<uuid::Uuid, StorageError> {
    let meta = Meta {
        content_type: String::new(),
        cache_control: String::new(),
        user_metadata,
    };
    let version = uuid::Uuid::new_v4().to_string();
    probe(state, target, metadata, &meta, &version).await?;
    state.backend.copy(from, &version).await?;
    switch(state, target, metadata, &meta, &version).await
}
