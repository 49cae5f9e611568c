//! Passkey ceremonies attacked as an attacker would: a forged signature,
//! someone else's challenge, an expired challenge, one user's credential
//! presented as another's. The authenticator is a P-256 key made here; every
//! assertion is signed for real, so each refusal is the server's check.

use serde_json::{json, Value};

use crate::authenticator::{b64, unb64, Device};
use crate::helpers::{claims, error, spawn_app, TestApp};
use crate::mfa_webauthn::user_with_webauthn_factor;

pub(crate) async fn post(
    app: &TestApp,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url(path))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.unwrap()
}

pub(crate) async fn ok(res: reqwest::Response) -> Value {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body
}

/// A signed-in user (access token, user id) with a registered passkey on `device`.
async fn user_with_passkey(app: &TestApp, email: &str, device: &mut Device) -> (String, String) {
    app.create_user(email).await;
    let session = app.sign_in(email).await;
    let token = session["access_token"].as_str().unwrap().to_string();
    let options = ok(post(
        app,
        "/passkeys/registration/options",
        json!({}),
        Some(&token),
    )
    .await)
    .await;
    let credential = device.create(&options["options"]);
    ok(post(
        app,
        "/passkeys/registration/verify",
        json!({"challenge_id": options["challenge_id"], "credential": credential}),
        Some(&token),
    )
    .await)
    .await;
    (token, session["user"]["id"].as_str().unwrap().to_string())
}

async fn sessions_of(app: &TestApp, user_id: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM auth.sessions WHERE user_id = $1::uuid")
        .bind(user_id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_real_assertion_signs_in_with_amr_passkey() {
    let app = spawn_app().await;
    let mut device = Device::new();
    let (_, user_id) = user_with_passkey(&app, "pk-ok@example.com", &mut device).await;
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    let assertion = device.get(&options["options"]);
    let session = ok(post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": options["challenge_id"], "credential": assertion}),
        None,
    )
    .await)
    .await;
    assert_eq!(session["user"]["id"], user_id);
    assert_eq!(session["token_type"], "bearer");
    assert!(session["refresh_token"].as_str().is_some());
    let c = claims(session["access_token"].as_str().unwrap());
    assert_eq!(c["aal"], "aal1");
    assert_eq!(c["amr"][0]["method"], "passkey");
}

#[tokio::test]
async fn a_forged_signature_is_refused_and_makes_no_session() {
    let app = spawn_app().await;
    let mut device = Device::new();
    let (_, user_id) = user_with_passkey(&app, "pk-forge@example.com", &mut device).await;
    let before = sessions_of(&app, &user_id).await;
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    // Everything right but the key that signs: the attacker has the
    // credential id and user handle, not the private key.
    let forger = Device::new().key;
    let assertion = device.get_signed_by(&options["options"], &forger);
    let res = post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": options["challenge_id"], "credential": assertion}),
        None,
    )
    .await;
    let (status, code, body) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_verification_failed"),
        "{body}"
    );
    assert_eq!(body["message"], "Credential verification failed");
    assert_eq!(sessions_of(&app, &user_id).await, before);

    // A signature with a flipped byte is no better.
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    let mut assertion = device.get(&options["options"]);
    let mut sig = unb64(assertion["response"]["signature"].as_str().unwrap());
    let last = sig.len() - 1;
    sig[last] ^= 1;
    assertion["response"]["signature"] = json!(b64(&sig));
    let res = post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": options["challenge_id"], "credential": assertion}),
        None,
    )
    .await;
    let (status, code, _) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_verification_failed")
    );
    assert_eq!(sessions_of(&app, &user_id).await, before);
}

