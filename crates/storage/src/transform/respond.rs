//! The answer to a `/render/image` request once the object is found and the
//! options are known: 304 when the client has this rendering, else the
//! rendering from the cache (streamed from the backend), else a fresh one
//! (kept in the cache for the next request and for other replicas).
//!
//! What a request's output is, hence its cache key and ETag, depends on the
//! source's size and format; once a version has been rendered they are
//! known ([`cache`]) and a repeated request reads no source. A version's
//! first request renders first and learns them.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use bytes::Bytes;

use super::cache;
use super::image_ops::{Output, MAX_SOURCE_BYTES};
use super::options::TransformOptions;
use super::source;
use crate::error::StorageError;
use crate::model::Object;
use crate::{serve, StorageState};

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

fn too_big() -> StorageError {
    StorageError::invalid_request("The source image file is too large to process")
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

/// A 200 with the rendering's headers, its body still to be given.
fn ok(
    req: &HttpRequest,
    obj: &Object,
    options: &TransformOptions,
    etag: &str,
    content_type: &str,
    expires: Option<i64>,
) -> HttpResponseBuilder {
    let mut b = HttpResponse::Ok();
    headers(&mut b, obj, etag, expires);
    b.insert_header((header::CONTENT_TYPE, content_type.to_string()));
    let applied = options.header();
    if !applied.is_empty() {
        b.insert_header(("x-transformations", applied));
    }
    if let Some(d) = serve::disposition(req) {
        b.insert_header((header::CONTENT_DISPOSITION, d));
    }
    b
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
    if let Some(known) = state.render_cache.source(&state.pool, version).await? {
        let output = Output::of(&known, &options, webp);
        let etag = cache::etag(version, &output);
        if matches(req, &etag) {
            let mut b = HttpResponse::NotModified();
            headers(&mut b, obj, &etag, expires);
            return Ok(b.finish());
        }
        let key = cache::key(version, &output);
        if let Some(hit) = state.render_cache.get(&state.pool, &key).await? {
            match state.backend.read_render(&key).await {
                Ok(body) => {
                    let mut b = ok(req, obj, &options, &etag, &hit.content_type, expires);
                    b.no_chunking(hit.size);
                    return Ok(b.streaming(body));
                }
                // Evicted by another replica since the index was read:
                // rendered and kept again below.
                Err(e) if e.status == 404 => {}
                Err(e) => return Err(e),
            }
        }
    }
    if obj.size() > MAX_SOURCE_BYTES {
        return Err(too_big());
    }
    let rendered = source::render(state, version, obj.size(), options, webp).await?;
    let output = Output::of(&rendered.source, &options, webp);
    let key = cache::key(version, &output);
    state
        .render_cache
        .put(&state.pool, &state.backend, version, &key, &rendered)
        .await;
    let etag = cache::etag(version, &output);
    Ok(
        ok(req, obj, &options, &etag, rendered.content_type, expires)
            .body(Bytes::from(rendered.bytes)),
    )
}
