//! `app_metadata.editor`: set on accounts an administrator makes, never on
//! self sign-ups, never settable by a user, carried in every access token.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{claims, error, loose_limits, settings, spawn_app, spawn_with, PASSWORD};

async fn admin_create(app: &crate::helpers::TestApp, body: Value) -> Value {
    let res = app
        .admin(Method::POST, "/admin/users")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

#[tokio::test]
async fn accounts_made_by_an_administrator_are_editors_in_their_tokens() {
    let app = spawn_app().await;
    // `pleat user add` and PLEAT_ADMIN_EMAIL go through these two.
    let added = app.create_user("owner@example.com").await;
    assert_eq!(added.app_metadata["editor"], true);
    let ensured = app
        .accounts()
        .ensure_user("second@example.com", PASSWORD)
        .await
        .unwrap();
    assert_eq!(ensured.app_metadata["editor"], true);

    let session = app.sign_in("owner@example.com").await;
    let token = session["access_token"].as_str().unwrap();
    assert_eq!(claims(token)["app_metadata"]["editor"], true);
    let refreshed: Value = app
        .refresh_raw(session["refresh_token"].as_str().unwrap())
        .await
        .json()
        .await
        .unwrap();
    let token = refreshed["access_token"].as_str().unwrap();
    assert_eq!(
        claims(token)["app_metadata"]["editor"],
        true,
        "and after a refresh"
    );
}

#[tokio::test]
async fn the_admin_api_makes_editors_unless_told_otherwise() {
    let app = spawn_app().await;
    let plain = admin_create(
        &app,
        json!({"email": "a@example.com", "password": PASSWORD}),
    )
    .await;
    assert_eq!(plain["app_metadata"]["editor"], true);
    let other = admin_create(
        &app,
        json!({"email": "b@example.com", "app_metadata": {"plan": "pro"}}),
    )
    .await;
    assert_eq!(other["app_metadata"]["editor"], true);
    assert_eq!(other["app_metadata"]["plan"], "pro");
    let viewer = admin_create(
        &app,
        json!({"email": "c@example.com", "password": PASSWORD, "email_confirm": true, "app_metadata": {"editor": false}}),
    )
    .await;
    assert_eq!(viewer["app_metadata"]["editor"], false);
    let session = app.sign_in("c@example.com").await;
    let token = session["access_token"].as_str().unwrap();
    assert_eq!(claims(token)["app_metadata"]["editor"], false);

    // The administrator can take it away later.
    let id = plain["id"].as_str().unwrap();
    let res = app
        .admin(Method::PUT, &format!("/admin/users/{id}"))
        .json(&json!({"app_metadata": {"editor": null}}))
        .send()
        .await
        .unwrap();
    let updated: Value = res.json().await.unwrap();
    assert!(updated["app_metadata"].get("editor").is_none());
}

#[tokio::test]
async fn self_sign_ups_are_never_editors_and_cannot_become_one() {
    let mut s = settings();
    s.disable_signup = false;
    let app = spawn_with(s, loose_limits()).await;
    let res = app
        .client
        .post(app.url("/signup"))
        .json(&json!({
            "email": "stranger@example.com",
            "password": PASSWORD,
            "data": {"editor": true},
            "app_metadata": {"editor": true},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let session: Value = res.json().await.unwrap();
    assert!(session["user"]["app_metadata"].get("editor").is_none());
    let token = session["access_token"].as_str().unwrap().to_string();
    assert!(claims(&token)["app_metadata"].get("editor").is_none());

    let put = |body: Value| {
        app.client
            .put(app.url("/user"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .bearer_auth(&token)
            .json(&body)
            .send()
    };
    let (status, code, _) = error(
        put(json!({"app_metadata": {"editor": true}}))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, code.as_str()), (403, "not_admin"));
    let res = put(json!({"data": {"editor": true}})).await.unwrap();
    assert_eq!(res.status(), 200);
    let user: Value = res.json().await.unwrap();
    assert!(user["app_metadata"].get("editor").is_none());
    let signed_in = app.sign_in("stranger@example.com").await;
    let token = signed_in["access_token"].as_str().unwrap();
    assert!(claims(token)["app_metadata"].get("editor").is_none());
}

#[tokio::test]
async fn the_upgrade_makes_every_existing_account_an_editor() {
    let app = spawn_app().await;
    // As accounts were before the upgrade: no flag; and one already decided.
    sqlx::raw_sql(
        "INSERT INTO auth.users (email, raw_app_meta_data) VALUES \
           ('old@example.com', '{\"provider\": \"email\"}'), \
           ('decided@example.com', '{\"editor\": false}')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::raw_sql(include_str!(
        "../../migrations/20261123000102_auth_editors.sql"
    ))
    .execute(&app.pool)
    .await
    .unwrap();
    let flags: Vec<(String, Value)> =
        sqlx::query_as("SELECT email, raw_app_meta_data FROM auth.users ORDER BY email")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(
        flags,
        vec![
            ("decided@example.com".into(), json!({"editor": false})),
            (
                "old@example.com".into(),
                json!({"provider": "email", "editor": true})
            ),
        ]
    );
}
