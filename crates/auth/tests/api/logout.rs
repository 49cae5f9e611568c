use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{error, now, sign, spawn_app, TestApp};

async fn logout(app: &TestApp, access_token: &str, scope: Option<&str>) -> reqwest::Response {
    let path = match scope {
        Some(s) => format!("/logout?scope={s}"),
        None => "/logout".to_string(),
    };
    app.client
        .post(app.url(&path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .bearer_auth(access_token)
        .send()
        .await
        .unwrap()
}

/// Three sessions of one user: (access token, refresh token) each.
async fn three_sessions(app: &TestApp) -> Vec<(String, String)> {
    app.create_user("owner@example.com").await;
    let mut sessions = Vec::new();
    for _ in 0..3 {
        let s: Value = app.sign_in("owner@example.com").await;
        sessions.push((
            s["access_token"].as_str().unwrap().to_string(),
            s["refresh_token"].as_str().unwrap().to_string(),
        ));
    }
    sessions
}

async fn alive(app: &TestApp, session: &(String, String)) -> bool {
    app.get_user(&session.0).await.status() == StatusCode::OK
}

#[tokio::test]
async fn global_logout_ends_every_session() {
    let app = spawn_app().await;
    let s = three_sessions(&app).await;
    let res = logout(&app, &s[0].0, None).await;
    assert_eq!(res.status(), 204);
    for session in &s {
        assert!(!alive(&app, session).await);
        let (status, code, _) = error(app.refresh_raw(&session.1).await).await;
        assert_eq!((status, code.as_str()), (400, "refresh_token_not_found"));
    }
    let res = logout(&app, &s[1].0, Some("global")).await;
    let (status, code, _) = error(res).await;
    assert_eq!((status, code.as_str()), (403, "session_not_found"));
}

#[tokio::test]
async fn local_logout_ends_only_this_session() {
    let app = spawn_app().await;
    let s = three_sessions(&app).await;
    assert_eq!(logout(&app, &s[0].0, Some("local")).await.status(), 204);
    assert!(!alive(&app, &s[0]).await);
    assert!(alive(&app, &s[1]).await);
    assert!(alive(&app, &s[2]).await);
    assert_eq!(app.refresh_raw(&s[1].1).await.status(), 200);
}

#[tokio::test]
async fn others_logout_keeps_only_this_session() {
    let app = spawn_app().await;
    let s = three_sessions(&app).await;
    assert_eq!(logout(&app, &s[0].0, Some("others")).await.status(), 204);
    assert!(alive(&app, &s[0]).await);
    assert!(!alive(&app, &s[1]).await);
    assert!(!alive(&app, &s[2]).await);
    assert_eq!(app.refresh_raw(&s[0].1).await.status(), 200);
}

#[tokio::test]
async fn logout_refusals() {
    let app = spawn_app().await;
    let s = three_sessions(&app).await;
    let (status, code, _) = error(logout(&app, &s[0].0, Some("everywhere")).await).await;
    assert_eq!((status, code.as_str()), (400, "validation_failed"));
    let res = app.client.post(app.url("/logout")).send().await.unwrap();
    assert_eq!(res.status(), 401);
    let expired = sign(
        &serde_json::json!({"sub": uuid::Uuid::new_v4(), "role": "authenticated", "exp": now() - 120}),
    );
    let (status, code, _) = error(logout(&app, &expired, None).await).await;
    assert_eq!((status, code.as_str()), (403, "bad_jwt"));
    assert!(alive(&app, &s[0]).await, "refusals end nothing");
}
