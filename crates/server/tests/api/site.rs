use crate::helpers::spawn_app;

#[tokio::test]
async fn app_routes_get_index_html_with_runtime_config_and_no_cache() {
    let app = spawn_app().await;
    for route in [
        "/",
        "/portfolio",
        "/terms",
        "/privacy",
        "/admin",
        "/admin/",
        "/index.html",
    ] {
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
    assert!(res.text().await.unwrap().contains("__PLEAT_CONFIG__"));
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
        .post(format!("{}/portfolio", app.address))
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

#[tokio::test]
async fn landing_and_portfolio_carry_metadata_and_json_ld_from_the_database() {
    let app = spawn_app().await;
    let html = app.get("/").await.text().await.unwrap();
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    assert!(html.contains(
        "<title>Pleat Interiors - Custom Curtains, Blinds &amp; Furniture Covers</title>"
    ));
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{}/\">",
        app.address
    )));
    assert!(html.contains("<meta property=\"og:title\""));
    let start = html.find("application/ld+json\">").unwrap() + "application/ld+json\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let ld: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let graph = ld["@graph"].as_array().unwrap();
    let kinds: Vec<&str> = graph.iter().map(|n| n["@type"].as_str().unwrap()).collect();
    for kind in [
        "Organization",
        "LocalBusiness",
        "WebSite",
        "BreadcrumbList",
        "Service",
        "Review",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing: {kinds:?}");
    }
    assert_eq!(
        kinds.iter().filter(|k| **k == "Service").count(),
        5,
        "one per seeded service"
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == "Review").count(),
        3,
        "one per seeded testimonial"
    );

    let html = app.get("/portfolio").await.text().await.unwrap();
    assert!(html.contains("<title>Our Portfolio - Pleat Interiors</title>"));
    let html = app.get("/terms").await.text().await.unwrap();
    assert!(
        html.contains("<title>Pleat</title>"),
        "other pages keep the static head"
    );
}

#[tokio::test]
async fn robots_and_sitemap_are_served() {
    let app = spawn_app().await;
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains("Disallow: /admin"));
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", app.address)));
    let res = app.get("/sitemap.xml").await;
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/xml"));
    let map = res.text().await.unwrap();
    for path in ["/", "/portfolio", "/terms", "/privacy"] {
        assert!(
            map.contains(&format!("<loc>{}{}</loc>", app.address, path)),
            "{path}: {map}"
        );
    }
    assert!(map.contains("<lastmod>"));
}
