//! Spread embeds: to-many spreads lifting each column as an array of the related
//! rows' values (ordered and limited inside, nested, over a junction, inner), and
//! a to-one spread's aggregates applied by the level it spreads into.

use crate::plan::PlanSettings;
use crate::test_support::{error, plan_with, settings, show_statement};

fn with(aggregates: bool, target: &str, headers: &[(&str, &str)]) -> String {
    let s = PlanSettings {
        aggregates,
        ..settings()
    };
    match plan_with(&s, "GET", target, headers, "") {
        Ok(p) => show_statement(&p.statement),
        Err(e) => error(e),
    }
}

/// Only the `pgrst_source` query.
fn source(aggregates: bool, target: &str) -> String {
    let text = with(aggregates, target, &[]);
    text.split("\nSELECT NULL::bigint")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn to_many_spreads() {
    insta::assert_snapshot!(source(false, "/authors?select=name,...books!author_id(title,price)&books.order=title.desc&books.limit=2"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", "authors_books_1"."title", "authors_books_1"."price"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1", COALESCE(json_agg("authors_books_1"."title"), '[]')::jsonb AS "title", COALESCE(json_agg("authors_books_1"."price"), '[]')::jsonb AS "price"
        FROM (SELECT "books_1"."title", "books_1"."price"
        FROM "public"."books" AS "books_1"
        WHERE "books_1"."author_id" = "public"."authors"."id"
        ORDER BY "books_1"."title" DESC
        LIMIT 2 OFFSET 0) AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(false, "/books?select=title,...reviews(*)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."title", "books_reviews_1"."id", "books_reviews_1"."book_id", "books_reviews_1"."stars", "books_reviews_1"."body", "books_reviews_1"."created_at"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1", COALESCE(json_agg("books_reviews_1"."id"), '[]')::jsonb AS "id", COALESCE(json_agg("books_reviews_1"."book_id"), '[]')::jsonb AS "book_id", COALESCE(json_agg("books_reviews_1"."stars"), '[]')::jsonb AS "stars", COALESCE(json_agg("books_reviews_1"."body"), '[]')::jsonb AS "body", COALESCE(json_agg("books_reviews_1"."created_at"), '[]')::jsonb AS "created_at"
        FROM (SELECT "reviews_1"."id", "reviews_1"."book_id", "reviews_1"."stars", "reviews_1"."body", "reviews_1"."created_at"
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."book_id" = "public"."books"."id") AS "books_reviews_1") AS "books_reviews_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(false, "/books?select=title,...genres(genre:name)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."title", "books_genres_1"."genre"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT json_agg("books_genres_1")::jsonb AS "books_genres_1", COALESCE(json_agg("books_genres_1"."genre"), '[]')::jsonb AS "genre"
        FROM (SELECT "public"."genres"."name" AS "genre"
        FROM "public"."genres", "public"."book_genres"
        WHERE "public"."genres"."id" = "public"."book_genres"."genre_id" AND "public"."book_genres"."book_id" = "public"."books"."id") AS "books_genres_1") AS "books_genres_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(false, "/authors?select=name,...books!author_id!inner(title)"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", "authors_books_1"."title"
        FROM "public"."authors"
        INNER JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1", COALESCE(json_agg("authors_books_1"."title"), '[]')::jsonb AS "title"
        FROM (SELECT "books_1"."title"
        FROM "public"."books" AS "books_1"
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON "authors_books_1" IS NOT NULL)
    "#);
}

#[test]
fn nested_spreads() {
    insta::assert_snapshot!(source(false, "/authors?select=name,...books!author_id(title,...reviews(stars),editor:authors!editor_id(name))"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", "authors_books_1"."title", "authors_books_1"."stars", "authors_books_1"."editor"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1", COALESCE(json_agg("authors_books_1"."title"), '[]')::jsonb AS "title", COALESCE(json_agg("authors_books_1"."stars"), '[]')::jsonb AS "stars", COALESCE(json_agg("authors_books_1"."editor"), '[]')::jsonb AS "editor"
        FROM (SELECT "books_1"."title", "books_reviews_2"."stars", row_to_json("books_editor_2".*)::jsonb AS "editor"
        FROM "public"."books" AS "books_1"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_2")::jsonb AS "books_reviews_2", COALESCE(json_agg("books_reviews_2"."stars"), '[]')::jsonb AS "stars"
        FROM (SELECT "reviews_2"."stars"
        FROM "public"."reviews" AS "reviews_2"
        WHERE "reviews_2"."book_id" = "books_1"."id") AS "books_reviews_2") AS "books_reviews_2" ON TRUE
        LEFT JOIN LATERAL (SELECT "authors_2"."name"
        FROM "public"."authors" AS "authors_2"
        WHERE "authors_2"."id" = "books_1"."editor_id") AS "books_editor_2" ON TRUE
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(false, "/authors?select=name,...books!author_id(title,...authors!editor_id(editor:name))"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", "authors_books_1"."title", "authors_books_1"."editor"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1", COALESCE(json_agg("authors_books_1"."title"), '[]')::jsonb AS "title", COALESCE(json_agg("authors_books_1"."editor"), '[]')::jsonb AS "editor"
        FROM (SELECT "books_1"."title", "books_authors_2"."editor"
        FROM "public"."books" AS "books_1"
        LEFT JOIN LATERAL (SELECT "authors_2"."name" AS "editor"
        FROM "public"."authors" AS "authors_2"
        WHERE "authors_2"."id" = "books_1"."editor_id") AS "books_authors_2" ON TRUE
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
}

#[test]
fn aggregates_in_to_one_spreads() {
    insta::assert_snapshot!(source(true, "/books?select=...authors!author_id(count())"), @r#"
        WITH pgrst_source AS (SELECT COUNT("books_authors_1"."count") AS "count"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT TRUE AS "count"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_authors_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(true, "/reviews?select=total:stars.sum(),...books(title,price.max()::int)"), @r#"
        WITH pgrst_source AS (SELECT SUM("public"."reviews"."stars") AS "total", "reviews_books_1"."title", CAST(MAX("reviews_books_1"."max") AS int) AS "max"
        FROM "public"."reviews"
        LEFT JOIN LATERAL (SELECT "books_1"."title", "books_1"."price" AS "max"
        FROM "public"."books" AS "books_1"
        WHERE "books_1"."id" = "public"."reviews"."book_id") AS "reviews_books_1" ON TRUE
        GROUP BY "reviews_books_1"."title")
    "#);
    insta::assert_snapshot!(source(true, "/reviews?select=stars,...books(...authors!author_id(born.min()),n:count())"), @r#"
        WITH pgrst_source AS (SELECT "public"."reviews"."stars", COUNT("reviews_books_1"."n") AS "n", MIN("reviews_books_1"."min") AS "min"
        FROM "public"."reviews"
        LEFT JOIN LATERAL (SELECT TRUE AS "n", "books_authors_2"."min"
        FROM "public"."books" AS "books_1"
        LEFT JOIN LATERAL (SELECT "authors_2"."born" AS "min"
        FROM "public"."authors" AS "authors_2"
        WHERE "authors_2"."id" = "books_1"."author_id") AS "books_authors_2" ON TRUE
        WHERE "books_1"."id" = "public"."reviews"."book_id") AS "reviews_books_1" ON TRUE
        GROUP BY "public"."reviews"."stars")
    "#);
    insta::assert_snapshot!(source(true, "/authors?select=name,books!author_id(...authors!editor_id(count()))"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_books_1"."authors_books_1", '[]') AS "books"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1"
        FROM (SELECT COUNT("books_authors_2"."count") AS "count"
        FROM "public"."books" AS "books_1"
        LEFT JOIN LATERAL (SELECT TRUE AS "count"
        FROM "public"."authors" AS "authors_2"
        WHERE "authors_2"."id" = "books_1"."editor_id") AS "books_authors_2" ON TRUE
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
    "#);
    insta::assert_snapshot!(source(false, "/books?select=...authors!author_id(count())"), @r#"400 {"code":"PGRST123","details":null,"hint":null,"message":"Use of aggregate functions is not allowed"}"#);
    insta::assert_snapshot!(source(true, "/authors?select=...books!author_id(...reviews(stars.sum()))"), @r#"400 {"code":"PGRST127","details":"Aggregates are not implemented for one-to-many or many-to-many spreads.","hint":null,"message":"Feature not implemented"}"#);
}

#[test]
fn counting_a_read_grouped_by_a_spread() {
    insta::assert_snapshot!(with(true, "/books?select=...authors!author_id(name,count())", &[("prefer", "count=exact")]), @r#"
        WITH pgrst_source AS (SELECT "books_authors_1"."name", COUNT("books_authors_1"."count") AS "count"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name", TRUE AS "count"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_authors_1" ON TRUE
        GROUP BY "books_authors_1"."name")
        , pgrst_source_count AS (SELECT 1
        FROM "public"."books")
        SELECT (SELECT pg_catalog.count(*)
        FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
}
