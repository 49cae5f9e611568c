//! Computed fields (`fn(row)` in select, filters and order) and computed
//! relationships (a lateral read from `fn(parent row)`), over the fixture
//! schema with functions as `computed.sql` would report them.

use crate::parse::{parse, RawRequest};
use crate::prepare::prepare;
use crate::schema_cache::{Computed, SchemaCache};
use crate::test_support::{error, settings, show_statement};

/// The fixture with functions over its rows (`computed_fixture.json`, which the
/// fuzzer uses too): `full_title(books)`, `label` over books and over authors,
/// `age(authors)` (an integer); `authors(books)` (to-one, named like the
/// table), `best_review(books)` (to-one) and `all_books(authors)` (to-many).
fn cache() -> SchemaCache {
    let computed: Computed =
        serde_json::from_str(include_str!("../../schema_cache/computed_fixture.json")).unwrap();
    SchemaCache::from_parts(include_str!("../../schema_cache/fixture.json"), computed).unwrap()
}

fn sql(method: &str, target: &str, body: &str) -> String {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let req = parse(&RawRequest {
        method,
        path,
        query,
        headers: &[("prefer", "return=representation")],
    })
    .unwrap();
    match prepare(&req, &cache(), &settings(), body.as_bytes()) {
        Ok(p) => show_statement(&p.statement),
        Err(e) => error(e),
    }
}

fn get(target: &str) -> String {
    sql("GET", target, "")
}

#[test]
fn computed_fields_in_select_filters_and_order() {
    insta::assert_snapshot!(get("/books?select=id,full_title,title_label:label::text&full_title=like.*Earthsea*&order=full_title.desc"), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."id", "public"."full_title"(("public"."books".*)::"public"."books") AS "full_title", CAST("public"."label"(("public"."books".*)::"public"."books") AS text) AS "title_label"
    FROM "public"."books"
    WHERE "public"."full_title"(("public"."books".*)::"public"."books") LIKE $1::text
    ORDER BY "public"."full_title"(("public"."books".*)::"public"."books") DESC)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "%Earthsea%"
    "#);
}

#[test]
fn values_are_cast_to_the_function_result_type() {
    insta::assert_snapshot!(get("/authors?select=name&age=gte.70"), @r#"
    WITH pgrst_source AS (SELECT "public"."authors"."name"
    FROM "public"."authors"
    WHERE "public"."age"(("public"."authors".*)::"public"."authors") >= $1::integer)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "70"
    "#);
}

#[test]
fn an_overloaded_name_is_the_function_of_each_level_row() {
    insta::assert_snapshot!(get("/books?select=label,authors!author_id(label)"), @r#"
    WITH pgrst_source AS (SELECT "public"."label"(("public"."books".*)::"public"."books") AS "label", row_to_json("books_authors_1".*)::jsonb AS "authors"
    FROM "public"."books"
    LEFT JOIN LATERAL (SELECT "public"."label"(("authors_1".*)::"public"."authors") AS "label"
    FROM "public"."authors"(("public"."books".*)::"public"."books") AS "authors_1") AS "books_authors_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn an_unknown_name_is_still_an_undefined_column() {
    insta::assert_snapshot!(get("/books?select=label,no_such_fn"), @r#"
    400 {"code":"42703","details":null,"hint":null,"message":"column books.no_such_fn does not exist"}
    "#);
}

#[test]
fn computed_relationships_read_from_the_function() {
    insta::assert_snapshot!(get("/books?select=title,best_review(stars)"), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."title", row_to_json("books_best_review_1".*)::jsonb AS "best_review"
    FROM "public"."books"
    LEFT JOIN LATERAL (SELECT "reviews_1"."stars"
    FROM "public"."best_review"(("public"."books".*)::"public"."books") AS "reviews_1") AS "books_best_review_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/authors?select=name,all_books(title)&all_books.order=title&all_books.limit=2"), @r#"
    WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_all_books_1"."authors_all_books_1", '[]') AS "all_books"
    FROM "public"."authors"
    LEFT JOIN LATERAL (SELECT json_agg("authors_all_books_1")::jsonb AS "authors_all_books_1"
    FROM (SELECT "books_1"."title"
    FROM "public"."all_books"(("public"."authors".*)::"public"."authors") AS "books_1"
    ORDER BY "books_1"."title"
    LIMIT 2 OFFSET 0) AS "authors_all_books_1") AS "authors_all_books_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/authors?select=name,all_books!inner(title)&all_books.title=eq.Kindred"), @r#"
    WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_all_books_1"."authors_all_books_1", '[]') AS "all_books"
    FROM "public"."authors"
    INNER JOIN LATERAL (SELECT json_agg("authors_all_books_1")::jsonb AS "authors_all_books_1"
    FROM (SELECT "books_1"."title"
    FROM "public"."all_books"(("public"."authors".*)::"public"."authors") AS "books_1"
    WHERE "books_1"."title" = $1::text) AS "authors_all_books_1") AS "authors_all_books_1" ON "authors_all_books_1" IS NOT NULL)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "Kindred"
    "#);
}

#[test]
fn a_function_named_like_the_target_overrides_the_foreign_keys() {
    insta::assert_snapshot!(get("/books?select=title,authors(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."title", row_to_json("books_authors_1".*)::jsonb AS "authors"
    FROM "public"."books"
    LEFT JOIN LATERAL (SELECT "authors_1"."name"
    FROM "public"."authors"(("public"."books".*)::"public"."books") AS "authors_1") AS "books_authors_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn a_mutation_returns_the_whole_row_for_computed_fields_and_relationships() {
    insta::assert_snapshot!(sql("PATCH", "/books?id=eq.1&select=id,full_title,best_review(stars)", r#"{"price": 10}"#), @r#"
    WITH pgrst_source AS (UPDATE "public"."books"
    SET "price" = pgrst_body."price"
    FROM (SELECT $1::json AS json_data) pgrst_payload
    , LATERAL (SELECT "price"
    FROM json_to_recordset(pgrst_payload.json_data) AS _("price" numeric(10,2))
    LIMIT 1) pgrst_body
    WHERE "public"."books"."id" = $2::integer
    RETURNING "public"."books".*)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT "books"."id", "public"."full_title"(("books".*)::"public"."books") AS "full_title", row_to_json("books_best_review_1".*)::jsonb AS "best_review"
    FROM pgrst_source AS "books"
    LEFT JOIN LATERAL (SELECT "reviews_1"."stars"
    FROM "public"."best_review"(("books".*)::"public"."books") AS "reviews_1") AS "books_best_review_1" ON TRUE) _postgrest_t
    -- "[{\"price\": 10}]", "1"
    "#);
}

#[test]
fn computed_fields_of_the_rows_a_function_returns() {
    insta::assert_snapshot!(get("/rpc/books_by?author=1&select=full_title&order=full_title"), @r#"
    WITH pgrst_source AS (SELECT pgrst_call.*
    FROM "public"."books_by"("author" := $1::integer) pgrst_call)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT "public"."full_title"(("books".*)::"public"."books") AS "full_title"
    FROM pgrst_source AS "books"
    ORDER BY "public"."full_title"(("books".*)::"public"."books")) _postgrest_t
    -- "1"
    "#);
}
