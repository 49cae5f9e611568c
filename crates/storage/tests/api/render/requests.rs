//! Renderings over HTTP: public, authenticated and signed, their headers and
//! their errors.

use super::*;

#[tokio::test]
async fn public_renders_are_webp_when_accepted_and_cached() {
    let app = spawn_app().await;
    upload(&app, "pub/photo.jpg", jpeg(160, 120), "image/jpeg").await;
    let url = app.url("/render/image/public/pub/photo.jpg?width=40");
    let res = app
        .client
        .get(&url)
        .header("accept", "image/avif,image/webp,*/*")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(h["content-type"], "image/webp");
    assert_eq!(h["x-transformations"], "width:40,resizing_type:fill");
    assert_eq!(h["cache-control"], "max-age=120");
    // The rendering depends on Accept (CORS adds the names it varies on).
    let vary = h["vary"].to_str().unwrap();
    assert!(
        vary.split(',')
            .any(|v| v.trim().eq_ignore_ascii_case("accept")),
        "{vary}"
    );
    assert!(h.get("last-modified").is_some());
    let etag = h["etag"].to_str().unwrap().to_string();
    let first = res.bytes().await.unwrap();
    assert_eq!(&first[..4], b"RIFF");
    assert_eq!(size_of(&first), (40, 30));
    assert_eq!(app.state.renders(), 1);
    assert_eq!(cached(&app).await, (1, 1));

    // The same request again is served from the cache: no new rendering.
    let res = app
        .client
        .get(&url)
        .header("accept", "image/webp")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(res.headers()["content-type"], "image/webp");
    assert_eq!(res.bytes().await.unwrap(), first);
    assert_eq!(app.state.renders(), 1);

    let res = app
        .client
        .get(&url)
        .header("accept", "image/webp")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    assert_eq!(res.headers()["etag"].to_str().unwrap(), etag);

    // Without WebP in Accept, or with format=origin, the source's format.
    let res = app.client.get(&url).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert_ne!(res.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(size_of(&res.bytes().await.unwrap()), (40, 30));
    let res = app
        .client
        .get(format!("{url}&format=origin&height=20&resize=fill"))
        .header("accept", "image/webp")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert_eq!(
        res.headers()["x-transformations"],
        "height:20,width:40,resizing_type:force"
    );
    assert_eq!(size_of(&res.bytes().await.unwrap()), (40, 20));
    let res = app
        .client
        .get(app.url("/render/image/public/pub/photo.jpg?width=9000&format=webp&download=a.webp"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "image/webp");
    assert_eq!(
        res.headers()["x-transformations"],
        "width:2000,resizing_type:fill,format:webp"
    );
    assert_eq!(
        res.headers()["content-disposition"],
        "attachment; filename=\"a.webp\"; filename*=UTF-8''a.webp"
    );
    // Never enlarged past the source.
    assert_eq!(size_of(&res.bytes().await.unwrap()), (160, 120));
    assert_eq!(app.state.renders(), 4);
}

#[tokio::test]
async fn a_replaced_object_is_rendered_afresh() {
    let app = spawn_app().await;
    upload(&app, "pub/p.jpg", jpeg(160, 120), "image/jpeg").await;
    let url = app.url("/render/image/public/pub/p.jpg?height=60&format=webp");
    let res = app.client.get(&url).send().await.unwrap();
    assert_eq!(size_of(&res.bytes().await.unwrap()), (80, 60));
    upload(&app, "pub/p.jpg", jpeg(60, 120), "image/jpeg").await;
    let res = app.client.get(&url).send().await.unwrap();
    assert_eq!(size_of(&res.bytes().await.unwrap()), (30, 60));
    assert_eq!(app.state.renders(), 2);
}

#[tokio::test]
async fn bad_options_and_sources_get_storage_errors() {
    let app = spawn_app().await;
    upload(&app, "pub/photo.jpg", jpeg(32, 32), "image/jpeg").await;
    upload(&app, "pub/notes.txt", b"just text".to_vec(), "text/plain").await;
    let get = |path: &str| app.client.get(app.url(path)).send();

    let (status, body) = error_of(
        get("/render/image/public/pub/photo.jpg?quality=5")
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"statusCode": "400", "code": "InvalidRequest", "error": "Invalid Input",
               "message": "querystring/quality must be >= 20"})
    );
    let (_, body) = error_of(
        get("/render/image/public/pub/photo.jpg?resize=zoom")
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        body["message"],
        "querystring/resize must be equal to one of the allowed values"
    );
    let (_, body) = error_of(
        get("/render/image/public/pub/photo.jpg?width=wide")
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(body["message"], "querystring/width must be integer");

    let (status, body) = error_of(
        get("/render/image/public/pub/notes.txt?width=10")
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("400")));
    assert_eq!(
        body["message"],
        "The source image is invalid or unsupported for rendering"
    );
    let (_, body) = error_of(get("/render/image/public/pub/missing.jpg").await.unwrap()).await;
    assert_eq!(
        (body["statusCode"].as_str(), body["code"].as_str()),
        (Some("404"), Some("NoSuchKey"))
    );
    upload(&app, "priv/photo.jpg", jpeg(32, 32), "image/jpeg").await;
    let (_, body) = error_of(get("/render/image/public/priv/photo.jpg").await.unwrap()).await;
    assert_eq!(body["message"], "Bucket not found");
}

