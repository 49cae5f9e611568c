//! `Accept: application/vnd.pgrst.plan…` through postgrest-rs on the neutral
//! REST app: with `PLEAT_DB_PLAN=true` the EXPLAIN output of the statement a
//! read, a write or a call would run, as the caller, never keeping what an
//! analyzed write did; without it (the default), PostgREST's 406 PGRST107.

use serde_json::{json, Value};

use crate::helpers::{spawn_app_with_migrations_and, TestApp};
use crate::rest::{client, rest_app_dir, spawn_rest_app};

async fn plan_app() -> TestApp {
    spawn_app_with_migrations_and(&rest_app_dir(), &[("PLEAT_DB_PLAN", "true")]).await
}

/// `request` sent with `Accept: accept`: status, `Content-Type` and body text
/// (a text plan is no JSON). postgrest-rs sets `Accept` on every request it
/// builds, so the header is replaced on the built request.
async fn raw(accept: &str, request: postgrest::Builder) -> (u16, String, String) {
    let (http, built) = request.build().build_split();
    let mut built = built.unwrap();
    built
        .headers_mut()
        .insert("accept", accept.parse().unwrap());
    let res = http.execute(built).await.expect("the server answered");
    let status = res.status().as_u16();
    let content_type = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, content_type, res.text().await.unwrap())
}

/// The top node of a JSON plan answer.
fn top(body: &str) -> Value {
    let plan: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    plan[0]["Plan"].clone()
}

fn find<'a>(node: &'a Value, key: &str, value: &str) -> Option<&'a Value> {
    if node[key] == value {
        return Some(node);
    }
    node["Plans"]
        .as_array()?
        .iter()
        .find_map(|child| find(child, key, value))
}

/// What the writes below would change: the orders and the reviews.
async fn state(app: &TestApp) -> (Vec<(i32, i32)>, i64) {
    let orders = sqlx::query_as("SELECT id, qty FROM ex_orders ORDER BY id")
        .fetch_all(&app.owner)
        .await
        .unwrap();
    let reviews = sqlx::query_scalar("SELECT count(*) FROM reviews")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    (orders, reviews)
}

#[tokio::test]
async fn plans_of_reads_in_json_and_text_with_options() {
    let app = plan_app().await;
    let (status, content_type, body) = raw(
        "application/vnd.pgrst.plan+json",
        client(&app).from("ex_orders").eq("book_id", "1"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        content_type,
        r#"application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8"#
    );
    let plan = top(&body);
    assert_eq!(plan["Node Type"], "Aggregate");
    assert!(plan["Total Cost"].as_f64().unwrap() > 0.0);
    assert!(plan["Actual Rows"].is_null(), "not analyzed");

    let (status, content_type, body) =
        raw("application/vnd.pgrst.plan", client(&app).from("ex_orders")).await;
    assert_eq!(status, 200);
    assert_eq!(
        content_type,
        r#"application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8"#
    );
    assert!(body.starts_with("Aggregate  (cost="), "{body}");
    assert!(body.ends_with('\n'));

    let (status, content_type, body) = raw(r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=wal|buffers|settings|verbose|analyze"#, client(&app)
        .from("ex_orders")
        .eq("book_id", "1"))
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        content_type,
        r#"application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose|settings|buffers|wal; charset=utf-8"#
    );
    let doc: Value = serde_json::from_str(&body).unwrap();
    assert!(doc[0]["Execution Time"].is_number(), "analyzed");
    assert!(doc[0]["Settings"].is_object());
    let plan = &doc[0]["Plan"];
    assert!(plan["Shared Hit Blocks"].is_number(), "buffers");
    assert_eq!(plan["WAL Records"], 0, "wal");
    assert!(
        plan["Output"][2].as_str().unwrap().contains("-> 0"),
        "the plan of the single-object statement: {}",
        plan["Output"]
    );
    let scan = find(plan, "Relation Name", "ex_orders").expect("a scan of ex_orders");
    assert_eq!(scan["Actual Rows"], 2);
}

#[tokio::test]
async fn an_analyzed_write_or_call_shows_its_plan_and_keeps_nothing() {
    let app = plan_app().await;
    let before = state(&app).await;
    let analyze = "application/vnd.pgrst.plan+json; options=analyze";

    let (status, _, body) = raw(
        analyze,
        client(&app)
            .from("ex_orders")
            .insert(r#"{"book_id": 2, "qty": 7}"#),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let insert = find(&top(&body), "Node Type", "ModifyTable")
        .cloned()
        .unwrap();
    assert_eq!(insert["Operation"], "Insert");
    assert_eq!(insert["Actual Rows"], 1);

    let (status, _, body) = raw(
        analyze,
        client(&app)
            .from("ex_orders")
            .eq("id", "1")
            .update(r#"{"qty": 99}"#),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _, body) = raw(
        analyze,
        client(&app).from("ex_orders").eq("id", "2").delete(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        find(&top(&body), "Node Type", "ModifyTable").unwrap()["Operation"],
        "Delete"
    );
    let (status, _, body) = raw(
        analyze,
        client(&app).rpc("add_review", r#"{"book": 2, "stars": 4}"#),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    assert_eq!(state(&app).await, before, "nothing analyzed was kept");
}

#[tokio::test]
async fn options_are_fixed_words_never_sql() {
    let app = plan_app().await;
    let (status, content_type, body) = raw(
        r#"application/vnd.pgrst.plan+json; options=analyze|costs) DELETE FROM books --|verbose"#,
        client(&app).from("books"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        content_type.contains("; options=analyze|verbose; charset"),
        "{content_type}"
    );
    let books: i64 = sqlx::query_scalar("SELECT count(*) FROM books")
        .fetch_one(&app.owner)
        .await
        .unwrap();
    assert_eq!(books, 5);
}

#[tokio::test]
async fn plans_are_406_pgrst107_unless_enabled() {
    let app = spawn_rest_app().await;
    for key in [&app.anon_key, &app.service_key] {
        let (status, _, body) = raw(
            "application/vnd.pgrst.plan+json; options=analyze",
            client(&app).from("books").auth(key),
        )
        .await;
        assert_eq!(status, 406);
        assert_eq!(
            serde_json::from_str::<Value>(&body).unwrap(),
            json!({
                "code": "PGRST107",
                "message": r#"None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze"#,
                "details": null,
                "hint": null,
            })
        );
    }
}
