use serde_json::json;

use crate::helpers::{db, ids};

const REP: (&str, &str) = ("prefer", "return=representation");

#[tokio::test]
async fn updates_and_deletes() {
    let db = db().await;
    let patched = db
        .request("anon", "PATCH", "/books?id=eq.1", &[], r#"{"price":10}"#)
        .await;
    assert_eq!(
        (
            patched.status,
            patched.text.as_deref(),
            patched.header("content-range")
        ),
        (204, None, Some("0-0/*"))
    );
    let rep = db
        .request(
            "anon",
            "PATCH",
            "/books?author_id=eq.1&select=id,price&order=id",
            &[("prefer", "return=representation,count=exact")],
            r#"{"price":11.5}"#,
        )
        .await;
    assert_eq!(
        (rep.status, rep.header("content-range")),
        (200, Some("0-1/2"))
    );
    // The representation of a write is not ordered (`order` only limits writes).
    let mut rows = ids(&rep);
    rows.sort();
    assert_eq!(
        (rows, rep.json()[0]["price"].as_f64()),
        (vec![1, 2], Some(11.5))
    );
    let none = db
        .request("anon", "PATCH", "/books?id=eq.99", &[], r#"{"price":1}"#)
        .await;
    assert_eq!(
        (none.status, none.header("content-range")),
        (204, Some("*/*"))
    );
    let deleted = db
        .request("anon", "DELETE", "/reviews?id=eq.4", &[REP], "")
        .await;
    assert_eq!(
        (deleted.status, deleted.json()[0]["stars"].clone()),
        (200, json!(3))
    );
    let gone = db
        .request(
            "anon",
            "DELETE",
            "/reviews?book_id=eq.1",
            &[("prefer", "count=exact")],
            "",
        )
        .await;
    assert_eq!(
        (gone.status, gone.header("content-range")),
        (204, Some("*/2"))
    );
    assert_eq!(ids(&db.get("/reviews?select=id").await), vec![3]);
    let or = db
        .request(
            "anon",
            "DELETE",
            "/genres?or=(id.eq.3,name.eq.nope)",
            &[REP],
            "",
        )
        .await;
    assert_eq!(or.json(), json!([{"id": 3, "name": "humour"}]));
}

#[tokio::test]
async fn limited_updates_and_deletes() {
    let db = db().await;
    let no_order = db
        .request("anon", "DELETE", "/books?limit=1", &[], "")
        .await;
    assert_eq!(
        (no_order.status, no_order.json()),
        (
            400,
            json!({"code": "PGRST109", "message": "A 'limit' was applied without an explicit 'order'", "details": null, "hint": "Apply an 'order' using unique column(s)"})
        )
    );
    let limited = db
        .request(
            "anon",
            "PATCH",
            "/books?order=id&limit=2&offset=1&select=id",
            &[REP],
            r#"{"published":2000}"#,
        )
        .await;
    assert_eq!((limited.status, ids(&limited)), (200, vec![2, 3]));
    let deleted = db
        .request(
            "anon",
            "DELETE",
            "/reviews?order=id.desc&limit=1&select=id",
            &[REP],
            "",
        )
        .await;
    assert_eq!(ids(&deleted), vec![4]);
    let too_many = db
        .request(
            "anon",
            "DELETE",
            "/book_genres?order=genre_id&limit=1",
            &[],
            "",
        )
        .await;
    assert_eq!(
        (too_many.status, too_many.json()["code"].clone()),
        (400, json!("PGRST110"))
    );
    assert_eq!(
        db.rows("/book_genres?select=book_id")
            .await
            .as_array()
            .map(Vec::len),
        Some(6)
    );
}

#[tokio::test]
async fn single_row_upserts_with_put() {
    let db = db().await;
    let created = db
        .request(
            "anon",
            "PUT",
            "/genres?id=eq.10&select=id,name",
            &[REP],
            r#"{"id":10,"name":"new"}"#,
        )
        .await;
    assert_eq!(
        (created.status, created.json()),
        (201, json!([{"id": 10, "name": "new"}]))
    );
    let replaced = db
        .request(
            "anon",
            "PUT",
            "/genres?id=eq.10",
            &[REP],
            r#"{"id":10,"name":"newer"}"#,
        )
        .await;
    assert_eq!(
        (replaced.status, replaced.json()),
        (200, json!([{"id": 10, "name": "newer"}]))
    );
    let minimal = db
        .request(
            "anon",
            "PUT",
            "/genres?id=eq.10",
            &[],
            r#"{"id":10,"name":"newest"}"#,
        )
        .await;
    assert_eq!((minimal.status, minimal.text.as_deref()), (204, None));
    let mismatch = db
        .request(
            "anon",
            "PUT",
            "/genres?id=eq.10",
            &[],
            r#"{"id":11,"name":"x"}"#,
        )
        .await;
    assert_eq!(
        (mismatch.status, mismatch.json()),
        (
            400,
            json!({"code": "PGRST115", "message": "Payload values do not match URL in primary key column(s)", "details": null, "hint": null})
        )
    );
    assert_eq!(db.rows("/genres?id=eq.11").await, json!([]));
    let not_pk = db
        .request(
            "anon",
            "PUT",
            "/genres?name=eq.x",
            &[],
            r#"{"id":11,"name":"x"}"#,
        )
        .await;
    assert_eq!(
        (not_pk.status, not_pk.json()["code"].clone()),
        (405, json!("PGRST105"))
    );
    let not_eq = db
        .request(
            "anon",
            "PUT",
            "/genres?id=gt.1",
            &[],
            r#"{"id":11,"name":"x"}"#,
        )
        .await;
    assert_eq!(
        not_eq.json()["message"],
        "Filters must include all and only primary key columns with 'eq' operators"
    );
    let limit = db
        .request(
            "anon",
            "PUT",
            "/genres?id=eq.10&limit=1",
            &[],
            r#"{"id":10,"name":"x"}"#,
        )
        .await;
    assert_eq!(limit.json()["code"], "PGRST114");
    let composite = db
        .request(
            "anon",
            "PUT",
            "/book_genres?book_id=eq.2&genre_id=eq.3",
            &[],
            r#"{"book_id":2,"genre_id":3}"#,
        )
        .await;
    assert_eq!(composite.status, 204);
}
