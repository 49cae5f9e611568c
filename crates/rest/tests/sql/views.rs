//! The keys views take from their base tables, read from PostgreSQL's own
//! stored queries (not hand-written ones): names that need escaping in the
//! node tree, subqueries and CTEs in FROM, set operations, materialized
//! views, and views of a schema that is neither exposed nor public.

use pleat_rest::schema_cache::{Cardinality, QualifiedName, SchemaCache};

use crate::helpers::db_with;

const VIEWS: &str = r#"
CREATE TABLE w_parent ("we ird (id)" int PRIMARY KEY, ":resorigtbl" text);
CREATE TABLE w_child (id int PRIMARY KEY, "{parent}" int REFERENCES w_parent ("we ird (id)"));
CREATE VIEW w_parent_v AS SELECT "we ird (id)" AS "key {1}", ":resorigtbl" AS ":resno" FROM w_parent;
CREATE VIEW w_child_sub AS SELECT s.id, s.p FROM (SELECT id, "{parent}" AS p FROM w_child) s;
CREATE VIEW w_child_cte AS WITH c AS (SELECT * FROM w_child) SELECT id, "{parent}" FROM c;
CREATE VIEW w_union AS SELECT "we ird (id)" AS id FROM w_parent UNION SELECT id FROM w_child;
CREATE MATERIALIZED VIEW w_parent_m AS SELECT "we ird (id)" AS id FROM w_parent;
CREATE SCHEMA w_hidden;
CREATE VIEW w_hidden.parent AS SELECT "we ird (id)" AS id FROM w_parent;
CREATE VIEW w_parent_hidden AS SELECT id FROM w_hidden.parent;
"#;

fn to_one(cache: &SchemaCache, from: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let from = QualifiedName::new("public", from);
    let mut out: Vec<_> = cache
        .relationships_from(&from)
        .filter(|r| r.cardinality == Cardinality::ManyToOne)
        .map(|r| {
            (
                r.foreign_table.name.clone(),
                r.columns.clone(),
                r.foreign_columns.clone(),
            )
        })
        .collect();
    out.sort();
    out
}

fn pk(cache: &SchemaCache, name: &str) -> Vec<String> {
    cache
        .relation("public", name)
        .unwrap_or_else(|| panic!("no {name}"))
        .primary_key()
        .to_vec()
}

#[tokio::test]
async fn views_keys_come_from_postgres_stored_queries() {
    let db = db_with(VIEWS).await;
    let c = &db.cache;
    assert_eq!(pk(c, "w_parent_v"), ["key {1}"]);
    assert_eq!(pk(c, "w_parent_m"), ["id"]);
    assert_eq!(pk(c, "w_child_sub"), ["id"]);
    assert_eq!(pk(c, "w_child_cte"), ["id"]);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        to_one(c, "w_child_sub"),
        [
            ("w_parent".into(), s(&["p"]), s(&["we ird (id)"])),
            ("w_parent_m".into(), s(&["p"]), s(&["id"])),
            ("w_parent_v".into(), s(&["p"]), s(&["key {1}"])),
        ]
    );
    assert_eq!(
        to_one(c, "w_child_cte"),
        [
            ("w_parent".into(), s(&["{parent}"]), s(&["we ird (id)"])),
            ("w_parent_m".into(), s(&["{parent}"]), s(&["id"])),
            ("w_parent_v".into(), s(&["{parent}"]), s(&["key {1}"])),
        ]
    );
    // A set operation has no column origins; a view read through a schema
    // that is neither exposed nor public is not looked into (as PostgREST).
    assert!(pk(c, "w_union").is_empty());
    assert!(pk(c, "w_parent_hidden").is_empty());
    assert!(c
        .relationships
        .iter()
        .all(|r| r.table.name != "w_union" && r.foreign_table.name != "w_parent_hidden"));
}

#[tokio::test]
async fn a_view_embeds_on_escaped_names() {
    let db = db_with(VIEWS).await;
    sqlx::raw_sql(
        r#"INSERT INTO w_parent VALUES (1, 'one'), (2, 'two');
           INSERT INTO w_child VALUES (10, 1), (11, 2), (12, NULL);
           GRANT SELECT ON w_child_sub, w_parent_v TO anon;"#,
    )
    .execute(&db.pool)
    .await
    .unwrap();
    let a = db
        .request(
            "anon",
            "GET",
            "/w_child_sub?select=id,w_parent_v(*)&order=id",
            &[],
            "",
        )
        .await;
    assert_eq!(
        (a.status, a.json()),
        (
            200,
            serde_json::json!([
                { "id": 10, "w_parent_v": { "key {1}": 1, ":resno": "one" } },
                { "id": 11, "w_parent_v": { "key {1}": 2, ":resno": "two" } },
                { "id": 12, "w_parent_v": null }
            ])
        )
    );
}
