//! The renderings' cache: its keys, its budget and its clean-up.

use super::*;

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
