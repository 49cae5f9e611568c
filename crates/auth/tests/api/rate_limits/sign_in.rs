//! Failed passwords: growing delays for the guesser's address, a mild one
//! for the account, none for the owner elsewhere; kept in the database.

use std::time::Duration;

use pleat_auth::rate_limit::Backoff;
use pleat_auth::rate_limit::RequestRate;
use pleat_auth::RateLimits;

use super::{behind_proxy, empty_token_request, sign_in_from, strict, throttled, OWNER};
use crate::helpers::{error, loose_limits, settings, spawn_beside, spawn_with, PASSWORD};

#[tokio::test]
async fn a_guesser_is_throttled_while_the_owner_elsewhere_gets_in() {
    let app = spawn_with(behind_proxy(), strict()).await;
    app.create_user(OWNER).await;
    app.create_user("other@example.com").await;
    let attacker = "203.0.113.66";
    for _ in 0..5 {
        let res = sign_in_from(&app, attacker, OWNER, "wrong password").await;
        assert_eq!(error(res).await.1, "invalid_credentials");
    }
    let wait = throttled(sign_in_from(&app, attacker, OWNER, PASSWORD).await).await;
    assert!(
        (55..=60).contains(&wait),
        "a minute after the fifth: {wait}"
    );

    let owner = sign_in_from(&app, "198.51.100.7", OWNER, PASSWORD).await;
    assert_eq!(owner.status(), 200, "the owner elsewhere is not locked out");
    assert_eq!(
        sign_in_from(&app, attacker, "other@example.com", PASSWORD)
            .await
            .status(),
        200,
        "the guesser's address may still use its own account"
    );
    assert_eq!(
        sign_in_from(&app, attacker, OWNER, PASSWORD).await.status(),
        429,
        "the owner's sign-in elsewhere does not lift the guesser's delay"
    );
    // Unknown emails are throttled the same way, so a 429 tells nothing.
    for _ in 0..5 {
        sign_in_from(&app, attacker, "ghost@example.com", "x").await;
    }
    throttled(sign_in_from(&app, attacker, "ghost@example.com", "x").await).await;
}

#[tokio::test]
async fn the_delay_doubles_with_each_further_attempt() {
    let limits = RateLimits {
        pair: Backoff {
            free: 2,
            base: Duration::from_millis(1500),
            max: Duration::from_secs(60),
        },
        ..loose_limits()
    };
    let app = spawn_with(behind_proxy(), limits).await;
    app.create_user(OWNER).await;
    let at = "203.0.113.66";
    for _ in 0..2 {
        assert_eq!(sign_in_from(&app, at, OWNER, "wrong").await.status(), 400);
    }
    assert_eq!(
        throttled(sign_in_from(&app, at, OWNER, "wrong").await).await,
        2
    );
    tokio::time::sleep(Duration::from_millis(1800)).await;
    assert_eq!(
        sign_in_from(&app, at, OWNER, "wrong").await.status(),
        400,
        "1.5 s passed"
    );
    throttled(sign_in_from(&app, at, OWNER, "wrong").await).await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        sign_in_from(&app, at, OWNER, PASSWORD).await.status(),
        429,
        "now 3 s must pass, even for the right password"
    );
    tokio::time::sleep(Duration::from_millis(2300)).await;
    assert_eq!(sign_in_from(&app, at, OWNER, PASSWORD).await.status(), 200);
    assert_eq!(
        sign_in_from(&app, at, OWNER, "wrong").await.status(),
        400,
        "a right password clears the count"
    );
}

