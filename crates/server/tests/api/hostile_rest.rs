//! `/rest/v1` against hostile input (issue 10, findings 1, 7, 8 and 9): each
//! request gets its 4xx with PostgREST's JSON body, and the server still
//! answers an ordinary read afterwards. Before the limits, a deep `or=` or
//! `select=` overflowed the worker's stack and aborted the whole process.

use serde_json::Value;

use crate::helpers::{spawn_app_on_repo_migrations as spawn_app, TestApp};

async fn rest(app: &TestApp, path_and_query: &str, headers: &[(&str, &str)]) -> (u16, Value) {
    let mut req = app
        .client
        .get(format!("{}/rest/v1{path_and_query}", app.address))
        .header("apikey", &app.anon_key);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    let res = req.send().await.expect("the server answered");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON body"))
}

/// The process is still up and serving reads.
async fn still_answers(app: &TestApp) {
    let (status, rows) = rest(app, "/services?select=title&order=sort_order", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(rows[0]["title"], "Custom Curtains");
}

fn nested(open: &str, depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(depth), ")".repeat(depth))
}

async fn assert_refused(app: &TestApp, path: &str, status: u16, code: &str, message: &str) {
    let (got, body) = rest(app, path, &[]).await;
    let shown = path.chars().take(60).collect::<String>();
    assert_eq!(got, status, "{shown}: {body}");
    assert_eq!(body["code"], code, "{shown}: {body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains(message),
        "{shown}: {body}"
    );
    assert!(body.get("details").is_some() && body.get("hint").is_some());
}

#[tokio::test]
async fn deeply_nested_parameters_are_refused_and_the_server_survives() {
    let app = spawn_app().await;
    let logic = "logic tree nested deeper than 32 levels";
    let cases = [
        format!("/services?or=({})", nested("or(", 1_600, "title.eq.a")),
        format!("/services?and=({})", nested("and(", 2_000, "title.eq.a")),
        format!("/no_such_table?or=({})", nested("or(", 8_000, "title.eq.a")),
        format!(
            "/services?not.or=({})",
            nested("not.and(", 3_000, "id.eq.1")
        ),
    ];
    for path in &cases {
        assert_refused(&app, path, 400, "PGRST100", logic).await;
        still_answers(&app).await;
    }
    let select = format!("/services?select={}", nested("a(", 3_000, "id"));
    assert_refused(&app, &select, 400, "PGRST100", "deeper than 32 levels").await;
    let spreads = format!("/services?select={}", nested("...a(", 3_000, "id"));
    assert_refused(&app, &spreads, 400, "PGRST100", "deeper than 32 levels").await;
    let json = format!("/services?select=title{}", "-%3Ek".repeat(5_000));
    assert_refused(
        &app,
        &json,
        400,
        "PGRST100",
        "JSON path longer than 64 steps",
    )
    .await;
    still_answers(&app).await;
}

#[tokio::test]
async fn nul_bytes_are_refused_before_any_sql() {
    let app = spawn_app().await;
    let cases = [
        "/services?select=%22a%00b%22:title",
        "/services?select=title-%3Ea%00b",
        "/services?select=title-%3E%22a%00b%22",
        "/services?select=%22ti%00tle%22",
        "/services?ti%00tle=eq.x",
        "/services?title=eq.a%00b",
        "/services?or=(title.eq.%00)",
        "/services?order=%22ti%00tle%22",
    ];
    for path in cases {
        assert_refused(&app, path, 400, "PGRST100", "NUL character").await;
    }
    still_answers(&app).await;
}

#[tokio::test]
async fn a_cast_is_one_type_name() {
    let app = spawn_app().await;
    assert_refused(
        &app,
        "/services?select=id::int4%20from%20pg_authid",
        400,
        "42704",
        "type \"int4 from pg_authid\" does not exist",
    )
    .await;
    assert_refused(
        &app,
        "/services?select=title::text%20limit%201",
        400,
        "42704",
        "does not exist",
    )
    .await;
    let (status, rows) = rest(
        &app,
        "/services?select=n:sort_order::double%20precision,t:title::text&order=sort_order&limit=1",
        &[],
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(rows[0]["n"], 0.0);
    assert_eq!(rows[0]["t"], "Custom Curtains");
}

#[tokio::test]
async fn huge_ranges_never_wrap() {
    let app = spawn_app().await;
    let huge = "99999999999999999999";
    for path in [
        format!("/services?limit={huge}"),
        format!("/services?offset={huge}"),
        format!("/services?limit=1&offset=-{huge}"),
    ] {
        assert_refused(&app, &path, 400, "22003", "bigint out of range").await;
    }
    for range in [format!("0-{huge}"), format!("{huge}-")] {
        let (status, body) = rest(&app, "/services", &[("range", &range)]).await;
        assert_eq!(status, 400, "{range}: {body}");
        assert_eq!(body["code"], "22003");
    }
    let (status, body) = rest(&app, "/services", &[("range", "5-2")]).await;
    assert_eq!(status, 416);
    assert_eq!(body["code"], "PGRST103");

    let max = i64::MAX;
    let (status, rows) = rest(&app, &format!("/services?limit={max}&offset={max}"), &[]).await;
    assert_eq!((status, rows), (200, Value::Array(vec![])));
    let (status, rows) = rest(&app, "/services", &[("range", &format!("0-{max}"))]).await;
    assert_eq!(status, 200);
    assert_eq!(rows.as_array().map(Vec::len), Some(5));
    let (status, rows) = rest(
        &app,
        "/services",
        &[("range", &format!("{}-{max}", max - 1))],
    )
    .await;
    assert_eq!((status, rows), (200, Value::Array(vec![])));
    still_answers(&app).await;
}
