use serde_json::{json, Value};

use crate::helpers::{claims, error, now, sign, spawn_app, TestApp, PASSWORD};

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
async fn get_user_returns_the_signed_in_user() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    let s = app.sign_in("owner@example.com").await;
    let res = app.get_user(s["access_token"].as_str().unwrap()).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["id"], user.id.to_string());
    assert_eq!(body["email"], "owner@example.com");
    assert!(body["last_sign_in_at"].is_string());
    assert_eq!(body["identities"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn bearer_errors_follow_gotrue() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    let res = app
        .client
        .get(app.url("/user"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .send()
        .await
        .unwrap();
    assert_eq!(error(res).await.1, "no_authorization");

    let cases = [
        ("garbage".to_string(), 403, "bad_jwt"),
        (
            sign(
                &json!({"sub": user.id, "role": "authenticated", "aud": "authenticated", "exp": now() - 100}),
            ),
            403,
            "bad_jwt",
        ),
        (app.service_key.clone(), 403, "bad_jwt"),
        (
            sign(&json!({"sub": "not-a-uuid", "exp": now() + 60})),
            400,
            "bad_jwt",
        ),
        (
            sign(&json!({"sub": uuid::Uuid::new_v4(), "aud": "authenticated", "exp": now() + 60})),
            403,
            "user_not_found",
        ),
        (
            sign(
                &json!({"sub": user.id, "aud": "authenticated", "session_id": uuid::Uuid::new_v4(), "exp": now() + 60}),
            ),
            403,
            "session_not_found",
        ),
    ];
    for (token, status, code) in cases {
        let (s, c, _) = error(app.get_user(&token).await).await;
        assert_eq!((s, c.as_str()), (status, code), "{token}");
    }
    let other_secret = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"sub": user.id, "exp": now() + 60}),
        &jsonwebtoken::EncodingKey::from_secret(b"some other secret some other secret"),
    )
    .unwrap();
    assert_eq!(error(app.get_user(&other_secret).await).await.1, "bad_jwt");
}

#[tokio::test]
async fn updating_data_merges_per_key() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let res = put_user(
        &app,
        &token,
        json!({"data": {"name": "Ann", "theme": "dark"}}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let res = put_user(&app, &token, json!({"data": {"theme": null, "lang": "en"}})).await;
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["user_metadata"]["name"], "Ann");
    assert_eq!(body["user_metadata"]["lang"], "en");
    assert!(body["user_metadata"].get("theme").is_none());
    assert_eq!(body["user_metadata"]["email_verified"], true);
}

#[tokio::test]
async fn a_password_change_ends_other_sessions_and_the_old_password() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let here = app.sign_in("owner@example.com").await;
    let elsewhere = app.sign_in("owner@example.com").await;
    let token = here["access_token"].as_str().unwrap();
    let res = put_user(&app, token, json!({"password": "a brand new password"})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        app.get_user(token).await.status(),
        200,
        "this session stays"
    );
    let (status, code, _) = error(
        app.get_user(elsewhere["access_token"].as_str().unwrap())
            .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (403, "session_not_found"));
    assert_eq!(
        error(app.sign_in_raw("owner@example.com", PASSWORD).await)
            .await
            .1,
        "invalid_credentials"
    );
    assert_eq!(
        app.sign_in_raw("owner@example.com", "a brand new password")
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn update_refusals() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, code, body) =
        error(put_user(&app, &token, json!({"password": "short"})).await).await;
    assert_eq!((status, code.as_str()), (422, "weak_password"));
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));
    assert_eq!(body["message"], "Password should be at least 8 characters.");
    let (status, code, _) =
        error(put_user(&app, &token, json!({"password": PASSWORD})).await).await;
    assert_eq!((status, code.as_str()), (422, "same_password"));
    // A new address waits for confirmation (a mail to each address).
    let res = put_user(&app, &token, json!({"email": "new@example.com"})).await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["new_email"], "new@example.com");
    assert_eq!(body["email"], "owner@example.com");
    assert_eq!(
        put_user(&app, &token, json!({"email": "OWNER@example.com"}))
            .await
            .status(),
        200,
        "same address is no change"
    );
    let (status, code, _) =
        error(put_user(&app, &token, json!({"phone": "+15550100"})).await).await;
    assert_eq!((status, code.as_str()), (422, "phone_provider_disabled"));
    let (status, code, _) =
        error(put_user(&app, &token, json!({"app_metadata": {"role": "admin"}})).await).await;
    assert_eq!((status, code.as_str()), (403, "not_admin"));
    let c = claims(&token);
    assert_eq!(c["app_metadata"]["provider"], "email");
}
