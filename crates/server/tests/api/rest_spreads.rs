//! Spread embeds through postgrest-rs on the neutral REST app
//! (`tests/fixtures/rest_spreads.sql`): a to-many spread lifts each column as an
//! array of the related rows' values (PostgREST 13), nested spreads give arrays
//! of arrays, and a to-one spread's aggregates aggregate the rows of the level
//! it spreads into (with `PLEAT_DB_AGGREGATES`).

use serde_json::{json, Value};

use crate::helpers::{spawn_app_with_migrations_and, TestApp};
use crate::rest::{client, rest_app_dir, send, spawn_rest_app};

async fn aggregates_app() -> TestApp {
    spawn_app_with_migrations_and(&rest_app_dir(), &[("PLEAT_DB_AGGREGATES", "true")]).await
}

/// `sp_factories` by name, each factory's processes by id.
fn factories(app: &TestApp, select: &str) -> postgrest::Builder {
    client(app)
        .from("sp_factories")
        .select(select)
        .order("name")
        .order_with_options("id", Some("sp_processes"), true, false)
}

async fn ok(request: postgrest::Builder) -> Value {
    let a = send(request).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.body
}

#[tokio::test]
async fn a_to_one_spread_lifts_its_columns_into_the_parent() {
    let app = spawn_rest_app().await;
    let spread = client(&app)
        .from("sp_processes")
        .select("name,...sp_categories(category:name),...sp_process_costs(cost)")
        .in_("id", ["1", "7"])
        .order("id");
    assert_eq!(
        ok(spread).await,
        json!([
            {"name": "Process A1", "category": "Batch", "cost": 150.0},
            {"name": "Process XX", "category": "Mass", "cost": null}
        ])
    );
}

#[tokio::test]
async fn a_to_many_spread_lifts_each_column_as_an_array() {
    let app = spawn_rest_app().await;
    assert_eq!(
        ok(factories(
            &app,
            "factory:name,...sp_processes(name,category:category_id)"
        ))
        .await,
        json!([
            {"factory": "Factory A", "name": ["Process A1", "Process A2"], "category": [1, 2]},
            {"factory": "Factory B", "name": ["Process B1", "Process B2"], "category": [1, 1]},
            {"factory": "Factory C", "name": ["Process C1", "Process C2", "Process XX", "Process YY"], "category": [2, 2, 2, 2]},
            {"factory": "Factory D", "name": [], "category": []}
        ])
    );
    assert_eq!(
        ok(factories(&app, "factory:name,...sp_processes(*)").eq("id", "2")).await,
        json!([{"factory": "Factory B", "id": [3, 4], "name": ["Process B1", "Process B2"], "factory_id": [2, 2], "category_id": [1, 1]}]),
        "* is every column, each an array"
    );
}

#[tokio::test]
async fn nested_spreads_and_embeds_inside_a_to_many_spread() {
    let app = spawn_rest_app().await;
    let nested = factories(
        &app,
        "factory:name,...sp_processes(process:name,...sp_process_costs(cost),...sp_process_supervisor(supervisor_id),sp_categories(name))",
    )
    .order_with_options(
        "supervisor_id",
        Some("sp_processes.sp_process_supervisor"),
        true,
        false,
    )
    .in_("id", ["2", "3"]);
    assert_eq!(
        ok(nested).await,
        json!([
            {
                "factory": "Factory B",
                "process": ["Process B1", "Process B2"],
                "cost": [180.0, 70.0],
                "supervisor_id": [[3, 4], [1, 2]],
                "sp_categories": [{"name": "Batch"}, {"name": "Batch"}]
            },
            {
                "factory": "Factory C",
                "process": ["Process C1", "Process C2", "Process XX", "Process YY"],
                "cost": [40.0, 70.0, null, 40.0],
                "supervisor_id": [[3], [3], [], []],
                "sp_categories": [{"name": "Mass"}, {"name": "Mass"}, {"name": "Mass"}, {"name": "Mass"}]
            }
        ])
    );
}

#[tokio::test]
async fn filters_inner_joins_and_null_filters_on_a_to_many_spread() {
    let app = spawn_rest_app().await;
    let names = |body: Value| -> Vec<Value> {
        body.as_array()
            .unwrap()
            .iter()
            .map(|r| r["factory"].clone())
            .collect()
    };
    let inner = factories(&app, "factory:name,...sp_processes!inner(name)")
        .eq("sp_processes.category_id", "1");
    assert_eq!(
        ok(inner).await,
        json!([
            {"factory": "Factory A", "name": ["Process A1"]},
            {"factory": "Factory B", "name": ["Process B1", "Process B2"]}
        ])
    );
    let none = factories(&app, "factory:name,...sp_processes(name)").is("sp_processes", "null");
    assert_eq!(
        ok(none).await,
        json!([{"factory": "Factory D", "name": []}])
    );
    let some =
        factories(&app, "factory:name,...sp_processes(name)").not("is", "sp_processes", "null");
    assert_eq!(
        names(ok(some).await),
        vec![json!("Factory A"), json!("Factory B"), json!("Factory C")]
    );
    let counted = send(
        factories(&app, "factory:name,...sp_processes(name)")
            .exact_count()
            .limit(2),
    )
    .await;
    assert_eq!(
        (counted.status, counted.header("content-range")),
        (206, "0-1/4")
    );
}

#[tokio::test]
async fn aggregates_in_a_to_one_spread_are_applied_by_its_parent() {
    let app = aggregates_app().await;
    let by_category = client(&app)
        .from("sp_processes")
        .select("...sp_process_costs(cost.sum()),...sp_categories(category:name)")
        .order("sp_categories(category)");
    assert_eq!(
        ok(by_category).await,
        json!([{"sum": 400.0, "category": "Batch"}, {"sum": 350.0, "category": "Mass"}])
    );
    let counted = client(&app)
        .from("sp_process_supervisor")
        .select("supervisor_id,...sp_processes(n:count())")
        .order("supervisor_id");
    assert_eq!(
        ok(counted).await,
        json!([
            {"supervisor_id": 1, "n": 2},
            {"supervisor_id": 2, "n": 2},
            {"supervisor_id": 3, "n": 3},
            {"supervisor_id": 4, "n": 1}
        ])
    );
    let nested = client(&app)
        .from("sp_process_supervisor")
        .select("...sp_processes(factory_id,...sp_process_costs(total:cost.sum()::int))")
        .order("sp_processes(factory_id)");
    assert_eq!(
        ok(nested).await,
        json!([
            {"factory_id": 1, "total": 350},
            {"factory_id": 2, "total": 500},
            {"factory_id": 3, "total": 110}
        ])
    );
    let to_many = send(
        client(&app)
            .from("sp_factories")
            .select("name,...sp_processes(id.count())"),
    )
    .await;
    assert_eq!(
        (to_many.status, to_many.body),
        (
            400,
            json!({
                "code": "PGRST127",
                "message": "Feature not implemented",
                "details": "Aggregates are not implemented for one-to-many or many-to-many spreads.",
                "hint": null
            })
        )
    );
}

#[tokio::test]
async fn the_exact_count_of_a_grouped_read_is_of_the_rows_before_grouping() {
    let app = aggregates_app().await;
    let page = send(
        client(&app)
            .from("sp_processes")
            .select("...sp_categories(name),count()")
            .order("sp_categories(name)")
            .exact_count()
            .range(0, 1),
    )
    .await;
    assert_eq!(
        (page.status, page.header("content-range"), &page.body),
        (
            206,
            "0-1/8",
            &json!([{"name": "Batch", "count": 3}, {"name": "Mass", "count": 5}])
        )
    );
}
