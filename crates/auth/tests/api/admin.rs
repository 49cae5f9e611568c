use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{error, spawn_app, PASSWORD};

#[tokio::test]
async fn the_admin_api_needs_a_service_role_token() {
    let app = spawn_app().await;
    app.create_user("owner@example.com").await;
    let user_token = app.sign_in("owner@example.com").await["access_token"]
        .as_str()
        .unwrap()
        .to_string();
    let id = uuid::Uuid::new_v4();
    let routes = [
        (Method::GET, "/admin/users".to_string()),
        (Method::POST, "/admin/users".to_string()),
        (Method::GET, format!("/admin/users/{id}")),
        (Method::PUT, format!("/admin/users/{id}")),
        (Method::DELETE, format!("/admin/users/{id}")),
    ];
    for (method, path) in routes {
        for token in [&user_token, &app.anon_key] {
            let res = app
                .client
                .request(method.clone(), app.url(&path))
                .header("X-Supabase-Api-Version", "2024-01-01")
                .bearer_auth(token)
                .json(&json!({"email": "x@example.com"}))
                .send()
                .await
                .unwrap();
            let (status, code, body) = error(res).await;
            assert_eq!(
                (status, code.as_str()),
                (403, "not_admin"),
                "{method} {path}"
            );
            assert_eq!(body["message"], "User not allowed");
        }
        let res = app
            .client
            .request(method.clone(), app.url(&path))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 401, "{method} {path}");
        let res = app
            .client
            .request(method.clone(), app.url(&path))
            .bearer_auth("junk")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403, "{method} {path}");
    }
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.users")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(count, 1, "nothing was created");
}

