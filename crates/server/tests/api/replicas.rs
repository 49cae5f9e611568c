//! Two replicas: two real servers (`Application::build`, each on its own
//! port, with nothing in memory in common) on one PostgreSQL behave as one:
//! sessions, sign-in limits and schema reloads are shared.

use std::time::Duration;

use pleat_test_support::{TestApp, TestDatabase};
use serde_json::{json, Value};

const PASSWORD: &str = "correct-horse-battery";

/// A table signed-in users read, to see whether REST takes a token.
const NOTES_SQL: &str = "CREATE TABLE public.notes (id int PRIMARY KEY, title text); \
     GRANT SELECT ON public.notes TO authenticated; \
     INSERT INTO public.notes VALUES (1, 'first');";

type Replica = TestApp;

async fn replica(database_url: &str) -> Replica {
    TestApp::builder().on_database(database_url).spawn().await
}

/// Two replicas on a fresh database with one owner account.
async fn two_replicas() -> (Replica, Replica, sqlx::PgPool) {
    let db = TestDatabase::new().await;
    let pool = db.pool().await;
    sqlx::raw_sql(NOTES_SQL).execute(&pool).await.unwrap();
    pleat_auth::Accounts::new(pool.clone(), 8)
        .create_user("owner@example.com", PASSWORD, true)
        .await
        .unwrap();
    (replica(&db.url).await, replica(&db.url).await, pool)
}

trait ReplicaRequests {
    fn post(&self, path: &str) -> reqwest::RequestBuilder;
    async fn sign_in(&self, password: &str) -> reqwest::Response;
    async fn rest_get(&self, path: &str, token: &str) -> reqwest::Response;
}

impl ReplicaRequests for Replica {
    fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client
            .post(format!("{}{path}", self.address))
            .header("apikey", &self.anon_key)
    }

    async fn sign_in(&self, password: &str) -> reqwest::Response {
        self.post("/auth/v1/token?grant_type=password")
            .json(&json!({"email": "owner@example.com", "password": password}))
            .send()
            .await
            .unwrap()
    }

    async fn rest_get(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(format!("{}/rest/v1{path}", self.address))
            .header("apikey", &self.anon_key)
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }
}

#[tokio::test]
async fn a_session_signed_in_on_one_and_ended_on_the_other_is_over_on_both() {
    let (a, b, _pool) = two_replicas().await;
    let session: Value = a.sign_in(PASSWORD).await.json().await.unwrap();
    let old_access = session["access_token"].as_str().unwrap();
    assert_eq!(
        a.rest_get("/notes?select=title", old_access).await.status(),
        200
    );

    let res = b
        .post("/auth/v1/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": session["refresh_token"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "B rotates a token A issued");
    let refreshed: Value = res.json().await.unwrap();
    let out = b
        .post("/auth/v1/logout")
        .bearer_auth(refreshed["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);

    let res = a.rest_get("/notes?select=title", old_access).await;
    assert_eq!(res.status(), 401, "A's REST refuses the old access token");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST301");
    let res = a
        .post("/auth/v1/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": refreshed["refresh_token"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400, "nor can A refresh the ended session");
}

#[tokio::test]
async fn the_sign_in_budget_is_shared() {
    let (a, b, _pool) = two_replicas().await;
    // Five wrong passwords per account and address, spent on both replicas.
    for replica in [&a, &b, &a, &b, &a] {
        assert_eq!(replica.sign_in("wrong password").await.status(), 400);
    }
    for replica in [&b, &a] {
        let res = replica.sign_in(PASSWORD).await;
        assert_eq!(res.status(), 429, "failures on either count on both");
        assert!(res.headers().contains_key("retry-after"));
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error_code"], "over_request_rate_limit");
    }
}

#[tokio::test]
async fn a_schema_change_reloads_on_both() {
    let (a, b, pool) = two_replicas().await;
    sqlx::raw_sql(
        "CREATE TABLE public.faq (id int PRIMARY KEY, q text); GRANT SELECT ON public.faq TO anon; \
         INSERT INTO public.faq VALUES (1, 'Do you measure?'); NOTIFY pgrst, 'reload schema';",
    )
    .execute(&pool)
    .await
    .unwrap();
    for replica in [&a, &b] {
        let mut last = 0;
        for _ in 0..50 {
            let res = replica.rest_get("/faq?select=q", &replica.anon_key).await;
            last = res.status().as_u16();
            if last == 200 {
                let rows: Value = res.json().await.unwrap();
                assert_eq!(rows, json!([{"q": "Do you measure?"}]));
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(last, 200, "{} never saw the new table", replica.address);
    }
}
