//! Floods of renderings against the memory budget and the queue.

use super::*;

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
