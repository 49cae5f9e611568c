use serde_json::Value;

use crate::helpers::spawn_app;

#[tokio::test]
async fn health_answers_gotrue_json_once_the_database_is_up() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/health")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["name"], "GoTrue");
    assert!(body["version"].is_string());
    assert!(body["description"].is_string());
}

#[tokio::test]
async fn settings_say_email_only_and_signup_off() {
    let app = spawn_app().await;
    let body: Value = app
        .client
        .get(app.url("/settings"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body["external"]["email"], true);
    assert_eq!(body["external"]["phone"], false);
    assert_eq!(body["external"]["google"], false);
    assert_eq!(body["disable_signup"], true);
    assert_eq!(body["mailer_autoconfirm"], true);
    assert_eq!(body["smtp_configured"], false, "the test app has no SMTP");
}
