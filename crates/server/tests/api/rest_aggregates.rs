//! Aggregates in `select` through postgrest-rs on the neutral REST app: with
//! `PLEAT_DB_AGGREGATES=true` each function groups by what else is selected
//! (per parent inside an embed); without it, PostgREST's PGRST123.

use serde_json::{json, Value};

use crate::helpers::{spawn_app_with_migrations_and, TestApp};
use crate::rest::{client, rest_app_dir, send, spawn_rest_app};

async fn aggregates_app() -> TestApp {
    spawn_app_with_migrations_and(&rest_app_dir(), &[("PLEAT_DB_AGGREGATES", "true")]).await
}

async fn read(app: &TestApp, table: &str, select: &str, order: Option<&str>) -> (u16, Value) {
    let mut req = client(app).from(table).select(select);
    if let Some(order) = order {
        req = req.order(order);
    }
    let a = send(req).await;
    (a.status, a.body)
}

#[tokio::test]
async fn aggregates_group_by_the_other_columns_and_per_parent_in_embeds() {
    let app = aggregates_app().await;
    assert_eq!(
        read(&app, "books", "count()", None).await,
        (200, json!([{ "count": 5 }]))
    );
    assert_eq!(
        read(&app, "books", "author_id,count()", Some("author_id")).await,
        (
            200,
            json!([
                { "author_id": 1, "count": 2 },
                { "author_id": 2, "count": 2 },
                { "author_id": 3, "count": 1 }
            ])
        )
    );
    assert_eq!(
        read(
            &app,
            "books",
            "price.sum(),price.avg(),price.min(),price.max(),price.count(),rows:id.count()",
            None
        )
        .await,
        (
            200,
            json!([{ "sum": 46.48, "avg": 11.62, "min": 8.99, "max": 15.0, "count": 4, "rows": 5 }])
        ),
        "count() of a column skips its nulls"
    );
    assert_eq!(
        read(
            &app,
            "books",
            "writer:author_id,total:price.sum()::text",
            Some("author_id")
        )
        .await,
        (
            200,
            json!([
                { "writer": 1, "total": "22.49" },
                { "writer": 2, "total": "15.00" },
                { "writer": 3, "total": "8.99" }
            ])
        )
    );
    assert_eq!(
        read(&app, "books", "pages:meta->>pages::int.sum()", None).await,
        (200, json!([{ "pages": 1167 }]))
    );
    assert_eq!(
        read(&app, "books", "id,reviews(stars.sum(),count())", Some("id")).await,
        (
            200,
            json!([
                { "id": 1, "reviews": [{ "sum": 9, "count": 2 }] },
                { "id": 2, "reviews": [{ "sum": null, "count": 0 }] },
                { "id": 3, "reviews": [{ "sum": 5, "count": 1 }] },
                { "id": 4, "reviews": [{ "sum": null, "count": 0 }] },
                { "id": 5, "reviews": [{ "sum": 3, "count": 1 }] }
            ])
        )
    );
    assert_eq!(
        read(&app, "reviews", "stars.sum(),books(title)", Some("book_id"))
            .await
            .0,
        400,
        "ordering by a column that is neither grouped nor aggregated is PostgreSQL's error"
    );
    assert_eq!(
        read(
            &app,
            "reviews",
            "book_id,stars.sum(),books(title)",
            Some("book_id")
        )
        .await,
        (
            200,
            json!([
                { "book_id": 1, "sum": 9, "books": { "title": "A Wizard of Earthsea" } },
                { "book_id": 3, "sum": 5, "books": { "title": "Kindred" } },
                { "book_id": 5, "sum": 3, "books": { "title": "Guards! Guards!" } }
            ])
        )
    );
    let page = send(
        client(&app)
            .from("books")
            .select("author_id,count()")
            .order("author_id")
            // After `exact_count()`, whose `Range: 0-0` only asks for the total.
            .exact_count()
            .limit(2),
    )
    .await;
    assert_eq!(
        (page.status, page.header("content-range"), &page.body),
        (
            206,
            "0-1/5",
            &json!([{ "author_id": 1, "count": 2 }, { "author_id": 2, "count": 2 }])
        ),
        "the total is of the rows before grouping, as PostgREST's count query never groups"
    );
    let (status, body) = read(
        &app,
        "authors",
        "name,...books!author_id(price.sum())",
        None,
    )
    .await;
    assert_eq!(
        (status, body),
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
async fn aggregates_are_refused_when_not_enabled_but_count_as_a_column_is_not() {
    let app = spawn_rest_app().await;
    let refused = json!({
        "code": "PGRST123",
        "message": "Use of aggregate functions is not allowed",
        "details": null,
        "hint": null
    });
    assert_eq!(
        read(&app, "authors", "name,books!author_id(count)", Some("id")).await,
        (
            200,
            json!([
                { "name": "Ursula Le Guin", "books": [{ "count": 2 }] },
                { "name": "Octavia Butler", "books": [{ "count": 2 }] },
                { "name": "Terry Pratchett", "books": [{ "count": 1 }] },
                { "name": "Anonymous", "books": [{ "count": 0 }] }
            ])
        ),
        "`rel(count)` is a column to PostgREST, allowed without the setting"
    );
    assert_eq!(
        read(&app, "books", "count", None).await,
        (200, json!([{ "count": 5 }]))
    );
    for select in [
        "count()",
        "price.sum()",
        "author_id,price.avg()",
        "id,reviews(stars.max())",
        "title,...authors!author_id(count())",
    ] {
        assert_eq!(
            read(&app, "books", select, None).await,
            (400, refused.clone()),
            "{select}"
        );
    }
}
