//! Attacks on the new ways in: guessing a sign-up's confirmation code,
//! replaying one PKCE auth code in parallel, and making anonymous users from
//! addresses a client makes up in `X-Forwarded-For`.

use reqwest::Method;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::helpers::{error, loose_limits, settings, spawn_with, TestApp, PASSWORD};

async fn confirming_app() -> TestApp {
    let mut s = settings();
    s.disable_signup = false;
    s.mailer_autoconfirm = false;
    spawn_with(s, loose_limits()).await
}

async fn post(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The newest mailed variable `var` of the confirmation mail to `address`.
async fn mailed(app: &TestApp, address: &str, var: &str) -> String {
    sqlx::query_scalar(
        "SELECT vars->>$2 FROM pleat_mail.outbox \
          WHERE recipient = $1 AND template = 'confirmation' ORDER BY id DESC LIMIT 1",
    )
    .bind(address)
    .bind(var)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn wrong_sign_up_codes_use_the_code_up() {
    let app = confirming_app().await;
    let email = "guessed@example.com";
    let res = post(
        &app,
        "/signup",
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let user: Value = res.json().await.unwrap();
    assert!(
        user.get("access_token").is_none(),
        "no session before the address is confirmed"
    );
    let code = mailed(&app, email, "token").await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for verify_type in ["signup", "email", "signup", "email", "signup"] {
        let (status, code, _) = error(
            post(
                &app,
                "/verify",
                json!({"type": verify_type, "email": email, "token": wrong}),
            )
            .await,
        )
        .await;
        assert_eq!((status, code.as_str()), (403, "otp_expired"));
    }
    let (status, code, _) = error(
        post(
            &app,
            "/verify",
            json!({"type": "signup", "email": email, "token": code}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (403, "otp_expired"),
        "five wrong guesses deleted the code"
    );
    let (status, code, _) = error(app.sign_in_raw(email, PASSWORD).await).await;
    assert_eq!((status, code.as_str()), (400, "email_not_confirmed"));
}

#[tokio::test]
async fn one_pkce_code_makes_one_session_however_many_exchange_it() {
    let app = confirming_app().await;
    let email = "pkce@example.com";
    let verifier = "v".repeat(64);
    let challenge = base64::Engine::encode(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD,
        Sha256::digest(verifier.as_bytes()),
    );
    let res = post(
        &app,
        "/signup",
        json!({"email": email, "password": PASSWORD, "code_challenge": challenge, "code_challenge_method": "s256"}),
    )
    .await;
    assert_eq!(res.status(), 200);
    // The link names the configured site URL; the query is what counts.
    let link = mailed(&app, email, "link").await;
    let query = url::Url::parse(&link).unwrap().query().unwrap().to_string();
    let followed = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(app.url(&format!("/verify?{query}")))
        .send()
        .await
        .unwrap();
    assert_eq!(followed.status(), 303);
    let location = url::Url::parse(followed.headers()["location"].to_str().unwrap()).unwrap();
    let code = location
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .expect("a code in the query");

    let exchanges = (0..8).map(|_| {
        post(
            &app,
            "/token?grant_type=pkce",
            json!({"auth_code": code, "code_verifier": verifier}),
        )
    });
    let statuses: Vec<u16> = futures_util::future::join_all(exchanges)
        .await
        .iter()
        .map(|r| r.status().as_u16())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 404),
        "{statuses:?}"
    );
    let sessions: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM auth.sessions s JOIN auth.users u ON u.id = s.user_id WHERE u.email = $1",
    )
    .bind(email)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(sessions, 1);
}

#[tokio::test]
async fn made_up_forwarded_addresses_share_the_peers_anonymous_budget() {
    let mut s = settings();
    s.disable_signup = false;
    s.enable_anonymous_sign_ins = true;
    let app = spawn_with(s, loose_limits()).await;
    let burst = pleat_auth::RateLimits::default().anonymous.burst;
    for i in 0..=burst {
        let res = app
            .client
            .request(Method::POST, app.url("/signup"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .header("X-Forwarded-For", format!("203.0.113.{}", i % 250))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        if i < burst {
            assert_eq!(res.status(), 200, "sign-in {i}");
        } else {
            let (status, code, _) = error(res).await;
            assert_eq!((status, code.as_str()), (429, "over_request_rate_limit"));
        }
    }
    let anonymous: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.users WHERE is_anonymous")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(anonymous, i64::from(burst));
}

#[tokio::test]
async fn signing_up_an_invited_address_shows_nothing_the_inviter_wrote() {
    let mut s = settings();
    s.disable_signup = false;
    s.mailer_autoconfirm = false;
    // The sign-up mails the address right after the invite did.
    let limits = pleat_auth::RateLimits {
        email_interval: std::time::Duration::from_millis(1),
        ..loose_limits()
    };
    let app = spawn_with(s, limits).await;
    let email = "invited@example.com";
    let invited = app
        .admin(Method::POST, "/invite")
        .json(&json!({"email": email, "data": {"note": "the new manager"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(invited.status(), 200);
    let res = post(
        &app,
        "/signup",
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(res.status(), 200);
    let user: Value = res.json().await.unwrap();
    assert_eq!(user["user_metadata"], json!({}));
    assert_eq!(user["identities"], json!([]));
    assert!(user.get("access_token").is_none());
}
