//! Second factors from the administrator's side: the admin API's list, rename
//! and delete of a user's factors, `pleat user reset-mfa`'s reset (factors gone,
//! sessions back to aal1), and a factor imported from Supabase.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{claims, error, spawn_app};
use crate::mfa::{admin, call, challenge, code, enrolled, methods, ok, signed_in, verify};

#[tokio::test]
async fn the_admin_lists_renames_and_deletes_a_users_factors() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    let (s, factor, _) = enrolled(&app, "owner@example.com").await;
    let list: Value = ok(admin(
        &app,
        Method::GET,
        &format!("/admin/users/{}/factors", user.id),
    )
    .send()
    .await
    .unwrap())
    .await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["id"], factor);
    assert_eq!(list[0]["status"], "verified");
    let fetched: Value = ok(
        admin(&app, Method::GET, &format!("/admin/users/{}", user.id))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(fetched["factors"][0]["id"], factor);

    let renamed: Value = ok(admin(
        &app,
        Method::PUT,
        &format!("/admin/users/{}/factors/{factor}", user.id),
    )
    .json(&json!({"friendly_name": "old phone"}))
    .send()
    .await
    .unwrap())
    .await;
    assert_eq!(renamed["friendly_name"], "old phone");

    let other = app.create_user("other@example.com").await;
    let (status, code_, _) = error(
        admin(
            &app,
            Method::DELETE,
            &format!("/admin/users/{}/factors/{factor}", other.id),
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!((status, code_.as_str()), (404, "mfa_factor_not_found"));

    let deleted: Value = ok(admin(
        &app,
        Method::DELETE,
        &format!("/admin/users/{}/factors/{factor}", user.id),
    )
    .send()
    .await
    .unwrap())
    .await;
    assert_eq!(deleted["id"], factor);
    let refreshed: Value = app.refresh_raw(&s.refresh).await.json().await.unwrap();
    assert_eq!(
        claims(refreshed["access_token"].as_str().unwrap())["aal"],
        "aal1"
    );
    let list: Value = ok(admin(
        &app,
        Method::GET,
        &format!("/admin/users/{}/factors", user.id),
    )
    .send()
    .await
    .unwrap())
    .await;
    assert_eq!(list, json!([]));
    assert_eq!(s.user_id, user.id.to_string());
}

#[tokio::test]
async fn reset_mfa_deletes_the_factors_and_downgrades_the_sessions() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    let (s, _, _) = enrolled(&app, "owner@example.com").await;
    let mut conn = app.pool.acquire().await.unwrap();
    assert_eq!(
        pleat_auth::mfa::reset_mfa(&mut conn, user.id)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        pleat_auth::mfa::reset_mfa(&mut conn, user.id)
            .await
            .unwrap(),
        0
    );
    let refreshed: Value = app.refresh_raw(&s.refresh).await.json().await.unwrap();
    let access = refreshed["access_token"].as_str().unwrap();
    assert_eq!(claims(access)["aal"], "aal1");
    assert_eq!(methods(access), ["password"]);
    // Without a verified factor, an aal1 session changes the password again.
    ok(call(
        &app,
        Method::PUT,
        "/user",
        access,
        json!({"password": "another long password"}),
    )
    .await)
    .await;
}

#[tokio::test]
async fn a_factor_imported_from_supabase_verifies_and_is_sealed() {
    let app = spawn_app().await;
    let user = app.create_user("owner@example.com").await;
    // GoTrue without database encryption keeps the base32 secret as it is.
    let secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    let factor: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) \
         VALUES ($1, 'from Supabase', 'totp', 'verified', $2) RETURNING id",
    )
    .bind(user.id)
    .bind(secret)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    let s = signed_in(&app, "owner@example.com").await;
    let factor = factor.to_string();
    let ch = challenge(&app, &s.access, &factor).await;
    let session = ok(verify(&app, &s.access, &factor, &ch, &code(secret)).await).await;
    assert_eq!(
        claims(session["access_token"].as_str().unwrap())["aal"],
        "aal2"
    );
    let stored: String =
        sqlx::query_scalar("SELECT secret FROM auth.mfa_factors WHERE id = $1::uuid")
            .bind(&factor)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(stored.starts_with("pleat1:"), "sealed at first use");
}
