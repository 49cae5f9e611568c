//! The limits of the endpoints that mail: mails per client (an IPv6 client is
//! its /64), probing `/otp` for accounts, and invites, which are mail like
//! any other and never make a second account for one address.

use std::net::IpAddr;

use futures_util::future::join_all;
use pleat_auth::rate_limit::RequestRate;
use pleat_auth::RateLimits;
use serde_json::json;

use super::codes::recover_from;
use super::{behind_proxy, strict, throttled};
use crate::helpers::{error, spawn_with, TestApp};

async fn otp_from(app: &TestApp, path: &str, ip: &str, email: &str) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .header("X-Forwarded-For", ip)
        .json(&json!({"email": email, "create_user": false}))
        .send()
        .await
        .unwrap()
}

async fn invite(app: &TestApp, email: &str) -> reqwest::Response {
    app.admin(reqwest::Method::POST, "/invite")
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap()
}

async fn count(app: &TestApp, sql: &str, email: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(email)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn accounts(app: &TestApp, email: &str) -> i64 {
    count(
        app,
        "SELECT count(*) FROM auth.users WHERE lower(email) = $1",
        email,
    )
    .await
}

async fn mails(app: &TestApp, email: &str) -> i64 {
    count(
        app,
        "SELECT count(*) FROM pleat_mail.outbox WHERE recipient = $1",
        email,
    )
    .await
}

#[tokio::test]
async fn an_ipv6_client_sends_its_mails_per_hour_from_its_whole_64() {
    // The request rate in front of /recover is loosened, so that the mail
    // count is what answers.
    let limits = RateLimits {
        otp: RequestRate {
            burst: 1_000,
            ..strict().otp
        },
        ..strict()
    };
    let app = spawn_with(behind_proxy(), limits).await;
    for n in 1..=30 {
        let ip = format!("2001:db8:9:9:{n:x}::1");
        let res = recover_from(&app, &ip, &format!("someone{n}@example.com")).await;
        assert_eq!(res.status(), 200, "mail {n}");
    }
    let res = recover_from(&app, "2001:db8:9:9:ffff::ffff", "one-more@example.com").await;
    let (status, code, body) = error(res).await;
    assert_eq!((status, code.as_str()), (429, "over_email_send_rate_limit"));
    assert_eq!(body["message"], "Email rate limit exceeded");
    let res = recover_from(&app, "2001:db8:9:a::1", "one-more@example.com").await;
    assert_eq!(res.status(), 200, "the next /64 is another client");
}

#[tokio::test]
async fn probing_otp_for_accounts_is_held_to_the_clients_otp_rate() {
    let app = spawn_with(behind_proxy(), strict()).await;
    for n in 1..=30 {
        let path = if n % 2 == 0 { "/otp" } else { "/magiclink" };
        let ip = format!("2001:db8:4:4::{n:x}");
        let res = otp_from(&app, path, &ip, &format!("probe{n}@example.com")).await;
        let (status, code, _) = error(res).await;
        assert_eq!((status, code.as_str()), (422, "otp_disabled"), "probe {n}");
    }
    let wait =
        throttled(otp_from(&app, "/otp", "2001:db8:4:4::99", "probe31@example.com").await).await;
    // One back every 10 s, less the time the burst took on a busy machine.
    assert!(
        (1..=10).contains(&wait),
        "30 per 5 minutes: one back every 10 s, not {wait}"
    );
    // The other endpoints that mail share the rate.
    throttled(recover_from(&app, "2001:db8:4:4::98", "probe32@example.com").await).await;
    let res = otp_from(&app, "/otp", "2001:db8:4:5::1", "probe33@example.com").await;
    assert_eq!(res.status(), 422, "another client");
}

#[tokio::test]
async fn invites_are_mail_limited_and_never_multiply_accounts() {
    let app = spawn_with(behind_proxy(), strict()).await;
    let first = invite(&app, "invitee@example.com").await;
    assert_eq!(first.status(), 200);
    let id = first.json::<serde_json::Value>().await.unwrap()["id"].clone();
    for _ in 0..9 {
        let (status, code, _) = error(invite(&app, "invitee@example.com").await).await;
        assert_eq!((status, code.as_str()), (429, "over_email_send_rate_limit"));
    }
    assert_eq!(accounts(&app, "invitee@example.com").await, 1);
    assert_eq!(mails(&app, "invitee@example.com").await, 1);

    // A minute later the invite is sent again, to the same account.
    sqlx::query("UPDATE auth.mail_sends SET sent_at = sent_at - interval '2 minutes'")
        .execute(&app.pool)
        .await
        .unwrap();
    let again = invite(&app, "Invitee@Example.com").await;
    assert_eq!(again.status(), 200);
    assert_eq!(again.json::<serde_json::Value>().await.unwrap()["id"], id);
    assert_eq!(accounts(&app, "invitee@example.com").await, 1);
    assert_eq!(mails(&app, "invitee@example.com").await, 2);

    // Ten at once: one account, one mail.
    let statuses = join_all((0..10).map(|_| invite(&app, "burst@example.com")))
        .await
        .into_iter()
        .map(|r| r.status().as_u16())
        .collect::<Vec<_>>();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        9,
        "{statuses:?}"
    );
    assert_eq!(accounts(&app, "burst@example.com").await, 1);
    assert_eq!(mails(&app, "burst@example.com").await, 1);
}

/// Limits kept in SQL (the app's contact form) count the client as the ones
/// kept by pleat do.
#[tokio::test]
async fn sql_counts_a_client_as_rust_does() {
    let app = spawn_with(behind_proxy(), strict()).await;
    for address in [
        "192.0.2.1",
        "::ffff:192.0.2.1",
        "2001:db8:1:2:3:4:5:6",
        "2001:db8::1",
        "2001:0:0:1::9",
        "fe80::1",
        "::1",
        "::",
        "0.0.0.0",
    ] {
        let ip: IpAddr = address.parse().unwrap();
        let sql: String = sqlx::query_scalar("SELECT auth.client_limit_key($1)")
            .bind(address)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(
            sql,
            pleat_auth::caller::address::limit_key(ip).to_string(),
            "{address}"
        );
    }
    let odd: Option<String> = sqlx::query_scalar("SELECT auth.client_limit_key('unknown')")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(odd.as_deref(), Some("unknown"));
}
