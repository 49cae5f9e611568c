//! Answers with tokens or users are never cached, and metadata has a size limit.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, loose_limits, settings, spawn_app, spawn_with, TestApp, PASSWORD};

fn assert_not_stored(res: &reqwest::Response, what: &str) {
    assert_eq!(res.headers()["cache-control"], "no-store", "{what}");
    assert_eq!(res.headers()["pragma"], "no-cache", "{what}");
}

#[tokio::test]
async fn answers_with_tokens_or_users_are_never_cached() {
    let mut s = settings();
    s.disable_signup = false;
    let app = spawn_with(s, loose_limits()).await;
    app.create_user("owner@example.com").await;

    let res = app.sign_in_raw("owner@example.com", PASSWORD).await;
    assert_not_stored(&res, "sign-in");
    let session: Value = res.json().await.unwrap();
    let res = app
        .refresh_raw(session["refresh_token"].as_str().unwrap())
        .await;
    assert_not_stored(&res, "refresh");
    let res = app
        .get_user(session["access_token"].as_str().unwrap())
        .await;
    assert_not_stored(&res, "GET /user");
    let res = app
        .client
        .post(app.url("/signup"))
        .json(&json!({"email": "new@example.com", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_not_stored(&res, "signup");
    let res = app.admin(Method::GET, "/admin/users").send().await.unwrap();
    assert_not_stored(&res, "admin users");
    let res = app.sign_in_raw("owner@example.com", "wrong password").await;
    assert_eq!(res.status(), 400);
    assert_not_stored(&res, "an error in the 2024-01-01 format");
}

fn big(bytes: usize) -> Value {
    json!({ "blob": "x".repeat(bytes) })
}

async fn put_user(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .put(app.url("/user"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn user_metadata_is_limited_to_16_kb() {
    let mut s = settings();
    s.disable_signup = false;
    let app = spawn_with(s, loose_limits()).await;
    let res = app
        .client
        .post(app.url("/signup"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"email": "new@example.com", "password": PASSWORD, "data": big(17_000)}))
        .send()
        .await
        .unwrap();
    let (status, code, body) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "validation_failed"),
        "{body}"
    );

    app.create_user("owner@example.com").await;
    let session = app.sign_in("owner@example.com").await;
    let token = session["access_token"].as_str().unwrap();
    let (status, code, _) = error(put_user(&app, token, json!({"data": big(17_000)})).await).await;
    assert_eq!((status, code.as_str()), (400, "validation_failed"));
    // Each part fits; together they do not.
    let res = put_user(&app, token, json!({"data": {"a": "x".repeat(9_000)}})).await;
    assert_eq!(res.status(), 200);
    let (status, code, _) =
        error(put_user(&app, token, json!({"data": {"b": "x".repeat(9_000)}})).await).await;
    assert_eq!((status, code.as_str()), (400, "validation_failed"));

    // Just under the limit, the access token that carries it still works.
    let res = put_user(&app, token, json!({"data": {"a": "x".repeat(15_500)}})).await;
    assert_eq!(res.status(), 200);
    let session = app.sign_in("owner@example.com").await;
    let res = app
        .get_user(session["access_token"].as_str().unwrap())
        .await;
    assert_eq!(res.status(), 200);
}

#[tokio::test]
async fn the_admin_api_limits_both_metadata_objects() {
    let app = spawn_app().await;
    for field in ["user_metadata", "app_metadata"] {
        let res = app
            .admin(Method::POST, "/admin/users")
            .json(&json!({"email": "a@example.com", field: big(17_000)}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{field}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error_code"], "validation_failed");
    }
    let user = app.create_user("owner@example.com").await;
    let res = app
        .admin(Method::PUT, &format!("/admin/users/{}", user.id))
        .json(&json!({"app_metadata": big(17_000)}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
}
