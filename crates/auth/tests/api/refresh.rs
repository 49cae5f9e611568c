use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{claims, error, loose_limits, settings, spawn_app, spawn_with};

#[tokio::test]
async fn a_refresh_rotates_the_token_in_the_same_session() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let first = app.sign_in("owner@example.com").await;
    let t0 = first["refresh_token"].as_str().unwrap();
    let res = app.refresh_raw(t0).await;
    assert_eq!(res.status(), 200);
    let second: Value = res.json().await.unwrap();
    let t1 = second["refresh_token"].as_str().unwrap();
    assert_ne!(t0, t1);
    assert_eq!(second["token_type"], "bearer");
    assert_eq!(second["user"]["email"], "owner@example.com");
    // The one-statement rotation answers the same user JSON as the sign-in.
    assert_eq!(second["user"]["identities"], first["user"]["identities"]);
    assert_eq!(second["user"]["identities"][0]["provider"], "email");
    assert_eq!(
        second["user"]["app_metadata"],
        first["user"]["app_metadata"]
    );
    let sid = claims(first["access_token"].as_str().unwrap())["session_id"].clone();
    let c = claims(second["access_token"].as_str().unwrap());
    assert_eq!(c["session_id"], sid);
    assert_eq!(c["amr"][0]["method"], "password");
    assert_eq!(app.live_tokens(sid.as_str().unwrap()).await, 1);
    // The database keeps the SHA-256 of the token, not the token.
    let hashed: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.refresh_tokens WHERE token_hash = sha256(convert_to($1, 'UTF8'))")
        .bind(t1)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(hashed, 1);
}

#[tokio::test]
async fn presenting_the_parent_again_returns_the_current_child() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let t0 = app.sign_in("owner@example.com").await["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();
    let t1: Value = app.refresh_raw(&t0).await.json().await.unwrap();
    let again: Value = app.refresh_raw(&t0).await.json().await.unwrap();
    assert_eq!(again["refresh_token"], t1["refresh_token"]);
    let sid = claims(again["access_token"].as_str().unwrap())["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(app.live_tokens(&sid).await, 1);
    // The child still works.
    assert_eq!(
        app.refresh_raw(t1["refresh_token"].as_str().unwrap())
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn an_older_token_within_the_interval_replaces_the_live_one() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let t0 = app.sign_in("owner@example.com").await["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();
    let t1: Value = app.refresh_raw(&t0).await.json().await.unwrap();
    let t1 = t1["refresh_token"].as_str().unwrap().to_string();
    let t2: Value = app.refresh_raw(&t1).await.json().await.unwrap();
    let t2 = t2["refresh_token"].as_str().unwrap().to_string();
    let res = app.refresh_raw(&t0).await;
    assert_eq!(res.status(), 200, "reuse within the interval succeeds");
    let t3: Value = res.json().await.unwrap();
    let t3 = t3["refresh_token"].as_str().unwrap().to_string();
    assert!(t3 != t1 && t3 != t2);
    let sid = claims(
        app.refresh_raw(&t3).await.json::<Value>().await.unwrap()["access_token"]
            .as_str()
            .unwrap(),
    )["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        app.live_tokens(&sid).await,
        1,
        "never two live tokens in a session"
    );
}

#[tokio::test]
async fn reuse_after_the_interval_revokes_the_whole_session() {
    let mut s = settings();
    s.refresh_token_reuse_interval = 0;
    let app = spawn_with(s, loose_limits()).await;
    app.create_user("owner@example.com").await;
    let first = app.sign_in("owner@example.com").await;
    let t0 = first["refresh_token"].as_str().unwrap().to_string();
    let second: Value = app.refresh_raw(&t0).await.json().await.unwrap();
    let t1 = second["refresh_token"].as_str().unwrap().to_string();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    let (status, code, body) = error(app.refresh_raw(&t0).await).await;
    assert_eq!((status, code.as_str()), (400, "refresh_token_already_used"));
    assert_eq!(body["message"], "Invalid Refresh Token: Already Used");
    // The newest token of that session is dead too, and so is its access token.
    let (status, code, _) = error(app.refresh_raw(&t1).await).await;
    assert_eq!((status, code.as_str()), (400, "refresh_token_not_found"));
    let (status, code, _) =
        error(app.get_user(second["access_token"].as_str().unwrap()).await).await;
    assert_eq!((status, code.as_str()), (403, "session_not_found"));
}

#[tokio::test]
async fn unknown_and_missing_refresh_tokens() {
    let app = spawn_app().await;
    let (status, code, body) = error(app.refresh_raw("no-such-token").await).await;
    assert_eq!((status, code.as_str()), (400, "refresh_token_not_found"));
    assert_eq!(
        body["message"],
        "Invalid Refresh Token: Refresh Token Not Found"
    );
    let (status, code, _) = error(app.refresh_raw("").await).await;
    assert_eq!((status, code.as_str()), (400, "validation_failed"));
}

#[tokio::test]
async fn concurrent_refreshes_of_one_token_never_yield_two_live_children() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let first = app.sign_in("owner@example.com").await;
    let t0 = first["refresh_token"].as_str().unwrap().to_string();
    let sid = claims(first["access_token"].as_str().unwrap())["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let attempts = (0..12).map(|_| app.refresh_raw(&t0));
    let results = futures_util::future::join_all(attempts).await;
    let mut issued = HashSet::new();
    for res in results {
        assert_eq!(res.status(), 200);
        let body: Value = res.json().await.unwrap();
        issued.insert(body["refresh_token"].as_str().unwrap().to_string());
    }
    assert_eq!(issued.len(), 1, "every caller got the same child");
    assert_eq!(app.live_tokens(&sid).await, 1);
    let child = issued.into_iter().next().unwrap();
    assert_eq!(app.refresh_raw(&child).await.status(), 200);
}

#[tokio::test]
async fn refreshes_of_the_live_token_racing_reuses_of_its_parent_all_succeed() {
    // The live token takes the one-statement path and the parent the locked
    // transaction; both lock the session first, so neither deadlocks.
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let first = app.sign_in("owner@example.com").await;
    let t0 = first["refresh_token"].as_str().unwrap().to_string();
    let sid = claims(first["access_token"].as_str().unwrap())["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let t1: Value = app.refresh_raw(&t0).await.json().await.unwrap();
    let t1 = t1["refresh_token"].as_str().unwrap().to_string();
    let attempts = (0..12).map(|i| app.refresh_raw(if i % 2 == 0 { &t0 } else { &t1 }));
    for res in futures_util::future::join_all(attempts).await {
        assert_eq!(res.status(), 200);
    }
    assert_eq!(app.live_tokens(&sid).await, 1);
}
