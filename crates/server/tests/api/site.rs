use crate::helpers::spawn_app;

#[tokio::test]
async fn app_routes_get_index_html_with_runtime_config_and_no_cache() {
    let app = spawn_app().await;
    for route in ["/", "/about", "/admin", "/admin/", "/index.html"] {
        let res = app.get(route).await;
        assert_eq!(res.status(), 200, "{route}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{route}");
        assert!(res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        let html = res.text().await.unwrap();
        let expected = format!(
            "<head><script>window.__PLEAT_CONFIG__={{\"anonKey\":\"{}\",\"url\":\"{}\"}}</script>",
            app.anon_key, app.address
        );
        assert!(html.contains(&expected), "{route}: {html}");
        assert!(html.contains("/assets/index-AbC123.js"));
    }
}

#[tokio::test]
async fn unknown_pages_get_the_app_with_a_404_status() {
    let app = spawn_app().await;
    let res = app.get("/no-such-page").await;
    assert_eq!(res.status(), 404);
    let html = res.text().await.unwrap();
    assert!(html.contains("__PLEAT_CONFIG__"));
    assert!(
        html.contains("<title>Pleat</title>") && !html.contains("pleat-data"),
        "an undeclared page is served as built: {html}"
    );
}

#[tokio::test]
async fn the_apps_declaration_is_not_served() {
    let app = spawn_app().await;
    for path in ["/_pleat/pages.json", "/_pleat/home.head.html", "/_pleat/"] {
        assert_eq!(app.get(path).await.status(), 404, "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_other_files_revalidate() {
    let app = spawn_app().await;
    let res = app.get("/assets/index-AbC123.js").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    assert_eq!(res.text().await.unwrap(), "console.log('pleat')");

    let res = app.get("/images/hero.svg").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=3600, must-revalidate"
    );
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
}

#[tokio::test]
async fn precompressed_assets_are_served_to_clients_that_accept_them() {
    let app = spawn_app().await;
    let assets = app.site_dir.path().join("assets");
    // What the build writes next to a file (frontend/vite.config.ts): the same bytes
    // compressed; the server only picks the file, so any marker bytes show which one.
    std::fs::write(assets.join("index-AbC123.js.gz"), b"gzip bytes").unwrap();
    std::fs::write(assets.join("index-AbC123.js.br"), b"brotli bytes").unwrap();
    let get = |accept: Option<&'static str>| {
        let mut req = app
            .client
            .get(format!("{}/assets/index-AbC123.js", app.address));
        if let Some(accept) = accept {
            req = req.header("accept-encoding", accept);
        }
        req.send()
    };
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "brotli bytes"),
        (Some("gzip, deflate"), Some("gzip"), "gzip bytes"),
        (Some("br;q=0, gzip"), Some("gzip"), "gzip bytes"),
        (Some("identity"), None, "console.log('pleat')"),
        (None, None, "console.log('pleat')"),
    ] {
        let res = get(accept).await.unwrap();
        assert_eq!(res.status(), 200, "{accept:?}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            encoding,
            "{accept:?}"
        );
        let vary = res.headers()["vary"].to_str().unwrap().to_ascii_lowercase();
        assert!(vary.contains("accept-encoding"), "{accept:?}: {vary}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .contains("javascript"),
            "{accept:?}"
        );
        if encoding.is_some() {
            // No download name ending in .gz or .br.
            assert!(res.headers().get("content-disposition").is_none());
        }
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(res.text().await.unwrap(), body, "{accept:?}");
    }
}

#[tokio::test]
async fn missing_files_are_404_and_paths_cannot_escape_the_site() {
    let app = spawn_app().await;
    assert_eq!(app.get("/assets/missing-123.js").await.status(), 404);
    assert_eq!(app.get("/images/nope.png").await.status(), 404);
    let res = app.get("/%2e%2e/%2e%2e/etc/passwd").await;
    assert_ne!(res.status(), 200);
    assert!(!res.text().await.unwrap().contains("root:"));
}

#[tokio::test]
async fn other_methods_are_not_allowed_on_the_site() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(format!("{}/about", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "GET, HEAD");
}

#[tokio::test]
async fn a_missing_build_says_how_to_build_it() {
    let app = spawn_app().await;
    std::fs::remove_file(app.site_dir.path().join("index.html")).unwrap();
    let res = app.get("/").await;
    assert_eq!(res.status(), 503);
    assert!(res.text().await.unwrap().contains("npm run build"));
}
