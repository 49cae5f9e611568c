//! Second factors (TOTP) as GoTrue answers them, and as an attacker who has
//! the password (an aal1 session) would try them: someone else's factor, a
//! used or expired challenge, a replayed code, guessing codes, removing the
//! factor or changing the password without the second factor.

use pleat_auth::mfa::totp;
use pleat_auth::RateLimits;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{claims, error, loose_limits, now, settings, spawn_app, spawn_with, TestApp};

pub(crate) struct Signed {
    pub access: String,
    pub refresh: String,
    pub user_id: String,
}

pub(crate) async fn signed_in(app: &TestApp, email: &str) -> Signed {
    let session = app.sign_in(email).await;
    Signed {
        access: session["access_token"].as_str().unwrap().to_string(),
        refresh: session["refresh_token"].as_str().unwrap().to_string(),
        user_id: session["user"]["id"].as_str().unwrap().to_string(),
    }
}

pub(crate) async fn call(
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

pub(crate) async fn ok(res: reqwest::Response) -> Value {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body
}

/// Enrol a TOTP factor; answers its id and secret.
pub(crate) async fn enroll(app: &TestApp, token: &str, name: &str) -> (String, String) {
    let body = ok(call(
        app,
        Method::POST,
        "/factors",
        token,
        json!({"factor_type": "totp", "friendly_name": name}),
    )
    .await)
    .await;
    (
        body["id"].as_str().unwrap().to_string(),
        body["totp"]["secret"].as_str().unwrap().to_string(),
    )
}

pub(crate) async fn challenge(app: &TestApp, token: &str, factor: &str) -> String {
    let body = ok(call(
        app,
        Method::POST,
        &format!("/factors/{factor}/challenge"),
        token,
        json!({}),
    )
    .await)
    .await;
    body["id"].as_str().unwrap().to_string()
}

pub(crate) async fn verify(
    app: &TestApp,
    token: &str,
    factor: &str,
    challenge: &str,
    code: &str,
) -> reqwest::Response {
    call(
        app,
        Method::POST,
        &format!("/factors/{factor}/verify"),
        token,
        json!({"challenge_id": challenge, "code": code}),
    )
    .await
}

pub(crate) fn code(secret: &str) -> String {
    totp::code(secret, now()).unwrap()
}

/// A code that is wrong now and in the steps either side.
pub(crate) fn wrong_code(secret: &str) -> String {
    let t = now();
    let used: Vec<String> = (-2..=2)
        .map(|d| totp::code(secret, t + d * 30).unwrap())
        .collect();
    (0..1_000_000)
        .map(|n| format!("{n:06}"))
        .find(|c| !used.contains(c))
        .unwrap()
}

/// Sign in, enrol and verify a factor: the aal2 session, the factor, its secret.
pub(crate) async fn enrolled(app: &TestApp, email: &str) -> (Signed, String, String) {
    let mut s = signed_in(app, email).await;
    let (factor, secret) = enroll(app, &s.access, "phone app").await;
    let ch = challenge(app, &s.access, &factor).await;
    let session = ok(verify(app, &s.access, &factor, &ch, &code(&secret)).await).await;
    s.access = session["access_token"].as_str().unwrap().to_string();
    s.refresh = session["refresh_token"].as_str().unwrap().to_string();
    (s, factor, secret)
}

/// The admin API, errors in the 2024-01-01 format.
pub(crate) fn admin(app: &TestApp, method: Method, path: &str) -> reqwest::RequestBuilder {
    app.admin(method, path)
        .header("X-Supabase-Api-Version", "2024-01-01")
}

pub(crate) fn methods(token: &str) -> Vec<String> {
    claims(token)["amr"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["method"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn enrol_challenge_verify_raises_the_session_to_aal2() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    assert_eq!(claims(&s.access)["aal"], "aal1");
    assert_eq!(methods(&s.access), ["password"]);

    let enrolled = ok(call(
        &app,
        Method::POST,
        "/factors",
        &s.access,
        json!({"factor_type": "totp", "friendly_name": "phone app"}),
    )
    .await)
    .await;
    assert_eq!(enrolled["type"], "totp");
    assert_eq!(enrolled["friendly_name"], "phone app");
    let secret = enrolled["totp"]["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 32);
    let uri = enrolled["totp"]["uri"].as_str().unwrap();
    assert!(
        uri.starts_with("otpauth://totp/localhost:8080:owner@example.com?"),
        "{uri}"
    );
    assert!(
        uri.contains(&format!("secret={secret}")) && uri.contains("issuer=localhost"),
        "{uri}"
    );
    assert!(enrolled["totp"]["qr_code"]
        .as_str()
        .unwrap()
        .contains("<svg"));
    let factor = enrolled["id"].as_str().unwrap();
    // The secret is stored sealed.
    let stored: String =
        sqlx::query_scalar("SELECT secret FROM auth.mfa_factors WHERE id = $1::uuid")
            .bind(factor)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(!stored.contains(secret));

    let user: Value = app.get_user(&s.access).await.json().await.unwrap();
    assert_eq!(user["factors"][0]["status"], "unverified");
    assert_eq!(user["factors"][0]["factor_type"], "totp");

    let before = now();
    let ch = ok(call(
        &app,
        Method::POST,
        &format!("/factors/{factor}/challenge"),
        &s.access,
        json!({}),
    )
    .await)
    .await;
    assert_eq!(ch["type"], "totp");
    let expires_at = ch["expires_at"].as_i64().unwrap();
    assert!(
        (before + 299..=now() + 300).contains(&expires_at),
        "{expires_at}"
    );

    let session = ok(verify(
        &app,
        &s.access,
        factor,
        ch["id"].as_str().unwrap(),
        &code(secret),
    )
    .await)
    .await;
    let access = session["access_token"].as_str().unwrap();
    assert_eq!(claims(access)["aal"], "aal2");
    assert_eq!(methods(access), ["totp", "password"], "newest first");
    assert_eq!(
        claims(access)["session_id"],
        claims(&s.access)["session_id"]
    );
    assert_eq!(session["user"]["factors"][0]["status"], "verified");
    assert_eq!(session["token_type"], "bearer");

    // The refresh token of the aal1 session is gone; the new one keeps aal2.
    let (status, code_, _) = error(app.refresh_raw(&s.refresh).await).await;
    assert_eq!((status, code_.as_str()), (400, "refresh_token_not_found"));
    let refreshed: Value = app
        .refresh_raw(session["refresh_token"].as_str().unwrap())
        .await
        .json()
        .await
        .unwrap();
    let access = refreshed["access_token"].as_str().unwrap();
    assert_eq!(claims(access)["aal"], "aal2");
    assert_eq!(methods(access), ["totp", "password"]);
    assert_eq!(refreshed["user"]["factors"][0]["status"], "verified");

    // A new sign-in is aal1 until its own second factor, and lists the factor.
    let again = app.sign_in("owner@example.com").await;
    assert_eq!(
        claims(again["access_token"].as_str().unwrap())["aal"],
        "aal1"
    );
    assert_eq!(again["user"]["factors"][0]["id"], factor);
}

#[tokio::test]
async fn verifying_ends_the_users_other_aal1_sessions() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let other = signed_in(&app, "owner@example.com").await;
    let (_, _, _) = enrolled(&app, "owner@example.com").await;
    let (status, code_, _) = error(app.get_user(&other.access).await).await;
    assert_eq!((status, code_.as_str()), (403, "session_not_found"));
}

#[tokio::test]
async fn another_users_factor_is_not_found() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    app.create_user("thief@example.com").await;
    let (_, factor, _) = enrolled(&app, "owner@example.com").await;
    let thief = signed_in(&app, "thief@example.com").await;
    for (method, path) in [
        (Method::POST, format!("/factors/{factor}/challenge")),
        (Method::POST, format!("/factors/{factor}/verify")),
        (Method::DELETE, format!("/factors/{factor}")),
    ] {
        let res = call(
            &app,
            method.clone(),
            &path,
            &thief.access,
            json!({"challenge_id": factor, "code": "123456"}),
        )
        .await;
        let (status, code_, body) = error(res).await;
        assert_eq!(
            (status, code_.as_str()),
            (404, "mfa_factor_not_found"),
            "{method} {path}"
        );
        assert_eq!(body["message"], "Factor not found");
    }
    let (status, code_, _) = error(
        call(
            &app,
            Method::POST,
            "/factors/not-a-uuid/challenge",
            &thief.access,
            json!({}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code_.as_str()), (404, "validation_failed"));
    // Nor may a challenge of one factor be used for another.
    let (t, own, secret) = enrolled(&app, "thief@example.com").await;
    let theirs: String =
        sqlx::query_scalar("SELECT id::text FROM auth.mfa_challenges WHERE factor_id = $1::uuid")
            .bind(&factor)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let (status, code_, body) =
        error(verify(&app, &t.access, &own, &theirs, &code(&secret)).await).await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "mfa_factor_not_found"),
        "{body}"
    );
}

#[tokio::test]
async fn a_challenge_works_once_and_a_code_once() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let (factor, secret) = enroll(&app, &s.access, "").await;
    let ch = challenge(&app, &s.access, &factor).await;
    let session = ok(verify(&app, &s.access, &factor, &ch, &code(&secret)).await).await;
    let access = session["access_token"].as_str().unwrap();

    let (status, code_, body) =
        error(verify(&app, access, &factor, &ch, &code(&secret)).await).await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "mfa_ip_address_mismatch"),
        "{body}"
    );
    assert_eq!(
        body["message"],
        "Challenge and verify IP addresses mismatch."
    );

    // The same code on a new challenge: refused as a wrong code would be.
    let ch = challenge(&app, access, &factor).await;
    let (status, code_, body) =
        error(verify(&app, access, &factor, &ch, &code(&secret)).await).await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "mfa_verification_failed"),
        "{body}"
    );
    assert_eq!(body["message"], "Invalid TOTP code entered");
}

