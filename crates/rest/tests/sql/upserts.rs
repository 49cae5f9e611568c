use serde_json::json;

use crate::helpers::db;

#[tokio::test]
async fn upserts() {
    let db = db().await;
    let merge = ("prefer", "resolution=merge-duplicates");
    let updated = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[merge],
            r#"{"id":1,"name":"Fantasy"}"#,
        )
        .await;
    assert_eq!(
        (updated.status, updated.header("preference-applied")),
        (200, Some("resolution=merge-duplicates"))
    );
    let inserted = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[merge],
            r#"[{"id":1,"name":"FANTASY"},{"id":20,"name":"new"}]"#,
        )
        .await;
    assert_eq!(inserted.status, 201);
    assert_eq!(
        db.rows("/genres?select=name&id=in.(1,20)&order=id").await,
        json!([{"name": "FANTASY"}, {"name": "new"}])
    );
    let ignore = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[(
                "prefer",
                "resolution=ignore-duplicates,return=representation",
            )],
            r#"[{"id":1,"name":"x"},{"id":21,"name":"y"}]"#,
        )
        .await;
    assert_eq!(
        (ignore.status, ignore.json()),
        (201, json!([{"id": 21, "name": "y"}]))
    );
    let on_name = db
        .request(
            "anon",
            "POST",
            "/genres?on_conflict=name&select=id,name",
            &[(
                "prefer",
                "resolution=merge-duplicates,return=representation",
            )],
            r#"{"name":"humour"}"#,
        )
        .await;
    assert_eq!(
        (on_name.status, on_name.json()),
        (200, json!([{"id": 3, "name": "humour"}]))
    );
    let conflict = db
        .request("anon", "POST", "/genres", &[], r#"{"id":2,"name":"dup"}"#)
        .await;
    assert_eq!(
        (conflict.status, conflict.json()["code"].clone()),
        (409, json!("23505"))
    );
    let fk = db
        .request(
            "anon",
            "POST",
            "/books",
            &[],
            r#"{"title":"x","author_id":99}"#,
        )
        .await;
    assert_eq!(
        (fk.status, fk.json()["code"].clone()),
        (409, json!("23503"))
    );
}
