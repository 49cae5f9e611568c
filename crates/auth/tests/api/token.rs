use serde_json::{json, Value};

use crate::helpers::{claims, error, now, spawn_app, PASSWORD};

#[tokio::test]
async fn password_sign_in_returns_a_gotrue_session() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    let res = app.sign_in_raw("Owner@Example.com", PASSWORD).await;
    assert_eq!(res.status(), 200);
    let s: Value = res.json().await.unwrap();
    assert_eq!(s["token_type"], "bearer");
    assert_eq!(s["expires_in"], 3600);
    let expires_at = s["expires_at"].as_i64().unwrap();
    assert!((expires_at - now() - 3600).abs() <= 2);
    let refresh = s["refresh_token"].as_str().unwrap();
    assert!(refresh.len() >= 43, "at least 256 bits, base64url");

    let u = &s["user"];
    assert_eq!(u["id"], user.id.to_string());
    assert_eq!(u["email"], "owner@example.com");
    assert_eq!(u["phone"], "");
    assert_eq!(u["aud"], "authenticated");
    assert_eq!(u["role"], "authenticated");
    assert_eq!(
        u["app_metadata"],
        json!({"provider": "email", "providers": ["email"], "editor": true})
    );
    assert_eq!(u["is_anonymous"], false);
    for field in [
        "email_confirmed_at",
        "confirmed_at",
        "last_sign_in_at",
        "created_at",
        "updated_at",
    ] {
        assert!(
            u[field].as_str().unwrap().ends_with('Z'),
            "{field}: {}",
            u[field]
        );
    }
    assert!(
        u.get("phone_confirmed_at").is_none(),
        "null timestamps are omitted"
    );
    assert_eq!(u["identities"][0]["provider"], "email");
    assert_eq!(u["identities"][0]["id"], user.id.to_string());
    // The sign-in is stamped on the user and its identity in the answer, as
    // GoTrue answers after its update.
    assert_eq!(
        u["identities"][0]["last_sign_in_at"]
            .as_str()
            .map(|t| t.len() > 10),
        Some(true),
        "{}",
        u["identities"][0]
    );
    assert_eq!(
        u["identities"][0]["identity_data"]["email"],
        "owner@example.com"
    );

    let c = claims(s["access_token"].as_str().unwrap());
    assert_eq!(c["sub"], user.id.to_string());
    assert_eq!(c["aud"], "authenticated");
    assert_eq!(c["role"], "authenticated");
    assert_eq!(c["email"], "owner@example.com");
    assert_eq!(c["phone"], "");
    assert_eq!(c["iss"], "http://localhost:8080/auth/v1");
    assert_eq!(c["aal"], "aal1");
    assert_eq!(c["amr"][0]["method"], "password");
    assert!(c["amr"][0]["timestamp"].is_i64());
    assert_eq!(c["is_anonymous"], false);
    assert_eq!(c["exp"].as_i64().unwrap(), expires_at);
    assert!(c["iat"].is_i64());
    assert!(uuid::Uuid::parse_str(c["session_id"].as_str().unwrap()).is_ok());
    assert_eq!(c["app_metadata"]["provider"], "email");
    assert!(c["user_metadata"].is_object());
}

#[tokio::test]
async fn wrong_password_and_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let wrong = app
        .sign_in_raw("owner@example.com", "not the password")
        .await;
    let wrong_headers = wrong.headers().clone();
    let wrong = error(wrong).await;
    let unknown = error(app.sign_in_raw("nobody@example.com", PASSWORD).await).await;
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.0, 400);
    assert_eq!(
        wrong.2,
        json!({"code": "invalid_credentials", "message": "Invalid login credentials"})
    );
    assert_eq!(wrong_headers["x-supabase-api-version"], "2024-01-01");
    let empty = error(app.sign_in_raw("owner@example.com", "").await).await;
    assert_eq!(empty.1, "invalid_credentials");
}

#[tokio::test]
async fn an_unconfirmed_user_cannot_sign_in() {
    let app = spawn_app().await;
    app.accounts()
        .create_user("new@example.com", PASSWORD, false)
        .await
        .unwrap();
    let (status, code, _) = error(app.sign_in_raw("new@example.com", PASSWORD).await).await;
    assert_eq!((status, code.as_str()), (400, "email_not_confirmed"));
}

#[tokio::test]
async fn sign_in_needs_exactly_an_email() {
    let app = spawn_app().await;
    let cases = [
        (json!({"password": "x"}), 400, "validation_failed"),
        (
            json!({"email": "a@b.c", "phone": "+15550100", "password": "x"}),
            400,
            "validation_failed",
        ),
        (
            json!({"phone": "+15550100", "password": "x"}),
            422,
            "phone_provider_disabled",
        ),
        (json!({"email": 5}), 400, "bad_json"),
    ];
    for (body, status, code) in cases {
        let res = app
            .client
            .post(app.url("/token?grant_type=password"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&body)
            .send()
            .await
            .unwrap();
        let (s, c, _) = error(res).await;
        assert_eq!((s, c.as_str()), (status, code), "{body}");
    }
}

#[tokio::test]
async fn bcrypt_hashes_sign_in_and_are_upgraded_to_argon2id() {
    let app = spawn_app().await;
    let hash = bcrypt::hash(PASSWORD, 4)
        .unwrap()
        .replacen("$2b$", "$2a$", 1);
    let res = app
        .admin(reqwest::Method::POST, "/admin/users")
        .json(
            &json!({"email": "imported@example.com", "password_hash": hash, "email_confirm": true}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    app.sign_in("imported@example.com").await;
    let stored: String = sqlx::query_scalar(
        "SELECT encrypted_password FROM auth.users WHERE email = 'imported@example.com'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(
        stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{stored}"
    );
    app.sign_in("imported@example.com").await;
    let (status, _, _) = error(
        app.sign_in_raw("imported@example.com", "wrong password")
            .await,
    )
    .await;
    assert_eq!(status, 400);
}