#[tokio::test]
async fn someone_elses_challenge_is_not_found() {
    let app = spawn_app().await;
    app.create_user("pk-alice@example.com").await;
    app.create_user("pk-mallory@example.com").await;
    let alice = app.sign_in("pk-alice@example.com").await;
    let mallory = app.sign_in("pk-mallory@example.com").await;
    let alice_token = alice["access_token"].as_str().unwrap();
    let mallory_token = mallory["access_token"].as_str().unwrap();

    // Alice's registration challenge, finished by Mallory: it would bind
    // Mallory's key under a ceremony made for Alice.
    let options = ok(post(
        &app,
        "/passkeys/registration/options",
        json!({}),
        Some(alice_token),
    )
    .await)
    .await;
    let mut device = Device::new();
    let credential = device.create(&options["options"]);
    let body = json!({"challenge_id": options["challenge_id"], "credential": credential});
    let res = post(
        &app,
        "/passkeys/registration/verify",
        body.clone(),
        Some(mallory_token),
    )
    .await;
    let (status, code, err) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_challenge_not_found"),
        "{err}"
    );
    assert_eq!(err["message"], "Challenge not found or already used");
    // Mallory's attempt did not use it up: it is still Alice's to finish.
    ok(post(
        &app,
        "/passkeys/registration/verify",
        body,
        Some(alice_token),
    )
    .await)
    .await;

    // A sign-in challenge is no registration challenge, and the reverse.
    let sign_in = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    let res = post(
        &app,
        "/passkeys/registration/verify",
        json!({"challenge_id": sign_in["challenge_id"], "credential": credential}),
        Some(mallory_token),
    )
    .await;
    assert_eq!(error(res).await.1, "webauthn_challenge_not_found");
    let registration = ok(post(
        &app,
        "/passkeys/registration/options",
        json!({}),
        Some(mallory_token),
    )
    .await)
    .await;
    let assertion = device.get(&sign_in["options"]);
    let res = post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": registration["challenge_id"], "credential": assertion}),
        None,
    )
    .await;
    assert_eq!(error(res).await.1, "webauthn_challenge_not_found");
}

#[tokio::test]
async fn an_expired_challenge_is_refused_and_used_up() {
    let app = spawn_app().await;
    let mut device = Device::new();
    user_with_passkey(&app, "pk-late@example.com", &mut device).await;
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    sqlx::query("UPDATE auth.webauthn_challenges SET expires_at = now() - interval '1 second' WHERE id = $1::uuid")
        .bind(options["challenge_id"].as_str().unwrap())
        .execute(&app.pool)
        .await
        .unwrap();
    let assertion = device.get(&options["options"]);
    let body = json!({"challenge_id": options["challenge_id"], "credential": assertion});
    let (status, code, err) =
        error(post(&app, "/passkeys/authentication/verify", body.clone(), None).await).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_challenge_expired"),
        "{err}"
    );
    assert_eq!(err["message"], "Challenge has expired");
    let (_, code, _) = error(post(&app, "/passkeys/authentication/verify", body, None).await).await;
    assert_eq!(code, "webauthn_challenge_not_found");
}

#[tokio::test]
async fn a_credential_presented_as_another_users_is_refused() {
    let app = spawn_app().await;
    let mut alice_device = Device::new();
    let (_, alice_id) = user_with_passkey(&app, "pk-a@example.com", &mut alice_device).await;
    let mut bob_device = Device::new();
    let (_, bob_id) = user_with_passkey(&app, "pk-b@example.com", &mut bob_device).await;
    let before = sessions_of(&app, &bob_id).await;

    // Alice's own credential and signature, with Bob's user handle: a server
    // that trusted the handle would sign Alice in as Bob.
    alice_device.user_handle = bob_id.as_bytes().to_vec();
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    let assertion = alice_device.get(&options["options"]);
    let res = post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": options["challenge_id"], "credential": assertion}),
        None,
    )
    .await;
    let (status, code, err) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_verification_failed"),
        "{err}"
    );
    assert_eq!(sessions_of(&app, &bob_id).await, before);

    // Registering Alice's credential id again, for Bob, is refused too.
    let bob = app.sign_in("pk-b@example.com").await;
    let bob_token = bob["access_token"].as_str().unwrap();
    let options = ok(post(
        &app,
        "/passkeys/registration/options",
        json!({}),
        Some(bob_token),
    )
    .await)
    .await;
    let credential = alice_device.create(&options["options"]);
    let res = post(
        &app,
        "/passkeys/registration/verify",
        json!({"challenge_id": options["challenge_id"], "credential": credential}),
        Some(bob_token),
    )
    .await;
    let (status, code, _) = error(res).await;
    assert_eq!((status, code.as_str()), (422, "webauthn_credential_exists"));
    let owner: String = sqlx::query_scalar(
        "SELECT user_id::text FROM auth.webauthn_credentials WHERE credential_id = $1",
    )
    .bind(&alice_device.id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(owner, alice_id);
}

