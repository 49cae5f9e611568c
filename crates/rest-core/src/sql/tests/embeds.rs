use crate::test_support::get;

#[test]
fn embeds() {
    insta::assert_snapshot!(get("/books?select=title,authors!author_id(name)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."title", row_to_json("books_authors_1".*)::jsonb AS "authors"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_authors_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/authors?select=name,books!author_id(title)&books.order=title.desc&books.limit=1&books.published=gt.1970"), @r#"
    WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_books_1"."authors_books_1", '[]') AS "books"
    FROM "public"."authors"
    LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1"
    FROM (SELECT "books_1"."title"
    FROM "public"."books" AS "books_1"
    WHERE "books_1"."published" > $1::integer AND "books_1"."author_id" = "public"."authors"."id"
    ORDER BY "books_1"."title" DESC
    LIMIT 1 OFFSET 0) AS "authors_books_1") AS "authors_books_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "1970"
    "#);
    insta::assert_snapshot!(get("/books?select=title,genres(name)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."title", COALESCE("books_genres_1"."books_genres_1", '[]') AS "genres"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT json_agg("books_genres_1")::jsonb AS "books_genres_1"
        FROM (SELECT "public"."genres"."name"
        FROM "public"."genres", "public"."book_genres"
        WHERE "public"."genres"."id" = "public"."book_genres"."genre_id" AND "public"."book_genres"."book_id" = "public"."books"."id") AS "books_genres_1") AS "books_genres_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/authors?select=id,author_profiles(*)"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."id", row_to_json("authors_author_profiles_1".*)::jsonb AS "author_profiles"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT "author_profiles_1".*
        FROM "public"."author_profiles" AS "author_profiles_1"
        WHERE "author_profiles_1"."author_id" = "public"."authors"."id") AS "authors_author_profiles_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/authors?select=name,mentor:mentor_id(name),mentees:authors(name)"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", row_to_json("authors_mentor_1".*)::jsonb AS "mentor", COALESCE("authors_mentees_1"."authors_mentees_1", '[]') AS "mentees"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."authors"."mentor_id") AS "authors_mentor_1" ON TRUE
        LEFT JOIN LATERAL (SELECT json_agg("authors_mentees_1")::jsonb AS "authors_mentees_1"
        FROM (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."mentor_id" = "public"."authors"."id") AS "authors_mentees_1") AS "authors_mentees_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/books?select=id,editor:authors!editor_id!inner(name),reviews!inner(stars)&reviews.or=(stars.eq.5,body.is.null)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", row_to_json("books_editor_1".*)::jsonb AS "editor", COALESCE("books_reviews_1"."books_reviews_1", '[]') AS "reviews"
        FROM "public"."books"
        INNER JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."editor_id") AS "books_editor_1" ON TRUE
        INNER JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
        FROM (SELECT "reviews_1"."stars"
        FROM "public"."reviews" AS "reviews_1"
        WHERE ("reviews_1"."stars" = $1::integer OR "reviews_1"."body" IS NULL) AND "reviews_1"."book_id" = "public"."books"."id") AS "books_reviews_1") AS "books_reviews_1" ON "books_reviews_1" IS NOT NULL)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "5"
    "#);
    insta::assert_snapshot!(get("/books?select=title,...authors!author_id(author:name,author_profiles(website))"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."title", "books_authors_1"."author", "books_authors_1"."author_profiles"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name" AS "author", row_to_json("authors_author_profiles_2".*)::jsonb AS "author_profiles"
        FROM "public"."authors" AS "authors_1"
        LEFT JOIN LATERAL (SELECT "author_profiles_2"."website"
        FROM "public"."author_profiles" AS "author_profiles_2"
        WHERE "author_profiles_2"."author_id" = "authors_1"."id") AS "authors_author_profiles_2" ON TRUE
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_authors_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/authors?select=name,books!author_id(title,reviews(stars))&books.reviews.order=stars"), @r#"
        WITH pgrst_source AS (SELECT "public"."authors"."name", COALESCE("authors_books_1"."authors_books_1", '[]') AS "books"
        FROM "public"."authors"
        LEFT JOIN LATERAL (SELECT json_agg("authors_books_1")::jsonb AS "authors_books_1"
        FROM (SELECT "books_1"."title", COALESCE("books_reviews_2"."books_reviews_2", '[]') AS "reviews"
        FROM "public"."books" AS "books_1"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_2")::jsonb AS "books_reviews_2"
        FROM (SELECT "reviews_2"."stars"
        FROM "public"."reviews" AS "reviews_2"
        WHERE "reviews_2"."book_id" = "books_1"."id"
        ORDER BY "reviews_2"."stars") AS "books_reviews_2") AS "books_reviews_2" ON TRUE
        WHERE "books_1"."author_id" = "public"."authors"."id") AS "authors_books_1") AS "authors_books_1" ON TRUE)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
    insta::assert_snapshot!(get("/books?select=id,reviews()&reviews=not.is.null&or=(reviews.is.null,id.eq.1)"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT json_agg("books_reviews_1")::jsonb AS "books_reviews_1"
        FROM (SELECT "reviews_1".*
        FROM "public"."reviews" AS "reviews_1"
        WHERE "reviews_1"."book_id" = "public"."books"."id") AS "books_reviews_1") AS "books_reviews_1" ON TRUE
        WHERE "books_reviews_1" IS DISTINCT
        FROM NULL AND ("books_reviews_1" IS NOT DISTINCT
        FROM NULL OR "public"."books"."id" = $1::integer))
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        -- "1"
    "#);
    insta::assert_snapshot!(get("/books?select=id,author:authors!author_id(name)&order=author(name).desc.nullslast"), @r#"
        WITH pgrst_source AS (SELECT "public"."books"."id", row_to_json("books_author_1".*)::jsonb AS "author"
        FROM "public"."books"
        LEFT JOIN LATERAL (SELECT "authors_1"."name"
        FROM "public"."authors" AS "authors_1"
        WHERE "authors_1"."id" = "public"."books"."author_id") AS "books_author_1" ON TRUE
        ORDER BY "books_author_1"."name" DESC NULLS LAST)
        SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
        FROM (SELECT *
        FROM pgrst_source) _postgrest_t
        --
    "#);
}
