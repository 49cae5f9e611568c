use serde_json::json;

use crate::helpers::db;

const REP: (&str, &str) = ("prefer", "return=representation");

#[tokio::test]
async fn inserts_one_object_or_an_array() {
    let db = db().await;
    let minimal = db
        .request("anon", "POST", "/genres", &[], r#"{"name":"horror"}"#)
        .await;
    assert_eq!(
        (
            minimal.status,
            minimal.text.as_deref(),
            minimal.header("content-range")
        ),
        (201, None, Some("*/*"))
    );
    assert_eq!(minimal.header("content-type"), None);
    assert_eq!(
        db.rows("/genres?select=id,name&name=eq.horror").await,
        json!([{"id": 4, "name": "horror"}])
    );
    let rep = db
        .request(
            "anon",
            "POST",
            "/genres?select=name",
            &[REP],
            r#"[{"name":"poetry"},{"name":"drama"}]"#,
        )
        .await;
    assert_eq!(
        (rep.status, rep.json()),
        (201, json!([{"name": "poetry"}, {"name": "drama"}]))
    );
    assert_eq!(
        rep.header("preference-applied"),
        Some("return=representation")
    );
    assert_eq!(
        rep.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    let embedded = db
        .request(
            "anon",
            "POST",
            "/books?select=title,author:authors!author_id(name)",
            &[REP],
            r#"{"title":"The Dispossessed","author_id":1}"#,
        )
        .await;
    assert_eq!(
        (embedded.status, embedded.json()),
        (
            201,
            json!([{"title": "The Dispossessed", "author": {"name": "Ursula Le Guin"}}])
        )
    );
    let single = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[REP, ("accept", "application/vnd.pgrst.object+json")],
            r#"{"name":"satire"}"#,
        )
        .await;
    assert_eq!(single.json(), json!({"id": 7, "name": "satire"}));
    let mismatched = db
        .request("anon", "POST", "/genres", &[], r#"[{"name":"a"},{"id":9}]"#)
        .await;
    assert_eq!(
        (mismatched.status, mismatched.json()),
        (
            400,
            json!({"code": "PGRST102", "message": "All object keys must match", "details": null, "hint": null})
        )
    );
    let invalid = db.request("anon", "POST", "/genres", &[], "{nope").await;
    assert_eq!(invalid.json()["message"], "Empty or invalid json");
    let unknown = db
        .request("anon", "POST", "/genres", &[], r#"{"nme":"x"}"#)
        .await;
    assert_eq!(
        (unknown.status, unknown.json()),
        (
            400,
            json!({"code": "PGRST204", "message": "Could not find the 'nme' column of 'genres' in the schema cache", "details": null, "hint": null})
        )
    );
    let empty = db.request("anon", "POST", "/genres", &[REP], "[]").await;
    assert_eq!((empty.status, empty.json()), (201, json!([])));
}

#[tokio::test]
async fn columns_defaults_csv_and_form_bodies() {
    let db = db().await;
    let body = r#"[{"title":"A","extra":1},{"title":"B","meta":{"x":1}}]"#;
    let with_defaults = db
        .request(
            "anon",
            "POST",
            "/books?columns=title,meta&select=title,meta",
            &[("prefer", "return=representation,missing=default")],
            body,
        )
        .await;
    assert_eq!(
        (with_defaults.status, with_defaults.json()),
        (
            201,
            json!([{"title": "A", "meta": {}}, {"title": "B", "meta": {"x": 1}}])
        )
    );
    assert_eq!(
        with_defaults.header("preference-applied"),
        Some("missing=default, return=representation")
    );
    let nulls = db
        .request("anon", "POST", "/books?columns=title,meta", &[], body)
        .await;
    assert_eq!(
        (nulls.status, nulls.json()["code"].clone()),
        (400, json!("23502"))
    );
    let csv = db
        .request(
            "anon",
            "POST",
            "/genres?select=id,name",
            &[REP, ("content-type", "text/csv")],
            "id,name\n10,\"poetry, verse\"\n11,noir",
        )
        .await;
    assert_eq!(
        (csv.status, csv.json()),
        (
            201,
            json!([{"id": 10, "name": "poetry, verse"}, {"id": 11, "name": "noir"}])
        )
    );
    let form = db
        .request(
            "anon",
            "POST",
            "/genres?select=name",
            &[REP, ("content-type", "application/x-www-form-urlencoded")],
            "name=science+fantasy",
        )
        .await;
    assert_eq!(form.json(), json!([{"name": "science fantasy"}]));
    let quoted = db
        .request(
            "anon",
            "POST",
            "/genres?columns=%22name%22&select=name",
            &[REP],
            r#"{"name":"q"}"#,
        )
        .await;
    assert_eq!(quoted.json(), json!([{"name": "q"}]));
}

#[tokio::test]
async fn json_values_become_column_types() {
    let db = db().await;
    let author = r#"{"name":"N. K. Jemisin","born":"1972-09-19","mood":"ok","tags":["fantasy","scifi"],"bio":{"awards":{"hugo":3}}}"#;
    let a = db
        .request(
            "anon",
            "POST",
            "/authors?select=name,born,mood,tags,bio",
            &[REP],
            author,
        )
        .await;
    assert_eq!(
        (a.status, a.json()),
        (
            201,
            json!([{"name": "N. K. Jemisin", "born": "1972-09-19", "mood": "ok", "tags": ["fantasy", "scifi"], "bio": {"awards": {"hugo": 3}}}])
        )
    );
    let event = db
        .request(
            "anon",
            "POST",
            "/events?select=slots,during",
            &[REP],
            r#"{"id":3,"name":"late","slots":"[20,23)","during":null}"#,
        )
        .await;
    assert_eq!(event.json(), json!([{"slots": "[20,23)", "during": null}]));
    let patched = db
        .request(
            "anon",
            "PATCH",
            "/authors?name=eq.N.%20K.%20Jemisin&select=tags,mood",
            &[REP],
            r#"{"tags":[],"mood":"happy"}"#,
        )
        .await;
    assert_eq!(patched.json(), json!([{"tags": [], "mood": "happy"}]));
    let bad_enum = db
        .request(
            "anon",
            "POST",
            "/authors",
            &[],
            r#"{"name":"x","mood":"furious"}"#,
        )
        .await;
    assert_eq!(
        (bad_enum.status, bad_enum.json()["code"].clone()),
        (400, json!("22P02"))
    );
    let view = db
        .request(
            "anon",
            "POST",
            "/book_titles?select=title",
            &[REP],
            r#"{"title":"Through a view"}"#,
        )
        .await;
    assert_eq!(
        (view.status, view.json()),
        (201, json!([{"title": "Through a view"}]))
    );
    let profile = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[("content-profile", "public"), REP],
            r#"{"name":"x"}"#,
        )
        .await;
    assert_eq!(profile.header("content-profile"), Some("public"));
    let unexposed = db
        .request(
            "anon",
            "POST",
            "/genres",
            &[("content-profile", "auth")],
            r#"{"name":"x"}"#,
        )
        .await;
    assert_eq!(
        (unexposed.status, unexposed.json()["code"].clone()),
        (406, json!("PGRST106"))
    );
}
