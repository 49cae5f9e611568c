//! Content types and sizes: a destination bucket's rules on copy and move, and
//! a list where one content type belongs, wherever a content type comes in.

use super::*;

#[tokio::test]
async fn copy_and_move_obey_the_destination_buckets_type_and_size_rules() {
    let app = spawn_app().await;
    png_only_bucket(&app).await;
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    assert_eq!(
        app.put_object("pub/evil.svg", svg, "image/svg+xml")
            .await
            .status(),
        200
    );
    assert_eq!(
        app.put_object("pub/big.png", &[0u8; 2000], "image/png")
            .await
            .status(),
        200
    );
    assert_eq!(
        app.put_object("pub/ok.png", &[0u8; 10], "image/png")
            .await
            .status(),
        200
    );
    let paths = |source: &str, dest: &str| json!({"bucketId": "pub", "sourceKey": source, "destinationKey": dest, "destinationBucket": "pngonly"});
    for route in ["/object/copy", "/object/move"] {
        let res = post_json(&app, route, &app.service_key, paths("evil.svg", "evil.svg")).await;
        assert_eq!(
            error_of(res).await,
            (
                400,
                json!({"statusCode": "415", "code": "InvalidMimeType", "error": "invalid_mime_type",
                       "message": "mime type image/svg+xml is not supported"})
            ),
            "{route}"
        );
        let res = post_json(&app, route, &app.service_key, paths("big.png", "big.png")).await;
        let (status, body) = error_of(res).await;
        assert_eq!(
            (status, body["statusCode"].as_str(), body["code"].as_str()),
            (400, Some("413"), Some("EntityTooLarge")),
            "{route}"
        );
    }
    assert!(names_in(&app, "pngonly").await.is_empty());
    assert_eq!(
        names_in(&app, "pub").await,
        ["big.png", "evil.svg", "ok.png"]
    );
    let served = app
        .client
        .get(app.url("/object/public/pngonly/evil.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(served).await.1["statusCode"], "404");

    // What the destination allows still goes through.
    let res = post_json(
        &app,
        "/object/copy",
        &app.service_key,
        paths("ok.png", "copy.png"),
    )
    .await;
    assert_eq!(res.status(), 200);
    let res = post_json(
        &app,
        "/object/move",
        &app.service_key,
        paths("ok.png", "moved.png"),
    )
    .await;
    assert_eq!(res.status(), 200);
    assert_eq!(names_in(&app, "pngonly").await, ["copy.png", "moved.png"]);
    app.still_serves().await;
}

/// Every way a content type comes in, with the list that browsers render as
/// HTML: raw upload, update, the multipart part's header, the multipart
/// `contentType` field, and the signed upload URL.
#[tokio::test]
async fn a_content_type_list_is_refused_wherever_a_content_type_comes_in() {
    let app = spawn_app().await;
    let list = "text/plain, text/html";
    let page = b"<script>alert(document.domain)</script>".as_slice();
    let refused = |body: &Value| {
        assert_eq!(body["statusCode"], "400", "{body}");
        assert_eq!(body["code"], "InvalidMimeType", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("not a list"),
            "{body}"
        );
    };

    let raw = app.put_object("pub/raw.html", page, list).await;
    let (status, body) = error_of(raw).await;
    assert_eq!(status, 400);
    refused(&body);

    let update = send_body(
        &app,
        Method::PUT,
        "/object/pub/raw.html",
        &app.service_key,
        list,
        page,
    )
    .await;
    refused(&error_of(update).await.1);

    for parts in [
        vec![("", Some(list), page)],
        vec![("contentType", None, list.as_bytes()), ("", None, page)],
    ] {
        let (content_type, body) = multipart_body(&parts);
        let res = send_body(
            &app,
            Method::POST,
            "/object/pub/form.html",
            &app.service_key,
            content_type,
            body,
        )
        .await;
        refused(&error_of(res).await.1);
    }

    let signed: Value = post_json(
        &app,
        "/object/upload/sign/pub/signed.html",
        &app.service_key,
        json!({}),
    )
    .await
    .json()
    .await
    .unwrap();
    let res = app
        .client
        .put(format!(
            "{}{}",
            app.address,
            signed["url"].as_str().unwrap()
        ))
        .header("content-type", list)
        .body(page)
        .send()
        .await
        .unwrap();
    refused(&error_of(res).await.1);
    assert!(names_in(&app, "pub").await.is_empty());

    for malformed in [
        "text/",
        "/html",
        "texthtml",
        "text/html/x",
        "text /html",
        "text/html; charset",
        "text/html; =utf-8",
        "text/html; charset=\"utf-8",
        "text/html; charset=utf 8",
    ] {
        let (status, body) = error_of(app.put_object("pub/bad.html", page, malformed).await).await;
        assert_eq!(
            (status, body["statusCode"].as_str(), body["code"].as_str()),
            (400, Some("400"), Some("InvalidMimeType")),
            "{malformed}"
        );
    }
    assert!(names_in(&app, "pub").await.is_empty());

    // One media type with parameters is fine, and HTML in any spelling is
    // served as plain text.
    for (i, html) in [
        "text/html; charset=utf-8",
        "Text/HTML;Charset=\"utf-8\"",
        "text/html ; q=1",
    ]
    .iter()
    .enumerate()
    {
        let path = format!("pub/ok{i}.html");
        assert_eq!(
            app.put_object(&path, page, html).await.status(),
            200,
            "{html}"
        );
        let res = app
            .client
            .get(app.url(&format!("/object/public/{path}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.headers()["content-type"], "text/plain", "{html}");
    }

    // An empty Content-Type is none at all, as in Supabase.
    assert_eq!(
        app.put_object("pub/empty.bin", b"x", "").await.status(),
        200
    );
    let info: Value = app
        .client
        .get(app.url("/object/info/pub/empty.bin"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info["content_type"], "application/octet-stream");

    // A row stored before the check (or written by SQL) with a list is not
    // served verbatim either.
    sqlx::query(
        "update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($1::text)) \
         where name = 'ok0.html'",
    )
    .bind(list)
    .execute(&app.owner)
    .await
    .unwrap();
    let res = app
        .client
        .get(app.url("/object/public/pub/ok0.html"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "application/octet-stream");
    app.still_serves().await;
}
