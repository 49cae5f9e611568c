//! The answer to a `/render/image` request once the object is found and the
//! options are known: 304 when the client has this rendering, else the
//! rendering from the cache, else a fresh one (stored in the cache for the
//! next request and for other replicas sharing the backend).
//!
//! Cache keys live in the same backend as the blobs, named by the object's
//! version: `render/{object id}/{version}/{digest}.{webp|img}`. A replaced
//! object has a new version, so an old rendering can never be served for
//! it; renderings of deleted or replaced versions are left behind as
//! orphans (never read again), not deleted.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt;
use md5::{Digest, Md5};

use super::image_ops::{self, MAX_SOURCE_BYTES};
use super::options::TransformOptions;
use crate::error::StorageError;
use crate::model::Object;
use crate::{serve, StorageState};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The backend key of one rendering of one version.
pub fn cache_key(object_id: &uuid::Uuid, version: &str, fingerprint: &str, webp: bool) -> String {
    let digest = hex(&Md5::digest(format!("{version}/{fingerprint}").as_bytes()));
    let ext = if webp { "webp" } else { "img" };
    format!("render/{object_id}/{version}/{}.{ext}", &digest[..20])
}

/// Strong, and different for each rendering of each version (a browser
/// holding the WebP must not revalidate it as the JPEG).
fn etag(version: &str, fingerprint: &str) -> String {
    let digest = hex(&Md5::digest(
        format!("etag/{version}/{fingerprint}").as_bytes(),
    ));
    format!("\"{digest}\"")
}

fn matches(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|list| {
            list.split(',')
                .map(|t| t.trim().trim_start_matches("W/"))
                .any(|t| t == "*" || t == etag)
        })
}

/// Whole blob into memory (sources are at most `MAX_SOURCE_BYTES`).
async fn read_all(state: &StorageState, name: &str, limit: u64) -> Result<Bytes, StorageError> {
    let mut stream = state.backend.read(name, None).await?;
    let mut buf = BytesMut::new();
    while let Some(chunk) = stream.next().await {
        buf.extend_from_slice(&chunk?);
        if buf.len() as u64 > limit {
            return Err(too_big());
        }
    }
    Ok(buf.freeze())
}

fn too_big() -> StorageError {
    StorageError::invalid_request("The source image file is too large to process")
}

async fn store(state: &StorageState, key: &str, bytes: &[u8]) {
    let stored = async {
        let mut w = state.backend.writer(key, u64::MAX).await?;
        w.write(bytes).await?;
        w.finish().await
    };
    if let Err(e) = stored.await {
        tracing::warn!(error = %e, "could not cache an image rendering");
    }
}

fn headers(b: &mut HttpResponseBuilder, obj: &Object, etag: &str, expires: Option<i64>) {
    b.insert_header((header::ETAG, etag))
        .insert_header((
            header::LAST_MODIFIED,
            httpdate::fmt_http_date(obj.updated_at.into()),
        ))
        .insert_header((header::VARY, "Accept"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CONTENT_ENCODING, "identity"));
    // A signed rendering is good until its token expires (Supabase sends
    // Expires instead of the object's Cache-Control).
    match expires.and_then(|e| u64::try_from(e).ok()) {
        Some(exp) => {
            let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(exp);
            b.insert_header((header::EXPIRES, httpdate::fmt_http_date(at)))
                .insert_header((header::CACHE_CONTROL, "private"));
        }
        None => {
            b.insert_header((header::CACHE_CONTROL, obj.cache_control()));
        }
    }
}

/// The response for a rendering of `obj` with `options`.
pub async fn rendering(
    req: &HttpRequest,
    state: &StorageState,
    obj: &Object,
    options: TransformOptions,
    expires: Option<i64>,
) -> Result<HttpResponse, StorageError> {
    let Some(version) = obj.version.as_deref() else {
        return Err(StorageError::object_not_found());
    };
    let accept = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok());
    let webp = options.webp_output(accept);
    let fingerprint = options.fingerprint(webp);
    let etag = etag(version, &fingerprint);
    if matches(req, &etag) {
        let mut b = HttpResponse::NotModified();
        headers(&mut b, obj, &etag, expires);
        return Ok(b.finish());
    }
    let key = cache_key(&obj.id, version, &fingerprint, webp);
    let (bytes, content_type) = match read_all(state, &key, u64::MAX).await {
        Ok(bytes) => {
            let ct = image::guess_format(&bytes)
                .map_or("application/octet-stream", image_ops::content_type);
            (bytes, ct)
        }
        Err(_) => {
            if obj.size() > MAX_SOURCE_BYTES {
                return Err(too_big());
            }
            let source = read_all(state, version, MAX_SOURCE_BYTES).await?;
            let r = state.renderer.render(source, options, webp).await?;
            store(state, &key, &r.bytes).await;
            (Bytes::from(r.bytes), r.content_type)
        }
    };
    let mut b = HttpResponse::Ok();
    headers(&mut b, obj, &etag, expires);
    b.insert_header((header::CONTENT_TYPE, content_type));
    let applied = options.header();
    if !applied.is_empty() {
        b.insert_header(("x-transformations", applied));
    }
    if let Some(d) = serve::disposition(req) {
        b.insert_header((header::CONTENT_DISPOSITION, d));
    }
    Ok(b.body(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_keys_depend_on_version_and_options() {
        let id = uuid::Uuid::nil();
        let a = cache_key(&id, "v1", "w200-h0-cover-q80-webp", true);
        assert!(a.starts_with("render/00000000-0000-0000-0000-000000000000/v1/"));
        assert!(a.ends_with(".webp"));
        assert_eq!(a, cache_key(&id, "v1", "w200-h0-cover-q80-webp", true));
        assert_ne!(a, cache_key(&id, "v2", "w200-h0-cover-q80-webp", true));
        assert_ne!(a, cache_key(&id, "v1", "w201-h0-cover-q80-webp", true));
        assert!(cache_key(&id, "v1", "w200-h0-cover-q80-origin", false).ends_with(".img"));
        assert_ne!(etag("v1", "a"), etag("v1", "b"));
        assert_ne!(etag("v1", "a"), etag("v2", "a"));
    }
}
