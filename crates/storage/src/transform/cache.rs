//! The render cache: each rendering a file in the storage backend
//! (`renders/{version}/{digest}.{ext}`), indexed in PostgreSQL
//! (`storage.renders`, through the SECURITY DEFINER functions of the
//! `render_cache` migration), so every replica sharing the backend and the
//! database shares one cache and one budget (`PLEAT_TRANSFORM_CACHE`).
//!
//! An entry is named by its output ([`Output`]: the source version, the
//! size after clamping to the source's, the resolved format, the quality
//! where the encoder uses it), so requests that differ only in what cannot
//! show share it. The output depends on the source's size and format,
//! learnt when a version is first rendered and kept beside the index
//! (`storage.render_sources`, and here in memory: versions never change).
//!
//! Storing an entry evicts the least recently used beyond the budget and
//! the renderings of versions no object serves any more (marked so by a
//! trigger when an object is deleted or replaced); a sweep every
//! [`SWEEP_EVERY`] does the same when nothing is being rendered.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use md5::{Digest, Md5};
use sqlx::{PgPool, Row};

use super::image_ops::{self, Output, Rendered, SourceInfo};
use crate::backend::Backend;
use crate::error::StorageError;

/// Entries evicted per statement.
const EVICT_BATCH: i32 = 100;
/// How often each replica sweeps the cache when nothing is stored.
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);
/// Source versions remembered in memory (a few bytes each; forgotten all at
/// once when full, and read from the database again).
const SOURCES_IN_MEMORY: usize = 4096;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The backend key of one output of one version.
pub fn key(version: &str, output: &Output) -> String {
    let digest = hex(&Md5::digest(
        format!("{version}/{}", output.fingerprint()).as_bytes(),
    ));
    format!("{version}/{}.{}", &digest[..20], output.extension())
}

/// Strong, and the same for every request with this output.
pub fn etag(version: &str, output: &Output) -> String {
    let digest = hex(&Md5::digest(
        format!("etag/{version}/{}", output.fingerprint()).as_bytes(),
    ));
    format!("\"{digest}\"")
}

/// A cached rendering's size and media type.
pub struct Hit {
    pub size: u64,
    pub content_type: String,
}

pub struct RenderCache {
    /// Bytes the cache may hold (every entry counted as at least 4 KiB).
    budget: u64,
    sources: Mutex<HashMap<String, SourceInfo>>,
}

impl RenderCache {
    pub fn new(budget: u64) -> RenderCache {
        RenderCache {
            budget,
            sources: Mutex::new(HashMap::new()),
        }
    }

    fn remember(&self, version: &str, source: SourceInfo) {
        let mut sources = self.sources.lock().unwrap_or_else(|e| e.into_inner());
        if sources.len() >= SOURCES_IN_MEMORY {
            sources.clear();
        }
        sources.insert(version.to_string(), source);
    }

