//! What stays absent (phone sign-in without an SMS provider, SAML SSO, web3,
//! OAuth providers)
//! answers with GoTrue's status, `error_code` and message for a server where
//! the feature is off, after the checks GoTrue makes before it.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, loose_limits, settings, spawn_app, spawn_with, TestApp};

async fn send(app: &TestApp, method: Method, path: &str, body: Value) -> (u16, String, Value) {
    error(
        app.client
            .request(method, app.url(path))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

type Case = (Method, &'static str, Value, u16, &'static str, &'static str);

async fn check(app: &TestApp, cases: Vec<Case>) {
    for (method, path, body, status, code, message) in cases {
        let (s, c, answer) = send(app, method.clone(), path, body.clone()).await;
        assert_eq!(
            (s, c.as_str()),
            (status, code),
            "{method} {path} {body}: {answer}"
        );
        assert_eq!(answer["message"], message, "{method} {path} {body}");
    }
}

const PHONE: &str = "+1 555 555 0100";
const INVALID_PHONE: &str = "Invalid phone number format (E.164 required)";

#[tokio::test]
async fn phone_sign_in_without_an_sms_provider() {
    let app = spawn_with(
        pleat_auth::AuthSettings {
            disable_signup: false,
            ..settings()
        },
        loose_limits(),
    )
    .await;
    let cases: Vec<Case> = vec![
        // signInWithOtp({ phone })
        (
            Method::POST,
            "/otp",
            json!({"phone": PHONE, "create_user": true}),
            400,
            "phone_provider_disabled",
            "Unsupported phone provider",
        ),
        (
            Method::POST,
            "/otp",
            json!({"phone": PHONE}),
            400,
            "phone_provider_disabled",
            "Unsupported phone provider",
        ),
        (
            Method::POST,
            "/otp",
            json!({"phone": PHONE, "create_user": false}),
            422,
            "otp_disabled",
            "Signups not allowed for otp",
        ),
        (
            Method::POST,
            "/otp",
            json!({"phone": "12ab"}),
            400,
            "validation_failed",
            INVALID_PHONE,
        ),
        (
            Method::POST,
            "/otp",
            json!({"phone": PHONE, "email": "a@example.com"}),
            400,
            "validation_failed",
            "Only an email address or phone number should be provided",
        ),
        // signUp({ phone, password }): the password is checked first.
        (
            Method::POST,
            "/signup",
            json!({"phone": PHONE, "password": "long enough password"}),
            400,
            "phone_provider_disabled",
            "Phone signups are disabled",
        ),
        (
            Method::POST,
            "/signup",
            json!({"phone": PHONE}),
            422,
            "validation_failed",
            "Signup requires a valid password",
        ),
        (
            Method::POST,
            "/signup",
            json!({"phone": PHONE, "email": "a@example.com", "password": "long enough password"}),
            400,
            "validation_failed",
            "Only an email address or phone number should be provided on signup.",
        ),
        // signInWithPassword({ phone, password })
        (
            Method::POST,
            "/token?grant_type=password",
            json!({"phone": PHONE, "password": "x"}),
            422,
            "phone_provider_disabled",
            "Phone logins are disabled",
        ),
        // resend({ type: 'sms' | 'phone_change', phone })
        (
            Method::POST,
            "/resend",
            json!({"type": "sms", "phone": PHONE}),
            400,
            "phone_provider_disabled",
            "Phone logins are disabled",
        ),
        (
            Method::POST,
            "/resend",
            json!({"type": "sms"}),
            400,
            "validation_failed",
            "Type provided requires a phone number",
        ),
        (
            Method::POST,
            "/resend",
            json!({"type": "phone_change", "phone": PHONE}),
            400,
            "phone_provider_disabled",
            "Phone logins are disabled",
        ),
        (
            Method::POST,
            "/resend",
            json!({"type": "sms", "phone": PHONE, "email": "a@example.com"}),
            400,
            "validation_failed",
            "Only an email address or phone number should be provided.",
        ),
        (
            Method::POST,
            "/resend",
            json!({"type": "fax", "phone": PHONE}),
            400,
            "validation_failed",
            "Missing one of these types: signup, email_change, sms, phone_change",
        ),
        // verifyOtp({ phone, token, type: 'sms' }): no account has a phone.
        (
            Method::POST,
            "/verify",
            json!({"type": "sms", "phone": PHONE, "token": "123456"}),
            403,
            "otp_expired",
            "Token has expired or is invalid",
        ),
        (
            Method::POST,
            "/verify",
            json!({"type": "sms", "phone": "0", "token": "123456"}),
            400,
            "validation_failed",
            INVALID_PHONE,
        ),
    ];
    check(&app, cases).await;
    let (status, _, body) = send(
        &app,
        Method::POST,
        "/resend",
        json!({"type": "phone_change", "email": "a@example.com"}),
    )
    .await;
    assert_eq!(
        (status, body),
        (200, json!({})),
        "no phone change is pending anywhere"
    );

    // With sign-ups off, GoTrue says so before it looks at the phone.
    let closed = spawn_app().await;
    let (status, code, _) = send(
        &closed,
        Method::POST,
        "/signup",
        json!({"phone": PHONE, "password": "long enough password"}),
    )
    .await;
    assert_eq!((status, code.as_str()), (422, "signup_disabled"));
}

#[tokio::test]
async fn saml_sso_web3_and_oauth_are_off() {
    let app = spawn_app().await;
    let saml = "SAML 2.0 is disabled";
    let cases: Vec<Case> = vec![
        (
            Method::POST,
            "/sso",
            json!({"domain": "example.com"}),
            404,
            "saml_provider_disabled",
            saml,
        ),
        (
            Method::GET,
            "/sso/saml/metadata",
            json!({}),
            404,
            "saml_provider_disabled",
            saml,
        ),
        (
            Method::POST,
            "/sso/saml/acs",
            json!({}),
            404,
            "saml_provider_disabled",
            saml,
        ),
        (
            Method::POST,
            "/token?grant_type=web3",
            json!({"chain": "ethereum"}),
            422,
            "web3_provider_disabled",
            "Web3 provider is disabled",
        ),
    ];
    check(&app, cases).await;
    // The admin's SSO providers: the service role first, then the switch.
    let (status, code, _) = send(&app, Method::GET, "/admin/sso/providers", json!({})).await;
    assert_eq!((status, code.as_str()), (401, "no_authorization"));
    let res = app
        .admin(Method::GET, "/admin/sso/providers")
        .header("X-Supabase-Api-Version", "2024-01-01")
        .send()
        .await
        .unwrap();
    let (status, code, body) = error(res).await;
    assert_eq!((status, code.as_str()), (404, "saml_provider_disabled"));
    assert_eq!(body["message"], saml);
}
