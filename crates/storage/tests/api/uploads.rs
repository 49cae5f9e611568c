use std::time::Duration;

use tokio::io::AsyncWriteExt;

on_both_backends!(
    a_declared_size_over_the_limit_is_413_before_the_body,
    an_aborted_upload_leaves_neither_row_nor_blob,
    replacing_an_object_keeps_one_blob_and_serves_the_new_one,
    multipart_uploads_take_the_file_part_named_empty,
    bucket_limits_refuse_size_and_type,
);

use crate::helpers::{error_of, TestApp, MAX_UPLOAD};

async fn a_declared_size_over_the_limit_is_413_before_the_body(app: TestApp) {
    let body = vec![0u8; MAX_UPLOAD as usize + 1];
    let res = app
        .client
        .post(app.url("/object/pub/big.bin"))
        .bearer_auth(&app.service_key)
        .header("content-type", "application/octet-stream")
        .body(body)
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(
        (status, body["statusCode"].as_str(), body["code"].as_str()),
        (400, Some("413"), Some("EntityTooLarge"))
    );
    assert_eq!(app.object_count().await, 0);
    assert!(app.stored().await.is_empty());
}

async fn an_aborted_upload_leaves_neither_row_nor_blob(app: TestApp) {
    let mut conn = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .unwrap();
    let head = format!(
        "POST /storage/v1/object/pub/half.bin HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/octet-stream\r\nContent-Length: 90000\r\n\r\n",
        app.service_key
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    conn.write_all(&[7u8; 30000]).await.unwrap();
    conn.flush().await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The upload is under way: a local directory has its staging file (S3
    // holds a body this small in memory until it is complete), no row yet.
    if app.s3.is_none() {
        assert_eq!(app.stored().await.len(), 1);
    }
    drop(conn);
    let mut left = Vec::new();
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = app.stored().await;
        if left.is_empty() {
            break;
        }
    }
    assert!(left.is_empty(), "{left:?}");
    assert_eq!(app.object_count().await, 0);
}

async fn replacing_an_object_keeps_one_blob_and_serves_the_new_one(app: TestApp) {
    assert_eq!(
        app.put_object("pub/a.txt", b"first", "text/plain")
            .await
            .status(),
        200
    );
    assert_eq!(
        app.put_object("pub/a.txt", b"second version", "text/plain")
            .await
            .status(),
        200
    );
    assert_eq!(app.stored().await.len(), 1);
    let res = app
        .client
        .get(app.url("/object/public/pub/a.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.text().await.unwrap(), "second version");
    let res = app
        .client
        .delete(app.url("/object/pub"))
        .bearer_auth(&app.service_key)
        .json(&serde_json::json!({"prefixes": ["a.txt"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(app.stored().await.is_empty());
}

async fn multipart_uploads_take_the_file_part_named_empty(app: TestApp) {
    let form = reqwest::multipart::Form::new()
        .text("cacheControl", "300")
        .text("metadata", r#"{"album":"summer"}"#)
        .part(
            "",
            reqwest::multipart::Part::bytes(b"GIF89a".to_vec())
                .file_name("blob")
                .mime_str("image/gif")
                .unwrap(),
        );
    let res = app
        .client
        .post(app.url("/object/img/photo.gif"))
        .bearer_auth(&app.service_key)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["Key"], "img/photo.gif");
    let info: serde_json::Value = app
        .client
        .get(app.url("/object/info/img/photo.gif"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info["content_type"], "image/gif");
    assert_eq!(info["cache_control"], "max-age=300");
    assert_eq!(info["metadata"]["album"], "summer");
    assert_eq!(info["size"], 6);
}

async fn bucket_limits_refuse_size_and_type(app: TestApp) {
    let (_, body) = error_of(app.put_object("img/a.png", &[0u8; 1001], "image/png").await).await;
    assert_eq!(body["statusCode"], "413");
    let (_, body) = error_of(app.put_object("img/a.txt", b"x", "text/plain").await).await;
    assert_eq!(body["statusCode"], "415");
    assert_eq!(body["message"], "mime type text/plain is not supported");
    assert_eq!(app.object_count().await, 0);
    assert!(app.stored().await.is_empty());
}
