use serde_json::{json, Value};

use crate::helpers::{error, loose_limits, settings, spawn_app, spawn_with, PASSWORD};

async fn signup(app: &crate::helpers::TestApp, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/signup"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn signup_is_off_by_default() {
    let app = spawn_app().await;
    let (status, code, body) = error(
        signup(
            &app,
            json!({"email": "a@example.com", "password": PASSWORD}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "signup_disabled"));
    assert_eq!(body["message"], "Signups not allowed for this instance");
}

#[tokio::test]
async fn signup_when_enabled_confirms_and_signs_in() {
    let mut s = settings();
    s.disable_signup = false;
    let app = spawn_with(s, loose_limits()).await;
    let res = signup(
        &app,
        json!({"email": "New@Example.com", "password": PASSWORD, "data": {"name": "Ann"}}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let session: Value = res.json().await.unwrap();
    assert!(session["access_token"].is_string());
    assert!(session["refresh_token"].is_string());
    assert_eq!(session["user"]["email"], "new@example.com");
    assert!(session["user"]["email_confirmed_at"].is_string());
    assert_eq!(session["user"]["user_metadata"]["name"], "Ann");
    assert_eq!(
        app.get_user(session["access_token"].as_str().unwrap())
            .await
            .status(),
        200
    );
    app.sign_in("new@example.com").await;

    let (status, code, body) = error(
        signup(
            &app,
            json!({"email": "new@example.com", "password": PASSWORD}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "user_already_exists"));
    assert_eq!(body["message"], "User already registered");
    let (status, code, _) = error(
        signup(
            &app,
            json!({"email": "other@example.com", "password": "short"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "weak_password"));
    let (status, code, _) =
        error(signup(&app, json!({"email": "not an email", "password": PASSWORD})).await).await;
    assert_eq!((status, code.as_str()), (400, "validation_failed"));
    let (status, code, _) = error(signup(&app, json!({})).await).await;
    assert_eq!(
        (status, code.as_str()),
        (422, "anonymous_provider_disabled")
    );
}
