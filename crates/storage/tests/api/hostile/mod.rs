//! Requests shaped as attacks on `/storage/v1`: each gets a clear error in
//! Storage's format (never a 500, a panic or a dropped connection), nothing
//! is stored that the rules refuse, and the server still answers afterwards.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use reqwest::Method;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{error_of, key, multipart_body, spawn_app, TestApp};

mod keys;
mod multipart;
mod ranges;
mod times;
mod types;

/// A bucket that takes PNGs of at most 1000 bytes, public so a stored file
/// would be served to anyone.
async fn png_only_bucket(app: &TestApp) {
    sqlx::raw_sql(
        "insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
           values ('pngonly', 'pngonly', true, 1000, '{image/png}')",
    )
    .execute(&app.owner)
    .await
    .unwrap();
}

async fn post_json(app: &TestApp, path: &str, token: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// A request with a body of `content_type`, as a client sends an upload or an
/// update, and whose outcome the test then reads.
async fn send_body(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    content_type: impl AsRef<str>,
    body: impl Into<reqwest::Body>,
) -> reqwest::Response {
    app.client
        .request(method, app.url(path))
        .bearer_auth(token)
        .header("content-type", content_type.as_ref())
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn names_in(app: &TestApp, bucket: &str) -> Vec<String> {
    sqlx::query_scalar("select name from storage.objects where bucket_id = $1 order by name")
        .bind(bucket)
        .fetch_all(&app.owner)
        .await
        .unwrap()
}
