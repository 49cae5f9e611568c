//! WebAuthn second factors attacked: a forged assertion or another user's
//! key leaves the session aal1.

use serde_json::json;

use crate::authenticator::Device;
use crate::helpers::{claims, error, spawn_app, TestApp};
use crate::passkeys::{ok, post};

/// A user signed in with a password whose WebAuthn factor on `device` is
/// verified; answers (aal2 access token, factor id).
pub(crate) async fn user_with_webauthn_factor(
    app: &TestApp,
    email: &str,
    device: &mut Device,
) -> (String, String) {
    app.create_user(email).await;
    let session = app.sign_in(email).await;
    let token = session["access_token"].as_str().unwrap().to_string();
    let factor = ok(post(
        app,
        "/factors",
        json!({"factor_type": "webauthn", "friendly_name": "key"}),
        Some(&token),
    )
    .await)
    .await;
    let id = factor["id"].as_str().unwrap().to_string();
    let challenge = ok(post(
        app,
        &format!("/factors/{id}/challenge"),
        json!({}),
        Some(&token),
    )
    .await)
    .await;
    assert_eq!(challenge["webauthn"]["type"], "create");
    let credential = device.create(&challenge["webauthn"]["credential_options"]["publicKey"]);
    let raised = ok(post(
        app,
        &format!("/factors/{id}/verify"),
        json!({"challenge_id": challenge["id"], "webauthn": {"type": "create", "credential_response": credential}}),
        Some(&token),
    )
    .await)
    .await;
    let access = raised["access_token"].as_str().unwrap().to_string();
    assert_eq!(claims(&access)["aal"], "aal2");
    (access, id)
}

async fn session_aal(app: &TestApp, token: &str) -> String {
    let id = claims(token)["session_id"].as_str().unwrap().to_string();
    sqlx::query_scalar("SELECT aal::text FROM auth.sessions WHERE id = $1::uuid")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_forged_factor_assertion_leaves_the_session_aal1() {
    let app = spawn_app().await;
    let mut device = Device::new();
    let (_, factor) = user_with_webauthn_factor(&app, "wf-forge@example.com", &mut device).await;
    // The password is stolen; the key is not.
    let stolen = app.sign_in("wf-forge@example.com").await;
    let token = stolen["access_token"].as_str().unwrap();
    let challenge = ok(post(
        &app,
        &format!("/factors/{factor}/challenge"),
        json!({}),
        Some(token),
    )
    .await)
    .await;
    assert_eq!(challenge["webauthn"]["type"], "request");
    let options = &challenge["webauthn"]["credential_options"]["publicKey"];
    let forged = device.get_signed_by(options, &Device::new().key);
    let body = json!({"challenge_id": challenge["id"], "webauthn": {"type": "request", "credential_response": forged}});
    let res = post(
        &app,
        &format!("/factors/{factor}/verify"),
        body.clone(),
        Some(token),
    )
    .await;
    let (status, code, err) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_verification_failed"),
        "{err}"
    );
    assert_eq!(session_aal(&app, token).await, "aal1");
    // The challenge went with the failed try: no second guess on it.
    let res = post(
        &app,
        &format!("/factors/{factor}/verify"),
        body,
        Some(token),
    )
    .await;
    assert_eq!(error(res).await.1, "mfa_factor_not_found");
    assert_eq!(session_aal(&app, token).await, "aal1");
}

#[tokio::test]
async fn another_users_key_does_not_answer_for_a_factor() {
    let app = spawn_app().await;
    let mut victim_key = Device::new();
    let (_, factor) =
        user_with_webauthn_factor(&app, "wf-victim@example.com", &mut victim_key).await;
    let mut attacker_key = Device::new();
    user_with_webauthn_factor(&app, "wf-attacker@example.com", &mut attacker_key).await;
    let stolen = app.sign_in("wf-victim@example.com").await;
    let token = stolen["access_token"].as_str().unwrap();
    let challenge = ok(post(
        &app,
        &format!("/factors/{factor}/challenge"),
        json!({}),
        Some(token),
    )
    .await)
    .await;
    // The attacker's own registered key, signing the victim's challenge for real.
    let assertion = attacker_key.get(&challenge["webauthn"]["credential_options"]["publicKey"]);
    let res = post(
        &app,
        &format!("/factors/{factor}/verify"),
        json!({"challenge_id": challenge["id"], "webauthn": {"type": "request", "credential_response": assertion}}),
        Some(token),
    )
    .await;
    let (status, code, err) = error(res).await;
    assert_eq!(
        (status, code.as_str()),
        (400, "webauthn_verification_failed"),
        "{err}"
    );
    assert_eq!(session_aal(&app, token).await, "aal1");
    // And a passkey sign-in with a factor's key finds no passkey.
    let options = ok(post(&app, "/passkeys/authentication/options", json!({}), None).await).await;
    let assertion = victim_key.get(&options["options"]);
    let res = post(
        &app,
        "/passkeys/authentication/verify",
        json!({"challenge_id": options["challenge_id"], "credential": assertion}),
        None,
    )
    .await;
    assert_eq!(error(res).await.1, "webauthn_verification_failed");
}
