//! Aggregates in `select` with `PLEAT_DB_AGGREGATES` on: each function, casts
//! before and after, aliases, the `GROUP BY` of everything else, per parent in
//! an embed; and `count` as a column, which needs no setting.

use crate::plan::PlanSettings;
use crate::test_support::{error, plan_with, settings, show_statement};

fn agg(target: &str) -> String {
    let on = PlanSettings {
        aggregates: true,
        ..settings()
    };
    match plan_with(&on, "GET", target, &[], "") {
        Ok(p) => show_statement(&p.statement),
        Err(e) => error(e),
    }
}

/// Only the `pgrst_source` query, where the aggregates are.
fn source(target: &str) -> String {
    let text = agg(target);
    text.split("\nSELECT NULL::bigint")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn functions_casts_and_aliases() {
    insta::assert_snapshot!(source("/books?select=count()"), @r#"
        WITH pgrst_source AS (SELECT COUNT(*) AS "count"
        FROM "public"."books")
    "#);
    insta::assert_snapshot!(source("/books?select=n:count()::text"), @r#"
        WITH pgrst_source AS (SELECT CAST(COUNT(*) AS text) AS "n"
        FROM "public"."books")
    "#);
    insta::assert_snapshot!(source("/books?select=price.sum(),price.avg(),price.max(),price.min(),id.count()"), @r#"
        WITH pgrst_source AS (SELECT SUM("public"."books"."price") AS "sum", AVG("public"."books"."price") AS "avg", MAX("public"."books"."price") AS "max", MIN("public"."books"."price") AS "min", COUNT("public"."books"."id") AS "count"
        FROM "public"."books")
    "#);
    insta::assert_snapshot!(source("/books?select=total:price::int.sum()::text"), @r#"
        WITH pgrst_source AS (SELECT CAST(SUM(CAST("public"."books"."price" AS int)) AS text) AS "total"
        FROM "public"."books")
    "#);
    insta::assert_snapshot!(source("/books?select=meta->>pages::int.sum()"), @r#"
        WITH pgrst_source AS (SELECT SUM(CAST("public"."books"."meta"->>$1 AS int)) AS "sum"
        FROM "public"."books")
    "#);
}

#[test]
fn grouping() {
    insta::assert_snapshot!(source("/books?select=author_id,count()&order=author_id"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."author_id", COUNT(*) AS "count"
        FROM "public"."books"
        GROUP BY "public"."books"."author_id"
        ORDER BY "public"."books"."author_id")
    "#);
    insta::assert_snapshot!(source("/books?select=writer:author_id,price.sum()"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."author_id" AS "writer", SUM("public"."books"."price") AS "sum"
        FROM "public"."books"
        GROUP BY "writer")
    "#);
    insta::assert_snapshot!(source("/books?select=*,count()"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", "public"."books"."title", "public"."books"."author_id", "public"."books"."editor_id", "public"."books"."published", "public"."books"."price", "public"."books"."isbn", "public"."books"."meta", "public"."books"."search", COUNT(*) AS "count"
        FROM "public"."books"
        GROUP BY "public"."books"."id", "public"."books"."title", "public"."books"."author_id", "public"."books"."editor_id", "public"."books"."published", "public"."books"."price", "public"."books"."isbn", "public"."books"."meta", "public"."books"."search")
    "#);
    insta::assert_snapshot!(source("/books?select=price.sum(),authors!author_id(name)"), @r#"
        WITH pgrst_source AS (SELECT SUM("public"."books"."price") AS "sum", row_to_json("books_authors_1".*)::jsonb AS "authors"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_authors_1" ON TRUE
        GROUP BY "authors")
    "#);
}

#[test]
/// As PostgREST, the count query never groups: `count=exact` is the rows before
/// grouping.
fn counting_groups() {
    let on = PlanSettings {
        aggregates: true,
        ..settings()
    };
    let p = plan_with(
        &on,
        "GET",
        "/books?select=author_id,count()&order=author_id&limit=2",
        &[("prefer", "count=exact")],
        "",
    )
    .unwrap();
    insta::assert_snapshot!(show_statement(&p.statement), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."author_id", COUNT(*) AS "count"
        FROM "public"."books"
        GROUP BY "public"."books"."author_id"
        ORDER BY "public"."books"."author_id"
        LIMIT 2 OFFSET 0)
        , pgrst_source_count AS (SELECT 1
        FROM "public"."books")
        SELECT (SELECT pg_catalog.count(*)
        FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
}

#[test]
fn in_embeds() {
    insta::assert_snapshot!(source("/authors?select=name,books!author_id(price.sum(),count())"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_books_1"."authors_books_1", '[]') AS "books"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1"
        FROM (SELECT SUM("books_1"."price") AS "sum", COUNT(*) AS "count"
        FROM "public"."books" AS "books_1"
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
}

#[test]
fn errors() {
    insta::assert_snapshot!(agg("/books?select=price.sum()::int4 from pg_authid"), @r#"400 {"code":"42704","details":null,"hint":null,"message":"type \"int4 from pg_authid\" does not exist"}"#);
    insta::assert_snapshot!(agg("/books?select=nope.sum()"), @r#"400 {"code":"42703","details":null,"hint":null,"message":"column books.nope does not exist"}"#);
    insta::assert_snapshot!(agg("/authors?select=name,...books!author_id(price.sum())"), @r#"400 {"code":"PGRST127","details":"Aggregates are not implemented for one-to-many or many-to-many spreads.","hint":null,"message":"Feature not implemented"}"#);
}

#[test]
/// PostgreSQL reads `t.count` as `count(t)` when `t` has no `count` column, which
/// PostgREST passes through unchecked: `rel(count)` is how supabase-js apps
/// count an embed's rows, with or without aggregates enabled.
fn count_as_a_column() {
    insta::assert_snapshot!(source("/authors?select=name,books!author_id(count)"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_books_1"."authors_books_1", '[]') AS "books"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1"
        FROM (SELECT COUNT(*) AS "count"
        FROM "public"."books" AS "books_1"
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
    insta::assert_snapshot!(crate::test_support::get("/books?select=n:count::text"), @r#"
        WITH pgrst_source AS (SELECT CAST(COUNT(*) AS text) AS "n"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
}
