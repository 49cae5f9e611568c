//! GET /bucket: listBuckets, filtered by RLS on storage.buckets, with
//! `limit`, `offset`, `search` (case-insensitive substring) and sorting.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::Value;

use crate::error::StorageError;
use crate::model::{Bucket, BUCKET_COLUMNS};
use crate::serve::url_pairs;
use crate::transaction;
use crate::StorageState;

pub async fn handle(
    req: HttpRequest,
    state: web::Data<StorageState>,
) -> Result<HttpResponse, StorageError> {
    let caller = state.caller(&req).await?;
    let q = url_pairs(req.query_string());
    let get = |k: &str| q.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let number = |k: &str| -> Result<Option<i64>, StorageError> {
        get(k)
            .map(|v| {
                v.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| {
                    StorageError::invalid_request(format!("{k} must be a whole number"))
                })
            })
            .transpose()
    };
    let column = match get("sortColumn").unwrap_or("name") {
        c @ ("id" | "name" | "created_at" | "updated_at") => c,
        other => {
            return Err(StorageError::invalid_request(format!(
                "sortColumn `{other}` is not id, name, created_at or updated_at"
            )))
        }
    };
    let order = match get("sortOrder")
        .unwrap_or("asc")
        .to_ascii_lowercase()
        .as_str()
    {
        "asc" => "ASC",
        "desc" => "DESC",
        _ => {
            return Err(StorageError::invalid_request(
                "sortOrder must be asc or desc",
            ))
        }
    };
    let sql = format!(
        "SELECT {BUCKET_COLUMNS} FROM storage.buckets \
         WHERE ($1::text IS NULL OR name ILIKE '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%') \
         ORDER BY {column} {order} LIMIT $2 OFFSET $3"
    );
    let mut tx = transaction::begin(&state, &caller, "storage.bucket.list").await?;
    let rows = sqlx::query_as::<_, Bucket>(&sql)
        .bind(get("search").filter(|s| !s.is_empty()))
        .bind(number("limit")?)
        .bind(number("offset")?.unwrap_or(0))
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(rows.iter().map(|b| b.to_json(true)).collect::<Vec<Value>>()))
}
