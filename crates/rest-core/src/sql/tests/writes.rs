use crate::test_support::{plan_with, settings, show_statement, sql};

#[test]
fn inserts_and_upserts() {
    let rep = ("prefer", "return=representation");
    insta::assert_snapshot!(sql("POST", "/genres", &[], r#"{"name":"x"}"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."genres"("name")
        SELECT pgrst_body."name"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "name"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("name" text)) pgrst_body
        RETURNING 1)
        SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"name\":\"x\"}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/books?select=title,authors!author_id(name)", &[rep], r#"[{"title":"x","author_id":1}]"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."books"("author_id", "title")
        SELECT pgrst_body."author_id", pgrst_body."title"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "author_id", "title"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("author_id" integer, "title" text)) pgrst_body
        RETURNING "public"."books"."author_id", "public"."books"."id", "public"."books"."title")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT "books"."title", row_to_json("books_authors_1".*)::jsonb AS "authors"
        FROM pgrst_source AS "books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "books"."author_id") AS "books_authors_1" ON TRUE) _postgrest_t
        -- "[{\"title\":\"x\",\"author_id\":1}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/books?columns=title,meta", &[("prefer", "missing=default")], r#"{"title":"x"}"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."books"("meta", "title")
        SELECT pgrst_body."meta", pgrst_body."title"
        FROM (SELECT $1::jsonb AS json_data) pgrst_payload
        , LATERAL (SELECT jsonb_agg(jsonb_build_object($2::text, '{}'::jsonb) || elem) AS val
        FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs
        , LATERAL (SELECT "meta", "title"
        FROM jsonb_to_recordset(pgrst_json_defs.val) AS _("meta" jsonb, "title" text)) pgrst_body
        RETURNING 1)
        SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"title\":\"x\"}]", "meta"
    "#);
    insta::assert_snapshot!(sql("POST", "/genres", &[("prefer", "resolution=merge-duplicates")], r#"{"id":1,"name":"x"}"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."genres"("id", "name")
        SELECT pgrst_body."id", pgrst_body."name"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "id", "name"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("id" integer, "name" text)) pgrst_body
        WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'
        ON CONFLICT("id") DO UPDATE
        SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
        WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'
        RETURNING 1)
        SELECT nullif(current_setting('pgrst.inserted', true), '')::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"id\":1,\"name\":\"x\"}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/genres?on_conflict=name", &[("prefer", "resolution=ignore-duplicates")], r#"{"name":"x"}"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."genres"("name")
        SELECT pgrst_body."name"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "name"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("name" text)) pgrst_body
        ON CONFLICT("name") DO NOTHING
        RETURNING 1)
        SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"name\":\"x\"}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/genres", &[("prefer", "return=headers-only")], "{}"), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."genres"
        SELECT 
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT
        FROM json_array_elements(pgrst_payload.json_data) _) pgrst_body
        RETURNING "public"."genres".*)
        SELECT NULL::bigint AS total_count, page_total, ((SELECT row_to_json(_)
        FROM pgrst_source AS _
        LIMIT 1))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{}]"
    "#);
    insta::assert_snapshot!(sql("PUT", "/genres?id=eq.5", &[rep], r#"{"id":5,"name":"x"}"#), @r#"
        WITH pgrst_source AS (INSERT INTO "public"."genres"("id", "name")
        SELECT pgrst_body."id", pgrst_body."name"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "id", "name"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("id" integer, "name" text)) pgrst_body
        WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0' AND "pgrst_body"."id" = $2::integer
        ON CONFLICT("id") DO UPDATE
        SET "id" = EXCLUDED."id", "name" = EXCLUDED."name"
        WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'
        RETURNING "public"."genres".*)
        SELECT nullif(current_setting('pgrst.inserted', true), '')::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT "genres".*
        FROM pgrst_source AS "genres") _postgrest_t
        -- "[{\"id\":5,\"name\":\"x\"}]", "5"
    "#);
}

