//! The site's tables through `/rest/v1` as the site's pages reach them: the
//! contact form's table takes messages from anyone and shows them only to
//! editors, and the portfolio's `featured` flag filters with `is`.

use serde_json::{json, Value};

use pleat_test_support::TestApp;

use crate::helpers::site_app;

const OWNER: &str = "owner@example.com";
const PASSWORD: &str = "correct horse battery";

async fn editor_token(app: &TestApp) -> String {
    let res = app
        .client
        .post(app.url("/auth/v1/token?grant_type=password"))
        .header("apikey", &app.anon_key)
        .json(&json!({"email": OWNER, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let session: Value = res.json().await.unwrap();
    session["access_token"].as_str().unwrap().to_string()
}

fn rest(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
) -> reqwest::RequestBuilder {
    app.client
        .request(method, app.url(&format!("/rest/v1{path}")))
        .header("apikey", &app.anon_key)
        .bearer_auth(token.unwrap_or(&app.anon_key))
}

#[tokio::test]
async fn contact_messages_are_sent_by_anyone_and_read_only_by_editors() {
    let app = site_app()
        .vars(&[
            ("PLEAT_ADMIN_EMAIL", OWNER),
            ("PLEAT_ADMIN_PASSWORD", PASSWORD),
        ])
        .spawn()
        .await;
    let editor = editor_token(&app).await;
    let message = json!({"first_name": "Ann", "last_name": "Lee", "email": "ann@example.com", "message": "Hello"});
    let post = reqwest::Method::POST;

    let sent = rest(&app, post.clone(), "/contact_messages", None)
        .header("prefer", "return=minimal")
        .json(&message)
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), 201);

    let read_back = rest(&app, post.clone(), "/contact_messages", None)
        .header("prefer", "return=representation")
        .json(&message)
        .send()
        .await
        .unwrap();
    assert_eq!(read_back.status(), 401);
    let body: Value = read_back.json().await.unwrap();
    assert_eq!(body["code"], "42501");

    let authed = rest(
        &app,
        post.clone(),
        "/contact_messages?select=first_name",
        Some(&editor),
    )
    .header("prefer", "return=representation")
    .json(&message)
    .send()
    .await
    .unwrap();
    assert_eq!(authed.status(), 201);
    assert_eq!(
        authed.json::<Value>().await.unwrap(),
        json!([{"first_name": "Ann"}])
    );

    let edited = rest(
        &app,
        reqwest::Method::PATCH,
        "/contact_messages",
        Some(&editor),
    )
    .json(&json!({"message": "x"}))
    .send()
    .await
    .unwrap();
    assert_eq!(edited.status(), 403);
    assert_eq!(edited.json::<Value>().await.unwrap()["code"], "42501");

    let blank = rest(&app, post, "/contact_messages", None)
        .json(&json!({"first_name": " ", "last_name": "L", "email": "a@b", "message": "m"}))
        .send()
        .await
        .unwrap();
    assert_eq!(blank.status(), 400);
    assert_eq!(blank.json::<Value>().await.unwrap()["code"], "23514");
}

#[tokio::test]
async fn featured_portfolio_items_filter_with_is() {
    let app = site_app().spawn().await;
    for (filter, expected) in [
        ("featured=is.true", 4),
        ("featured=is.false", 2),
        ("featured=is.unknown", 0),
        ("featured=not.is.true", 2),
    ] {
        let res = rest(
            &app,
            reqwest::Method::GET,
            &format!("/portfolio_items?select=id&{filter}"),
            None,
        )
        .send()
        .await
        .unwrap();
        assert_eq!(res.status(), 200, "{filter}");
        let rows: Vec<Value> = res.json().await.unwrap();
        assert_eq!(rows.len(), expected, "{filter}");
    }
}
