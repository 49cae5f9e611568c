//! POST /object/list/{bucket}: list(), one folder level below `prefix`, as
//! the caller (rows hidden by RLS are not listed). Folders are entries with
//! a null id; `search` is a case-insensitive prefix inside the folder.

use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Value};

use super::list_sort::SortBy;
use crate::error::StorageError;
use crate::model::iso;
use crate::routes::json_body;
use crate::{keys, paths, transaction, StorageState};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Body {
    #[serde(default)]
    prefix: String,
    limit: Option<i64>,
    offset: Option<i64>,
    sort_by: Option<SortBy>,
    search: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Entry {
    name: String,
    id: Option<uuid::Uuid>,
    updated_at: Option<DateTime<Utc>>,
    created_at: Option<DateTime<Utc>>,
    last_accessed_at: Option<DateTime<Utc>>,
    metadata: Option<Value>,
}

pub async fn handle(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let bucket = paths::bucket(&req)?;
    let body: Body = json_body(&body)?;
    keys::within_key_length(&body.prefix)?;
    keys::within_key_length(body.search.as_deref().unwrap_or(""))?;
    let ordering = body.sort_by.unwrap_or_default().order_by(&[
        "name",
        "updated_at",
        "created_at",
        "last_accessed_at",
    ])?;
    let limit = body.limit.unwrap_or(100).clamp(1, 10_000);
    let offset = body.offset.unwrap_or(0).max(0);
    let prefix = match body.prefix.trim_matches('/') {
        "" => String::new(),
        p => format!("{p}/"),
    };
    // The ordering comes from `order_by`'s checked lists; everything else is bound.
    let sql = format!(
        "WITH scoped AS ( \
           SELECT o.*, substr(o.name, char_length($2) + 1) AS rest FROM storage.objects o \
           WHERE o.bucket_id = $1 AND starts_with(o.name, $2) \
         ), entries AS ( \
           SELECT DISTINCT split_part(rest, '/', 1) AS name, NULL::uuid AS id, NULL::timestamptz AS updated_at, \
                  NULL::timestamptz AS created_at, NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata \
           FROM scoped WHERE position('/' in rest) > 0 \
           UNION ALL \
           SELECT rest, id, updated_at, created_at, last_accessed_at, metadata FROM scoped \
           WHERE position('/' in rest) = 0 \
         ) \
         SELECT * FROM entries WHERE starts_with(lower(name), lower($3)) \
         ORDER BY {ordering} LIMIT $4 OFFSET $5"
    );
    let mut tx = transaction::begin(&state, &caller, "storage.object.list").await?;
    let rows = sqlx::query_as::<_, Entry>(&sql)
        .bind(&bucket)
        .bind(&prefix)
        .bind(body.search.unwrap_or_default())
        .bind(limit)
        .bind(offset)
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    let out: Vec<Value> = rows
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "id": e.id,
                "updated_at": e.updated_at.as_ref().map(iso),
                "created_at": e.created_at.as_ref().map(iso),
                "last_accessed_at": e.last_accessed_at.as_ref().map(iso),
                "metadata": e.metadata,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(out))
}
