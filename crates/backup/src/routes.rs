//! `/backup/v1`: `GET /download/{token}` hands out one backup file for a
//! one-time token made by `pleat_backup.download_token()` (by whoever the app
//! lets make one). The token is deleted in the same transaction that finds
//! it, so of two requests with one token only one gets the file; it is
//! deleted for good only once the file could be opened, so a store that is
//! briefly down does not use the link up. Every other answer is 404 JSON
//! `{error, message}`.

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use futures_util::TryStreamExt;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::Store;

/// What the download route reads from.
pub struct DownloadState {
    pub pool: PgPool,
    pub store: Store,
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/download/{token}", web::get().to(download));
}

/// The answer to any other path under `/backup/v1`.
pub async fn not_found() -> HttpResponse {
    error(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        "There is nothing here.",
    )
}

fn error(status: actix_web::http::StatusCode, code: &str, message: &str) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(json!({"error": code, "message": message}))
}

fn expired() -> HttpResponse {
    error(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        "This download link has expired. Ask for a new one.",
    )
}

fn unavailable() -> HttpResponse {
    error(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "The backup cannot be read right now. Try the link again in a moment.",
    )
}

async fn download(path: web::Path<String>, state: web::Data<DownloadState>) -> HttpResponse {
    let Ok(token) = Uuid::parse_str(&path.into_inner()) else {
        return expired();
    };
    let mut tx = match state.pool.begin().await {
        Ok(tx) => tx,
        Err(e) => {
            tracing::warn!(error = %e, "backup: download: no database connection");
            return unavailable();
        }
    };
    let name: Option<String> = match sqlx::query_scalar(
        "DELETE FROM pleat_backup.downloads WHERE token = $1 AND expires_at > now() RETURNING name",
    )
    .bind(token)
    .fetch_optional(&mut *tx)
    .await
    {
        Ok(name) => name,
        Err(e) => {
            tracing::warn!(error = %e, "backup: download: cannot look up the link");
            return unavailable();
        }
    };
    let Some(name) = name else {
        return expired();
    };
    let (size, stream) = match state.store.read(&name).await {
        Ok(opened) => opened,
        Err(e) => {
            drop(tx);
            return match state.store.list().await {
                Ok(kept) if !kept.iter().any(|b| b.name == name) => error(
                    actix_web::http::StatusCode::NOT_FOUND,
                    "not_found",
                    "This backup is no longer kept. Ask for a link to a newer one.",
                ),
                _ => {
                    tracing::warn!(name = %name, error = %format!("{e:#}"), "backup: download: cannot read the backup");
                    unavailable()
                }
            };
        }
    };
    if let Err(e) = tx.commit().await {
        tracing::warn!(error = %e, "backup: download: cannot use up the link");
        return unavailable();
    }
    tracing::info!(name = %name, size_bytes = size, "backup: downloaded");
    // Names are checked by the table (`[A-Za-z0-9._-]`), so they need no quoting.
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/octet-stream"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{name}\""),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        // The file goes out as stored: no gzip over an archive, and the
        // length is known (the Compress middleware skips encoded answers).
        .insert_header((header::CONTENT_ENCODING, "identity"))
        .no_chunking(size)
        .streaming(stream.map_err(|e| std::io::Error::other(format!("{e:#}"))))
}
