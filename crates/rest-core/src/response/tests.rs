use super::*;
use crate::test_support::{error, plan_with, settings};

fn plan(method: &str, target: &str, headers: &[(&str, &str)], body: &str) -> ResponsePlan {
    plan_with(&settings(), method, target, headers, body)
        .unwrap()
        .response
}

fn outcome(page_total: i64, total_count: Option<i64>, body: Option<&str>) -> Outcome {
    Outcome {
        page_total,
        total_count,
        body: body.map(str::to_string),
        response_headers: None,
        response_status: None,
    }
}

fn show(r: Result<Response, Error>) -> String {
    match r {
        Ok(r) => {
            let headers: Vec<String> = r.headers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            format!(
                "{} [{}] {}",
                r.status,
                headers.join(" | "),
                r.body.unwrap_or_else(|| "(no body)".into())
            )
        }
        Err(e) => error(e),
    }
}

fn decision(d: Decision<Error>) -> String {
    match d {
        Decision::Commit => "commit".into(),
        Decision::Rollback => "rollback".into(),
        Decision::Fail(e) => error(e),
    }
}

#[test]
fn reads() {
    let counted = plan(
        "GET",
        "/books?offset=2&limit=2",
        &[("prefer", "count=exact")],
        "",
    );
    insta::assert_snapshot!(show(respond(&counted, &outcome(2, Some(5), Some("[1,2]")), None)), @"206 [Content-Range: 2-3/5 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=exact] [1,2]");
    insta::assert_snapshot!(show(respond(&counted, &outcome(2, Some(4), Some("[1,2]")), None)), @"206 [Content-Range: 2-3/4 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=exact] [1,2]");
    insta::assert_snapshot!(show(respond(&counted, &outcome(0, Some(1), Some("[]")), None)), @r#"416 {"code":"PGRST103","details":"An offset of 2 was requested, but there are only 1 rows.","hint":null,"message":"Requested range not satisfiable"}"#);
    insta::assert_snapshot!(show(respond(&counted, &outcome(0, Some(2), Some("[]")), None)), @"206 [Content-Range: */2 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=exact] []");
    let plain = plan("GET", "/books", &[], "");
    insta::assert_snapshot!(show(respond(&plain, &outcome(0, None, Some("[]")), None)), @"200 [Content-Range: */* | Content-Type: application/json; charset=utf-8] []");
    let head = plan("HEAD", "/books", &[("accept-profile", "public")], "");
    insta::assert_snapshot!(show(respond(&head, &outcome(3, None, None), None)), @"200 [Content-Range: 0-2/* | Content-Type: application/json; charset=utf-8 | Content-Profile: public] (no body)");
    let planned = plan("GET", "/books", &[("prefer", "count=planned")], "");
    insta::assert_snapshot!(show(respond(&planned, &outcome(3, None, Some("[]")), Some(40))), @"206 [Content-Range: 0-2/40 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=planned] []");
    let mut estimated = plan("GET", "/books", &[("prefer", "count=estimated")], "");
    estimated.max_rows = Some(10);
    insta::assert_snapshot!(show(respond(&estimated, &outcome(3, Some(11), Some("[]")), Some(1000))), @"206 [Content-Range: 0-2/1000 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=estimated] []");
    insta::assert_snapshot!(show(respond(&estimated, &outcome(3, Some(3), Some("[]")), Some(1000))), @"200 [Content-Range: 0-2/3 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=estimated] []");
    estimated.max_rows = None;
    insta::assert_snapshot!(show(respond(&estimated, &outcome(3, Some(3), Some("[]")), Some(7))), @"206 [Content-Range: 0-2/7 | Content-Type: application/json; charset=utf-8 | Preference-Applied: count=estimated] []");
    let csv = plan("GET", "/books", &[("accept", "text/csv")], "");
    insta::assert_snapshot!(show(respond(&csv, &outcome(0, None, Some("id")), None)), @"200 [Content-Range: */* | Content-Type: text/csv; charset=utf-8] id");
}

#[test]
fn writes() {
    let created = plan("POST", "/genres", &[], "{}");
    insta::assert_snapshot!(show(respond(&created, &outcome(1, None, None), None)), @"201 [Content-Range: */*] (no body)");
    let located = plan(
        "POST",
        "/book_genres",
        &[("prefer", "return=headers-only, count=exact")],
        "{}",
    );
    insta::assert_snapshot!(show(respond(&located, &outcome(1, None, Some(r#"{"book_id":1,"genre_id":2}"#)), None)), @"201 [Location: /book_genres?book_id=eq.1&genre_id=eq.2 | Content-Range: */1 | Preference-Applied: return=headers-only, count=exact] (no body)");
    let odd = plan(
        "POST",
        "/genres",
        &[("prefer", "return=headers-only")],
        "{}",
    );
    insta::assert_snapshot!(show(respond(&odd, &outcome(1, None, Some(r#"{"id":null,"name":"a b&c"}"#)), None)), @"201 [Location: /genres?id=is.null | Content-Range: */* | Preference-Applied: return=headers-only] (no body)");
    let merge = plan(
        "POST",
        "/genres",
        &[(
            "prefer",
            "resolution=merge-duplicates, return=representation",
        )],
        "{}",
    );
    insta::assert_snapshot!(show(respond(&merge, &outcome(2, Some(0), Some("[]")), None)), @"200 [Content-Range: */* | Content-Type: application/json; charset=utf-8 | Preference-Applied: resolution=merge-duplicates, return=representation] []");
    insta::assert_snapshot!(show(respond(&merge, &outcome(2, Some(1), Some("[]")), None)), @"201 [Content-Range: */* | Content-Type: application/json; charset=utf-8 | Preference-Applied: resolution=merge-duplicates, return=representation] []");
    let patch = plan(
        "PATCH",
        "/books?id=gt.1",
        &[("prefer", "count=exact")],
        "{}",
    );
    insta::assert_snapshot!(show(respond(&patch, &outcome(3, None, None), None)), @"204 [Content-Range: 0-2/3 | Preference-Applied: count=exact] (no body)");
    insta::assert_snapshot!(show(respond(&patch, &outcome(0, None, None), None)), @"204 [Content-Range: */0 | Preference-Applied: count=exact] (no body)");
    let patch_rep = plan(
        "PATCH",
        "/books?id=gt.1",
        &[("prefer", "return=representation")],
        "{}",
    );
    insta::assert_snapshot!(show(respond(&patch_rep, &outcome(1, None, Some("[{}]")), None)), @"200 [Content-Range: 0-0/* | Content-Type: application/json; charset=utf-8 | Preference-Applied: return=representation] [{}]");
    let delete = plan("DELETE", "/books?id=gt.1", &[], "");
    insta::assert_snapshot!(show(respond(&delete, &outcome(2, None, None), None)), @"204 [Content-Range: */*] (no body)");
    let put = plan(
        "PUT",
        "/genres?id=eq.1",
        &[("prefer", "return=representation")],
        r#"{"id":1}"#,
    );
    insta::assert_snapshot!(show(respond(&put, &outcome(1, Some(1), Some("[]")), None)), @"201 [Content-Type: application/json; charset=utf-8 | Preference-Applied: return=representation] []");
    insta::assert_snapshot!(show(respond(&put, &outcome(1, Some(0), Some("[]")), None)), @"200 [Content-Type: application/json; charset=utf-8 | Preference-Applied: return=representation] []");
    let put_minimal = plan("PUT", "/genres?id=eq.1", &[], r#"{"id":1}"#);
    insta::assert_snapshot!(show(respond(&put_minimal, &outcome(1, Some(1), None), None)), @"204 [] (no body)");
}

#[test]
fn calls_and_overrides() {
    let void = plan("POST", "/rpc/touch_nothing", &[], "");
    insta::assert_snapshot!(show(respond(&void, &outcome(1, None, Some("null")), None)), @"204 [Content-Range: 0-0/*] (no body)");
    let scalar = plan("GET", "/rpc/add_them?a=1&b=2", &[], "");
    let mut o = outcome(1, None, Some("3"));
    o.response_status = Some("418".into());
    o.response_headers = Some(r#"[{"Content-Type": "text/plain"}, {"X-A": "1"}]"#.into());
    insta::assert_snapshot!(show(respond(&scalar, &o, None)), @"418 [Content-Range: 0-0/* | Content-Type: text/plain | X-A: 1] 3");
    o.response_status = Some("teapot".into());
    insta::assert_snapshot!(show(respond(&scalar, &o, None)), @r#"500 {"code":"PGRST112","details":null,"hint":null,"message":"response.status guc must be a valid status code"}"#);
    o.response_status = None;
    o.response_headers = Some(r#"{"X-A": "1"}"#.into());
    insta::assert_snapshot!(show(respond(&scalar, &o, None)), @r#"500 {"code":"PGRST111","details":null,"hint":null,"message":"response.headers guc must be a JSON array composed of objects with a single key and a string value"}"#);
}

#[test]
fn decisions() {
    let single = plan(
        "GET",
        "/books",
        &[("accept", "application/vnd.pgrst.object+json")],
        "",
    );
    insta::assert_snapshot!(decision(decide(&single, &outcome(2, None, None))), @r#"406 {"code":"PGRST116","details":"The result contains 2 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}"#);
    insta::assert_snapshot!(decision(decide(&single, &outcome(1, None, None))), @"commit");
    let rollback = plan("DELETE", "/books?id=eq.1", &[("prefer", "tx=rollback")], "");
    insta::assert_snapshot!(decision(decide(&rollback, &outcome(1, None, None))), @"rollback");
    let put = plan("PUT", "/genres?id=eq.1", &[], r#"{"id":2}"#);
    insta::assert_snapshot!(decision(decide(&put, &outcome(0, None, None))), @r#"400 {"code":"PGRST115","details":null,"hint":null,"message":"Payload values do not match URL in primary key column(s)"}"#);
    let capped = plan(
        "PATCH",
        "/books",
        &[("prefer", "handling=strict, max-affected=2")],
        "{}",
    );
    insta::assert_snapshot!(decision(decide(&capped, &outcome(3, None, None))), @r#"400 {"code":"PGRST124","details":"The query affects 3 rows","hint":null,"message":"Query result exceeds max-affected preference constraint"}"#);
    insta::assert_snapshot!(decision(decide(&capped, &outcome(2, None, None))), @"commit");
    let limited = plan("DELETE", "/books?order=id&limit=1", &[], "");
    insta::assert_snapshot!(decision(decide(&limited, &outcome(2, None, None))), @r#"400 {"code":"PGRST110","details":"Results contain 2 rows changed but the maximum number allowed is 1","hint":null,"message":"The maximum number of rows allowed to change was surpassed"}"#);
    let void = plan(
        "POST",
        "/rpc/touch_nothing",
        &[("accept", "application/vnd.pgrst.object+json")],
        "",
    );
    insta::assert_snapshot!(decision(decide(&void, &outcome(1, None, None))), @"commit");
}

/// A write only commits without waiting for its row when `decide` commits it
/// whatever the row says.
#[test]
fn writes_commit_in_the_same_write_only_when_the_outcome_cannot_matter() {
    type Case<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], &'a str, Ending);
    let cases: [Case; 9] = [
        ("POST", "/books", &[], r#"{"title":"x"}"#, Ending::Commit),
        (
            "PATCH",
            "/books?id=eq.1",
            &[("prefer", "return=minimal")],
            r#"{"title":"x"}"#,
            Ending::Commit,
        ),
        (
            "DELETE",
            "/books?id=eq.1",
            &[("prefer", "return=representation")],
            "",
            Ending::Commit,
        ),
        (
            "PATCH",
            "/books?id=eq.1",
            &[("accept", "application/vnd.pgrst.object+json")],
            r#"{"title":"x"}"#,
            Ending::Decide,
        ),
        (
            "PUT",
            "/books?id=eq.1",
            &[],
            r#"{"id":1,"title":"x"}"#,
            Ending::Decide,
        ),
        (
            "DELETE",
            "/books?id=eq.1",
            &[("prefer", "handling=strict, max-affected=1")],
            "",
            Ending::Decide,
        ),
        (
            "POST",
            "/books",
            &[("prefer", "tx=rollback")],
            r#"{"title":"x"}"#,
            Ending::Decide,
        ),
        (
            "POST",
            "/rpc/add_review",
            &[],
            r#"{"book":1,"stars":5}"#,
            Ending::Commit,
        ),
        ("GET", "/books", &[], "", Ending::Read),
    ];
    for (method, target, headers, body, expected) in cases {
        let planned = plan_with(&settings(), method, target, headers, body).unwrap();
        let ending = ending(planned.read_only, &planned.response);
        assert_eq!(ending, expected, "{method} {target} {headers:?}");
        if ending == Ending::Commit {
            for n in [0, 1, 2, 1_000] {
                let d = decision(decide(&planned.response, &outcome(n, None, None)));
                assert_eq!(d, "commit", "{method} {target}: {n} rows");
            }
        }
    }
}
