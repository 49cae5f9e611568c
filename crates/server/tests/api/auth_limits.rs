//! The `PLEAT_RATE_LIMIT_*` variables reach `/auth/v1`: the limits a deployer
//! sets are the ones the server keeps.

use serde_json::json;

use crate::helpers::spawn_app_with;

#[tokio::test]
async fn the_mail_limits_are_the_configured_ones() {
    let app = spawn_app_with(&[
        ("PLEAT_SMTP_MAX_FREQUENCY", "1ms"),
        ("PLEAT_RATE_LIMIT_EMAIL_SENT", "2"),
    ])
    .await;
    let recover = |email: &'static str| {
        app.client
            .post(format!("{}/auth/v1/recover", app.address))
            .header("apikey", &app.anon_key)
            .json(&json!({ "email": email }))
            .send()
    };
    // Twice to one address at once: the default (a minute) would refuse this.
    assert_eq!(recover("a@example.com").await.unwrap().status(), 200);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    assert_eq!(recover("a@example.com").await.unwrap().status(), 200);
    // The third mail of this client in the hour: the default (30) would send it.
    let res = recover("b@example.com").await.unwrap();
    assert_eq!(res.status(), 429);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["error_code"], "over_email_send_rate_limit");
}
