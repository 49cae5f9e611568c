//! Pleat as an OAuth 2.1 provider, attacked the way an attacker would: a
//! stolen code replayed, a client secret guessed or sent the wrong way,
//! another app's code, a `redirect_uri` that merely starts like the
//! registered one, and PKCE downgraded to `plain` or skipped.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use reqwest::redirect::Policy;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::helpers::{spawn_oauth_server, TestApp};

const CALLBACK: &str = "https://app.example/cb";

struct Registered {
    id: String,
    secret: Option<String>,
}

async fn register(app: &TestApp, extra: Value) -> Registered {
    let mut body = json!({"client_name": "App", "redirect_uris": [CALLBACK]});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let res = app
        .admin(reqwest::Method::POST, "/admin/oauth/clients")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let client: Value = res.json().await.unwrap();
    Registered {
        id: client["client_id"].as_str().unwrap().to_string(),
        secret: client["client_secret"].as_str().map(str::to_string),
    }
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .unwrap()
}

fn challenge_of(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

/// `/oauth/authorize` with `params` over a good S256 request.
async fn authorize(app: &TestApp, client_id: &str, params: &[(&str, &str)]) -> reqwest::Response {
    let challenge = challenge_of(VERIFIER);
    let mut query: Vec<(&str, &str)> = vec![
        ("response_type", "code"),
        ("client_id", client_id),
        ("redirect_uri", CALLBACK),
        ("state", "st"),
        ("code_challenge", &challenge),
        ("code_challenge_method", "S256"),
    ];
    for (k, v) in params {
        query.retain(|(key, _)| key != k);
        query.push((k, v));
    }
    no_redirects()
        .get(app.url("/oauth/authorize"))
        .query(&query)
        .send()
        .await
        .unwrap()
}

fn location(res: &reqwest::Response) -> url::Url {
    url::Url::parse(res.headers()["location"].to_str().unwrap()).unwrap()
}

fn param(url: &url::Url, key: &str) -> Option<String> {
    url.query_pairs()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

/// A signed-in user approves `client_id`'s request; returns the code.
async fn approved_code(app: &TestApp, client_id: &str, email: &str) -> String {
    app.create_user(email).await;
    let session = app.sign_in(email).await;
    let res = authorize(app, client_id, &[]).await;
    assert_eq!(res.status(), 302);
    let id = param(&location(&res), "authorization_id").unwrap();
    let access_token = session["access_token"].as_str().unwrap();
    // Opening the request binds it to the user, as the consent page does.
    let res = app
        .client
        .get(app.url(&format!("/oauth/authorizations/{id}")))
        .bearer_auth(access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .post(app.url(&format!("/oauth/authorizations/{id}/consent")))
        .bearer_auth(access_token)
        .json(&json!({"action": "approve"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let back = url::Url::parse(body["redirect_url"].as_str().unwrap()).unwrap();
    param(&back, "code").unwrap()
}

async fn token(app: &TestApp, form: &[(&str, &str)], basic: Option<(&str, &str)>) -> (u16, Value) {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(form)
        .finish();
    let mut req = app
        .client
        .post(app.url("/oauth/token"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body);
    if let Some((id, secret)) = basic {
        req = req.header(
            "authorization",
            format!("Basic {}", STANDARD.encode(format!("{id}:{secret}"))),
        );
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

async fn oauth_sessions(app: &TestApp, client_id: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM auth.sessions WHERE oauth_client_id = $1::uuid")
        .bind(client_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_replayed_code_is_refused_and_issues_nothing() {
    let app = spawn_oauth_server().await;
    let client = register(&app, json!({})).await;
    let secret = client.secret.clone().unwrap();
    let code = approved_code(&app, &client.id, "replay@example.com").await;
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("code_verifier", VERIFIER),
    ];
    let (status, first) = token(&app, &form, Some((&client.id, &secret))).await;
    assert_eq!(status, 200, "{first}");
    for _ in 0..3 {
        let (status, body) = token(&app, &form, Some((&client.id, &secret))).await;
        assert_eq!(status, 400);
        assert_eq!(
            body,
            json!({"error": "invalid_grant", "error_description": "Invalid authorization code"})
        );
    }
    assert_eq!(oauth_sessions(&app, &client.id).await, 1);
}

#[tokio::test]
async fn wrong_secrets_methods_and_clients_are_refused() {
    let app = spawn_oauth_server().await;
    let client = register(&app, json!({})).await;
    let secret = client.secret.clone().unwrap();
    let other = register(&app, json!({})).await;
    let code = approved_code(&app, &client.id, "secret@example.com").await;
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("code_verifier", VERIFIER),
    ];
    // A guessed secret.
    let (status, body) = token(&app, &form, Some((&client.id, "guessed-secret"))).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("invalid_client"))
    );
    // No authentication at all.
    let (status, body) = token(&app, &form, None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("invalid_client"))
    );
    // The right secret, sent in the body while the client registered Basic.
    let mut posted = form.to_vec();
    posted.extend([
        ("client_id", client.id.as_str()),
        ("client_secret", secret.as_str()),
    ]);
    let (status, body) = token(&app, &posted, None).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (401, Some("invalid_client"))
    );
    // Posing as a public client of the same id.
    let mut public = form.to_vec();
    public.push(("client_id", client.id.as_str()));
    let (status, _) = token(&app, &public, None).await;
    assert_eq!(status, 401);
    // Another app's valid credentials with this app's code.
    let other_secret = other.secret.clone().unwrap();
    let (status, body) = token(&app, &form, Some((&other.id, &other_secret))).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error_description"],
        "Authorization code was not issued for this client"
    );
    assert_eq!(oauth_sessions(&app, &client.id).await, 0);
    assert_eq!(oauth_sessions(&app, &other.id).await, 0);
    // None of it used the code up.
    let (status, _) = token(&app, &form, Some((&client.id, &secret))).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_redirect_uri_that_only_looks_registered_gets_no_redirect() {
    let app = spawn_oauth_server().await;
    let client = register(&app, json!({})).await;
    for uri in [
        "https://app.example/cb/../evil",
        "https://app.example/cbx",
        "https://app.example/cb/more",
        "https://app.example/cb?next=https://evil.example",
        "https://app.example.evil.example/cb",
        "https://APP.example/cb",
        "https://app.example/cb#",
    ] {
        let res = authorize(&app, &client.id, &[("redirect_uri", uri)]).await;
        assert_eq!(res.status(), 400, "{uri}");
        assert!(res.headers().get("location").is_none(), "{uri}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["msg"], "invalid redirect_uri", "{uri}");
    }
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.oauth_authorizations")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn pkce_cannot_be_downgraded_or_skipped() {
    let app = spawn_oauth_server().await;
    let public = register(&app, json!({"client_type": "public"})).await;
    // A public client must use S256: plain (the verifier in clear in the
    // browser's URL) and a missing challenge go back as invalid_request.
    let plain = "a".repeat(43);
    for params in [
        vec![
            ("code_challenge_method", "plain"),
            ("code_challenge", plain.as_str()),
        ],
        vec![("code_challenge", ""), ("code_challenge_method", "")],
    ] {
        let res = authorize(&app, &public.id, &params).await;
        assert_eq!(res.status(), 302);
        let back = location(&res);
        assert_eq!(param(&back, "error").as_deref(), Some("invalid_request"));
        assert_eq!(param(&back, "state").as_deref(), Some("st"));
    }
    // An S256 code: the challenge itself as the verifier (what a plain
    // downgrade would accept), a missing verifier and a guessed one fail.
    let code = approved_code(&app, &public.id, "pkce@example.com").await;
    let challenge = challenge_of(VERIFIER);
    for verifier in [
        Some(challenge.as_str()),
        None,
        Some("x".repeat(43).as_str()),
    ] {
        let mut form = vec![
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("client_id", public.id.as_str()),
        ];
        if let Some(v) = verifier {
            form.push(("code_verifier", v));
        }
        let (status, body) = token(&app, &form, None).await;
        assert_eq!(status, 400, "{verifier:?}");
        assert_eq!(body["error"], "invalid_grant", "{verifier:?}");
    }
    assert_eq!(oauth_sessions(&app, &public.id).await, 0);
    let (status, body) = token(
        &app,
        &[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("client_id", public.id.as_str()),
            ("code_verifier", VERIFIER),
        ],
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
}
