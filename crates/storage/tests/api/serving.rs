on_both_backends!(
    downloads_carry_cache_headers_and_answer_conditionals_and_ranges,
    html_uploads_are_served_as_plain_text,
    private_buckets_have_no_public_route,
);

use crate::helpers::{error_of, TestApp};

async fn downloads_carry_cache_headers_and_answer_conditionals_and_ranges(app: TestApp) {
    let res = app
        .client
        .post(app.url("/object/pub/doc.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", "text/plain")
        .header("cache-control", "max-age=60")
        .body("0123456789")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let url = app.url("/object/public/pub/doc.txt");
    let res = app
        .client
        .get(&url)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(h["content-type"], "text/plain");
    assert_eq!(h["cache-control"], "max-age=60");
    assert_eq!(h["etag"], "\"781e5e245d69b566979b86e28d23f2c7\"");
    assert_eq!(h["content-length"], "10");
    assert!(h.get("last-modified").is_some());
    assert_eq!(res.text().await.unwrap(), "0123456789");

    let res = app
        .client
        .get(&url)
        .header("if-none-match", "\"781e5e245d69b566979b86e28d23f2c7\"")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    let res = app
        .client
        .get(&url)
        .header("range", "bytes=3-5")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 206);
    assert_eq!(res.headers()["content-range"], "bytes 3-5/10");
    assert_eq!(res.text().await.unwrap(), "345");
    let res = app
        .client
        .get(&url)
        .header("range", "bytes=10-")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["code"].as_str()), (416, Some("InvalidRange")));

    let res = app
        .client
        .head(app.url("/object/pub/doc.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-length"], "10");
    let res = app
        .client
        .get(format!("{url}?download="))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-disposition"], "attachment;");
}

async fn html_uploads_are_served_as_plain_text(app: TestApp) {
    app.put_object("pub/x.html", b"<script>alert(1)</script>", "text/html")
        .await;
    let res = app
        .client
        .get(app.url("/object/public/pub/x.html"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "text/plain");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
}

async fn private_buckets_have_no_public_route(app: TestApp) {
    app.put_object("priv/p.txt", b"private", "text/plain").await;
    let (status, body) = error_of(
        app.client
            .get(app.url("/object/public/priv/p.txt"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("404")));
    let res = app
        .client
        .get(app.url("/object/priv/p.txt"))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.text().await.unwrap(), "private");
    let res = app
        .client
        .get(app.url("/object/priv/p.txt"))
        .bearer_auth(&app.anon_key)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(res).await.1["statusCode"], "404");
}
