//! POST /object/list-v2/{bucket}: listV2(), objects under a raw `prefix`,
//! flat or (with `with_delimiter`) grouped into folders one level down, as
//! the caller under RLS. Pages of `limit` (≤ 1000) with an opaque cursor.
//! As Supabase answers: a folder's `name` is its full prefix with a
//! trailing `/` and its `key` the folder's own segment (`a/b/` and `b`);
//! grouped objects carry their own segment as `key` too, flat ones none.

use actix_web::{web, HttpRequest, HttpResponse};
use base64::Engine;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Value};

use super::list_sort::SortBy;
use crate::error::StorageError;
use crate::model::iso;
use crate::routes::json_body;
use crate::{keys, paths, transaction, StorageState};

#[derive(Deserialize, Default)]
struct Body {
    #[serde(default)]
    prefix: String,
    limit: Option<i64>,
    cursor: Option<String>,
    #[serde(default)]
    with_delimiter: bool,
    #[serde(rename = "sortBy")]
    sort_by: Option<SortBy>,
}

#[derive(sqlx::FromRow)]
struct Entry {
    name: String,
    key: Option<String>,
    is_folder: bool,
    id: Option<uuid::Uuid>,
    updated_at: Option<DateTime<Utc>>,
    created_at: Option<DateTime<Utc>>,
    last_accessed_at: Option<DateTime<Utc>>,
    metadata: Option<Value>,
}

/// The cursor is the offset of the next page, base64 so clients treat it as opaque.
fn decode_cursor(cursor: Option<&str>) -> Result<i64, StorageError> {
    let Some(c) = cursor.filter(|c| !c.is_empty()) else {
        return Ok(0);
    };
    base64::engine::general_purpose::STANDARD
        .decode(c)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| {
            s.strip_prefix("offset:")
                .and_then(|n| n.parse::<i64>().ok())
        })
        .filter(|n| *n >= 0)
        .ok_or_else(|| StorageError::invalid_request("cursor is not one this server returned"))
}

fn encode_cursor(offset: i64) -> String {
    base64::engine::general_purpose::STANDARD.encode(format!("offset:{offset}"))
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
    let limit = body.limit.unwrap_or(1000).clamp(1, 1000);
    // The segment a key shows is the one after the prefix's last `/`, as
    // Supabase's `split_part(name, '/', levels)`.
    let level = body.prefix.split('/').count() as i32;
    let offset = decode_cursor(body.cursor.as_deref())?;
    let ordering =
        body.sort_by
            .unwrap_or_default()
            .order_by(&["name", "updated_at", "created_at"])?;
    // The ordering comes from `order_by`'s checked lists; everything else is bound.
    let sql = format!(
        "WITH scoped AS ( \
           SELECT o.*, substr(o.name, char_length($2) + 1) AS rest FROM storage.objects o \
           WHERE o.bucket_id = $1 AND starts_with(o.name, $2) \
         ), entries AS ( \
           SELECT DISTINCT $2 || split_part(rest, '/', 1) || '/' AS name, \
                  split_part($2 || split_part(rest, '/', 1), '/', $6) AS key, true AS is_folder, \
                  NULL::uuid AS id, NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at, \
                  NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata \
           FROM scoped WHERE $3 AND position('/' in rest) > 0 \
           UNION ALL \
           SELECT name, CASE WHEN $3 THEN split_part(name, '/', $6) END, false, \
                  id, updated_at, created_at, last_accessed_at, metadata FROM scoped \
           WHERE NOT $3 OR position('/' in rest) = 0 \
         ) \
         SELECT * FROM entries ORDER BY {ordering} LIMIT $4 OFFSET $5"
    );
    let mut tx = transaction::begin(&state, &caller, "storage.object.list").await?;
    let mut rows = sqlx::query_as::<_, Entry>(&sql)
        .bind(&bucket)
        .bind(&body.prefix)
        .bind(body.with_delimiter)
        .bind(limit + 1)
        .bind(offset)
        .bind(level)
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    let has_next = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let (folders, objects): (Vec<&Entry>, Vec<&Entry>) = rows.iter().partition(|e| e.is_folder);
    let mut out = json!({
        "hasNext": has_next,
        "folders": folders.iter().map(|f| json!({
            "id": null,
            "name": f.name,
            "key": f.key,
            "metadata": null,
            "updated_at": null,
            "created_at": null,
            "last_accessed_at": null,
        })).collect::<Vec<_>>(),
        "objects": objects.iter().map(|o| {
            let mut entry = json!({
                "id": o.id,
                "name": o.name,
                "metadata": o.metadata,
                "updated_at": o.updated_at.as_ref().map(iso),
                "created_at": o.created_at.as_ref().map(iso),
                "last_accessed_at": o.last_accessed_at.as_ref().map(iso),
            });
            if let Some(key) = &o.key {
                entry["key"] = json!(key);
            }
            entry
        }).collect::<Vec<_>>(),
    });
    if has_next {
        out["nextCursor"] = json!(encode_cursor(offset.saturating_add(limit)));
    }
    Ok(HttpResponse::Ok().json(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_400() {
        assert_eq!(decode_cursor(Some(&encode_cursor(40))).unwrap(), 40);
        assert_eq!(decode_cursor(None).unwrap(), 0);
        assert_eq!(decode_cursor(Some("bm9wZQ==")).unwrap_err().status, 400);
        assert_eq!(decode_cursor(Some("%%%")).unwrap_err().status, 400);
    }
}