#[tokio::test]
async fn authenticated_renders_follow_rls() {
    let app = spawn_app().await;
    upload(&app, "priv/photo.jpg", jpeg(64, 48), "image/jpeg").await;
    let url = app.url("/render/image/authenticated/priv/photo.jpg?width=32");
    let res = app
        .client
        .get(&url)
        .bearer_auth(&app.anon_key)
        .send()
        .await
        .unwrap();
    let (_, body) = error_of(res).await;
    assert_eq!(body["code"], "NoSuchKey");
    assert_eq!(app.state.renders(), 0);
    let res = app
        .client
        .get(&url)
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(size_of(&res.bytes().await.unwrap()), (32, 24));
}

#[tokio::test]
async fn signed_render_urls_carry_their_options_in_the_token() {
    let app = spawn_app().await;
    upload(&app, "priv/photo.jpg", jpeg(100, 50), "image/jpeg").await;
    let res = app
        .client
        .post(app.url("/object/sign/priv/photo.jpg"))
        .bearer_auth(&app.service_key)
        .json(&json!({"expiresIn": 60, "transform": {"width": 50, "format": "webp"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let signed = res.json::<serde_json::Value>().await.unwrap()["signedURL"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        signed.starts_with("/render/image/sign/priv/photo.jpg?token="),
        "{signed}"
    );
    // Query options cannot change what was signed.
    let res = app
        .client
        .get(app.url(&format!("{signed}&width=10")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/webp");
    assert_eq!(res.headers()["cache-control"], "private");
    assert!(res.headers().get("expires").is_some());
    assert_eq!(size_of(&res.bytes().await.unwrap()), (50, 25));

    let dot = signed.rfind('.').unwrap() + 1;
    let flipped = if &signed[dot..=dot] == "A" { "B" } else { "A" };
    let tampered = format!("{}{flipped}{}", &signed[..dot], &signed[dot + 1..]);
    let (_, body) = error_of(app.client.get(app.url(&tampered)).send().await.unwrap()).await;
    assert_eq!(body["code"], "InvalidSignature");
    let other = signed.replace("photo.jpg?", "other.jpg?");
    let (_, body) = error_of(app.client.get(app.url(&other)).send().await.unwrap()).await;
    assert_eq!(body["code"], "InvalidSignature");

    // A token signed for the source's format keeps it, whatever Accept says.
    let res = app
        .client
        .post(app.url("/object/sign/priv/photo.jpg"))
        .bearer_auth(&app.service_key)
        .json(&json!({"expiresIn": 60, "transform": {"width": 20, "format": "origin"}}))
        .send()
        .await
        .unwrap();
    let origin = res.json::<serde_json::Value>().await.unwrap()["signedURL"]
        .as_str()
        .unwrap()
        .to_string();
    let res = app
        .client
        .get(app.url(&origin))
        .header("accept", "image/webp")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    assert_eq!(size_of(&res.bytes().await.unwrap()), (20, 10));

    // Without transform, a plain object URL as before; a bad transform is refused.
    let res = app
        .client
        .post(app.url("/object/sign/priv/photo.jpg"))
        .bearer_auth(&app.service_key)
        .json(&json!({"expiresIn": 60}))
        .send()
        .await
        .unwrap();
    let plain = res.json::<serde_json::Value>().await.unwrap();
    assert!(plain["signedURL"]
        .as_str()
        .unwrap()
        .starts_with("/object/sign/priv/photo.jpg?token="));
    let res = app
        .client
        .post(app.url("/object/sign/priv/photo.jpg"))
        .bearer_auth(&app.service_key)
        .json(&json!({"expiresIn": 60, "transform": {"quality": 101}}))
        .send()
        .await
        .unwrap();
    let (_, body) = error_of(res).await;
    assert_eq!(body["message"], "body/transform/quality must be <= 100");
}