    /// What `version` is, if it was ever rendered.
    pub async fn source(
        &self,
        pool: &PgPool,
        version: &str,
    ) -> Result<Option<SourceInfo>, StorageError> {
        if let Some(known) = self
            .sources
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(version)
        {
            return Ok(Some(*known));
        }
        let row = sqlx::query("SELECT format, width, height FROM storage.pleat_render_source($1)")
            .bind(version)
            .fetch_optional(pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let format: String = row.try_get("format")?;
        let (width, height): (i32, i32) = (row.try_get("width")?, row.try_get("height")?);
        let source = match (
            image_ops::format_named(&format),
            u32::try_from(width),
            u32::try_from(height),
        ) {
            (Some(format), Ok(width), Ok(height)) if width > 0 && height > 0 => SourceInfo {
                format,
                width,
                height,
            },
            _ => return Ok(None),
        };
        self.remember(version, source);
        Ok(Some(source))
    }

    /// The entry at `key`, marked used.
    pub async fn get(&self, pool: &PgPool, key: &str) -> Result<Option<Hit>, StorageError> {
        let row = sqlx::query("SELECT size, content_type FROM storage.pleat_render_get($1)")
            .bind(key)
            .fetch_optional(pool)
            .await?;
        Ok(match row {
            Some(row) => Some(Hit {
                size: u64::try_from(row.try_get::<i64, _>("size")?).unwrap_or(0),
                content_type: row.try_get("content_type")?,
            }),
            None => None,
        })
    }

    /// Keep a fresh rendering of `version`, then evict what the budget
    /// cannot hold. A failure is logged, never the request's: the rendering
    /// is answered all the same.
    pub async fn put(
        &self,
        pool: &PgPool,
        backend: &Backend,
        version: &str,
        key: &str,
        rendered: &Rendered,
    ) {
        let (bytes, source) = (&rendered.bytes, rendered.source);
        self.remember(version, source);
        let written = async {
            let mut w = backend.render_writer(key).await?;
            w.write(bytes).await?;
            w.finish().await
        };
        if let Err(e) = written.await {
            tracing::warn!(error = %e, "could not cache an image rendering");
            return;
        }
        let evicted = sqlx::query_scalar::<_, String>(
            "SELECT key FROM storage.pleat_render_put($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(key)
        .bind(version)
        .bind(bytes.len() as i64)
        .bind(rendered.content_type)
        .bind(image_ops::format_name(source.format))
        .bind(source.width as i32)
        .bind(source.height as i32)
        .bind(self.budget_param())
        .bind(EVICT_BATCH)
        .fetch_all(pool)
        .await;
        match evicted {
            Ok(keys) => {
                let more = keys.len() >= EVICT_BATCH as usize;
                delete_files(backend, &keys).await;
                if more {
                    if let Err(e) = self.sweep(pool, backend).await {
                        tracing::warn!(error = %e, "could not sweep the render cache");
                    }
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not index an image rendering");
                backend.delete_render(key).await;
            }
        }
    }

    fn budget_param(&self) -> i64 {
        i64::try_from(self.budget).unwrap_or(i64::MAX)
    }

    /// Evict until nothing is over the budget or forgotten; how many
    /// entries went.
    pub async fn sweep(&self, pool: &PgPool, backend: &Backend) -> Result<usize, StorageError> {
        let mut total = 0;
        loop {
            let keys = sqlx::query_scalar::<_, String>(
                "SELECT key FROM storage.pleat_render_evict($1, $2)",
            )
            .bind(self.budget_param())
            .bind(EVICT_BATCH)
            .fetch_all(pool)
            .await?;
            delete_files(backend, &keys).await;
            total += keys.len();
            if keys.is_empty() {
                return Ok(total);
            }
        }
    }
}

async fn delete_files(backend: &Backend, keys: &[String]) {
    for key in keys {
        backend.delete_render(key).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::TransformOptions;
    use image::ImageFormat;

    fn output(w: Option<u32>, quality: Option<u8>, webp: bool, format: ImageFormat) -> Output {
        let source = SourceInfo {
            format,
            width: 160,
            height: 120,
        };
        let o = TransformOptions {
            width: w,
            quality,
            ..Default::default()
        };
        Output::of(&source, &o, webp)
    }

    #[test]
    fn keys_name_the_output_not_the_request() {
        let png = |w, q| key("v1", &output(w, q, false, ImageFormat::Png));
        // Any width from the source's up is the source's size.
        assert_eq!(png(Some(160), None), png(Some(2000), None));
        assert_eq!(png(Some(161), None), png(None, None));
        // PNG is lossless: quality does not show.
        assert_eq!(png(Some(80), Some(30)), png(Some(80), Some(90)));
        assert_ne!(png(Some(80), None), png(Some(81), None));
        let webp = |q| key("v1", &output(Some(80), q, true, ImageFormat::Png));
        assert_ne!(webp(Some(30)), webp(Some(90)));
        assert_eq!(webp(None), webp(Some(80)));
        assert_ne!(webp(None), png(Some(80), None));
        let jpeg = |q| key("v1", &output(Some(80), q, false, ImageFormat::Jpeg));
        assert_ne!(jpeg(Some(30)), jpeg(Some(90)));
        let one = output(Some(80), None, true, ImageFormat::Png);
        assert!(key("v1", &one).starts_with("v1/"));
        assert!(key("v1", &one).ends_with(".webp"));
        assert_ne!(key("v1", &one), key("v2", &one));
        assert_eq!(etag("v1", &one), etag("v1", &one));
        assert_ne!(etag("v1", &one), etag("v2", &one));
    }
}
