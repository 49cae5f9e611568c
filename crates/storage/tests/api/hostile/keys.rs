//! Object keys longer than 1024 bytes, wherever a key comes in.

use super::*;

/// `len` key characters that do not compress (a repeated letter would fit
/// PostgreSQL's index row limit once compressed, and hide the 500).
fn incompressible_key(len: usize) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            CHARS[(state % CHARS.len() as u64) as usize] as char
        })
        .collect()
}

#[tokio::test]
async fn keys_over_1024_bytes_are_a_400_wherever_a_key_comes_in() {
    let app = spawn_app().await;
    let long = incompressible_key(2700);
    let just_over = incompressible_key(1025);
    let at_limit = incompressible_key(1024);
    let invalid_key = |body: &Value| {
        assert_eq!(body["statusCode"], "400", "{body}");
        assert_eq!(body["code"], "InvalidKey", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("1024 bytes"),
            "{body}"
        );
    };

    assert_eq!(
        app.put_object(&format!("pub/{at_limit}"), b"edge", "text/plain")
            .await
            .status(),
        200
    );
    let res = app
        .client
        .get(app.url(&format!("/object/public/pub/{at_limit}")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.text().await.unwrap(), "edge");

    for key in [&long, &just_over] {
        let (status, body) = error_of(
            app.put_object(&format!("pub/{key}"), b"x", "text/plain")
                .await,
        )
        .await;
        assert_eq!(status, 400);
        invalid_key(&body);
    }
    app.put_object("pub/src.txt", b"x", "text/plain").await;
    let posts = [
        (
            "/object/copy".to_string(),
            json!({"bucketId": "pub", "sourceKey": "src.txt", "destinationKey": long}),
        ),
        (
            "/object/move".to_string(),
            json!({"bucketId": "pub", "sourceKey": "src.txt", "destinationKey": long}),
        ),
        (format!("/object/sign/pub/{long}"), json!({"expiresIn": 60})),
        (format!("/object/upload/sign/pub/{long}"), json!({})),
        (
            "/object/sign/pub".to_string(),
            json!({"expiresIn": 60, "paths": [long]}),
        ),
        ("/object/list/pub".to_string(), json!({"prefix": long})),
        (
            "/object/list/pub".to_string(),
            json!({"prefix": "", "search": long}),
        ),
        ("/object/list-v2/pub".to_string(), json!({"prefix": long})),
    ];
    for (route, body) in posts {
        let res = post_json(&app, &route, &app.service_key, body).await;
        invalid_key(&error_of(res).await.1);
    }
    let res = app
        .client
        .delete(app.url("/object/pub"))
        .bearer_auth(&app.service_key)
        .json(&json!({"prefixes": [long]}))
        .send()
        .await
        .unwrap();
    invalid_key(&error_of(res).await.1);

    // Bucket names have their own bound (100 characters).
    let res = post_json(
        &app,
        "/bucket",
        &app.service_key,
        json!({"name": "b".repeat(101)}),
    )
    .await;
    assert_eq!(error_of(res).await.1["code"], "InvalidBucketName");
    let res = app
        .client
        .get(app.url(&format!("/bucket/{}", "b".repeat(2700))))
        .bearer_auth(&app.service_key)
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(res).await.1["code"], "InvalidBucketName");
    assert_eq!(names_in(&app, "pub").await.len(), 2);
    app.still_serves().await;
}
