//! PostgREST 12/13's request preferences through postgrest-rs on the neutral
//! REST app: `missing=default` on bulk inserts and upserts, `max-affected`
//! under `handling=strict` on updates, deletes and (PostgREST 13) function
//! calls, `count=planned|estimated`, and `tx=rollback`, each with the
//! `Preference-Applied` PostgREST answers. postgrest-rs sets its own `Prefer`
//! for writes, so the preference under test goes as a second `Prefer` line.

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::rest::{client, send, send_with, spawn_rest_app};

/// A service-role client: the fixture's tables are open to every role, but
/// writes read back more plainly without row-level security in the way.
fn service(app: &TestApp) -> postgrest::Postgrest {
    client(app).insert_header("Authorization", format!("Bearer {}", app.service_key))
}

async fn read(app: &TestApp, table: &str, select: &str, filter: (&str, &str)) -> Value {
    send(
        service(app)
            .from(table)
            .select(select)
            .eq(filter.0, filter.1)
            .order("id"),
    )
    .await
    .body
}

#[tokio::test]
async fn missing_default_fills_absent_keys_of_a_bulk_insert_with_column_defaults() {
    let app = spawn_rest_app().await;
    // `columns` names the keys, as supabase-js sends it for an array.
    let rows = r#"[{"id": 10, "name": "No tags"}, {"id": 11, "name": "Tagged", "tags": ["x"]}]"#;
    let res = send_with(
        service(&app)
            .from("authors?columns=id,name,tags")
            .insert(rows)
            .select("id,tags"),
        &[("Prefer", "missing=default")],
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.body);
    assert_eq!(
        res.header("preference-applied"),
        "missing=default, return=representation"
    );
    assert_eq!(
        res.body,
        json!([{"id": 10, "tags": []}, {"id": 11, "tags": ["x"]}])
    );
    // Without it an absent key is null, which `tags NOT NULL` refuses.
    let res = send(
        service(&app)
            .from("authors?columns=id,name,tags")
            .insert(r#"[{"id": 12, "name": "No tags"}]"#),
    )
    .await;
    assert_eq!((res.status, &res.body["code"]), (400, &json!("23502")));
}

#[tokio::test]
async fn missing_default_applies_to_the_rows_an_upsert_updates_too() {
    let app = spawn_rest_app().await;
    let rows =
        r#"[{"id": 1, "name": "Ursula K. Le Guin"}, {"id": 13, "name": "New", "tags": ["y"]}]"#;
    let res = send_with(
        service(&app)
            .from("authors?columns=id,name,tags")
            .upsert(rows)
            .on_conflict("id")
            .select("id,name,tags"),
        &[("Prefer", "missing=default")],
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.body);
    assert_eq!(
        res.header("preference-applied"),
        "resolution=merge-duplicates, missing=default, return=representation"
    );
    assert_eq!(
        res.body,
        json!([
            {"id": 1, "name": "Ursula K. Le Guin", "tags": []},
            {"id": 13, "name": "New", "tags": ["y"]}
        ])
    );
}

#[tokio::test]
async fn max_affected_with_strict_handling_refuses_an_update_or_delete_over_it() {
    let owned = spawn_rest_app().await;
    let app = &owned;
    let update = move |max: &'static str| async move {
        send_with(
            service(app)
                .from("books")
                .in_("id", ["1", "2"])
                .update(r#"{"price": 1}"#)
                .select("id"),
            &[("Prefer", "handling=strict"), ("Prefer", max)],
        )
        .await
    };
    let refused = update("max-affected=1").await;
    assert_eq!(
        (refused.status, refused.body),
        (
            400,
            json!({
                "code": "PGRST124",
                "message": "Query result exceeds max-affected preference constraint",
                "details": "The query affects 2 rows",
                "hint": null
            })
        )
    );
    assert_eq!(
        read(app, "books", "price", ("id", "1")).await,
        json!([{"price": 9.99}]),
        "nothing changed"
    );
    let allowed = update("max-affected=2").await;
    assert_eq!(allowed.status, 200, "{}", allowed.body);
    assert_eq!(
        allowed.header("preference-applied"),
        "return=representation, handling=strict, max-affected=2"
    );
    // Lenient (the default) handling ignores the preference, and says so.
    let lenient = send_with(
        service(app)
            .from("books")
            .in_("id", ["1", "2"])
            .update(r#"{"price": 2}"#),
        &[("Prefer", "max-affected=1")],
    )
    .await;
    assert_eq!(lenient.status, 200, "{}", lenient.body);
    assert_eq!(
        lenient.header("preference-applied"),
        "return=representation"
    );
    let delete = send_with(
        service(app).from("reviews").eq("book_id", "1").delete(),
        &[("Prefer", "handling=strict, max-affected=1")],
    )
    .await;
    assert_eq!(
        (delete.status, &delete.body["code"]),
        (400, &json!("PGRST124"))
    );
    assert_eq!(
        read(app, "reviews", "stars", ("book_id", "1"))
            .await
            .as_array()
            .map(Vec::len),
        Some(2)
    );
}

#[tokio::test]
async fn max_affected_holds_a_set_returning_call_and_refuses_a_single_one() {
    let owned = spawn_rest_app().await;
    let app = &owned;
    let close = move |max: &'static str| async move {
        send_with(
            service(app).rpc("sp_close_factory", r#"{"factory": 1}"#),
            &[("Prefer", "handling=strict"), ("Prefer", max)],
        )
        .await
    };
    let refused = close("max-affected=1").await;
    assert_eq!(
        (
            refused.status,
            &refused.body["code"],
            &refused.body["details"]
        ),
        (400, &json!("PGRST124"), &json!("The query affects 2 rows"))
    );
    assert_eq!(
        read(app, "sp_processes", "id", ("factory_id", "1")).await,
        json!([{"id": 1}, {"id": 2}]),
        "the call was rolled back"
    );
    let allowed = close("max-affected=2").await;
    assert_eq!(allowed.status, 200, "{}", allowed.body);
    assert_eq!(
        allowed.header("preference-applied"),
        "handling=strict, max-affected=2"
    );
    assert_eq!(
        read(app, "sp_processes", "id", ("factory_id", "1")).await,
        json!([])
    );
    let single = send_with(
        service(app).rpc("sp_first_factory", "{}"),
        &[("Prefer", "handling=strict, max-affected=1")],
    )
    .await;
    assert_eq!(
        (single.status, single.body),
        (
            400,
            json!({
                "code": "PGRST128",
                "message": "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
                "details": null,
                "hint": null
            })
        )
    );
}

/// The total of `Content-Range: 0-N/total`.
fn total(content_range: &str) -> i64 {
    content_range
        .rsplit('/')
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no total in {content_range}"))
}

#[tokio::test]
async fn planned_and_estimated_counts() {
    let app = spawn_rest_app().await;
    // The planner's estimate of the rows: whatever the statistics say, a number.
    let planned = send(service(&app).from("books").select("id").planned_count()).await;
    assert!(matches!(planned.status, 200 | 206), "{}", planned.body);
    assert_eq!(planned.header("preference-applied"), "count=planned");
    assert!(total(planned.header("content-range")) >= 0);
    // Without db-max-rows PostgREST takes the larger of the exact count and
    // the estimate, so it is never below the 5 books.
    let estimated = send(service(&app).from("books").select("id").estimated_count()).await;
    assert_eq!(estimated.header("preference-applied"), "count=estimated");
    assert!(total(estimated.header("content-range")) >= 5);
    let exact = send(
        service(&app)
            .from("books")
            .select("id")
            .gt("published", "1975")
            .exact_count(),
    )
    .await;
    assert_eq!(exact.header("content-range"), "0-0/3");
}

#[tokio::test]
async fn tx_rollback_answers_as_if_committed_and_keeps_nothing() {
    let app = spawn_rest_app().await;
    let res = send_with(
        service(&app)
            .from("genres")
            .insert(r#"{"id": 50, "name": "poetry"}"#)
            .select("id,name"),
        &[("Prefer", "tx=rollback")],
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.body);
    assert_eq!(
        res.header("preference-applied"),
        "return=representation, tx=rollback"
    );
    assert_eq!(res.body, json!([{"id": 50, "name": "poetry"}]));
    assert_eq!(read(&app, "genres", "id", ("id", "50")).await, json!([]));
    let update = send_with(
        service(&app)
            .from("genres")
            .eq("id", "1")
            .update(r#"{"name": "fairy tales"}"#),
        &[("Prefer", "tx=rollback")],
    )
    .await;
    assert_eq!(update.status, 200, "{}", update.body);
    assert_eq!(update.body, json!([{"id": 1, "name": "fairy tales"}]));
    assert_eq!(
        read(&app, "genres", "name", ("id", "1")).await,
        json!([{"name": "fantasy"}])
    );
}
