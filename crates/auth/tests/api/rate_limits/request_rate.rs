//! The request budget per client address, and which address that is.

use pleat_auth::rate_limit::RequestRate;
use pleat_auth::RateLimits;

use super::{behind_proxy, empty_token_request, strict, throttled, OWNER};
use crate::helpers::{error, settings, spawn_with};

#[tokio::test]
async fn the_token_endpoint_answers_429_after_the_burst() {
    let app = spawn_with(settings(), strict()).await;
    for i in 0..30 {
        let res = empty_token_request(&app, &[]).await;
        assert_eq!(res.status(), 400, "request {i} is within the burst");
    }
    let wait = throttled(empty_token_request(&app, &[]).await).await;
    assert!((1..=2).contains(&wait), "{wait}");
    // The limit covers refreshes too, and no other endpoint.
    assert_eq!(app.refresh_raw("whatever").await.status(), 429);
    let settings = app.client.get(app.url("/settings")).send().await.unwrap();
    assert_eq!(settings.status(), 200);
}

#[tokio::test]
async fn only_refreshes_of_tokens_that_are_not_live_spend_the_budget() {
    let app = spawn_with(
        settings(),
        RateLimits {
            token: RequestRate {
                burst: 2,
                ..strict().token
            },
            ..strict()
        },
    )
    .await;
    app.create_user(OWNER).await;
    let mut token = app.sign_in(OWNER).await["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();
    for _ in 0..5 {
        let res = app.refresh_raw(&token).await;
        assert_eq!(res.status(), 200, "a live token costs nothing");
        let session: serde_json::Value = res.json().await.unwrap();
        token = session["refresh_token"].as_str().unwrap().to_string();
    }
    assert_eq!(
        error(app.refresh_raw("unknown").await).await.1,
        "refresh_token_not_found"
    );
    throttled(app.refresh_raw("unknown").await).await;
    assert_eq!(app.refresh_raw(&token).await.status(), 200);
}

/// A password sign-in takes its request and counts its attempt in one
/// statement: a request the address's budget refuses is answered 429 before
/// any password check and counts no failed attempt.
#[tokio::test]
async fn a_sign_in_refused_for_the_request_rate_counts_no_attempt() {
    let app = spawn_with(
        settings(),
        RateLimits {
            token: RequestRate {
                burst: 3,
                ..strict().token
            },
            ..strict()
        },
    )
    .await;
    app.create_user(OWNER).await;
    for _ in 0..3 {
        let res = app.sign_in_raw(OWNER, "wrong password").await;
        assert_eq!(error(res).await.1, "invalid_credentials");
    }
    for _ in 0..4 {
        throttled(app.sign_in_raw(OWNER, "wrong password").await).await;
    }
    let failures: Vec<i32> =
        sqlx::query_scalar("SELECT failures FROM auth.sign_in_failures ORDER BY key")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(
        failures,
        vec![3, 3, 3],
        "pair, address and account counted only the checked three"
    );
}

#[tokio::test]
async fn forwarded_for_is_ignored_from_untrusted_peers() {
    let limits = RateLimits {
        token: RequestRate {
            burst: 2,
            ..strict().token
        },
        ..strict()
    };
    let app = spawn_with(settings(), limits).await;
    assert_eq!(
        empty_token_request(&app, &["198.51.100.1"]).await.status(),
        400
    );
    assert_eq!(
        empty_token_request(&app, &["198.51.100.2"]).await.status(),
        400
    );
    assert_eq!(
        empty_token_request(&app, &["198.51.100.3"]).await.status(),
        429,
        "the peer is what counts"
    );
}

#[tokio::test]
async fn forwarded_for_names_the_client_behind_a_trusted_proxy() {
    let app = spawn_with(
        behind_proxy(),
        RateLimits {
            token: RequestRate {
                burst: 2,
                ..strict().token
            },
            ..strict()
        },
    )
    .await;
    for _ in 0..2 {
        assert_eq!(
            empty_token_request(&app, &["198.51.100.1"]).await.status(),
            400
        );
    }
    assert_eq!(
        empty_token_request(&app, &["198.51.100.1"]).await.status(),
        429
    );
    assert_eq!(
        empty_token_request(&app, &["198.51.100.2"]).await.status(),
        400,
        "another client has its own bucket"
    );
    assert_eq!(
        empty_token_request(&app, &["6.6.6.6, 198.51.100.1"])
            .await
            .status(),
        429,
        "forged hops on the left are ignored"
    );
}

#[tokio::test]
async fn a_second_forwarded_for_line_does_not_escape_the_limit() {
    let app = spawn_with(
        behind_proxy(),
        RateLimits {
            token: RequestRate {
                burst: 2,
                ..strict().token
            },
            ..strict()
        },
    )
    .await;
    // The client sends a line of its own (a new address each time); the proxy
    // adds the real one as a second line.
    for i in 0..2 {
        let forged = format!("6.6.6.{i}");
        let res = empty_token_request(&app, &[&forged, "198.51.100.1"]).await;
        assert_eq!(res.status(), 400);
    }
    let res = empty_token_request(&app, &["6.6.6.9", "198.51.100.1"]).await;
    assert_eq!(
        res.status(),
        429,
        "the lines are one list, read from the right"
    );
}
