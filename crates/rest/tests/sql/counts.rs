use serde_json::json;

use crate::helpers::{db, ids};

fn with(prefer: &str) -> Vec<(&str, &str)> {
    vec![("prefer", prefer)]
}

#[tokio::test]
async fn exact_counts_ranges_and_statuses() {
    let db = db().await;
    let all = db
        .request("anon", "GET", "/books?select=id", &with("count=exact"), "")
        .await;
    assert_eq!(
        (all.status, all.header("content-range")),
        (200, Some("0-4/5"))
    );
    assert_eq!(all.header("preference-applied"), Some("count=exact"));
    let page = db
        .request(
            "anon",
            "GET",
            "/books?select=id&order=id&limit=2&offset=2",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (page.status, page.header("content-range"), ids(&page)),
        (206, Some("2-3/5"), vec![3, 4])
    );
    let filtered = db
        .request(
            "anon",
            "GET",
            "/books?select=id&author_id=eq.1",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (filtered.status, filtered.header("content-range")),
        (200, Some("0-1/2"))
    );
    let at_end = db
        .request(
            "anon",
            "GET",
            "/books?select=id&offset=5",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (at_end.status, at_end.header("content-range"), at_end.json()),
        (206, Some("*/5"), json!([]))
    );
    let past = db
        .request(
            "anon",
            "GET",
            "/books?select=id&offset=10",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (past.status, past.json()),
        (
            416,
            json!({"code": "PGRST103", "message": "Requested range not satisfiable", "details": "An offset of 10 was requested, but there are only 5 rows.", "hint": null})
        )
    );
    let none = db
        .request(
            "anon",
            "GET",
            "/books?select=id&id=gt.100",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (none.status, none.header("content-range")),
        (200, Some("*/0"))
    );
    let uncounted = db.get("/books?select=id&id=gt.100").await;
    assert_eq!(uncounted.header("content-range"), Some("*/*"));
    let ranged = db
        .request(
            "anon",
            "GET",
            "/books?select=id",
            &[("range", "0-1"), ("prefer", "count=exact")],
            "",
        )
        .await;
    assert_eq!(
        (ranged.status, ranged.header("content-range")),
        (206, Some("0-1/5"))
    );
}

#[tokio::test]
async fn counts_with_inner_joins_and_null_embeds() {
    let db = db().await;
    let inner = db
        .request(
            "anon",
            "GET",
            "/books?select=id,reviews!inner(stars)&limit=1",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(inner.header("content-range"), Some("0-0/3"));
    let no_reviews = db
        .request(
            "anon",
            "GET",
            "/books?select=id,reviews(stars)&reviews=is.null",
            &with("count=exact"),
            "",
        )
        .await;
    assert_eq!(
        (ids(&no_reviews), no_reviews.header("content-range")),
        (vec![2, 4], Some("0-1/2"))
    );
}

#[tokio::test]
async fn planned_and_estimated_counts() {
    let mut db = db().await;
    sqlx::query("ANALYZE books")
        .execute(&db.pool)
        .await
        .unwrap();
    let planned = db
        .request(
            "anon",
            "GET",
            "/books?select=id",
            &with("count=planned"),
            "",
        )
        .await;
    assert_eq!(
        (planned.status, planned.header("content-range")),
        (200, Some("0-4/5"))
    );
    assert_eq!(planned.header("preference-applied"), Some("count=planned"));
    let estimated = db
        .request(
            "anon",
            "GET",
            "/books?select=id",
            &with("count=estimated"),
            "",
        )
        .await;
    assert_eq!(estimated.header("content-range"), Some("0-4/5"));
    db.max_rows = Some(2);
    let capped = db
        .request(
            "anon",
            "GET",
            "/books?select=id&order=id",
            &with("count=estimated"),
            "",
        )
        .await;
    assert_eq!(
        (capped.status, capped.header("content-range"), ids(&capped)),
        (206, Some("0-1/5"), vec![1, 2])
    );
    let embedded = db
        .get("/authors?select=id,books!author_id(id)&id=eq.1")
        .await;
    assert_eq!(
        embedded.json()[0]["books"].as_array().map(Vec::len),
        Some(2)
    );
}

#[tokio::test]
async fn head_singular_stripped_and_csv() {
    let db = db().await;
    let head = db
        .request("anon", "HEAD", "/books?select=id", &with("count=exact"), "")
        .await;
    assert_eq!(
        (
            head.status,
            head.text.as_deref(),
            head.header("content-range")
        ),
        (200, None, Some("0-4/5"))
    );
    let single = [("accept", "application/vnd.pgrst.object+json")];
    let one = db
        .request("anon", "GET", "/books?select=id,title&id=eq.1", &single, "")
        .await;
    assert_eq!(
        (one.status, one.json()),
        (200, json!({"id": 1, "title": "A Wizard of Earthsea"}))
    );
    assert_eq!(
        one.header("content-type"),
        Some("application/vnd.pgrst.object+json; charset=utf-8")
    );
    let many = db
        .request("anon", "GET", "/books?select=id", &single, "")
        .await;
    assert_eq!(
        (many.status, many.json()),
        (
            406,
            json!({"code": "PGRST116", "message": "Cannot coerce the result to a single JSON object", "details": "The result contains 5 rows", "hint": null})
        )
    );
    let stripped = db
        .request(
            "anon",
            "GET",
            "/books?select=id,price,isbn&id=eq.4",
            &[("accept", "application/vnd.pgrst.array+json;nulls=stripped")],
            "",
        )
        .await;
    assert_eq!(stripped.json(), json!([{"id": 4}]));
    let stripped_one = db
        .request(
            "anon",
            "GET",
            "/books?select=id,price&id=eq.4",
            &[("accept", "application/vnd.pgrst.object+json;nulls=stripped")],
            "",
        )
        .await;
    assert_eq!(stripped_one.json(), json!({"id": 4}));
    let csv = db
        .request(
            "anon",
            "GET",
            "/books?select=id,title,price&order=id&limit=2",
            &[("accept", "text/csv")],
            "",
        )
        .await;
    assert_eq!(csv.text.as_deref(), Some("id,title,price\n1,\"A Wizard of Earthsea\",9.99\n2,\"The Left Hand of Darkness\",12.50"));
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    let other = db
        .request("anon", "GET", "/books", &[("accept", "text/html")], "")
        .await;
    assert_eq!(other.status, 406);
}
