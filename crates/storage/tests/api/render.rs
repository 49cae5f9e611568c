//! `/render/image/…`: image transformation over HTTP (public, authenticated,
//! signed), its headers, its cache and its errors; floods of renderings
//! against the memory budget, and the cache's keys, budget and clean-up.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, RgbImage};
use pleat_storage::transform::image_ops::Estimate;
use pleat_storage::transform::TransformOptions;
use pleat_storage::StorageSettings;
use serde_json::json;

use crate::helpers::{error_of, spawn_app, spawn_app_with, Store, TestApp};

const MIB: u64 = 1024 * 1024;

fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = Vec::new();
    DynamicImage::ImageRgb8(img)
        .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 85))
        .unwrap();
    out
}

async fn upload(app: &TestApp, path: &str, body: Vec<u8>, content_type: &str) {
    let res = app
        .client
        .post(app.url(&format!("/object/{path}")))
        .bearer_auth(&app.service_key)
        .header("content-type", content_type)
        .header("cache-control", "max-age=120")
        .header("x-upsert", "true")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
}

fn size_of(bytes: &[u8]) -> (u32, u32) {
    let img = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .unwrap()
        .decode()
        .unwrap();
    (img.width(), img.height())
}

/// Renderings kept in the backend (files) and in the index (rows).
async fn cached(app: &TestApp) -> (usize, i64) {
    let files = app.backend.render_keys().await.unwrap().len();
    let rows = sqlx::query_scalar("select count(*) from storage.renders")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    (files, rows)
}

fn png(img: DynamicImage) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// Pixels no compressor can shrink: the file is as large as the image.
fn noise_png(w: u32, h: u32) -> Vec<u8> {
    let mut seed = 7u32;
    png(DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |_, _| {
        let mut px = [0u8; 3];
        for p in &mut px {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            *p = (seed >> 16) as u8;
        }
        image::Rgb(px)
    })))
}

fn gradient_png(w: u32, h: u32) -> Vec<u8> {
    png(DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x * 20) as u8, (y * 30) as u8, 90])
    })))
}

/// What a render answered: 200, or Storage's real status inside its 400.
async fn outcome(res: reqwest::Response) -> String {
    if res.status() == 200 {
        res.bytes().await.unwrap();
        return "200".into();
    }
    let (status, body) = error_of(res).await;
    format!(
        "{status}/{}: {}",
        body["statusCode"].as_str().unwrap_or("?"),
        body["message"].as_str().unwrap_or("?")
    )
}

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

/// The attack's shape: many concurrent anonymous renders of one large PNG,
/// every size different. Each is priced from the header before its file is
/// read and admitted against the memory budget, so with room in the budget
/// for one of them, one runs at a time although eight slots are free.
async fn a_flood_of_large_renders_is_admitted_against_the_memory_budget(store: Store) {
    let (lo, hi) = (500, 600);
    let cost = |n: u32| {
        let o = TransformOptions {
            width: Some(n),
            height: Some(n),
            ..Default::default()
        };
        Estimate {
            raw: (900, 900),
            bytes_per_pixel: 4,
            scratch_per_pixel: 0,
            held_source: MIB,
        }
        .cost(&o, None)
    };
    let budget = cost(hi) + 4 * MIB;
    assert!(
        2 * cost(lo) > budget,
        "two renderings must not fit together"
    );
    let Some(app) = spawn_app_with(store, 20 * MIB, |s: &mut StorageSettings| {
        s.transform_concurrency = 8;
        s.transform_memory = budget;
    })
    .await
    else {
        return;
    };
    let source = noise_png(900, 900);
    assert!(source.len() > 2 * MIB as usize, "a source of many chunks");
    upload(&app, "pub/big.png", source, "image/png").await;
    let requests = (0..8).map(|i| {
        let n = lo + i * (hi - lo) / 7;
        let url = app.url(&format!(
            "/render/image/public/pub/big.png?width={n}&height={n}"
        ));
        let client = app.client.clone();
        async move { (n, client.get(url).send().await.unwrap()) }
    });
    for (n, res) in futures_util::future::join_all(requests).await {
        assert_eq!(res.status(), 200, "{n}: {}", outcome(res).await);
        assert_eq!(size_of(&res.bytes().await.unwrap()), (n, n));
    }
    let (most, held) = app.state.render_peak();
    assert_eq!(most, 1, "the budget, not the slots, held them back");
    assert!(held <= budget && held >= cost(lo), "{held} of {budget}");
    assert_eq!(app.state.render_memory_in_use(), 0);
    assert_eq!(app.state.renders(), 8);
}

