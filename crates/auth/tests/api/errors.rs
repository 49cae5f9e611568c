use serde_json::{json, Value};

use crate::helpers::spawn_app;

#[tokio::test]
async fn errors_without_the_version_header_use_the_legacy_format() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/user")).send().await.unwrap();
    assert_eq!(res.status(), 401);
    assert!(res.headers().get("x-supabase-api-version").is_none());
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({"code": 401, "error_code": "no_authorization", "msg": "This endpoint requires a valid Bearer token"})
    );
}

#[tokio::test]
async fn errors_with_the_version_header_use_code_and_message_and_echo_it() {
    let app = spawn_app().await;
    for sent in ["2024-01-01", "2025-03-04"] {
        let res = app
            .client
            .get(app.url("/user"))
            .header("X-Supabase-Api-Version", sent)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401);
        assert_eq!(res.headers()["x-supabase-api-version"], "2024-01-01");
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body,
            json!({"code": "no_authorization", "message": "This endpoint requires a valid Bearer token"})
        );
    }
    let res = app
        .client
        .get(app.url("/user"))
        .header("X-Supabase-Api-Version", "not-a-date")
        .send()
        .await
        .unwrap();
    assert!(res.headers().get("x-supabase-api-version").is_none());
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "no_authorization");
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_json() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(app.url("/nope/nothing"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "not_found");
    assert!(body["msg"]
        .as_str()
        .unwrap()
        .contains("/auth/v1/nope/nothing"));

    let res = app.client.get(app.url("/token")).send().await.unwrap();
    assert_eq!(res.status(), 405);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "method_not_allowed");
}

#[tokio::test]
async fn out_of_scope_features_answer_clear_json_errors() {
    let app = spawn_app().await;
    let cases: &[(&str, &str, u16, &str)] = &[
        ("POST", "/invite", 401, "no_authorization"),
        ("POST", "/admin/generate_link", 401, "no_authorization"),
        (
            "GET",
            "/authorize?provider=github",
            400,
            "validation_failed",
        ),
        ("GET", "/callback", 400, "provider_disabled"),
        ("POST", "/sso", 404, "saml_provider_disabled"),
        ("GET", "/sso/saml/metadata", 404, "saml_provider_disabled"),
        (
            "POST",
            "/token?grant_type=id_token",
            400,
            "provider_disabled",
        ),
        // The grant exists now; without a code GoTrue says what is missing.
        ("POST", "/token?grant_type=pkce", 400, "validation_failed"),
        (
            "POST",
            "/token?grant_type=web3",
            422,
            "web3_provider_disabled",
        ),
        (
            "POST",
            "/token?grant_type=magic",
            400,
            "invalid_credentials",
        ),
        ("POST", "/token", 400, "invalid_credentials"),
    ];
    for (method, path, status, code) in cases {
        let res = app
            .client
            .request(method.parse().unwrap(), app.url(path))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&json!({"email": "a@b.c"}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), *status, "{method} {path}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], *code, "{method} {path}");
        assert!(!body["message"].as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn malformed_bodies_are_bad_json() {
    let app = spawn_app().await;
    for body in ["", "{", "[1]", "\"x\""] {
        let res = app
            .client
            .post(app.url("/token?grant_type=password"))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{body:?}");
        let json: Value = res.json().await.unwrap();
        assert_eq!(json["error_code"], "bad_json", "{body:?}");
    }
}
