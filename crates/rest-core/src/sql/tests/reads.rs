use crate::test_support::{get, plan_with, settings, show_statement, sql};

/// The `WHERE` line of `GET /books?select=id&{filters}` and its parameters.
fn filter(target: &str) -> String {
    let shown = get(target);
    let line = shown
        .lines()
        .find(|l| l.starts_with("WHERE"))
        .unwrap_or("(no WHERE)");
    let params = shown.lines().last().unwrap_or("");
    format!("{line} {params}")
}

#[test]
fn plain_reads() {
    insta::assert_snapshot!(get("/books"), @r#"
        WITH pgrst_source AS (SELECT "public"."books".*
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/books?select=id,name:title,price::text,meta->pages,meta->>series,meta->0->>a,tags:meta->tags->0"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", "public"."books"."title" AS "name", CAST("public"."books"."price" AS text), "public"."books"."meta"->$1 AS "pages", "public"."books"."meta"->>$2 AS "series", "public"."books"."meta"->$3::int->>$4 AS "a", "public"."books"."meta"->$5->$6::int AS "tags"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "pages", "series", 0, "a", "tags", 0
    "#);
    insta::assert_snapshot!(get("/books?select=id&order=published.desc.nullslast,meta->>pages.asc,title.nullsfirst&limit=2&offset=1"), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."id"
    FROM "public"."books"
    ORDER BY "public"."books"."published" DESC NULLS LAST, "public"."books"."meta"->>$1 ASC, "public"."books"."title" NULLS FIRST
    LIMIT 2 OFFSET 1)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "pages"
    "#);
    insta::assert_snapshot!(get("/authors?select=born::text,bio->awards->>hugo::int&offset=2"), @r#"
    WITH pgrst_source AS (SELECT CAST("public"."authors"."born" AS text), CAST("public"."authors"."bio"->$1->>$2 AS int) AS "hugo"
    FROM "public"."authors"
    LIMIT ALL OFFSET 2)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "awards", "hugo"
    "#);
}

#[test]
fn comparison_operators() {
    insta::assert_snapshot!(filter("/books?price=eq.9.99&published=neq.1&id=gt.1&id=gte.1&id=lt.9&id=lte.9"), @r#"WHERE "public"."books"."price" = $1::numeric AND "public"."books"."published" <> $2::integer AND "public"."books"."id" > $3::integer AND "public"."books"."id" >= $4::integer AND "public"."books"."id" < $5::integer AND "public"."books"."id" <= $6::integer) -- "9.99", "1", "1", "1", "9", "9""#);
    insta::assert_snapshot!(filter("/books?title=like.*Dark*&title=ilike.*the*&title=match.^K&title=imatch.^k"), @r#"WHERE "public"."books"."title" LIKE $1::text AND "public"."books"."title" ILIKE $2::text AND "public"."books"."title" ~ $3::text AND "public"."books"."title" ~* $4::text) -- "%Dark%", "%the%", "^K", "^k""#);
    insta::assert_snapshot!(filter("/books?id=in.(1,2,3)&title=in.(\"a,b\",\"c)\")&id=not.in.()"), @r#"WHERE "public"."books"."id" = ANY($1::text[]::integer[]) AND "public"."books"."title" = ANY($2::text[]::text[]) AND NOT "public"."books"."id" = ANY($3::text[]::integer[])) -- ["1", "2", "3"], ["a,b", "c)"], []"#);
    insta::assert_snapshot!(filter("/books?price=is.null&editor_id=not.is.null&id=is.true&id=is.false&id=is.unknown&id=is.not_null"), @r#"WHERE "public"."books"."price" IS NULL AND NOT "public"."books"."editor_id" IS NULL AND "public"."books"."id" IS TRUE AND "public"."books"."id" IS FALSE AND "public"."books"."id" IS UNKNOWN AND "public"."books"."id" IS NOT NULL) --"#);
    insta::assert_snapshot!(filter("/books?editor_id=isdistinct.1&editor_id=not.isdistinct.2"), @r#"WHERE "public"."books"."editor_id" IS DISTINCT -- "1", "2""#);
    insta::assert_snapshot!(filter("/books?id=eq(any).{1,2}&title=like(all).{A*,*a}&published=not.gt(any).{1,2}"), @r#"WHERE "public"."books"."id" = ANY($1::integer[]) AND "public"."books"."title" LIKE ALL($2::text[]) AND NOT "public"."books"."published" > ANY($3::integer[])) -- "{1,2}", "{A%,%a}", "{1,2}""#);
    insta::assert_snapshot!(filter("/books?meta->>pages=gt.300&meta->series=eq.\"x\"&meta->tags->0=eq.1"), @r#"WHERE "public"."books"."meta"->>$1 > $2::text AND "public"."books"."meta"->$3 = $4::jsonb AND "public"."books"."meta"->$5->$6::int = $7::jsonb) -- "pages", "300", "series", "\"x\"", "tags", 0, "1""#);
}

#[test]
fn array_range_json_and_full_text_operators() {
    insta::assert_snapshot!(filter("/authors?tags=cs.{a,b}&tags=cd.{a}&tags=ov.{c}&bio=cs.{\"a\":1}&bio->awards=cd.{}"), @r#"WHERE "public"."authors"."tags" @> $1::text[] AND "public"."authors"."tags" <@ $2::text[] AND "public"."authors"."tags" && $3::text[] AND "public"."authors"."bio" @> $4::jsonb AND "public"."authors"."bio"->$5 <@ $6::jsonb) -- "{a,b}", "{a}", "{c}", "{\"a\":1}", "awards", "{}""#);
    insta::assert_snapshot!(filter("/events?slots=sl.[1,2)&slots=sr.[1,2)&slots=nxr.[1,2)&slots=nxl.[1,2)&slots=adj.[1,2)&during=ov.[2025-01-01,2025-01-02)"), @r#"WHERE "public"."events"."slots" << $1::int4range AND "public"."events"."slots" >> $2::int4range AND "public"."events"."slots" &< $3::int4range AND "public"."events"."slots" &> $4::int4range AND "public"."events"."slots" -|- $5::int4range AND "public"."events"."during" && $6::tstzrange) -- "[1,2)", "[1,2)", "[1,2)", "[1,2)", "[1,2)", "[2025-01-01,2025-01-02)""#);
    insta::assert_snapshot!(filter("/books?search=fts.a&search=plfts.b%20c&search=phfts(english).d&search=wfts(simple).e&search=not.fts.f"), @r#"WHERE "public"."books"."search" @@ to_tsquery($1) AND "public"."books"."search" @@ plainto_tsquery($2) AND "public"."books"."search" @@ phraseto_tsquery($3::regconfig, $4) AND "public"."books"."search" @@ websearch_to_tsquery($5::regconfig, $6) AND NOT "public"."books"."search" @@ to_tsquery($7)) -- "a", "b c", "english", "d", "simple", "e", "f""#);
    insta::assert_snapshot!(filter("/authors?mood=eq.happy&born=lt.2000-01-01&mood=in.(ok,sad)"), @r#"WHERE "public"."authors"."mood" = $1::mood AND "public"."authors"."born" < $2::date AND "public"."authors"."mood" = ANY($3::text[]::mood[])) -- "happy", "2000-01-01", ["ok", "sad"]"#);
}

#[test]
fn logic_trees() {
    insta::assert_snapshot!(filter("/books?or=(id.eq.1,and(published.gt.1980,price.is.null))"), @r#"WHERE ("public"."books"."id" = $1::integer OR ("public"."books"."published" > $2::integer AND "public"."books"."price" IS NULL))) -- "1", "1980""#);
    insta::assert_snapshot!(filter("/books?not.or=(id.eq.1,id.eq.2)&and=(title.eq.\"a,b\",not.and(id.in.(1,2),meta->>a.like.*x*))"), @r#"WHERE NOT ("public"."books"."id" = $1::integer OR "public"."books"."id" = $2::integer) AND ("public"."books"."title" = $3::text AND NOT ("public"."books"."id" = ANY($4::text[]::integer[]) AND "public"."books"."meta"->>$5 LIKE $6::text))) -- "1", "2", "a,b", ["1", "2"], "a", "%x%""#);
    insta::assert_snapshot!(filter("/authors?or=(tags.cs.{a,b},bio->awards.cs.{\"x\":1},id.eq(any).{1,2})"), @r#"WHERE ("public"."authors"."tags" @> $1::text[] OR "public"."authors"."bio"->$2 @> $3::jsonb OR "public"."authors"."id" = ANY($4::integer[]))) -- "{a,b}", "awards", "{\"x\":1}", "{1,2}""#);
}

#[test]
fn counts_and_bodies() {
    let prefer = |p: &'static str| [("prefer", p)];
    insta::assert_snapshot!(sql("GET", "/books?select=id&published=gt.1970&limit=2", &prefer("count=exact"), ""), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."id"
    FROM "public"."books"
    WHERE "public"."books"."published" > $1::integer
    LIMIT 2 OFFSET 0)
    , pgrst_source_count AS (SELECT 1
    FROM "public"."books"
    WHERE "public"."books"."published" > $2::integer)
    SELECT (SELECT pg_catalog.count(*)
    FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "1970", "1970"
    "#);
    insta::assert_snapshot!(sql("GET", "/books?select=id,reviews!inner(stars)&reviews.stars=eq.5", &prefer("count=exact"), ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
        FROM "public"."books"
        INNER JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
        FROM (SELECT "reviews_1"."stars"
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."stars" = $1::integer AND "reviews_1"."book_id" = "public"."books"."id") AS "books_reviews_1") AS "books_reviews_1" ON "books_reviews_1" IS NOT NULL)
        , pgrst_source_count AS (SELECT 1
        FROM "public"."books"
        WHERE EXISTS (SELECT 1
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."stars" = $2::integer AND "reviews_1"."book_id" = "public"."books"."id"))
        SELECT (SELECT pg_catalog.count(*)
        FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "5", "5"
    "#);
    insta::assert_snapshot!(sql("GET", "/books?select=id,reviews(stars)&reviews=is.null", &prefer("count=exact"), ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
        FROM (SELECT "reviews_1"."stars"
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."book_id" = "public"."books"."id") AS "books_reviews_1") AS "books_reviews_1" ON TRUE
        WHERE "books_reviews_1" IS NOT DISTINCT
        FROM NULL)
        , pgrst_source_count AS (SELECT 1
        FROM "public"."books"
        WHERE NOT EXISTS (SELECT 1
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."book_id" = "public"."books"."id"))
        SELECT (SELECT pg_catalog.count(*)
        FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    let planned = plan_with(
        &settings(),
        "GET",
        "/books?select=id&id=gt.1",
        &prefer("count=planned"),
        "",
    )
    .unwrap();
    insta::assert_snapshot!(show_statement(planned.count_statement.as_ref().unwrap()), @r#"
        SELECT 1
        FROM "public"."books"
        WHERE "public"."books"."id" > $1::integer
        -- "1"
    "#);
    let capped = crate::plan::PlanSettings {
        max_rows: Some(10),
        ..settings()
    };
    let estimated = plan_with(
        &capped,
        "GET",
        "/books?select=id,reviews(stars)&limit=50",
        &prefer("count=estimated"),
        "",
    )
    .unwrap();
    insta::assert_snapshot!(show_statement(&estimated.statement), @r#"
    WITH pgrst_source AS (SELECT "public"."books"."id", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
    FROM "public"."books"
    LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
    FROM (SELECT "reviews_1"."stars"
    FROM "public"."reviews" AS "reviews_1"
    WHERE "reviews_1"."book_id" = "public"."books"."id"
    LIMIT 10 OFFSET 0) AS "books_reviews_1") AS "books_reviews_1" ON TRUE
    LIMIT 10 OFFSET 0)
    , pgrst_source_count AS (SELECT 1
    FROM "public"."books"
    LIMIT $1)
    SELECT (SELECT pg_catalog.count(*)
    FROM pgrst_source_count) AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- 11
    "#);
    insta::assert_snapshot!(sql("HEAD", "/books?select=id", &[], ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (NULL)::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(sql("GET", "/books?select=id", &[("accept", "text/csv")], ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, ((SELECT coalesce(string_agg(a.k, ','), '')
        FROM (SELECT json_object_keys(r)::text AS k
        FROM (SELECT row_to_json(hh) AS r
        FROM pgrst_source AS hh
        LIMIT 1) s) a) || '
        ' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '
        '), ''))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(sql("GET", "/books?select=id", &[("accept", "application/vnd.pgrst.object+json;nulls=stripped")], ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_strip_nulls(json_agg(_postgrest_t)->0), 'null'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(sql("GET", "/books?select=id", &[("accept", "application/vnd.pgrst.array+json;nulls=stripped")], ""), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books")
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
}
