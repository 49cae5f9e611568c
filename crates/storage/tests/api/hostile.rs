//! Requests shaped as attacks on `/storage/v1`: each gets a clear error in
//! Storage's format (never a 500, a panic or a dropped connection), nothing
//! is stored that the rules refuse, and the server still answers afterwards.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{error_of, key, multipart_body, spawn_app, TestApp};

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

async fn names_in(app: &TestApp, bucket: &str) -> Vec<String> {
    sqlx::query_scalar("select name from storage.objects where bucket_id = $1 order by name")
        .bind(bucket)
        .fetch_all(&app.owner)
        .await
        .unwrap()
}

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

    let update = app
        .client
        .put(app.url("/object/pub/raw.html"))
        .bearer_auth(&app.service_key)
        .header("content-type", list)
        .body(page)
        .send()
        .await
        .unwrap();
    refused(&error_of(update).await.1);

    for parts in [
        vec![("", Some(list), page)],
        vec![("contentType", None, list.as_bytes()), ("", None, page)],
    ] {
        let (content_type, body) = multipart_body(&parts);
        let res = app
            .client
            .post(app.url("/object/pub/form.html"))
            .bearer_auth(&app.service_key)
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
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

#[tokio::test]
async fn a_huge_expires_in_is_a_400_and_the_server_keeps_serving() {
    let app = spawn_app().await;
    sqlx::raw_sql(
        "create policy anon_pub_select on storage.objects for select to anon using (bucket_id = 'pub')",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    app.put_object("pub/a.txt", b"hello", "text/plain").await;
    for expires in [
        json!(1e300),
        json!(9_007_199_254_740_993u64),
        json!(i64::MAX),
        json!(u64::MAX),
        json!("1e300"),
        json!("9223372036854775808"),
        json!(3_153_600_001u64),
        json!(0),
        json!(-5),
        json!(1.5),
        json!("soon"),
        json!(true),
        json!(null),
    ] {
        let res = post_json(
            &app,
            "/object/sign/pub/a.txt",
            &app.anon_key,
            json!({"expiresIn": expires}),
        )
        .await;
        let (status, body) = error_of(res).await;
        assert_eq!(
            (status, body["statusCode"].as_str(), body["code"].as_str()),
            (400, Some("400"), Some("InvalidRequest")),
            "{expires}"
        );
        assert!(body["message"].as_str().unwrap().contains("expiresIn"));
        let res = post_json(
            &app,
            "/object/sign/pub",
            &app.anon_key,
            json!({"expiresIn": expires, "paths": ["a.txt"]}),
        )
        .await;
        assert_eq!(error_of(res).await.1["statusCode"], "400", "{expires}");
    }
    // The longest allowed (100 years) works end to end.
    let res = post_json(
        &app,
        "/object/sign/pub/a.txt",
        &app.anon_key,
        json!({"expiresIn": 3_153_600_000u64}),
    )
    .await;
    let signed: Value = res.json().await.unwrap();
    let url = format!("{}{}", app.address, signed["signedURL"].as_str().unwrap());
    let res = app.client.get(&url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers().contains_key("expires"));
    assert_eq!(res.text().await.unwrap(), "hello");

    // A token signed with an expiry past what an HTTP date can say (as one
    // made before the bound could be) is served, not a dropped connection.
    let claims = pleat_storage::token::UrlClaims::download("pub/a.txt".into(), 0, i64::MAX);
    let token = pleat_storage::token::sign(
        &claims,
        &secrecy::SecretString::from(crate::helpers::JWT_SECRET.to_string()),
    )
    .unwrap();
    let res = app
        .client
        .get(app.url(&format!("/object/sign/pub/a.txt?token={token}")))
        .send()
        .await
        .expect("an answer, not a dropped connection");
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["expires"], "Fri, 31 Dec 9999 23:59:59 GMT");
    app.still_serves().await;
}

#[tokio::test]
async fn cache_control_ages_are_bounded() {
    let app = spawn_app().await;
    let huge = "99999999999999999999";
    let res = app
        .client
        .post(app.url("/object/pub/a.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", "text/plain")
        .header("cache-control", format!("public, max-age={huge}"))
        .body("x")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("400")));
    assert!(
        body["message"].as_str().unwrap().contains("max-age"),
        "{body}"
    );
    let (content_type, form) = multipart_body(&[
        ("cacheControl", None, huge.as_bytes()),
        ("", Some("text/plain"), b"x"),
    ]);
    let res = app
        .client
        .post(app.url("/object/pub/b.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", content_type)
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(res).await.1["statusCode"], "400");
    assert_eq!(app.object_count().await, 0);

    // A year, immutable: what CDNs are told for fingerprinted files.
    let res = app
        .client
        .post(app.url("/object/pub/c.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", "text/plain")
        .header("cache-control", "public, max-age=31536000, immutable")
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .get(app.url("/object/public/pub/c.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    app.still_serves().await;
}

/// `len` key characters that do not compress (a repeated letter would fit
/// PostgreSQL's index row limit once compressed, and hide the 500).
fn incompressible_key(len: usize) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            CHARS[(state % CHARS.len() as u64) as usize] as char
        })
        .collect()
}

