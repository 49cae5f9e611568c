//! Headers in and out: URLs written into pages come from PLEAT_SITE_URL and
//! never from a poisoned `Host`, `X-Forwarded-*` or `Forwarded`; every site
//! response carries the security headers.

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::helpers::{spawn_app, spawn_app_with};

const POISON: &[(&str, &str)] = &[
    ("host", "evil.example"),
    ("x-forwarded-host", "evil.example"),
    ("x-forwarded-proto", "https"),
    ("forwarded", "for=1.2.3.4;host=evil.example;proto=https"),
];

async fn poisoned_get(app: &crate::helpers::TestApp, path: &str, header: (&str, &str)) -> String {
    app.client
        .get(format!("{}{}", app.address, path))
        .header(header.0, header.1)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test]
async fn poisoned_host_and_forwarded_headers_never_reach_a_page() {
    let app = spawn_app_with(&[("PLEAT_TRUSTED_PROXIES", "127.0.0.1")]).await;
    for header in POISON {
        for path in [
            "/",
            "/about",
            "/no-such-page",
            "/robots.txt",
            "/sitemap.xml",
            "/rest/v1/",
        ] {
            let body = poisoned_get(&app, path, *header).await;
            assert!(
                !body.contains("evil.example"),
                "{header:?} on {path}: {body}"
            );
            assert!(
                body.contains("127.0.0.1"),
                "{path} names the site URL: {body}"
            );
        }
    }
}

#[tokio::test]
async fn pages_use_the_configured_site_url() {
    let app = spawn_app_with(&[("PLEAT_SITE_URL", "https://notes.example/")]).await;
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains("\"url\":\"https://notes.example\""), "{html}");
    assert!(html.contains("<link rel=\"canonical\" href=\"https://notes.example/\">"));
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(robots.contains("Sitemap: https://notes.example/sitemap.xml"));
    let doc: serde_json::Value = app.get("/rest/v1/").await.json().await.unwrap();
    assert_eq!(doc["host"], "notes.example");
    assert_eq!(doc["schemes"], serde_json::json!(["https"]));
}

#[tokio::test]
async fn site_responses_carry_the_security_headers() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/admin",
        "/assets/index-AbC123.js",
        "/robots.txt",
        "/nope",
    ] {
        let res = app.get(path).await;
        let h = res.headers();
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            h["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(
            csp.contains(&format!(
                "connect-src 'self' {a}/rest/ {a}/auth/ {a}/storage/ {a}/realtime/ {ws}/realtime/ {a}/backup/;",
                a = app.address,
                ws = app.address.replacen("http://", "ws://", 1)
            )),
            "{path}: {csp}"
        );
    }
    let res = app.get("/rest/v1/").await;
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn the_csp_allows_exactly_the_injected_config_script() {
    let app = spawn_app().await;
    let res = app.get("/").await;
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    let html = res.text().await.unwrap();
    let start = html.find("<script>").unwrap() + "<script>".len();
    let end = start + html[start..].find("</script>").unwrap();
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(&html[start..end]));
    assert!(
        csp.contains(&format!("script-src 'self' 'sha256-{hash}';")),
        "{csp}"
    );
    assert_eq!(
        html.matches("<script>").count(),
        1,
        "one inline script runs"
    );
}
