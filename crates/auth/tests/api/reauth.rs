//! `reauthenticate` and secure password change: a session older than a day
//! (aged in the database here) changes the password only with the mailed
//! nonce; wrong nonces are answered as GoTrue does and counted as wrong
//! codes, so guessing one is bounded as for any mailed code.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, loose_limits, settings, spawn_app, spawn_with, TestApp, PASSWORD};

async fn put_user(app: &TestApp, token: &str, body: Value) -> reqwest::Response {
    app.client
        .request(Method::PUT, app.url("/user"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn reauthenticate(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(app.url("/reauthenticate"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// The newest nonce mailed to `address`.
async fn nonce(app: &TestApp, address: &str) -> String {
    sqlx::query_scalar(
        "SELECT vars->>'token' FROM pleat_mail.outbox \
          WHERE recipient = $1 AND template = 'reauthentication' ORDER BY id DESC LIMIT 1",
    )
    .bind(address)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

/// A session signed in 25 hours ago.
async fn old_session(app: &TestApp, email: &str) -> String {
    let session = app.sign_in(email).await;
    let token = session["access_token"].as_str().unwrap().to_string();
    let claims = crate::helpers::claims(&token);
    sqlx::query(
        "UPDATE auth.sessions SET created_at = now() - interval '25 hours' WHERE id = $1::uuid",
    )
    .bind(claims["session_id"].as_str().unwrap())
    .execute(&app.pool)
    .await
    .unwrap();
    token
}

#[tokio::test]
async fn an_old_session_changes_the_password_only_with_the_mailed_nonce() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let token = old_session(&app, "owner@example.com").await;

    let (status, code, body) =
        error(put_user(&app, &token, json!({"password": "a new long password"})).await).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "reauthentication_needed"),
        "{body}"
    );
    assert_eq!(body["message"], "Password update requires reauthentication");

    let (status, code, body) = error(
        put_user(
            &app,
            &token,
            json!({"password": "a new long password", "nonce": "123456"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (422, "reauthentication_not_valid"),
        "{body}"
    );
    assert_eq!(body["message"], "Nonce has expired or is invalid");

    let res = reauthenticate(&app, &token).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), json!({}));
    let sent: Option<chrono::DateTime<chrono::Utc>> = sqlx::query_scalar(
        "SELECT reauthentication_sent_at FROM auth.users WHERE email = 'owner@example.com'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(sent.is_some());
    let code_ = nonce(&app, "owner@example.com").await;
    let wrong = if code_ == "000000" {
        "000001"
    } else {
        "000000"
    };
    let (status, code, _) = error(
        put_user(
            &app,
            &token,
            json!({"password": "a new long password", "nonce": wrong}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "reauthentication_not_valid"));

    let res = put_user(
        &app,
        &token,
        json!({"password": "a new long password", "nonce": code_}),
    )
    .await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        app.sign_in_raw("owner@example.com", "a new long password")
            .await
            .status(),
        200
    );
    assert_eq!(
        app.sign_in_raw("owner@example.com", PASSWORD)
            .await
            .status(),
        400
    );

    // The nonce works once.
    let (status, code, _) = error(
        put_user(
            &app,
            &token,
            json!({"password": "yet another password", "nonce": code_}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "reauthentication_not_valid"));
}

#[tokio::test]
async fn a_recent_session_needs_no_nonce_and_the_setting_turns_it_off() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        put_user(&app, &token, json!({"password": "a new long password"}))
            .await
            .status(),
        200
    );

    let off = spawn_with(
        pleat_auth::AuthSettings {
            secure_password_change: false,
            ..settings()
        },
        loose_limits(),
    )
    .await;
    off.create_user("owner@example.com").await;
    let token = old_session(&off, "owner@example.com").await;
    assert_eq!(
        put_user(&off, &token, json!({"password": "a new long password"}))
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn guessing_the_nonce_kills_it_after_five_wrong_tries() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let token = old_session(&app, "owner@example.com").await;
    assert_eq!(reauthenticate(&app, &token).await.status(), 200);
    let right = nonce(&app, "owner@example.com").await;
    let wrongs: Vec<String> = (0..1_000_000)
        .map(|n| format!("{n:06}"))
        .filter(|c| *c != right)
        .take(5)
        .collect();
    for wrong in &wrongs {
        let (status, code, _) = error(
            put_user(
                &app,
                &token,
                json!({"password": "a new long password", "nonce": wrong}),
            )
            .await,
        )
        .await;
        assert_eq!((status, code.as_str()), (422, "reauthentication_not_valid"));
    }
    let (status, code, _) = error(
        put_user(
            &app,
            &token,
            json!({"password": "a new long password", "nonce": right}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (422, "reauthentication_not_valid"),
        "the nonce died"
    );
}

#[tokio::test]
async fn reauthenticate_needs_a_confirmed_address_and_is_limited_like_every_mail() {
    let app = spawn_app().await;
    app.accounts()
        .create_user("new@example.com", PASSWORD, false)
        .await
        .unwrap();
    app.create_user("owner@example.com").await;
    let token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(reauthenticate(&app, &token).await.status(), 200);
    let (status, code, _) = error(reauthenticate(&app, &token).await).await;
    assert_eq!((status, code.as_str()), (429, "over_email_send_rate_limit"));
    // An unconfirmed user cannot sign in with a password, so make its session
    // the way a confirmation link would not: sign a token for a fresh session.
    let id: uuid::Uuid =
        sqlx::query_scalar("SELECT id FROM auth.users WHERE email = 'new@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let session = uuid::Uuid::new_v4();
    sqlx::query("INSERT INTO auth.sessions (id, user_id) VALUES ($1, $2)")
        .bind(session)
        .bind(id)
        .execute(&app.pool)
        .await
        .unwrap();
    let now = crate::helpers::now();
    let unconfirmed = crate::helpers::sign(&json!({
        "sub": id, "role": "authenticated", "aud": "authenticated", "session_id": session,
        "iat": now, "exp": now + 600,
    }));
    let (status, code, body) = error(reauthenticate(&app, &unconfirmed).await).await;
    assert_eq!(
        (status, code.as_str()),
        (422, "email_not_confirmed"),
        "{body}"
    );
    assert_eq!(body["message"], "Please verify your email first.");
}