#[tokio::test]
async fn keys_over_1024_bytes_are_a_400_wherever_a_key_comes_in() {
    let app = spawn_app().await;
    let long = incompressible_key(2700);
    let just_over = incompressible_key(1025);
    let at_limit = incompressible_key(1024);
    let invalid_key = |body: &Value| {
        assert_eq!(body["statusCode"], "400", "{body}");
        assert_eq!(body["code"], "InvalidKey", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("1024 bytes"),
            "{body}"
        );
    };

    assert_eq!(
        app.put_object(&format!("pub/{at_limit}"), b"edge", "text/plain")
            .await
            .status(),
        200
    );
    let res = app
        .client
        .get(app.url(&format!("/object/public/pub/{at_limit}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.text().await.unwrap(), "edge");

    for key in [&long, &just_over] {
        let (status, body) = error_of(
            app.put_object(&format!("pub/{key}"), b"x", "text/plain")
                .await,
        )
        .await;
        assert_eq!(status, 400);
        invalid_key(&body);
    }
    app.put_object("pub/src.txt", b"x", "text/plain").await;
    let posts = [
        (
            "/object/copy".to_string(),
            json!({"bucketId": "pub", "sourceKey": "src.txt", "destinationKey": long}),
        ),
        (
            "/object/move".to_string(),
            json!({"bucketId": "pub", "sourceKey": "src.txt", "destinationKey": long}),
        ),
        (format!("/object/sign/pub/{long}"), json!({"expiresIn": 60})),
        (format!("/object/upload/sign/pub/{long}"), json!({})),
        (
            "/object/sign/pub".to_string(),
            json!({"expiresIn": 60, "paths": [long]}),
        ),
        ("/object/list/pub".to_string(), json!({"prefix": long})),
        (
            "/object/list/pub".to_string(),
            json!({"prefix": "", "search": long}),
        ),
        ("/object/list-v2/pub".to_string(), json!({"prefix": long})),
    ];
    for (route, body) in posts {
        let res = post_json(&app, &route, &app.service_key, body).await;
        invalid_key(&error_of(res).await.1);
    }
    let res = app
        .client
        .delete(app.url("/object/pub"))
        .bearer_auth(&app.service_key)
        .json(&json!({"prefixes": [long]}))
        .send()
        .await
        .unwrap();
    invalid_key(&error_of(res).await.1);

    // Bucket names have their own bound (100 characters).
    let res = post_json(
        &app,
        "/bucket",
        &app.service_key,
        json!({"name": "b".repeat(101)}),
    )
    .await;
    assert_eq!(error_of(res).await.1["code"], "InvalidBucketName");
    let res = app
        .client
        .get(app.url(&format!("/bucket/{}", "b".repeat(2700))))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(res).await.1["code"], "InvalidBucketName");
    assert_eq!(names_in(&app, "pub").await.len(), 2);
    app.still_serves().await;
}

/// Reads one HTTP/1.1 response (head and a Content-Length body) from `rd`.
async fn read_response(rd: &mut tokio::net::tcp::OwnedReadHalf) -> (String, Value) {
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = rd.read(&mut buf).await.expect("a response");
        assert!(n > 0, "the connection closed without an answer");
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw).to_string();
        let Some(end) = text.find("\r\n\r\n") else {
            continue;
        };
        let length: usize = text[..end]
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().parse().unwrap())
            })
            .unwrap_or(0);
        if raw.len() >= end + 4 + length {
            let status = text.lines().next().unwrap().to_string();
            let body = serde_json::from_slice(&raw[end + 4..end + 4 + length]).unwrap();
            return (status, body);
        }
    }
}

/// An anonymous client with no right to upload starts a 64 MB multipart
/// upload of form fields: the 403 comes before the fields are read.
#[tokio::test]
async fn an_unauthorised_multipart_upload_is_refused_before_its_body_is_read() {
    let app = spawn_app().await;
    let filler = vec![b'x'; 1_000_000];
    let mut parts: Vec<(&str, Option<&str>, &[u8])> =
        vec![("padding", None, filler.as_slice()); 64];
    parts.push(("", Some("image/png"), b"png".as_slice()));
    let (content_type, body) = multipart_body(&parts);
    let total = body.len();

    let stream = tokio::net::TcpStream::connect(("127.0.0.1", app.port()))
        .await
        .unwrap();
    let (mut rd, mut wr) = stream.into_split();
    let head = format!(
        "POST /storage/v1/object/priv/flood.png HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {}\r\n\
         Content-Type: {content_type}\r\nContent-Length: {total}\r\n\r\n",
        app.anon_key
    );
    let sent = Arc::new(AtomicUsize::new(0));
    let writer = {
        let sent = sent.clone();
        tokio::spawn(async move {
            wr.write_all(head.as_bytes()).await?;
            for chunk in body.chunks(64 * 1024) {
                wr.write_all(chunk).await?;
                sent.fetch_add(chunk.len(), Ordering::SeqCst);
            }
            Ok::<_, std::io::Error>(())
        })
    };
    let (status, answer) = read_response(&mut rd).await;
    let sent_before_the_answer = sent.load(Ordering::SeqCst);
    writer.abort();
    assert!(status.starts_with("HTTP/1.1 400"), "{status}");
    assert_eq!(answer["statusCode"], "403", "{answer}");
    assert!(
        sent_before_the_answer < total / 4,
        "the server read {sent_before_the_answer} of {total} bytes before refusing"
    );
    assert_eq!(app.object_count().await, 0);
    app.still_serves().await;
}