#[tokio::test]
async fn an_expired_challenge_is_refused_and_deleted() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let (factor, secret) = enroll(&app, &s.access, "app").await;
    let ch = challenge(&app, &s.access, &factor).await;
    sqlx::query("UPDATE auth.mfa_challenges SET created_at = now() - interval '301 seconds' WHERE id = $1::uuid")
        .bind(&ch)
        .execute(&app.pool)
        .await
        .unwrap();
    let (status, code_, body) =
        error(verify(&app, &s.access, &factor, &ch, &code(&secret)).await).await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "mfa_challenge_expired"),
        "{body}"
    );
    assert_eq!(
        body["message"],
        format!("MFA challenge {ch} has expired, verify against another challenge or create a new challenge.")
    );
    let (status, code_, _) =
        error(verify(&app, &s.access, &factor, &ch, &code(&secret)).await).await;
    assert_eq!((status, code_.as_str()), (422, "mfa_factor_not_found"));
    assert_eq!(claims(&s.access)["aal"], "aal1");
}

#[tokio::test]
async fn guessing_codes_is_throttled_per_challenge_and_per_account() {
    let limits = RateLimits {
        account_code_failures: 7,
        ..loose_limits()
    };
    let app = spawn_with(settings(), limits).await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let (factor, secret) = enroll(&app, &s.access, "app").await;
    let wrong = wrong_code(&secret);
    // A challenge dies at its fifth wrong code.
    let ch = challenge(&app, &s.access, &factor).await;
    for _ in 0..5 {
        let (status, code_, _) = error(verify(&app, &s.access, &factor, &ch, &wrong).await).await;
        assert_eq!((status, code_.as_str()), (422, "mfa_verification_failed"));
    }
    let (status, code_, _) =
        error(verify(&app, &s.access, &factor, &ch, &code(&secret)).await).await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "mfa_factor_not_found"),
        "the right code is too late"
    );
    // New challenges do not reset the account's count: the seventh wrong code
    // fills it, and then even the right code waits.
    let ch = challenge(&app, &s.access, &factor).await;
    for _ in 0..2 {
        let (status, _, _) = error(verify(&app, &s.access, &factor, &ch, &wrong).await).await;
        assert_eq!(status, 422);
    }
    let ch = challenge(&app, &s.access, &factor).await;
    let res = verify(&app, &s.access, &factor, &ch, &code(&secret)).await;
    assert!(res.headers().contains_key("retry-after"));
    let (status, code_, _) = error(res).await;
    assert_eq!((status, code_.as_str()), (429, "over_request_rate_limit"));
}

