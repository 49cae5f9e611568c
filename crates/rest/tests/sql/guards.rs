use serde_json::json;

use crate::helpers::{db, db_with};

const REP: (&str, &str) = ("prefer", "return=representation");

#[tokio::test]
async fn location_singular_rollback_and_max_affected() {
    let db = db().await;
    let located = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[("prefer", "return=headers-only")],
            r#"{"name":"drama"}"#,
        )
        .await;
    assert_eq!(
        (
            located.status,
            located.header("location"),
            located.text.as_deref()
        ),
        (201, Some("/genres?id=eq.4"), None)
    );
    let single = db
        .request(
            "anon",
            "PATCH",
            "/books?author_id=eq.1",
            &[("accept", "application/vnd.pgrst.object+json")],
            r#"{"price":1}"#,
        )
        .await;
    assert_eq!(
        (single.status, single.json()["details"].clone()),
        (406, json!("The result contains 2 rows"))
    );
    assert_eq!(
        db.rows("/books?select=price&id=eq.1").await,
        json!([{"price": 9.99}])
    );
    let rolled_back = db
        .request(
            "anon",
            "PATCH",
            "/books?id=eq.1",
            &[("prefer", "tx=rollback,return=representation")],
            r#"{"price":2}"#,
        )
        .await;
    assert_eq!(
        (rolled_back.status, rolled_back.header("preference-applied")),
        (200, Some("return=representation, tx=rollback"))
    );
    assert_eq!(rolled_back.json()[0]["price"].as_f64(), Some(2.0));
    assert_eq!(
        db.rows("/books?select=price&id=eq.1").await,
        json!([{"price": 9.99}])
    );
    let capped = db
        .request(
            "anon",
            "DELETE",
            "/books?author_id=eq.1",
            &[("prefer", "handling=strict,max-affected=1")],
            "",
        )
        .await;
    assert_eq!(
        (capped.status, capped.json()),
        (
            400,
            json!({"code": "PGRST124", "message": "Query result exceeds max-affected preference constraint", "details": "The query affects 2 rows", "hint": null})
        )
    );
    let within = db
        .request(
            "anon",
            "DELETE",
            "/reviews?book_id=eq.1",
            &[("prefer", "handling=strict,max-affected=2")],
            "",
        )
        .await;
    assert_eq!(
        (within.status, within.header("preference-applied")),
        (204, Some("handling=strict, max-affected=2"))
    );
}

#[tokio::test]
async fn permissions_come_from_the_database() {
    // A guest book: visitors sign it but cannot read it back, signed-in
    // users read it, nobody edits an entry, and a blank name is refused.
    let db = db_with(
        "CREATE TABLE guestbook (id serial PRIMARY KEY, \
           first_name text NOT NULL CHECK (first_name ~ '[^[:space:]]'), \
           last_name text NOT NULL, email text NOT NULL, message text NOT NULL); \
         REVOKE ALL ON guestbook FROM anon, authenticated; \
         GRANT INSERT ON guestbook TO anon; \
         GRANT SELECT, INSERT, DELETE ON guestbook TO authenticated; \
         GRANT USAGE ON SEQUENCE guestbook_id_seq TO anon, authenticated;",
    )
    .await;
    let message =
        r#"{"first_name":"Ann","last_name":"Lee","email":"ann@example.com","message":"Hello"}"#;
    let sent = db
        .request(
            "anon",
            "POST",
            "/guestbook",
            &[("prefer", "return=minimal")],
            message,
        )
        .await;
    assert_eq!(sent.status, 201);
    let read_back = db
        .request("anon", "POST", "/guestbook", &[REP], message)
        .await;
    assert_eq!(
        (read_back.status, read_back.json()["code"].clone()),
        (401, json!("42501"))
    );
    assert_eq!(read_back.header("www-authenticate"), Some("Bearer"));
    let authed = db
        .request(
            "authenticated",
            "POST",
            "/guestbook?select=first_name",
            &[REP],
            message,
        )
        .await;
    assert_eq!(
        (authed.status, authed.json()),
        (201, json!([{"first_name": "Ann"}]))
    );
    let forbidden = db
        .request(
            "authenticated",
            "PATCH",
            "/guestbook",
            &[],
            r#"{"message":"x"}"#,
        )
        .await;
    assert_eq!(
        (forbidden.status, forbidden.json()["code"].clone()),
        (403, json!("42501"))
    );
    let note = db
        .request(
            "authenticated",
            "POST",
            "/notes?select=body",
            &[REP],
            r#"{"body":"mine"}"#,
        )
        .await;
    assert_eq!((note.status, note.json()), (201, json!([{"body": "mine"}])));
    assert_eq!(db.get("/notes").await.json(), json!([]));
    let check = db
        .request(
            "anon",
            "POST",
            "/guestbook",
            &[],
            r#"{"first_name":" ","last_name":"L","email":"a@b","message":"m"}"#,
        )
        .await;
    assert_eq!(
        (check.status, check.json()["code"].clone()),
        (400, json!("23514"))
    );
}