/// A policy that reads the metadata (the type is only known from the
/// form's fields) still decides: the early check does not refuse for it.
#[tokio::test]
async fn a_policy_on_metadata_still_decides_multipart_uploads() {
    let app = spawn_app().await;
    sqlx::raw_sql(
        "create policy anon_priv_text on storage.objects for insert to anon
           with check (bucket_id = 'priv' and metadata->>'mimetype' = 'text/plain')",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    let send = |part_type: &'static str| {
        let (content_type, body) = multipart_body(&[("", Some(part_type), b"x")]);
        app.client
            .post(app.url(&format!("/object/priv/{}", part_type.replace('/', "."))))
            .bearer_auth(&app.anon_key)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    assert_eq!(send("text/plain").await.unwrap().status(), 200);
    let (_, refused) = error_of(send("image/png").await.unwrap()).await;
    assert_eq!(refused["statusCode"], "403");
    assert_eq!(names_in(&app, "priv").await, ["text.plain"]);
}

#[tokio::test]
async fn the_fields_before_the_file_part_are_capped() {
    let app = spawn_app().await;
    let user = key("anon", json!({}));
    let chunk = vec![b'x'; 600_000];
    let upload = |parts: Vec<(&'static str, Option<&'static str>, Vec<u8>)>| {
        let borrowed: Vec<(&str, Option<&str>, &[u8])> = parts
            .iter()
            .map(|(n, t, v)| (*n, *t, v.as_slice()))
            .collect();
        let (content_type, body) = multipart_body(&borrowed);
        app.client
            .post(app.url("/object/pub/fields.txt"))
            .bearer_auth(&user)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    // Each within its own limit (1 MB of metadata), over the total: refused
    // before the file.
    let res = upload(vec![
        ("metadata", None, chunk.clone()),
        ("metadata", None, chunk.clone()),
        ("", Some("text/plain"), b"x".to_vec()),
    ])
    .await
    .unwrap();
    let (status, answer) = error_of(res).await;
    assert_eq!(
        (status, answer["statusCode"].as_str()),
        (400, Some("400")),
        "{answer}"
    );
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("fields before the file"),
        "{answer}"
    );
    // A field Pleat does not read is small or refused.
    let res = upload(vec![
        ("padding", None, chunk.clone()),
        ("", Some("text/plain"), b"x".to_vec()),
    ])
    .await
    .unwrap();
    let (_, answer) = error_of(res).await;
    assert!(
        answer["message"].as_str().unwrap().contains("`padding`"),
        "{answer}"
    );

    // More fields than storage-js ever sends.
    let mut many: Vec<(&str, Option<&str>, &[u8])> = vec![("f", None, b"1".as_slice()); 11];
    many.push(("", Some("text/plain"), b"x"));
    let (content_type, body) = multipart_body(&many);
    let res = app
        .client
        .post(app.url("/object/pub/many.txt"))
        .bearer_auth(&user)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(res).await.1["statusCode"], "400");
    assert_eq!(app.object_count().await, 0);

    // storage-js's own form (cacheControl, metadata, the file) still works.
    let (content_type, body) = multipart_body(&[
        ("cacheControl", None, b"3600"),
        ("metadata", None, br#"{"a":1}"#),
        ("", Some("text/plain"), b"x"),
    ]);
    let res = app
        .client
        .post(app.url("/object/pub/ok.txt"))
        .bearer_auth(&user)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    app.still_serves().await;
}

#[tokio::test]
async fn a_range_ending_at_u64_max_is_the_whole_object_as_206() {
    let app = spawn_app().await;
    app.put_object("pub/r.txt", b"0123456789", "text/plain")
        .await;
    let url = app.url("/object/public/pub/r.txt");
    let get = |range: &'static str| app.client.get(&url).header("range", range).send();
    for range in [
        "bytes=0-18446744073709551615",
        "bytes=0-99999999999999999999999",
        "bytes=-18446744073709551615",
    ] {
        let res = get(range)
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(res.status(), 206, "{range}");
        assert_eq!(res.headers()["content-range"], "bytes 0-9/10", "{range}");
        assert_eq!(res.text().await.unwrap(), "0123456789");
    }
    let res = get("bytes=4-18446744073709551615").await.unwrap();
    assert_eq!(res.headers()["content-range"], "bytes 4-9/10");
    for range in [
        "bytes=18446744073709551615-",
        "bytes=99999999999999999999999-",
    ] {
        let res = get(range)
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(res.status(), 416, "{range}");
    }
    app.still_serves().await;
}
