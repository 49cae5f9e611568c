use crate::helpers::spawn_app;

#[tokio::test]
async fn preflight_allows_what_supabase_js_sends() {
    let app = spawn_app().await;
    let requested = "authorization,apikey,x-client-info,content-type,prefer,accept-profile,content-profile,range,x-retry-count,x-supabase-api-version";
    let res = app
        .client
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/rest/v1/notes", app.address),
        )
        .header("origin", "http://localhost:5173")
        .header("access-control-request-method", "PATCH")
        .header("access-control-request-headers", requested)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    let h = res.headers();
    assert_eq!(h["access-control-allow-origin"], "http://localhost:5173");
    assert!(h["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .contains("PATCH"));
    let allowed = h["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_ascii_lowercase();
    for name in requested.split(',') {
        assert!(allowed.contains(name), "{name} not allowed: {allowed}");
    }
}

#[tokio::test]
async fn responses_expose_the_headers_the_client_reads() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(format!("{}/auth/v1/health", app.address))
        .header("origin", "http://localhost:5173")
        .send()
        .await
        .unwrap();
    let exposed = res.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_ascii_lowercase();
    for name in [
        "content-range",
        "content-profile",
        "preference-applied",
        "location",
        "x-supabase-api-version",
    ] {
        assert!(exposed.contains(name), "{name} not exposed: {exposed}");
    }
}
