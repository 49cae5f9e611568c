use serde_json::json;

use crate::helpers::{error_of, key, spawn_app};

#[tokio::test]
async fn unknown_routes_are_a_real_404() {
    let app = spawn_app().await;
    let (status, body) = error_of(app.client.get(app.url("/nowhere")).send().await.unwrap()).await;
    assert_eq!(status, 404);
    assert_eq!(body["statusCode"], "404");
    assert_eq!(body["message"], "Route GET:/storage/v1/nowhere not found");
}

#[tokio::test]
async fn client_errors_are_http_400_with_the_real_status_inside() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(app.url("/object/nobucket/a.txt"))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(
        error_of(res).await,
        (
            400,
            json!({"statusCode": "404", "code": "NoSuchBucket", "error": "Bucket not found", "message": "Bucket not found"})
        )
    );
    let res = app
        .client
        .get(app.url("/object/pub/missing.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        error_of(res).await,
        (
            400,
            json!({"statusCode": "404", "code": "NoSuchKey", "error": "not_found", "message": "Object not found"})
        )
    );
    let res = app
        .client
        .post(app.url("/bucket"))
        .bearer_auth(&app.service_key)
        .body("{not json")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("400")));
    let res = app
        .put_object("pub/caf%C3%A9.txt", b"x", "text/plain")
        .await;
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("InvalidKey")));
}

#[tokio::test]
async fn bad_or_ended_tokens_are_refused_as_403_inside_400() {
    let app = spawn_app().await;
    let forged = pleat_auth::jwt::sign(
        &json!({"role": "service_role"}),
        &secrecy::SecretString::from("another-secret-another-secret-0123456789".to_string()),
    )
    .unwrap();
    let res = app
        .client
        .get(app.url("/bucket"))
        .bearer_auth(forged)
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!(
        (status, body["statusCode"].as_str(), body["error"].as_str()),
        (400, Some("403"), Some("Unauthorized"))
    );
    // A session that does not exist (signed out) ends the token here too.
    let ended = key(
        "authenticated",
        json!({"sub": uuid::Uuid::new_v4(), "session_id": uuid::Uuid::new_v4()}),
    );
    let res = app
        .client
        .get(app.url("/bucket"))
        .bearer_auth(ended)
        .send()
        .await
        .unwrap();
    let (_, body) = error_of(res).await;
    assert_eq!(body["statusCode"], "403");
    assert!(body["message"].as_str().unwrap().contains("signed out"));
}

#[tokio::test]
async fn empty_bucket_is_service_role_only_with_a_real_403() {
    let app = spawn_app().await;
    app.put_object("pub/keep.txt", b"x", "text/plain").await;
    let user = key("authenticated", json!({"sub": uuid::Uuid::new_v4()}));
    for token in [&app.anon_key, &user] {
        let res = app
            .client
            .post(app.url("/bucket/pub/empty"))
            .bearer_auth(token)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(
            error_of(res).await,
            (
                403,
                json!({"statusCode": "403", "code": "AccessDenied", "error": "Unauthorized",
                       "message": "Access denied: Invalid role"})
            )
        );
    }
    assert_eq!(app.object_count().await, 1);
}

#[tokio::test]
async fn empty_bucket_refuses_more_objects_than_supabase_empties() {
    let app = spawn_app().await;
    sqlx::raw_sql(
        "insert into storage.buckets (id, name) values ('huge', 'huge');
         insert into storage.objects (bucket_id, name) select 'huge', 'f' || g from generate_series(1, 200001) g;",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    let res = app
        .client
        .post(app.url("/bucket/huge/empty"))
        .bearer_auth(&app.service_key)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        error_of(res).await,
        (
            400,
            json!({"statusCode": "409", "code": "InvalidRequest", "error": "InvalidRequest",
                   "message": "Unable to empty the bucket because it contains too many objects"})
        )
    );
    assert_eq!(app.object_count().await, 200_001);
    sqlx::raw_sql(
        "begin; set local storage.allow_delete_query = 'true';
         delete from storage.objects where name = 'f1'; commit;",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    let res = app
        .client
        .post(app.url("/bucket/huge/empty"))
        .bearer_auth(&app.service_key)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(app.object_count().await, 0);
}

#[tokio::test]
async fn private_bucket_without_policies_refuses_other_roles() {
    let app = spawn_app().await;
    let user = key("authenticated", json!({"sub": uuid::Uuid::new_v4()}));
    let res = app
        .client
        .post(app.url("/object/priv/a.txt"))
        .bearer_auth(&user)
        .header("content-type", "text/plain")
        .body("hello")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("403")));
    assert_eq!(app.object_count().await, 0);
    assert!(app.blob_files().is_empty());
}
