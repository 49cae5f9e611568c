//! The request rates per client, the failed-password throttles, the limits on
//! guessing mailed codes and on mail: who is slowed down (the guesser, from
//! any number of addresses), who is not (the owner elsewhere, the owner with
//! a fresh mail), and that the counters live in the database (shared,
//! surviving a restart).

mod codes;
mod mail;
mod request_rate;
mod sign_in;

use pleat_auth::{AuthSettings, RateLimits};
use serde_json::json;

use crate::helpers::{error, settings, TestApp};

pub const OWNER: &str = "owner@example.com";

pub fn strict() -> RateLimits {
    RateLimits::default()
}

/// Behind a proxy on 127.0.0.1, so each test can speak from many addresses.
pub fn behind_proxy() -> AuthSettings {
    let mut s = settings();
    s.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    s
}

pub async fn empty_token_request(app: &TestApp, forwarded_for: &[&str]) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url("/token?grant_type=password"))
        .header("X-Supabase-Api-Version", "2024-01-01");
    for line in forwarded_for {
        req = req.header("X-Forwarded-For", *line);
    }
    req.json(&json!({})).send().await.unwrap()
}

pub async fn sign_in_from(
    app: &TestApp,
    address: &str,
    email: &str,
    password: &str,
) -> reqwest::Response {
    app.client
        .post(app.url("/token?grant_type=password"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .header("X-Forwarded-For", address)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
}

fn retry_after(res: &reqwest::Response) -> u64 {
    res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// 429 in GoTrue's format, with its Retry-After.
pub async fn throttled(res: reqwest::Response) -> u64 {
    assert_eq!(res.status(), 429);
    let wait = retry_after(&res);
    assert_eq!(error(res).await.1, "over_request_rate_limit");
    wait
}
