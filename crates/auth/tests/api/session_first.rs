//! GoTrue's order: an endpoint behind `requireAuthentication` (or the admin
//! check) refuses a caller without a session (or without the service role)
//! before it says a feature is off, a parameter is wrong or a path is unknown;
//! endpoints whose feature switch comes first in GoTrue's router (the OAuth
//! server, SSO) answer "disabled" to anyone.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, spawn_app, TestApp};

const NO_TOKEN: &str = "This endpoint requires a valid Bearer token";

async fn send(
    app: &TestApp,
    method: &Method,
    path: &str,
    token: Option<&str>,
) -> (u16, String, Value) {
    let mut req = app
        .client
        .request(method.clone(), app.url(path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"factor_type": "totp", "friendly_name": "phone", "code": "123456"}));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    error(req.send().await.unwrap()).await
}

async fn signed_in(app: &TestApp, email: &str) -> String {
    app.create_user(email).await;
    app.sign_in(email).await["access_token"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn endpoints_that_need_a_session_ask_for_one_first() {
    let app = spawn_app().await;
    let token = signed_in(&app, "owner@example.com").await;
    let ended = signed_in(&app, "gone@example.com").await;
    let res = app
        .client
        .post(app.url("/logout"))
        .bearer_auth(&ended)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let factor = uuid::Uuid::new_v4();
    // What a signed-in caller gets: the feature's answer, once the session is known.
    let cases: Vec<(Method, String, u16, &str)> = vec![
        (Method::GET, "/reauthenticate".into(), 200, ""),
        (
            Method::POST,
            "/reauthenticate".into(),
            405,
            "method_not_allowed",
        ),
        (Method::POST, "/factors".into(), 200, ""),
        (Method::GET, "/factors".into(), 405, "method_not_allowed"),
        (
            Method::POST,
            format!("/factors/{factor}/challenge"),
            404,
            "mfa_factor_not_found",
        ),
        (
            Method::POST,
            format!("/factors/{factor}/verify"),
            404,
            "mfa_factor_not_found",
        ),
        (
            Method::DELETE,
            format!("/factors/{factor}"),
            404,
            "mfa_factor_not_found",
        ),
        (
            Method::GET,
            "/user/identities/authorize?provider=github".into(),
            404,
            "manual_linking_disabled",
        ),
        (
            Method::DELETE,
            format!("/user/identities/{factor}"),
            404,
            "manual_linking_disabled",
        ),
        (
            Method::GET,
            "/user/oauth/grants".into(),
            404,
            "feature_disabled",
        ),
        (
            Method::DELETE,
            "/user/oauth/grants?client_id=x".into(),
            404,
            "feature_disabled",
        ),
        (Method::GET, "/user/nothing-here".into(), 404, "not_found"),
        (Method::DELETE, "/user".into(), 405, "method_not_allowed"),
        (
            Method::POST,
            "/logout?scope=everywhere".into(),
            400,
            "validation_failed",
        ),
    ];
    for (method, path, status, code) in &cases {
        let (s, c, body) = send(&app, method, path, None).await;
        assert_eq!(
            (s, c.as_str()),
            (401, "no_authorization"),
            "{method} {path} without a token: {body}"
        );
        assert_eq!(body["message"], NO_TOKEN, "{method} {path}");
        // supabase-js sends the API key as the bearer when it has no session.
        let (s, c, body) = send(&app, method, path, Some(&app.anon_key)).await;
        assert_eq!(
            (s, c.as_str()),
            (403, "bad_jwt"),
            "{method} {path} with the anon key: {body}"
        );
        assert_eq!(body["message"], "invalid claim: missing sub claim");
        let (s, c, body) = send(&app, method, path, Some(&ended)).await;
        assert_eq!(
            (s, c.as_str()),
            (403, "session_not_found"),
            "{method} {path} after sign-out: {body}"
        );
        let (s, c, body) = send(&app, method, path, Some(&token)).await;
        assert_eq!(
            (s, c.as_str()),
            (*status, *code),
            "{method} {path} signed in: {body}"
        );
    }
}

#[tokio::test]
async fn admin_endpoints_ask_for_the_service_role_first() {
    let app = spawn_app().await;
    let token = signed_in(&app, "owner@example.com").await;
    let owner = app.create_user("staff@example.com").await.id;
    let other = uuid::Uuid::new_v4();
    let cases: Vec<(Method, String, u16, &str)> = vec![
        (
            Method::GET,
            "/admin/sso/providers".into(),
            404,
            "saml_provider_disabled",
        ),
        (
            Method::GET,
            "/admin/oauth/clients".into(),
            404,
            "feature_disabled",
        ),
        (
            Method::POST,
            format!("/admin/oauth/clients/{other}/regenerate_secret"),
            404,
            "feature_disabled",
        ),
        (
            Method::GET,
            "/admin/custom-providers".into(),
            404,
            "feature_disabled",
        ),
        (
            Method::DELETE,
            format!("/admin/users/{owner}/factors/{other}"),
            404,
            "mfa_factor_not_found",
        ),
        (
            Method::GET,
            format!("/admin/users/{other}/factors"),
            404,
            "user_not_found",
        ),
        (
            Method::GET,
            "/admin/users/not-a-uuid/factors".into(),
            404,
            "validation_failed",
        ),
        (
            Method::DELETE,
            format!("/admin/users/{owner}/passkeys/{other}"),
            404,
            "validation_failed",
        ),
        (Method::GET, "/admin/nothing-here".into(), 404, "not_found"),
        (
            Method::PATCH,
            "/admin/users".into(),
            405,
            "method_not_allowed",
        ),
        (
            Method::GET,
            "/admin/generate_link".into(),
            405,
            "method_not_allowed",
        ),
        (
            Method::PATCH,
            format!("/admin/users/{owner}"),
            405,
            "method_not_allowed",
        ),
    ];
    for (method, path, status, code) in &cases {
        let (s, c, body) = send(&app, method, path, None).await;
        assert_eq!(
            (s, c.as_str()),
            (401, "no_authorization"),
            "{method} {path} without a token: {body}"
        );
        assert_eq!(body["message"], NO_TOKEN);
        for key in [&token, &app.anon_key] {
            let (s, c, body) = send(&app, method, path, Some(key)).await;
            assert_eq!(
                (s, c.as_str()),
                (403, "not_admin"),
                "{method} {path} without the service role: {body}"
            );
        }
        let (s, c, body) = send(&app, method, path, Some(&app.service_key)).await;
        assert_eq!(
            (s, c.as_str()),
            (*status, *code),
            "{method} {path} as service_role: {body}"
        );
    }
    // No factors or passkeys exist here, so a user's lists are empty, as GoTrue
    // answers for a user who enrolled none (`mfa` tests the lists with factors).
    for list in ["factors", "passkeys"] {
        let res = app
            .admin(Method::GET, &format!("/admin/users/{owner}/{list}"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{list}");
        assert_eq!(res.json::<Value>().await.unwrap(), json!([]), "{list}");
    }
}

#[tokio::test]
async fn features_switched_off_before_the_session_check_say_so_to_anyone() {
    let app = spawn_app().await;
    let cases: &[(Method, &str, &str, &str)] = &[
        (
            Method::GET,
            "/oauth/authorizations/abc",
            "feature_disabled",
            "OAuth server is disabled",
        ),
        (
            Method::POST,
            "/oauth/clients/register",
            "feature_disabled",
            "OAuth server is disabled",
        ),
        (
            Method::GET,
            "/oauth/userinfo",
            "feature_disabled",
            "OAuth server is disabled",
        ),
        (
            Method::POST,
            "/sso",
            "saml_provider_disabled",
            "SAML 2.0 is disabled",
        ),
    ];
    for (method, path, code, message) in cases {
        let (s, c, body) = send(&app, method, path, None).await;
        assert_eq!((s, c.as_str()), (404, *code), "{method} {path}: {body}");
        assert_eq!(body["message"], *message, "{method} {path}");
    }
}
