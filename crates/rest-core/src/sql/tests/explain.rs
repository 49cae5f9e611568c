//! `application/vnd.pgrst.plan`: the statement the media type in `for` would
//! run, under EXPLAIN with the format and options asked for (fixed words in a
//! fixed order), and no count statement beside it; and the GeoJSON body,
//! qualified with the schema PostGIS is in.

use crate::parse::{parse_with, Offers, RawRequest};
use crate::prepare::{prepare, Prepared};
use crate::schema_cache::fixture;
use crate::test_support::{settings, show_statement};

fn prepared(method: &str, target: &str, accept: &str, body: &str) -> Prepared {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let headers = [("accept", accept), ("prefer", "count=planned")];
    let req = parse_with(
        &RawRequest {
            method,
            path,
            query,
            headers: &headers,
        },
        Offers {
            plan: true,
            geojson: true,
        },
    )
    .unwrap();
    let mut cache = fixture::cache();
    cache.geojson = Some("extensions".into());
    prepare(&req, &cache, &settings(), body.as_bytes()).unwrap()
}

fn head(p: &Prepared) -> String {
    show_statement(&p.statement)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_statement_under_explain() {
    let p = prepared(
        "GET",
        "/books?select=id&id=eq.1",
        "application/vnd.pgrst.plan",
        "",
    );
    insta::assert_snapshot!(head(&p), @r#"EXPLAIN (FORMAT TEXT) WITH pgrst_source AS (SELECT "public"."books"."id""#);
    assert!(
        p.count_statement.is_none(),
        "no planned count beside a plan"
    );
    assert!(p.read_only);
    let p = prepared(
        "POST",
        "/books",
        "application/vnd.pgrst.plan+json; options=buffers|wal|settings|verbose|analyze",
        r#"{"title": "x"}"#,
    );
    insta::assert_snapshot!(head(&p), @r#"EXPLAIN (FORMAT JSON, ANALYZE, VERBOSE, SETTINGS, BUFFERS, WAL) WITH pgrst_source AS (INSERT INTO "public"."books"("title")"#);
    assert!(!p.read_only);
    let p = prepared(
        "GET",
        "/rpc/add_them?a=1&b=2",
        "application/vnd.pgrst.plan+json",
        "",
    );
    insta::assert_snapshot!(head(&p), @"EXPLAIN (FORMAT JSON) WITH pgrst_source AS (SELECT pgrst_call.pgrst_scalar");
}

#[test]
fn the_body_is_that_of_the_for_media_type() {
    let p = prepared(
        "GET",
        "/books?select=id",
        r#"application/vnd.pgrst.plan+json; for="text/csv""#,
        "",
    );
    assert!(
        p.statement.text.contains("string_agg"),
        "{}",
        p.statement.text
    );
    assert_eq!(
        p.explain.map(|e| e.mime).as_deref(),
        Some(r#"application/vnd.pgrst.plan+json; for="text/csv""#)
    );
}

#[test]
fn geojson_is_a_feature_collection_by_postgis() {
    let p = prepared("GET", "/books?select=id", "application/geo+json", "");
    assert!(p.explain.is_none());
    let body = p
        .statement
        .text
        .split(" AS page_total, ")
        .nth(1)
        .and_then(|t| t.split(" AS body").next())
        .unwrap_or_default()
        .to_string();
    insta::assert_snapshot!(body, @r#"(json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg("extensions".st_asgeojson(_postgrest_t)::json), '[]')))::text"#);
}

#[test]
fn the_openapi_document_has_no_plan() {
    let headers = [("accept", "application/vnd.pgrst.plan+json")];
    let err = parse_with(
        &RawRequest {
            method: "GET",
            path: "/",
            query: "",
            headers: &headers,
        },
        Offers {
            plan: true,
            geojson: true,
        },
    )
    .unwrap_err();
    insta::assert_snapshot!(crate::test_support::error(err), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+json; for=\"application/json\""}"#);
}
