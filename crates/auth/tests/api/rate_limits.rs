use std::time::Duration;

use pleat_auth::RateLimits;
use serde_json::json;

use crate::helpers::{error, settings, spawn_with, TestApp, PASSWORD};

fn strict() -> RateLimits {
    RateLimits::default()
}

async fn empty_token_request(app: &TestApp, forwarded_for: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url("/token?grant_type=password"))
        .header("X-Supabase-Api-Version", "2024-01-01");
    if let Some(ip) = forwarded_for {
        req = req.header("X-Forwarded-For", ip);
    }
    req.json(&json!({})).send().await.unwrap()
}

#[tokio::test]
async fn the_token_endpoint_answers_429_after_the_burst() {
    let app = spawn_with(settings(), strict()).await;
    for i in 0..30 {
        let res = empty_token_request(&app, None).await;
        assert_eq!(res.status(), 400, "request {i} is within the burst");
    }
    let res = empty_token_request(&app, None).await;
    assert_eq!(res.status(), 429);
    let retry_after: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry_after), "{retry_after}");
    let (_, code, _) = error(res).await;
    assert_eq!(code, "over_request_rate_limit");
    // The limit covers refreshes too, and no other endpoint.
    assert_eq!(app.refresh_raw("whatever").await.status(), 429);
    assert_eq!(
        app.client
            .get(app.url("/settings"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
}

#[tokio::test]
async fn forwarded_for_is_ignored_from_untrusted_peers() {
    let app = spawn_with(
        settings(),
        RateLimits {
            ip_burst: 2,
            ..strict()
        },
    )
    .await;
    assert_eq!(
        empty_token_request(&app, Some("198.51.100.1"))
            .await
            .status(),
        400
    );
    assert_eq!(
        empty_token_request(&app, Some("198.51.100.2"))
            .await
            .status(),
        400
    );
    assert_eq!(
        empty_token_request(&app, Some("198.51.100.3"))
            .await
            .status(),
        429,
        "the peer is what counts"
    );
}

#[tokio::test]
async fn forwarded_for_names_the_client_behind_a_trusted_proxy() {
    let mut s = settings();
    s.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    let app = spawn_with(
        s,
        RateLimits {
            ip_burst: 2,
            ..strict()
        },
    )
    .await;
    for _ in 0..2 {
        assert_eq!(
            empty_token_request(&app, Some("198.51.100.1"))
                .await
                .status(),
            400
        );
    }
    assert_eq!(
        empty_token_request(&app, Some("198.51.100.1"))
            .await
            .status(),
        429
    );
    assert_eq!(
        empty_token_request(&app, Some("198.51.100.2"))
            .await
            .status(),
        400,
        "another client has its own bucket"
    );
    assert_eq!(
        empty_token_request(&app, Some("6.6.6.6, 198.51.100.1"))
            .await
            .status(),
        429,
        "forged hops on the left are ignored"
    );
}

#[tokio::test]
async fn five_failed_passwords_lock_the_account_for_a_while() {
    let app = spawn_with(settings(), strict()).await;
    app.create_user("owner@example.com").await;
    app.create_user("other@example.com").await;
    for _ in 0..5 {
        assert_eq!(
            error(app.sign_in_raw("owner@example.com", "wrong password").await)
                .await
                .1,
            "invalid_credentials"
        );
    }
    let res = app.sign_in_raw("owner@example.com", PASSWORD).await;
    assert_eq!(res.status(), 429, "even the right password waits");
    let retry_after: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after > 800 && retry_after <= 900, "{retry_after}");
    assert_eq!(error(res).await.1, "over_request_rate_limit");
    assert_eq!(
        app.sign_in_raw("other@example.com", PASSWORD)
            .await
            .status(),
        200,
        "other accounts are unaffected"
    );
    // Unknown emails lock the same way, so a lockout tells nothing.
    for _ in 0..5 {
        app.sign_in_raw("ghost@example.com", "x").await;
    }
    assert_eq!(
        app.sign_in_raw("ghost@example.com", "x").await.status(),
        429
    );
}

#[tokio::test]
async fn a_successful_sign_in_resets_the_failure_count() {
    let app = spawn_with(
        settings(),
        RateLimits {
            account_window: Duration::from_secs(900),
            ..strict()
        },
    )
    .await;
    app.create_user("owner@example.com").await;
    for _ in 0..4 {
        app.sign_in_raw("owner@example.com", "wrong password").await;
    }
    assert_eq!(
        app.sign_in_raw("owner@example.com", PASSWORD)
            .await
            .status(),
        200
    );
    for _ in 0..4 {
        app.sign_in_raw("owner@example.com", "wrong password").await;
    }
    assert_eq!(
        app.sign_in_raw("owner@example.com", PASSWORD)
            .await
            .status(),
        200
    );
}
