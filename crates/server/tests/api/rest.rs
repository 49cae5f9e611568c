//! `/rest/v1` through the whole server: roles from tokens, refusals with
//! PostgREST's bodies and headers, limits, and the introspection answers.

use jsonwebtoken::{encode, EncodingKey, Header};
use serde_json::{json, Value};

use crate::helpers::{spawn_app_on_repo_migrations as spawn_app, TestApp, JWT_SECRET};

fn token(claims: Value, secret: &str) -> String {
    encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

fn in_an_hour() -> i64 {
    chrono::Utc::now().timestamp() + 3600
}

async fn get(app: &TestApp, path: &str, bearer: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .get(format!("{}/rest/v1{}", app.address, path))
        .header("apikey", &app.anon_key);
    if let Some(t) = bearer {
        req = req.bearer_auth(t);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn anon_reads_content_with_content_range() {
    let app = spawn_app().await;
    let res = get(&app, "/services?select=title&order=sort_order", None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-range"], "0-4/*");
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let rows: Vec<Value> = res.json().await.unwrap();
    assert_eq!(rows[0], json!({"title": "Custom Curtains"}));
}

#[tokio::test]
async fn no_token_at_all_is_anon() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(format!("{}/rest/v1/hero_content?select=title", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .get(format!("{}/rest/v1/contact_messages", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        401,
        "anon is refused by the grant: 42501 → 401"
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "42501");
}

#[tokio::test]
async fn bad_tokens_get_401_with_www_authenticate() {
    let app = spawn_app().await;
    let cases = [
        token(
            json!({"role": "service_role", "exp": in_an_hour()}),
            "another-secret-another-secret-012345",
        ),
        token(
            json!({"role": "service_role", "exp": chrono::Utc::now().timestamp() - 120}),
            JWT_SECRET,
        ),
        token(json!({"role": "postgres", "exp": in_an_hour()}), JWT_SECRET),
        // alg none: header and claims, no signature.
        format!(
            "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{}.",
            base64_url(&json!({"role": "service_role"}).to_string())
        ),
        "not-a-jwt".to_string(),
    ];
    for t in &cases {
        let res = get(&app, "/contact_messages", Some(t)).await;
        assert_eq!(res.status(), 401, "{t}");
        let auth = res.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(auth.starts_with("Bearer error=\"invalid_token\""), "{auth}");
        let body: Value = res.json().await.unwrap();
        assert!(
            matches!(body["code"].as_str(), Some("PGRST301" | "PGRST303")),
            "{body}"
        );
        assert!(body.get("details").is_some() && body.get("hint").is_some());
    }
    let expired = token(
        json!({"role": "anon", "exp": chrono::Utc::now().timestamp() - 120}),
        JWT_SECRET,
    );
    let body: Value = get(&app, "/services", Some(&expired))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["message"], "JWT expired");
}

fn base64_url(s: &str) -> String {
    const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let b = s.as_bytes();
    let mut out = String::new();
    for chunk in b.chunks(3) {
        let n = chunk.iter().fold(0u32, |acc, &x| (acc << 8) | x as u32) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

#[tokio::test]
async fn an_authenticated_token_runs_as_authenticated_with_its_claims() {
    let app = spawn_app().await;
    let t = token(
        json!({"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000001", "exp": in_an_hour()}),
        JWT_SECRET,
    );
    let res = get(&app, "/contact_messages?select=id", Some(&t)).await;
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .patch(format!(
            "{}/rest/v1/contact_messages?id=not.is.null",
            app.address
        ))
        .header("apikey", &app.anon_key)
        .bearer_auth(&t)
        .json(&json!({"message": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403, "42501 for a signed-in role is 403");
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_json_413() {
    let app = spawn_app().await;
    let big = "x".repeat(11 * 1024 * 1024);
    let res = app
        .client
        .post(format!("{}/rest/v1/contact_messages", app.address))
        .header("apikey", &app.anon_key)
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST413");
}

#[tokio::test]
async fn long_in_lists_fit_in_the_request_line() {
    let app = spawn_app().await;
    let ids: Vec<String> = (0..500).map(|_| uuid_like()).collect();
    let path = format!("/services?select=id&id=in.({})", ids.join(","));
    assert!(path.len() > 16 * 1024);
    let res = get(&app, &path, None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Vec<Value>>().await.unwrap(), Vec::<Value>::new());
}

fn uuid_like() -> String {
    format!("{:08x}-0000-4000-8000-{:012x}", rand_u32(), rand_u32())
}

fn rand_u32() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish() as u32
}

#[tokio::test]
async fn options_lists_the_allowed_methods() {
    let app = spawn_app().await;
    let res = app
        .client
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/rest/v1/services", app.address),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["allow"],
        "OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE"
    );
}

#[tokio::test]
async fn the_root_is_an_openapi_document_of_what_the_role_may_use() {
    let app = spawn_app().await;
    let res = get(&app, "/", None).await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/openapi+json"));
    let doc: Value = res.json().await.unwrap();
    assert_eq!(doc["swagger"], "2.0");
    assert!(doc["paths"]["/services"].is_object());
    assert!(
        doc["paths"]["/contact_messages"].is_object(),
        "anon may insert messages"
    );
    assert!(doc["paths"]["/_sqlx_migrations"].is_null());
    assert!(doc["definitions"]["portfolio_items"]["properties"]["images"]["type"] == "array");
}

#[tokio::test]
async fn an_unexposed_schema_is_406_pgrst106() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(format!("{}/rest/v1/services", app.address))
        .header("accept-profile", "auth")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 406);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST106");
}

#[tokio::test]
async fn head_gives_headers_and_counts_without_a_body() {
    let app = spawn_app().await;
    let res = app
        .client
        .head(format!("{}/rest/v1/portfolio_items", app.address))
        .header("prefer", "count=exact")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-range"], "0-5/6");
    assert!(res.text().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_new_table_is_served_after_notify_reload() {
    let app = spawn_app().await;
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    sqlx::raw_sql("CREATE TABLE public.faq (id int PRIMARY KEY, q text); GRANT SELECT ON public.faq TO anon; INSERT INTO public.faq VALUES (1, 'Do you measure?'); NOTIFY pgrst, 'reload schema';")
        .execute(&pool)
        .await
        .unwrap();
    let mut last = 0;
    for _ in 0..50 {
        let res = get(&app, "/faq?select=q", None).await;
        last = res.status().as_u16();
        if last == 200 {
            assert_eq!(
                res.json::<Value>().await.unwrap(),
                json!([{"q": "Do you measure?"}])
            );
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the new table never appeared (last status {last})");
}

#[tokio::test]
async fn a_signed_out_session_token_can_no_longer_write() {
    let app = spawn_app().await;
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    pleat_auth::Accounts::new(pool, 8)
        .create_user("owner@example.com", "correct-horse-battery", true)
        .await
        .unwrap();
    let session: Value = app
        .client
        .post(format!("{}/auth/v1/token?grant_type=password", app.address))
        .header("apikey", &app.anon_key)
        .json(&json!({"email": "owner@example.com", "password": "correct-horse-battery"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["access_token"].as_str().unwrap().to_string();
    let insert = |t: String| {
        app.client
            .post(format!("{}/rest/v1/services", app.address))
            .header("apikey", &app.anon_key)
            .bearer_auth(t)
            .json(&json!({"title": "Re-upholstery", "description": "New covers for old chairs"}))
            .send()
    };
    assert_eq!(insert(token.clone()).await.unwrap().status(), 201);
    let out = app
        .client
        .post(format!("{}/auth/v1/logout?scope=global", app.address))
        .header("apikey", &app.anon_key)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);
    let res = insert(token).await.unwrap();
    assert_eq!(res.status(), 401);
    let challenge = res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        challenge.starts_with("Bearer error=\"invalid_token\""),
        "{challenge}"
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST301");
    assert_eq!(body["message"], "JWT session has ended");
    // The check runs in the insert's own transaction (the insert commits
    // without waiting for its row): the refused insert left nothing behind.
    let stored: Value = app
        .client
        .get(format!(
            "{}/rest/v1/services?title=eq.Re-upholstery&select=id",
            app.address
        ))
        .header("apikey", &app.service_key)
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(stored.as_array().unwrap().len(), 1, "{stored}");
}

#[tokio::test]
async fn odd_session_ids_are_no_session_or_refused() {
    let app = spawn_app().await;
    let with_sid = |sid: &str| {
        token(
            json!({"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000001", "session_id": sid, "exp": in_an_hour()}),
            JWT_SECRET,
        )
    };
    for sid in ["", "00000000-0000-0000-0000-000000000000"] {
        assert_eq!(
            get(&app, "/contact_messages?select=id", Some(&with_sid(sid)))
                .await
                .status(),
            200,
            "{sid:?}"
        );
    }
    let res = get(
        &app,
        "/contact_messages?select=id",
        Some(&with_sid("not-a-session")),
    )
    .await;
    assert_eq!(res.status(), 401);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "PGRST301");
}
