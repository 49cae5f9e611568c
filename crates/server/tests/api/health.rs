use crate::helpers::spawn_app;

#[tokio::test]
async fn health_answers_json_once_the_database_is_up() {
    let app = spawn_app().await;
    let res = app.get("/auth/v1/health").await;
    assert_eq!(res.status(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["name"], "GoTrue");
    assert!(body["version"].is_string());
}

#[tokio::test]
async fn unknown_api_paths_answer_json_not_the_site() {
    let app = spawn_app().await;
    let res = app.get("/restaurants").await;
    assert_eq!(res.status(), 404, "not an API prefix: the SPA answers");
    assert!(res.text().await.unwrap().contains("__PLEAT_CONFIG__"));
    let res = app.get("/storage/v1/unknown").await;
    assert_eq!(res.status(), 404);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["message"].is_string());
}