#[tokio::test]
async fn one_address_guessing_many_accounts_is_throttled() {
    let limits = RateLimits {
        address: Backoff {
            free: 3,
            ..strict().address
        },
        ..loose_limits()
    };
    let app = spawn_with(behind_proxy(), limits).await;
    app.create_user(OWNER).await;
    for i in 0..3 {
        let res = sign_in_from(&app, "203.0.113.66", &format!("u{i}@example.com"), "x").await;
        assert_eq!(res.status(), 400);
    }
    throttled(sign_in_from(&app, "203.0.113.66", OWNER, PASSWORD).await).await;
    assert_eq!(
        sign_in_from(&app, "198.51.100.7", OWNER, PASSWORD)
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn guesses_from_many_addresses_only_slow_the_account_down() {
    let limits = RateLimits {
        account: Backoff {
            free: 3,
            base: Duration::from_secs(2),
            max: Duration::from_secs(30),
        },
        ..loose_limits()
    };
    let app = spawn_with(behind_proxy(), limits).await;
    app.create_user(OWNER).await;
    let home = "198.51.100.7";
    assert_eq!(
        sign_in_from(&app, home, OWNER, PASSWORD).await.status(),
        200
    );
    for i in 0..3 {
        let res = sign_in_from(&app, &format!("203.0.113.{i}"), OWNER, "wrong").await;
        assert_eq!(res.status(), 400);
    }
    let wait = throttled(sign_in_from(&app, "203.0.113.50", OWNER, "wrong").await).await;
    assert!(wait <= 2, "seconds, not minutes: {wait}");
    assert_eq!(
        sign_in_from(&app, home, OWNER, PASSWORD).await.status(),
        200,
        "an address the account signed in from is not slowed down"
    );
}

#[tokio::test]
async fn parallel_guesses_cannot_slip_through_together() {
    let app = spawn_with(behind_proxy(), strict()).await;
    app.create_user(OWNER).await;
    let guesses = (0..15).map(|_| sign_in_from(&app, "203.0.113.66", OWNER, "wrong"));
    let statuses: Vec<u16> = futures_util::future::join_all(guesses)
        .await
        .iter()
        .map(|r| r.status().as_u16())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 400).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        10,
        "{statuses:?}"
    );
}

#[tokio::test]
async fn counters_are_shared_by_replicas_and_outlive_a_restart() {
    // No refill during the test: argon2 in a debug build is slow.
    let limits = RateLimits {
        token: RequestRate {
            burst: 7,
            refill: 1,
            period: Duration::from_secs(3600),
        },
        ..strict()
    };
    let first = spawn_with(behind_proxy(), limits).await;
    first.create_user(OWNER).await;
    for _ in 0..5 {
        let res = sign_in_from(&first, "203.0.113.66", OWNER, "wrong").await;
        assert_eq!(res.status(), 400);
    }
    // A second server on the same database knows nothing the first kept in memory.
    let second = spawn_beside(&first, behind_proxy(), limits).await;
    throttled(sign_in_from(&second, "203.0.113.66", OWNER, PASSWORD).await).await;
    assert_eq!(
        sign_in_from(&second, "198.51.100.7", OWNER, PASSWORD)
            .await
            .status(),
        200
    );
    // The request budget too: 7 in all, 6 spent on the first server.
    assert_eq!(
        empty_token_request(&second, &["203.0.113.66"])
            .await
            .status(),
        400
    );
    assert_eq!(
        empty_token_request(&second, &["203.0.113.66"])
            .await
            .status(),
        429
    );
    assert_eq!(
        empty_token_request(&first, &["203.0.113.66"])
            .await
            .status(),
        429
    );
}

#[tokio::test]
async fn a_successful_sign_in_resets_the_failure_count() {
    let app = spawn_with(settings(), strict()).await;
    app.create_user(OWNER).await;
    for _ in 0..2 {
        for _ in 0..4 {
            app.sign_in_raw(OWNER, "wrong password").await;
        }
        assert_eq!(app.sign_in_raw(OWNER, PASSWORD).await.status(), 200);
    }
}

#[tokio::test]
async fn expired_rows_are_cleaned_up_without_losing_live_ones() {
    let app = spawn_with(settings(), strict()).await;
    // A bucket long refilled and a counter long forgotten, as left by old traffic.
    sqlx::raw_sql(
        "INSERT INTO auth.rate_limits VALUES ('\\x01', now() - interval '1 hour'); \
         INSERT INTO auth.sign_in_failures (key, failures, expires_at) VALUES ('\\x02', 3, now() - interval '1 hour');",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    // The first request of a process cleans up, off the request.
    assert_eq!(empty_token_request(&app, &[]).await.status(), 400);
    let mut left = (1, 1);
    for _ in 0..50 {
        left = sqlx::query_as(
            "SELECT (SELECT count(*) FROM auth.rate_limits WHERE key = '\\x01'), \
                    (SELECT count(*) FROM auth.sign_in_failures WHERE key = '\\x02')",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap();
        if left == (0, 0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(left, (0i64, 0i64));
    let live: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.rate_limits")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(live, 1, "the bucket just used is kept");
}