#[tokio::test]
async fn passkey_sign_in_options_have_their_own_budget_per_client() {
    use pleat_auth::rate_limit::RequestRate;
    let limits = pleat_auth::RateLimits {
        passkey: RequestRate {
            burst: 3,
            refill: 1,
            period: std::time::Duration::from_secs(3600),
        },
        ..crate::helpers::loose_limits()
    };
    let app = crate::helpers::spawn_with(crate::helpers::settings(), limits).await;
    app.create_user("pk-budget@example.com").await;
    // Each call stores a challenge: an anonymous caller cannot fill the
    // table, and its calls do not spend the sign-in budget.
    for _ in 0..3 {
        ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    }
    let res = post(&app, "/passkeys/authentication/options", json!({}), None).await;
    assert!(res.headers().contains_key("retry-after"));
    let (status, code, _) = error(res).await;
    assert_eq!((status, code.as_str()), (429, "over_request_rate_limit"));
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.webauthn_challenges")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, 3);
    app.sign_in("pk-budget@example.com").await;
}

#[tokio::test]
async fn a_password_alone_cannot_add_or_remove_a_passkey_once_a_factor_is_verified() {
    let app = spawn_app().await;
    let mut key = Device::new();
    let (aal2, _) = user_with_webauthn_factor(&app, "pk-aal@example.com", &mut key).await;
    let stolen = app.sign_in("pk-aal@example.com").await;
    let aal1 = stolen["access_token"].as_str().unwrap();
    let insufficient = |res: (u16, String, Value)| {
        assert_eq!(
            (res.0, res.1.as_str()),
            (403, "insufficient_aal"),
            "{}",
            res.2
        );
        assert_eq!(
            res.2["message"],
            "AAL2 session is required to manage passkeys when MFA is enabled"
        );
    };
    insufficient(
        error(
            post(
                &app,
                "/passkeys/registration/options",
                json!({}),
                Some(aal1),
            )
            .await,
        )
        .await,
    );
    insufficient(
        error(
            post(
                &app,
                "/passkeys/registration/verify",
                json!({"challenge_id": uuid::Uuid::new_v4(), "credential": {}}),
                Some(aal1),
            )
            .await,
        )
        .await,
    );

    // From the aal2 session the owner adds one; the aal1 one cannot delete it.
    let options = ok(post(
        &app,
        "/passkeys/registration/options",
        json!({}),
        Some(&aal2),
    )
    .await)
    .await;
    let mut device = Device::new();
    let credential = device.create(&options["options"]);
    let passkey = ok(post(
        &app,
        "/passkeys/registration/verify",
        json!({"challenge_id": options["challenge_id"], "credential": credential}),
        Some(&aal2),
    )
    .await)
    .await;
    let id = passkey["id"].as_str().unwrap();
    let delete = |token: String| {
        let app = &app;
        async move {
            app.client
                .delete(app.url(&format!("/passkeys/{id}")))
                .header("X-Supabase-Api-Version", "2024-01-01")
                .bearer_auth(token)
                .send()
                .await
                .unwrap()
        }
    };
    insufficient(error(delete(aal1.to_string()).await).await);
    assert_eq!(delete(aal2.clone()).await.status(), 204);
}