#[tokio::test]
async fn the_mfa_request_rate_is_gotrues() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let (factor, _) = enroll(&app, &s.access, "app").await;
    // A burst of 30, shared by nothing else.
    for _ in 0..30 {
        challenge(&app, &s.access, &factor).await;
    }
    let (status, code_, _) = error(
        call(
            &app,
            Method::POST,
            &format!("/factors/{factor}/challenge"),
            &s.access,
            json!({}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code_.as_str()), (429, "over_request_rate_limit"));
}

#[tokio::test]
async fn an_aal1_session_cannot_remove_the_factor_or_change_the_password() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let (aal2, factor, _) = enrolled(&app, "owner@example.com").await;
    let stolen = signed_in(&app, "owner@example.com").await;
    let (status, code_, body) = error(
        call(
            &app,
            Method::DELETE,
            &format!("/factors/{factor}"),
            &stolen.access,
            json!({}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "insufficient_aal"),
        "{body}"
    );
    assert_eq!(body["message"], "AAL2 required to unenroll verified factor");
    let (status, code_, _) = error(
        call(
            &app,
            Method::POST,
            "/factors",
            &stolen.access,
            json!({"factor_type": "totp", "friendly_name": "mine"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code_.as_str()), (403, "insufficient_aal"));
    for body in [
        json!({"password": "a new password here"}),
        json!({"email": "thief@example.com"}),
    ] {
        let (status, code_, msg) =
            error(call(&app, Method::PUT, "/user", &stolen.access, body.clone()).await).await;
        assert_eq!(
            (status, code_.as_str()),
            (401, "insufficient_aal"),
            "{body}: {msg}"
        );
    }
    // Metadata is no second-factor matter.
    ok(call(
        &app,
        Method::PUT,
        "/user",
        &stolen.access,
        json!({"data": {"theme": "dark"}}),
    )
    .await)
    .await;

    // The aal2 session removes it; its session is aal1 again.
    let removed = ok(call(
        &app,
        Method::DELETE,
        &format!("/factors/{factor}"),
        &aal2.access,
        json!({}),
    )
    .await)
    .await;
    assert_eq!(removed, json!({"id": factor}));
    let refreshed: Value = app.refresh_raw(&aal2.refresh).await.json().await.unwrap();
    let access = refreshed["access_token"].as_str().unwrap();
    assert_eq!(claims(access)["aal"], "aal1");
    assert_eq!(methods(access), ["password"]);
    assert!(refreshed["user"].get("factors").is_none());
}

#[tokio::test]
async fn an_unverified_factor_goes_without_aal2_and_names_are_unique() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let (factor, _) = enroll(&app, &s.access, "app").await;
    let (status, code_, body) = error(
        call(
            &app,
            Method::POST,
            "/factors",
            &s.access,
            json!({"factor_type": "totp", "friendly_name": "app"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code_.as_str()), (422, "mfa_factor_name_conflict"));
    assert_eq!(
        body["message"],
        "A factor with the friendly name \"app\" for this user already exists"
    );
    for i in 1..10 {
        enroll(&app, &s.access, &format!("app {i}")).await;
    }
    let (status, code_, _) = error(
        call(
            &app,
            Method::POST,
            "/factors",
            &s.access,
            json!({"factor_type": "totp", "friendly_name": "eleventh"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code_.as_str()),
        (422, "too_many_enrolled_mfa_factors")
    );
    ok(call(
        &app,
        Method::DELETE,
        &format!("/factors/{factor}"),
        &s.access,
        json!({}),
    )
    .await)
    .await;
    enroll(&app, &s.access, "eleventh").await;
}

#[tokio::test]
async fn other_factor_types_answer_as_gotrue_without_them() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let s = signed_in(&app, "owner@example.com").await;
    let cases = [
        (
            json!({"factor_type": "phone", "phone": "+15555550100"}),
            422,
            "mfa_phone_enroll_not_enabled",
            "MFA enroll is disabled for Phone",
        ),
        (
            json!({"factor_type": "sms"}),
            400,
            "validation_failed",
            "factor_type needs to be totp, phone, or webauthn",
        ),
        (
            json!({}),
            400,
            "validation_failed",
            "factor_type needs to be totp, phone, or webauthn",
        ),
        (json!({"factor_type": 5}), 400, "bad_json", ""),
    ];
    for (body, status, code_, message) in cases {
        let (s_, c, msg) =
            error(call(&app, Method::POST, "/factors", &s.access, body.clone()).await).await;
        assert_eq!((s_, c.as_str()), (status, code_), "{body}: {msg}");
        if !message.is_empty() {
            assert_eq!(msg["message"], message);
        }
    }
    let (factor, _) = enroll(&app, &s.access, "app").await;
    let (status, code_, _) = error(
        verify(
            &app,
            &s.access,
            &factor,
            &uuid::Uuid::new_v4().to_string(),
            "",
        )
        .await,
    )
    .await;
    assert_eq!((status, code_.as_str()), (400, "validation_failed"));
    let (status, code_, _) = error(verify(&app, &s.access, &factor, "nope", "123456").await).await;
    assert_eq!((status, code_.as_str()), (400, "bad_json"));
}

#[tokio::test]
async fn an_aal1_session_of_an_enrolled_editor_cannot_invite() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let (aal2, _, _) = enrolled(&app, "owner@example.com").await;
    let stolen = signed_in(&app, "owner@example.com").await;
    let invite = json!({"email": "accomplice@example.com"});
    let (status, code_, body) = error(
        call(
            &app,
            Method::POST,
            "/invite",
            &stolen.access,
            invite.clone(),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, code_.as_str()),
        (403, "insufficient_aal"),
        "{body}"
    );
    let made = admin(&app, Method::GET, "/admin/users")
        .send()
        .await
        .unwrap();
    let made = ok(made).await.to_string();
    assert!(!made.contains("accomplice@example.com"), "{made}");

    let res = call(&app, Method::POST, "/invite", &aal2.access, invite).await;
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
}
