//! Times and ages from the client: `expiresIn` and `cacheControl` values too
//! large for the clock or the header.

use super::*;

#[tokio::test]
async fn a_huge_expires_in_is_a_400_and_the_server_keeps_serving() {
    let app = spawn_app().await;
    sqlx::raw_sql(
        "create policy anon_pub_select on storage.objects for select to anon using (bucket_id = 'pub')",
    )
    .execute(&app.owner)
    .await
    .unwrap();
    app.put_object("pub/a.txt", b"hello", "text/plain").await;
    for expires in [
        json!(1e300),
        json!(9_007_199_254_740_993u64),
        json!(i64::MAX),
        json!(u64::MAX),
        json!("1e300"),
        json!("9223372036854775808"),
        json!(3_153_600_001u64),
        json!(0),
        json!(-5),
        json!(1.5),
        json!("soon"),
        json!(true),
        json!(null),
    ] {
        let res = post_json(
            &app,
            "/object/sign/pub/a.txt",
            &app.anon_key,
            json!({"expiresIn": expires}),
        )
        .await;
        let (status, body) = error_of(res).await;
        assert_eq!(
            (status, body["statusCode"].as_str(), body["code"].as_str()),
            (400, Some("400"), Some("InvalidRequest")),
            "{expires}"
        );
        assert!(body["message"].as_str().unwrap().contains("expiresIn"));
        let res = post_json(
            &app,
            "/object/sign/pub",
            &app.anon_key,
            json!({"expiresIn": expires, "paths": ["a.txt"]}),
        )
        .await;
        assert_eq!(error_of(res).await.1["statusCode"], "400", "{expires}");
    }
    // The longest allowed (100 years) works end to end.
    let res = post_json(
        &app,
        "/object/sign/pub/a.txt",
        &app.anon_key,
        json!({"expiresIn": 3_153_600_000u64}),
    )
    .await;
    let signed: Value = res.json().await.unwrap();
    let url = format!("{}{}", app.address, signed["signedURL"].as_str().unwrap());
    let res = app.client.get(&url).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers().contains_key("expires"));
    assert_eq!(res.text().await.unwrap(), "hello");

    // A token signed with an expiry past what an HTTP date can say (as one
    // made before the bound could be) is served, not a dropped connection.
    let claims = pleat_storage::token::UrlClaims::download("pub/a.txt".into(), 0, i64::MAX);
    let token = pleat_storage::token::sign(
        &claims,
        &secrecy::SecretString::from(crate::helpers::JWT_SECRET.to_string()),
    )
    .unwrap();
    let res = app
        .client
        .get(app.url(&format!("/object/sign/pub/a.txt?token={token}")))
        .send()
        .await
        .expect("an answer, not a dropped connection");
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["expires"], "Fri, 31 Dec 9999 23:59:59 GMT");
    app.still_serves().await;
}

#[tokio::test]
async fn cache_control_ages_are_bounded() {
    let app = spawn_app().await;
    let huge = "99999999999999999999";
    let res = app
        .client
        .post(app.url("/object/pub/a.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", "text/plain")
        .header("cache-control", format!("public, max-age={huge}"))
        .body("x")
        .send()
        .await
        .unwrap();
    let (status, body) = error_of(res).await;
    assert_eq!((status, body["statusCode"].as_str()), (400, Some("400")));
    assert!(
        body["message"].as_str().unwrap().contains("max-age"),
        "{body}"
    );
    let (content_type, form) = multipart_body(&[
        ("cacheControl", None, huge.as_bytes()),
        ("", Some("text/plain"), b"x"),
    ]);
    let res = send_body(
        &app,
        Method::POST,
        "/object/pub/b.txt",
        &app.service_key,
        content_type,
        form,
    )
    .await;
    assert_eq!(error_of(res).await.1["statusCode"], "400");
    assert_eq!(app.object_count().await, 0);

    // A year, immutable: what CDNs are told for fingerprinted files.
    let res = app
        .client
        .post(app.url("/object/pub/c.txt"))
        .bearer_auth(&app.service_key)
        .header("content-type", "text/plain")
        .header("cache-control", "public, max-age=31536000, immutable")
        .body("x")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .get(app.url("/object/public/pub/c.txt"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    app.still_serves().await;
}
