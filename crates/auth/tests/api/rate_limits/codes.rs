//! Guessing mailed 6-digit codes, as an attacker would: ask for the owner's
//! recovery mail, then try codes at `POST /verify`, from one address or from
//! many. A code dies after 5 wrong tries, an account takes 30 wrong codes an
//! hour from everywhere together, one client 30 `/verify` requests and then
//! 6 a minute; the owner still gets in with a fresh mail.

use std::time::Duration;

use futures_util::future::join_all;
use pleat_auth::RateLimits;
use serde_json::json;
use sha2::{Digest, Sha224};

use super::{behind_proxy, strict, throttled, OWNER};
use crate::helpers::{error, spawn_with, TestApp};

/// The code and token hash of the newest mail to `address`.
pub async fn mailed(app: &TestApp, address: &str) -> (String, String) {
    sqlx::query_as(
        "SELECT vars->>'token', vars->>'token_hash' FROM pleat_mail.outbox \
          WHERE recipient = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(address)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

pub async fn recover_from(app: &TestApp, ip: &str, email: &str) -> reqwest::Response {
    app.client
        .post(app.url("/recover"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .header("X-Forwarded-For", ip)
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap()
}

async fn guess(app: &TestApp, ip: &str, email: &str, code: &str) -> reqwest::Response {
    app.client
        .post(app.url("/verify"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .header("X-Forwarded-For", ip)
        .json(&json!({"type": "recovery", "email": email, "token": code}))
        .send()
        .await
        .unwrap()
}

/// The link of a mail, followed as a browser would (no redirects).
async fn follow_link(app: &TestApp, ip: &str, token_hash: &str) -> reqwest::Response {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(app.url("/verify"))
        .header("X-Forwarded-For", ip)
        .query(&[("token", token_hash), ("type", "recovery")])
        .send()
        .await
        .unwrap()
}

/// The `n`th code that is not `right`.
fn wrong(right: &str, n: u32) -> String {
    let right: u32 = right.parse().unwrap();
    format!("{:06}", (right + 1 + n) % 1_000_000)
}

async fn refused_as_wrong(res: reqwest::Response) {
    let (status, code, _) = error(res).await;
    assert_eq!((status, code.as_str()), (403, "otp_expired"));
}

async fn failures(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM auth.code_failures")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// One mail per address per minute would make the test wait between codes.
fn quick_mail() -> RateLimits {
    RateLimits {
        email_interval: Duration::from_millis(1),
        ..strict()
    }
}

#[tokio::test]
async fn a_code_dies_after_five_wrong_guesses_from_anywhere() {
    let app = spawn_with(behind_proxy(), strict()).await;
    app.create_user(OWNER).await;
    assert_eq!(
        recover_from(&app, "198.51.100.1", OWNER).await.status(),
        200
    );
    let (code, token_hash) = mailed(&app, OWNER).await;
    for n in 0..5 {
        let ip = format!("203.0.113.{}", n + 1);
        refused_as_wrong(guess(&app, &ip, OWNER, &wrong(&code, n)).await).await;
    }
    // The right code and the mail's link come too late: the token is gone.
    refused_as_wrong(guess(&app, "203.0.113.99", OWNER, &code).await).await;
    let link = follow_link(&app, "198.51.100.1", &token_hash).await;
    assert_eq!(link.status(), 303);
    let location = link.headers()["location"].to_str().unwrap();
    assert!(location.contains("error_code=otp_expired"), "{location}");
    let health = app.client.get(app.url("/health")).send().await.unwrap();
    assert_eq!(health.status(), 200, "the process still answers");
}

#[tokio::test]
async fn guesses_spread_over_addresses_and_fresh_codes_meet_the_account_cap() {
    let app = spawn_with(behind_proxy(), quick_mail()).await;
    app.create_user(OWNER).await;
    // Six codes asked for by the attacker, five wrong tries each, every try
    // from an address of its own: 30 wrong codes in all.
    let mut n = 0;
    for round in 0..6 {
        let asker = format!("198.51.100.{}", round + 1);
        assert_eq!(recover_from(&app, &asker, OWNER).await.status(), 200);
        let (code, _) = mailed(&app, OWNER).await;
        for _ in 0..5 {
            n += 1;
            let ip = format!("203.0.{}.{}", n / 250, n % 250 + 1);
            refused_as_wrong(guess(&app, &ip, OWNER, &wrong(&code, n)).await).await;
        }
    }
    assert_eq!(failures(&app).await, 30);
    // A seventh code: neither a wrong nor the right code is checked any more,
    // from any address, and nothing more is counted.
    assert_eq!(
        recover_from(&app, "198.51.100.7", OWNER).await.status(),
        200
    );
    let (code, token_hash) = mailed(&app, OWNER).await;
    let wait = throttled(guess(&app, "192.0.2.200", OWNER, &wrong(&code, 0)).await).await;
    assert!((3000..=3600).contains(&wait), "Retry-After {wait}");
    throttled(guess(&app, "192.0.2.201", OWNER, &code).await).await;
    assert_eq!(failures(&app).await, 30);

    // The owner follows the link of that fresh mail: links are no guesses.
    let link = follow_link(&app, "192.0.2.1", &token_hash).await;
    assert_eq!(link.status(), 303);
    let location = link.headers()["location"].to_str().unwrap();
    assert!(location.contains("access_token="), "{location}");
    // Using it proved the mailbox: the owner's next code is checked again.
    assert_eq!(recover_from(&app, "192.0.2.1", OWNER).await.status(), 200);
    let (code, _) = mailed(&app, OWNER).await;
    let res = guess(&app, "192.0.2.1", OWNER, &code).await;
    assert_eq!(res.status(), 200);
}

#[tokio::test]
async fn a_fresh_code_works_once_the_hour_has_room() {
    let app = spawn_with(behind_proxy(), quick_mail()).await;
    app.create_user(OWNER).await;
    for round in 0..6 {
        recover_from(&app, "198.51.100.1", OWNER).await;
        let (code, _) = mailed(&app, OWNER).await;
        for n in 0..5 {
            refused_as_wrong(
                guess(&app, &format!("203.0.113.{round}"), OWNER, &wrong(&code, n)).await,
            )
            .await;
        }
    }
    recover_from(&app, "198.51.100.1", OWNER).await;
    let (code, _) = mailed(&app, OWNER).await;
    throttled(guess(&app, "192.0.2.1", OWNER, &code).await).await;
    // An hour later the oldest wrong codes have left the window.
    sqlx::query("UPDATE auth.code_failures SET failed_at = failed_at - interval '1 hour'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(guess(&app, "192.0.2.1", OWNER, &code).await.status(), 200);
    assert_eq!(failures(&app).await, 0, "a right code clears the count");
}

#[tokio::test]
async fn parallel_guesses_at_one_code_are_counted_one_by_one() {
    let app = spawn_with(behind_proxy(), strict()).await;
    app.create_user(OWNER).await;
    recover_from(&app, "198.51.100.1", OWNER).await;
    let (code, _) = mailed(&app, OWNER).await;
    let guesses = (0..25).map(|n| {
        let ip = format!("203.0.113.{}", n + 1);
        let app = &app;
        let code = wrong(&code, n);
        async move { guess(app, &ip, OWNER, &code).await.status().as_u16() }
    });
    let statuses = join_all(guesses).await;
    assert!(statuses.iter().all(|s| *s == 403), "{statuses:?}");
    assert_eq!(
        failures(&app).await,
        5,
        "the code died at its fifth wrong try"
    );
    refused_as_wrong(guess(&app, "203.0.113.200", OWNER, &code).await).await;
}

#[tokio::test]
async fn one_client_is_held_to_its_verify_rate_with_its_whole_ipv6_64() {
    let app = spawn_with(behind_proxy(), strict()).await;
    for n in 1..=30 {
        let ip = format!("2001:db8:5:5::{n:x}");
        refused_as_wrong(guess(&app, &ip, "nobody@example.com", "123456").await).await;
    }
    let wait =
        throttled(guess(&app, "2001:db8:5:5:aaaa::1", "nobody@example.com", "123456").await).await;
    // One back every 10 s, less the time the burst took on a busy machine.
    assert!(
        (1..=10).contains(&wait),
        "30 per 5 minutes: one back every 10 s, not {wait}"
    );
    // Links spend from the same rate, answered as GoTrue's limiter does.
    let link = follow_link(&app, "2001:db8:5:5::77", &"ab".repeat(28)).await;
    assert_eq!(link.status(), 429);
    assert!(link.headers().contains_key("retry-after"));
    // Another /64 is another client.
    refused_as_wrong(guess(&app, "2001:db8:5:6::1", "nobody@example.com", "123456").await).await;
}

#[tokio::test]
async fn links_cannot_be_computed_from_the_address_and_the_code() {
    let app = spawn_with(behind_proxy(), strict()).await;
    app.create_user(OWNER).await;
    recover_from(&app, "198.51.100.1", OWNER).await;
    let (code, token_hash) = mailed(&app, OWNER).await;
    assert_eq!(token_hash.len(), 56, "as long as GoTrue's");
    // GoTrue's token hash, SHA-224 of address and code, is anyone's to
    // compute for every code; here it is no link.
    let computed = hex::encode(Sha224::digest(format!("{OWNER}{code}")));
    assert_ne!(computed, token_hash);
    let res = app
        .client
        .post(app.url("/verify"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"type": "recovery", "token_hash": computed}))
        .send()
        .await
        .unwrap();
    refused_as_wrong(res).await;
    let res = app
        .client
        .post(app.url("/verify"))
        .json(&json!({"type": "recovery", "token_hash": token_hash}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "the mailed hash is the link");
}