#[test]
fn updates_and_deletes() {
    let rep = ("prefer", "return=representation");
    insta::assert_snapshot!(sql("PATCH", "/books?id=eq.1&or=(price.is.null,price.lt.5)", &[], r#"{"price":1,"title":"t"}"#), @r#"
        WITH pgrst_source AS (UPDATE "public"."books"
        SET "price" = pgrst_body."price", "title" = pgrst_body."title"
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "price", "title"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("price" numeric(10,2), "title" text)
        LIMIT 1) pgrst_body
        WHERE "public"."books"."id" = $2::integer AND ("public"."books"."price" IS NULL OR "public"."books"."price" < $3::numeric)
        RETURNING 1)
        SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"price\":1,\"title\":\"t\"}]", "1", "5"
    "#);
    insta::assert_snapshot!(sql("PATCH", "/books?id=eq.1&select=id", &[rep], "{}"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books"
        WHERE false)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT "books"."id"
        FROM pgrst_source AS "books") _postgrest_t
        --
    "#);
    insta::assert_snapshot!(sql("PATCH", "/books?author_id=eq.1&order=published.desc,id&limit=1", &[], r#"{"price":1}"#), @r#"
    WITH pgrst_source AS (UPDATE "public"."books"
    SET "price" = pgrst_body."price"
    FROM (SELECT $1::json AS json_data) pgrst_payload
    , LATERAL (SELECT "price"
    FROM json_to_recordset(pgrst_payload.json_data) AS _("price" numeric(10,2))
    LIMIT 1) pgrst_body, (SELECT "public"."books"."published", "public"."books"."id"
    FROM "public"."books"
    WHERE "public"."books"."author_id" = $2::integer
    ORDER BY "public"."books"."published" DESC, "public"."books"."id"
    LIMIT 1 OFFSET 0) pgrst_affected_rows
    WHERE "public"."books"."published" = pgrst_affected_rows."published" AND "public"."books"."id" = pgrst_affected_rows."id"
    RETURNING 1)
    SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "[{\"price\":1}]", "1"
    "#);
    insta::assert_snapshot!(sql("DELETE", "/books?id=in.(1,2)&select=id,reviews(stars)", &[rep], ""), @r#"
        WITH pgrst_source AS (DELETE
        FROM "public"."books"
        WHERE "public"."books"."id" = ANY($1::text[]::integer[])
        RETURNING "public"."books"."id")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT "books"."id", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
        FROM pgrst_source AS "books"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
        FROM (SELECT "reviews_1"."stars"
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."book_id" = "books"."id") AS "books_reviews_1") AS "books_reviews_1" ON TRUE) _postgrest_t
        -- ["1", "2"]
    "#);
    insta::assert_snapshot!(sql("DELETE", "/reviews?order=id&limit=2&offset=1", &[], ""), @r#"
    WITH pgrst_source AS (DELETE
    FROM "public"."reviews" USING (SELECT "public"."reviews"."id"
    FROM "public"."reviews"
    ORDER BY "public"."reviews"."id"
    LIMIT 2 OFFSET 1) pgrst_affected_rows
    WHERE "public"."reviews"."id" = pgrst_affected_rows."id"
    RETURNING 1)
    SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn calls() {
    insta::assert_snapshot!(sql("GET", "/rpc/add_them?a=1&b=2", &[], ""), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
        FROM (SELECT "public"."add_them"("a" := $1::integer, "b" := $2::integer) pgrst_scalar) pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "1", "2"
    "#);
    insta::assert_snapshot!(sql("POST", "/rpc/add_them", &[], r#"{"a":1,"b":2}"#), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "a", "b"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("a" integer, "b" integer)
        LIMIT 1) pgrst_body
        , LATERAL (SELECT "public"."add_them"("a" := pgrst_body."a", "b" := pgrst_body."b") pgrst_scalar) pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "[{\"a\":1,\"b\":2}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/rpc/greet", &[], ""), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
        FROM (SELECT "public"."greet"() pgrst_scalar) pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(sql("GET", "/rpc/books_by?author=1&select=title,reviews(stars)&published=gt.1970&order=id&limit=1", &[("prefer", "count=exact")], ""), @r#"
    WITH pgrst_source AS (SELECT pgrst_call.*
    FROM "public"."books_by"("author" := $1::integer) pgrst_call)
    , pgrst_source_count AS (SELECT 1
    FROM pgrst_source AS "books"
    WHERE "books"."published" > $3::integer)
    SELECT (SELECT pg_catalog.count(*)
    FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT "books"."title", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
    FROM pgrst_source AS "books"
    LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
    FROM (SELECT "reviews_1"."stars"
    FROM "public"."reviews" AS "reviews_1"
    WHERE "reviews_1"."book_id" = "books"."id") AS "books_reviews_1") AS "books_reviews_1" ON TRUE
    WHERE "books"."published" > $2::integer
    ORDER BY "books"."id"
    LIMIT 1 OFFSET 0) _postgrest_t
    -- "1", "1970", "1970"
    "#);
    insta::assert_snapshot!(sql("POST", "/rpc/author_of", &[("accept", "application/vnd.pgrst.object+json")], r#"{"book":1}"#), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.*
        FROM (SELECT $1::json AS json_data) pgrst_payload
        , LATERAL (SELECT "book"
        FROM json_to_recordset(pgrst_payload.json_data) AS _("book" integer)
        LIMIT 1) pgrst_body
        , LATERAL "public"."author_of"("book" := pgrst_body."book") pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t)->0, 'null'))::text AS body …
        FROM (SELECT "authors".*
        FROM pgrst_source AS "authors") _postgrest_t
        -- "[{\"book\":1}]"
    "#);
    insta::assert_snapshot!(sql("POST", "/rpc/echo_json", &[("prefer", "params=single-object")], r#"{"x":1}"#), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
        FROM (SELECT "public"."echo_json"($1::json) pgrst_scalar) pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "{\"x\":1}"
    "#);
    insta::assert_snapshot!(sql("POST", "/rpc/touch_nothing", &[], ""), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar
        FROM (SELECT "public"."touch_nothing"() pgrst_scalar) pgrst_call)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t.pgrst_scalar)->0, 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    let planned = plan_with(
        &settings(),
        "GET",
        "/rpc/books_by?author=1&id=gt.1",
        &[("prefer", "count=planned")],
        "",
    )
    .unwrap();
    insta::assert_snapshot!(show_statement(planned.count_statement.as_ref().unwrap()), @r#"
        WITH pgrst_source AS (SELECT pgrst_call.*
        FROM "public"."books_by"("author" := $1::integer) pgrst_call)
        SELECT 1
        FROM pgrst_source AS "books"
        WHERE "books"."id" > $2::integer
        -- "1", "1"
    "#);
}