#[tokio::test]
async fn create_get_update_and_delete_a_user() {
    let app = spawn_app().await;
    let res = app
        .admin(Method::POST, "/admin/users")
        .json(&json!({
            "email": "Staff@Example.com",
            "password": PASSWORD,
            "email_confirm": true,
            "user_metadata": {"name": "Staff"},
            "app_metadata": {"plan": "pro"},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let created: Value = res.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["email"], "staff@example.com");
    assert!(created["email_confirmed_at"].is_string());
    assert_eq!(created["user_metadata"]["name"], "Staff");
    assert_eq!(
        created["app_metadata"],
        json!({"provider": "email", "providers": ["email"], "plan": "pro", "editor": true})
    );
    let session = app.sign_in("staff@example.com").await;

    let got: Value = app
        .admin(Method::GET, &format!("/admin/users/{id}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(got["id"], id);
    assert!(got["last_sign_in_at"].is_string());

    let res = app
        .admin(Method::PUT, &format!("/admin/users/{id}"))
        .json(&json!({"email": "renamed@example.com", "password": "another password", "user_metadata": {"name": null, "team": "a"}, "app_metadata": {"plan": "free"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let updated: Value = res.json().await.unwrap();
    assert_eq!(updated["email"], "renamed@example.com");
    assert_eq!(
        updated["user_metadata"],
        json!({"team": "a", "email_verified": true})
    );
    assert_eq!(updated["app_metadata"]["plan"], "free");
    assert_eq!(
        updated["identities"][0]["identity_data"]["email"],
        "renamed@example.com"
    );
    assert_eq!(
        error(
            app.get_user(session["access_token"].as_str().unwrap())
                .await
        )
        .await
        .1,
        "session_not_found"
    );
    assert_eq!(
        app.sign_in_raw("renamed@example.com", "another password")
            .await
            .status(),
        200
    );

    let res = app
        .admin(Method::DELETE, &format!("/admin/users/{id}"))
        .json(&json!({"should_soft_delete": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), json!({}));
    let (status, code, _) = error(
        app.admin(Method::GET, &format!("/admin/users/{id}"))
            .header("X-Supabase-Api-Version", "2024-01-01")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((status, code.as_str()), (404, "user_not_found"));
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.sessions")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(sessions, 0, "sessions went with the user");
}

#[tokio::test]
async fn listing_pages_with_total_and_links() {
    let app = spawn_app().await;
    for i in 0..5 {
        app.create_user(&format!("user{i}@example.com")).await;
    }
    let res = app
        .admin(Method::GET, "/admin/users?page=1&per_page=2")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["x-total-count"], "5");
    assert_eq!(
        res.headers()["link"],
        "</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\", </auth/v1/admin/users?page=3&per_page=2>; rel=\"last\""
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["aud"], "authenticated");
    let users = body["users"].as_array().unwrap();
    assert_eq!(users.len(), 2);
    assert_eq!(users[0]["email"], "user4@example.com", "newest first");
    let last: Value = app
        .admin(Method::GET, "/admin/users?page=3&per_page=2")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(last["users"].as_array().unwrap().len(), 1);
    let all: Value = app
        .admin(Method::GET, "/admin/users")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(all["users"].as_array().unwrap().len(), 5);
    let res = app
        .admin(Method::GET, "/admin/users?per_page=0")
        .header("X-Supabase-Api-Version", "2024-01-01")
        .send()
        .await
        .unwrap();
    assert_eq!(error(res).await.1, "validation_failed");
}

#[tokio::test]
async fn admin_refusals() {
    let app = spawn_app().await;
    app.create_user("taken@example.com").await;
    let post = |body: Value| {
        app.admin(Method::POST, "/admin/users")
            .header("X-Supabase-Api-Version", "2024-01-01")
            .json(&body)
            .send()
    };
    let cases = [
        (
            json!({"email": "taken@example.com", "password": PASSWORD}),
            422,
            "email_exists",
        ),
        (json!({"email": "TAKEN@example.com"}), 422, "email_exists"),
        (json!({"password": PASSWORD}), 400, "validation_failed"),
        (
            json!({"email": "a@example.com", "password": "short"}),
            422,
            "weak_password",
        ),
        (
            json!({"email": "a@example.com", "password": PASSWORD, "password_hash": "$2a$x"}),
            400,
            "validation_failed",
        ),
        (
            json!({"email": "a@example.com", "password_hash": "md5$abc"}),
            400,
            "validation_failed",
        ),
        (
            json!({"email": "a@example.com", "phone": "+15550100"}),
            422,
            "phone_provider_disabled",
        ),
        (
            json!({"email": "a@example.com", "role": "service_role"}),
            400,
            "validation_failed",
        ),
    ];
    for (body, status, code) in cases {
        let (s, c, _) = error(post(body.clone()).await.unwrap()).await;
        assert_eq!((s, c.as_str()), (status, code), "{body}");
    }
    let get = |path: String| {
        app.admin(Method::GET, &path)
            .header("X-Supabase-Api-Version", "2024-01-01")
            .send()
    };
    let (s, c, _) = error(get("/admin/users/not-a-uuid".into()).await.unwrap()).await;
    assert_eq!((s, c.as_str()), (404, "validation_failed"));
    let (s, c, _) = error(
        get(format!("/admin/users/{}", uuid::Uuid::new_v4()))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((s, c.as_str()), (404, "user_not_found"));
    let other = app.create_user("other@example.com").await;
    let res = app
        .admin(Method::PUT, &format!("/admin/users/{}", other.id))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&json!({"email": "taken@example.com"}))
        .send()
        .await
        .unwrap();
    assert_eq!(error(res).await.1, "email_exists");
    let res = app
        .admin(
            Method::DELETE,
            &format!("/admin/users/{}", uuid::Uuid::new_v4()),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
}

#[tokio::test]
async fn a_user_created_without_a_password_cannot_sign_in_with_one() {
    let app = spawn_app().await;
    let res = app
        .admin(Method::POST, "/admin/users")
        .json(&json!({"email": "nopw@example.com", "email_confirm": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        error(app.sign_in_raw("nopw@example.com", "").await).await.1,
        "invalid_credentials"
    );
    assert_eq!(
        error(app.sign_in_raw("nopw@example.com", PASSWORD).await)
            .await
            .1,
        "invalid_credentials"
    );
}
