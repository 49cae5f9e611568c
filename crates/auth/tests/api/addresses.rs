use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, loose_limits, settings, spawn_with, TestApp, PASSWORD};

const INVALID: &str = "Unable to validate email address: invalid format";

/// Addresses GoTrue's format rule refuses though each has one `@`, a local
/// part and a dotted domain.
const BAD: &[&str] = &[
    "xx:;x@x.x",
    "a(b)@example.com",
    "a@exa_mple.com",
    "a@-example.com",
    "ü@example.com",
];

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Value,
) -> reqwest::Response {
    app.client
        .request(method, app.url(path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

#[tokio::test]
async fn every_entry_point_refuses_an_address_gotrue_refuses() {
    let app = spawn_with(
        pleat_auth::AuthSettings {
            disable_signup: false,
            ..settings()
        },
        loose_limits(),
    )
    .await;
    let owner = app.create_user("owner@example.com").await;
    let user_token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let service = app.service_key.clone();
    let anon = app.anon_key.clone();
    let users_before = count(&app, "SELECT count(*) FROM auth.users").await;
    for bad in BAD {
        let cases: Vec<(Method, String, &str, Value)> = vec![
            (
                Method::POST,
                "/signup".into(),
                &anon,
                json!({"email": bad, "password": PASSWORD}),
            ),
            (
                Method::POST,
                "/otp".into(),
                &anon,
                json!({"email": bad, "create_user": true}),
            ),
            (
                Method::POST,
                "/magiclink".into(),
                &anon,
                json!({"email": bad}),
            ),
            (
                Method::POST,
                "/recover".into(),
                &anon,
                json!({"email": bad}),
            ),
            (
                Method::POST,
                "/resend".into(),
                &anon,
                json!({"type": "signup", "email": bad}),
            ),
            (
                Method::POST,
                "/invite".into(),
                &service,
                json!({"email": bad}),
            ),
            (
                Method::POST,
                "/admin/users".into(),
                &service,
                json!({"email": bad, "password": PASSWORD}),
            ),
            (
                Method::PUT,
                format!("/admin/users/{}", owner.id),
                &service,
                json!({"email": bad}),
            ),
            (
                Method::POST,
                "/admin/generate_link".into(),
                &service,
                json!({"type": "invite", "email": bad}),
            ),
            (
                Method::POST,
                "/admin/generate_link".into(),
                &service,
                json!({"type": "email_change_new", "email": "owner@example.com", "new_email": bad}),
            ),
            (
                Method::PUT,
                "/user".into(),
                &user_token,
                json!({"email": bad}),
            ),
        ];
        for (method, path, token, body) in cases {
            let (status, code, answer) =
                error(call(&app, method.clone(), &path, token, body).await).await;
            assert_eq!(
                (status, code.as_str()),
                (400, "validation_failed"),
                "{method} {path} {bad}: {answer}"
            );
            assert_eq!(answer["message"], INVALID, "{method} {path} {bad}");
        }
        // GoTrue answers a malformed address on a code verification with its own message.
        let body = json!({"type": "email", "email": bad, "token": "123456"});
        let (status, code, answer) =
            error(call(&app, Method::POST, "/verify", &anon, body).await).await;
        assert_eq!(
            (status, code.as_str()),
            (422, "validation_failed"),
            "verify {bad}: {answer}"
        );
        assert_eq!(answer["message"], "Invalid email format");
    }
    assert_eq!(
        count(&app, "SELECT count(*) FROM auth.users").await,
        users_before,
        "no account was made"
    );
    assert_eq!(
        count(&app, "SELECT count(*) FROM pleat_mail.outbox").await,
        0,
        "no mail was queued"
    );
    let owner_now = app
        .get_user(&user_token)
        .await
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(owner_now["email"], "owner@example.com");
    assert!(
        owner_now.get("new_email").is_none(),
        "no email change is pending: {owner_now}"
    );
}

#[tokio::test]
async fn addresses_gotrue_accepts_still_work() {
    let app = spawn_with(settings(), loose_limits()).await;
    for (i, good) in [
        "First.Last+tag@Sub.Example.org",
        "a!#$%&'*+/=?^_`{|}~-z@example.com",
        "root@localhost",
    ]
    .iter()
    .enumerate()
    {
        let res = call(
            &app,
            Method::POST,
            "/admin/users",
            &app.service_key,
            json!({"email": good, "password": PASSWORD}),
        )
        .await;
        assert_eq!(res.status(), 200, "{i}: {good}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["email"], good.to_lowercase());
    }
}
