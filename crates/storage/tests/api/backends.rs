//! The storage backends themselves: the object operations that touch blobs
//! (copy, move, remove, signed reads) on a directory and on S3, large
//! uploads that S3 receives as multipart uploads, the start-up check, and a
//! store that is down.

use std::time::Duration;

use pleat_storage::Backend;
use serde_json::{json, Value};
use tokio::io::AsyncWriteExt;

use crate::helpers::{error_of, s3_env, s3_server, spawn_app_on, spawn_s3_app, Store, TestApp};

on_both_backends!(objects_copy_move_list_sign_and_remove);

async fn objects_copy_move_list_sign_and_remove(app: TestApp) {
    let post = |path: &str, body: Value| {
        app.client
            .post(app.url(path))
            .bearer_auth(&app.service_key)
            .json(&body)
            .send()
    };
    assert_eq!(
        app.put_object("pub/a.txt", b"alpha", "text/plain")
            .await
            .status(),
        200
    );
    let res = post(
        "/object/copy",
        json!({"bucketId": "pub", "sourceKey": "a.txt", "destinationKey": "b.txt", "destinationBucket": "priv"}),
    )
    .await
    .unwrap();
    assert_eq!(res.status(), 200, "{:?}", res.text().await);
    let res = post(
        "/object/move",
        json!({"bucketId": "pub", "sourceKey": "a.txt", "destinationKey": "dir/c.txt"}),
    )
    .await
    .unwrap();
    assert_eq!(res.status(), 200);
    let listed: Value = post("/object/list/pub", json!({"prefix": "dir"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["name"], "c.txt", "{listed}");
    let moved = app
        .client
        .get(app.url("/object/public/pub/dir/c.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.text().await.unwrap(), "alpha");

    let signed: Value = post("/object/sign/priv/b.txt", json!({"expiresIn": 60}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let url = signed["signedURL"].as_str().unwrap();
    let res = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(res.text().await.unwrap(), "alpha");

    // An upsert replaces the copy's blob; two objects, two blobs.
    app.put_object("priv/b.txt", b"beta", "text/plain").await;
    assert_eq!(app.stored().await.len(), 2);
    let res = app
        .client
        .get(app.url("/object/priv/b.txt"))
        .bearer_auth(&app.service_key)
        .header("range", "bytes=1-2")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(res.text().await.unwrap(), "et");

    for (bucket, key) in [("pub", "dir/c.txt"), ("priv", "b.txt")] {
        let res = app
            .client
            .delete(app.url(&format!("/object/{bucket}")))
            .bearer_auth(&app.service_key)
            .json(&json!({"prefixes": [key]}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }
    assert_eq!(app.object_count().await, 0);
    assert!(app.stored().await.is_empty());
}

/// 12 MB: three parts of S3's 5 MiB minimum (the last one shorter).
fn big_body() -> Vec<u8> {
    (0..12_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect()
}

#[tokio::test]
async fn large_uploads_reach_s3_as_multipart_and_read_back_whole_and_by_range() {
    let Some(app) = spawn_s3_app(20_000_000).await else {
        return;
    };
    let body = big_body();
    let res = app
        .client
        .post(app.url("/object/pub/big.bin"))
        .bearer_auth(&app.service_key)
        .header("content-type", "application/octet-stream")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{:?}", res.text().await);
    let res = app
        .client
        .get(app.url("/object/public/pub/big.bin"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-length"], "12000000");
    let etag = res.headers()["etag"].to_str().unwrap().to_string();
    let got = res.bytes().await.unwrap();
    assert!(got == body, "the download differs from the upload");
    use md5::Digest;
    let md5: String = md5::Md5::digest(&body)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(etag, format!("\"{md5}\""));
    // Across the boundary of the first two parts.
    let res = app
        .client
        .get(app.url("/object/public/pub/big.bin"))
        .header("range", "bytes=5242870-5242889")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(
        res.bytes().await.unwrap(),
        &body[5_242_870..5_242_890],
        "range across a part boundary"
    );
    assert_eq!(app.stored().await.len(), 1);
}

#[tokio::test]
async fn an_aborted_multipart_upload_leaves_no_parts_on_s3() {
    let Some(app) = spawn_s3_app(20_000_000).await else {
        return;
    };
    let mut conn = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .unwrap();
    let head = format!(
        "POST /storage/v1/object/pub/half.bin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/octet-stream\r\nContent-Length: 12000000\r\n\r\n",
        app.service_key
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    conn.write_all(&big_body()[..7_000_000]).await.unwrap();
    conn.flush().await.unwrap();
    // More than one part went in: a multipart upload is open on the store.
    let mut seen = Vec::new();
    for _ in 0..100 {
        seen = app.stored().await;
        if !seen.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        seen.iter().any(|s| s.starts_with("open upload")),
        "{seen:?}"
    );
    drop(conn);
    let mut left = seen;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = app.stored().await;
        if left.is_empty() {
            break;
        }
    }
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(app.object_count().await, 0);
}

#[tokio::test]
async fn the_start_up_check_names_a_missing_bucket_and_an_unreachable_store() {
    if let Some((endpoint, _)) = s3_server() {
        let backend =
            Backend::from_url_with_env("s3://no-such-bucket/p", &s3_env(&endpoint)).unwrap();
        let err = backend.check().await.unwrap_err().to_string();
        assert!(err.contains("`no-such-bucket` does not exist"), "{err}");
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let backend =
        Backend::from_url_with_env("s3://files", &s3_env(&format!("http://127.0.0.1:{port}")))
            .unwrap();
    let err = backend.check().await.unwrap_err().to_string();
    assert!(err.contains("cannot reach bucket `files`"), "{err}");
}

#[tokio::test]
async fn a_store_that_is_down_answers_503_and_keeps_no_row() {
    let app = spawn_app_on(Store::Unreachable, 1000).await.unwrap();
    let (status, body) = error_of(app.put_object("pub/a.txt", b"x", "text/plain").await).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], "S3Error");
    assert_eq!(
        body["message"],
        "The storage backend is unavailable, try again later"
    );
    assert_eq!(app.object_count().await, 0);
}