#[tokio::test]
async fn a_flood_of_large_renders_is_admitted_against_the_memory_budget_local() {
    a_flood_of_large_renders_is_admitted_against_the_memory_budget(Store::Local).await;
}

#[tokio::test]
async fn a_flood_of_large_renders_is_admitted_against_the_memory_budget_s3() {
    a_flood_of_large_renders_is_admitted_against_the_memory_budget(Store::S3).await;
}

/// More requests than the queue holds: the ones beyond it get Storage's
/// 429 at once, the others their rendering, and the server goes on.
#[tokio::test]
async fn a_flood_beyond_the_queue_gets_429_and_the_server_still_answers() {
    let app = spawn_app_with(Store::Local, 20 * MIB, |s: &mut StorageSettings| {
        s.transform_concurrency = 1;
    })
    .await
    .unwrap();
    upload(&app, "pub/big.png", noise_png(600, 600), "image/png").await;
    let requests = (0..60).map(|i| {
        let url = app.url(&format!(
            "/render/image/public/pub/big.png?width={}&height={}",
            300 + i,
            300 + i
        ));
        let client = app.client.clone();
        async move { outcome(client.get(url).send().await.unwrap()).await }
    });
    let outcomes = futures_util::future::join_all(requests).await;
    let ok = outcomes.iter().filter(|o| *o == "200").count();
    let busy = outcomes
        .iter()
        .filter(|o| *o == "400/429: Too many requests")
        .count();
    assert_eq!(ok + busy, outcomes.len(), "{outcomes:?}");
    assert!(ok >= 1 && busy >= 1, "{ok} rendered, {busy} turned away");
    assert_eq!(app.state.renders(), ok as u64);
    let res = app
        .client
        .get(app.url("/render/image/public/pub/big.png?width=50"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(size_of(&res.bytes().await.unwrap()), (50, 50));
}

/// A rendering that would need more than the whole budget is refused with
/// a clear error before its source is read; smaller ones still render.
#[tokio::test]
async fn a_rendering_needing_more_than_the_whole_budget_is_refused_clearly() {
    let app = spawn_app_with(Store::Local, 20 * MIB, |s: &mut StorageSettings| {
        s.transform_memory = 8 * MIB;
    })
    .await
    .unwrap();
    // 16 MB of pixels in a file of a few kilobytes.
    let flat = png(DynamicImage::ImageRgb8(RgbImage::from_pixel(
        2000,
        2000,
        image::Rgb([200, 10, 10]),
    )));
    assert!(flat.len() < 100_000);
    upload(&app, "pub/flat.png", flat, "image/png").await;
    upload(&app, "pub/tiny.png", gradient_png(12, 8), "image/png").await;
    let res = app
        .client
        .get(app.url("/render/image/public/pub/flat.png?width=100"))
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"statusCode": "400", "code": "InvalidRequest", "error": "Invalid Input",
               "message": "The source image is too large to render within the server's image memory limit"})
    );
    assert_eq!(app.state.renders(), 0);
    let res = app
        .client
        .get(app.url("/render/image/public/pub/tiny.png?width=6"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(size_of(&res.bytes().await.unwrap()), (6, 4));
}

on_both_backends!(
    sizes_past_the_source_share_one_cache_entry,
    renderings_of_replaced_and_deleted_versions_are_deleted,
);

/// Requests that differ only in what cannot show (a size past the
/// source's, the quality of a PNG, the resize mode of an unscaled image)
/// are one output: one rendering, one cache entry, one ETag.
async fn sizes_past_the_source_share_one_cache_entry(app: TestApp) {
    upload(&app, "pub/tiny.png", gradient_png(12, 8), "image/png").await;
    let get = |query: &str| {
        app.client
            .get(app.url(&format!("/render/image/public/pub/tiny.png?{query}")))
            .send()
    };
    let first = get("width=12").await.unwrap();
    assert_eq!(first.status(), 200);
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    let bytes = first.bytes().await.unwrap();
    assert_eq!(size_of(&bytes), (12, 8));
    for query in [
        "width=13",
        "width=100",
        "width=2000",
        "width=99999",
        "height=8",
        "height=500",
        "width=12&height=8&resize=contain",
        "width=50&height=50&resize=fill",
        "width=500&height=400&resize=cover",
        "width=100&quality=20",
        "width=100&quality=100",
        "width=100&format=origin",
    ] {
        let res = get(query).await.unwrap();
        assert_eq!(res.status(), 200, "{query}");
        assert_eq!(res.headers()["etag"].to_str().unwrap(), etag, "{query}");
        assert_eq!(res.headers()["content-type"], "image/png", "{query}");
        assert_eq!(res.bytes().await.unwrap(), bytes, "{query}");
    }
    assert_eq!(app.state.renders(), 1);
    assert_eq!(cached(&app).await, (1, 1));

    // WebP is lossy: its quality is part of the output.
    for query in [
        "format=webp&width=500",
        "format=webp&quality=80",
        "format=webp&width=12&height=8",
    ] {
        let res = get(query).await.unwrap();
        assert_eq!(res.headers()["content-type"], "image/webp", "{query}");
    }
    assert_eq!(app.state.renders(), 2);
    get("format=webp&quality=50").await.unwrap();
    assert_eq!(app.state.renders(), 3);
    assert_eq!(cached(&app).await, (3, 3));
}

/// A cache of 5 entries' worth (every entry counts at least 4 KiB): twelve
/// different renderings leave the five most recent, files and rows alike.
async fn the_cache_keeps_its_budget_evicting_the_least_recently_used(store: Store) {
    let Some(app) = spawn_app_with(store, 100_000, |s: &mut StorageSettings| {
        s.transform_cache = 5 * 4096;
    })
    .await
    else {
        return;
    };
    upload(&app, "pub/g.png", gradient_png(64, 64), "image/png").await;
    let get = |w: u32| {
        app.client
            .get(app.url(&format!("/render/image/public/pub/g.png?width={w}")))
            .send()
    };
    for w in 1..=12 {
        assert_eq!(get(w).await.unwrap().status(), 200);
        let (files, rows) = cached(&app).await;
        assert!(
            files <= 5 && rows <= 5,
            "after width {w}: {files} files, {rows} rows"
        );
    }
    assert_eq!(cached(&app).await, (5, 5));
    let (bytes, entries): (i64, i64) =
        sqlx::query_as("select bytes, entries from storage.render_usage")
            .fetch_one(&app.owner)
            .await
            .unwrap();
    assert_eq!((bytes, entries), (5 * 4096, 5));
    assert_eq!(app.state.renders(), 12);
    // The five most recent are kept; the oldest was evicted.
    for w in 8..=12 {
        assert_eq!(
            size_of(&get(w).await.unwrap().bytes().await.unwrap()),
            (w, w)
        );
    }
    assert_eq!(app.state.renders(), 12);
    assert_eq!(get(1).await.unwrap().status(), 200);
    assert_eq!(app.state.renders(), 13);
    assert_eq!(cached(&app).await, (5, 5));
}

#[tokio::test]
async fn the_cache_keeps_its_budget_evicting_the_least_recently_used_local() {
    the_cache_keeps_its_budget_evicting_the_least_recently_used(Store::Local).await;
}

#[tokio::test]
async fn the_cache_keeps_its_budget_evicting_the_least_recently_used_s3() {
    the_cache_keeps_its_budget_evicting_the_least_recently_used(Store::S3).await;
}

/// Replacing an object forgets the renderings of its old version (their
/// files go at the next rendering kept, or the next sweep); deleting it
/// forgets its renderings too.
async fn renderings_of_replaced_and_deleted_versions_are_deleted(app: TestApp) {
    upload(&app, "pub/v.png", gradient_png(64, 64), "image/png").await;
    let get = |w: u32| {
        app.client
            .get(app.url(&format!("/render/image/public/pub/v.png?width={w}")))
            .send()
    };
    get(10).await.unwrap();
    get(20).await.unwrap();
    assert_eq!(cached(&app).await, (2, 2));
    upload(&app, "pub/v.png", gradient_png(32, 48), "image/png").await;
    let res = get(16).await.unwrap();
    assert_eq!(size_of(&res.bytes().await.unwrap()), (16, 24));
    assert_eq!(cached(&app).await, (1, 1));

    let res = app
        .client
        .delete(app.url("/object/pub"))
        .bearer_auth(&app.service_key)
        .json(&json!({"prefixes": ["v.png"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(app.state.sweep_renders().await.unwrap(), 1);
    assert_eq!(cached(&app).await, (0, 0));
    let sources: i64 = sqlx::query_scalar("select count(*) from storage.render_sources")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    assert_eq!(sources, 0);
}
