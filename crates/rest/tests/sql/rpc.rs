use serde_json::json;

use crate::helpers::{db, db_with, ids};

const EXTRA: &str = r#"
CREATE FUNCTION unnamed_json(json) RETURNS json LANGUAGE sql IMMUTABLE AS $$ SELECT json_build_object('got', $1) $$;
CREATE FUNCTION shout(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT upper($1) $$;
CREATE FUNCTION numbers() RETURNS SETOF int LANGUAGE sql IMMUTABLE AS $$ SELECT generate_series(1, 3) $$;
CREATE FUNCTION squares(up_to int) RETURNS TABLE(n int, sq int) LANGUAGE sql IMMUTABLE AS $$ SELECT i, i * i FROM generate_series(1, up_to) i $$;
CREATE FUNCTION teapot() RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('response.status', '418', true);
  PERFORM set_config('response.headers', '[{"X-Tea": "earl grey"}]', true);
  RETURN '{"brewing": true}';
END $$;
CREATE FUNCTION pay() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE sqlstate 'PGRST' USING message = '{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":"Upgrade"}',
    detail = '{"status":402,"headers":{"X-Powered-By":"Nerd Rage"}}';
END $$;
CREATE FUNCTION oops() RETURNS void LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'nope' USING hint = 'try again'; END $$;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO anon;
"#;

#[tokio::test]
async fn scalar_composite_and_set_results() {
    let db = db().await;
    let post = db
        .request("anon", "POST", "/rpc/add_them", &[], r#"{"a":1,"b":2}"#)
        .await;
    assert_eq!(
        (post.status, post.json(), post.header("content-range")),
        (200, json!(3), Some("0-0/*"))
    );
    assert_eq!(db.get("/rpc/add_them?a=40&b=2").await.json(), json!(42));
    assert_eq!(
        db.request("anon", "POST", "/rpc/greet", &[], "")
            .await
            .json(),
        json!("hello world")
    );
    assert_eq!(
        db.get("/rpc/greet?name=you").await.json(),
        json!("hello you")
    );
    let setof = db.get("/rpc/books_by?author=1&select=title&order=id").await;
    assert_eq!(
        setof.json(),
        json!([{"title": "A Wizard of Earthsea"}, {"title": "The Left Hand of Darkness"}])
    );
    let filtered = db
        .get("/rpc/books_by?author=2&published=gt.1980&select=id")
        .await;
    assert_eq!(ids(&filtered), vec![4]);
    let embedded = db
        .get("/rpc/books_by?author=1&select=id,reviews(stars)&order=id&limit=1&reviews.order=stars")
        .await;
    assert_eq!(
        embedded.json(),
        json!([{"id": 1, "reviews": [{"stars": 4}, {"stars": 5}]}])
    );
    let counted = db
        .request(
            "anon",
            "GET",
            "/rpc/books_by?author=1&select=id&limit=1",
            &[("prefer", "count=exact")],
            "",
        )
        .await;
    assert_eq!(
        (counted.status, counted.header("content-range")),
        (206, Some("0-0/2"))
    );
    let composite = db
        .request("anon", "POST", "/rpc/author_of", &[], r#"{"book":3}"#)
        .await;
    assert_eq!(composite.json()["name"], "Octavia Butler");
    let single = db
        .request(
            "anon",
            "GET",
            "/rpc/books_by?author=3&select=title",
            &[("accept", "application/vnd.pgrst.object+json")],
            "",
        )
        .await;
    assert_eq!(single.json(), json!({"title": "Guards! Guards!"}));
    let void = db
        .request("anon", "POST", "/rpc/touch_nothing", &[], "")
        .await;
    assert_eq!((void.status, void.text.as_deref()), (204, None));
    let json_arg = db
        .request(
            "anon",
            "POST",
            "/rpc/echo_json",
            &[],
            r#"{"payload":{"x":[1,2]}}"#,
        )
        .await;
    assert_eq!(json_arg.json(), json!({"x": [1, 2]}));
    let single_object = db
        .request(
            "anon",
            "POST",
            "/rpc/echo_json",
            &[("prefer", "params=single-object")],
            r#"{"x":1}"#,
        )
        .await;
    assert_eq!(single_object.json(), json!({"x": 1}));
    let who = db
        .request("authenticated", "GET", "/rpc/whoami", &[], "")
        .await;
    assert_eq!(
        who.json(),
        json!({"role": "authenticated", "sub": "00000000-0000-0000-0000-000000000001", "method": "GET"})
    );
    let head = db
        .request("anon", "HEAD", "/rpc/add_them?a=1&b=1", &[], "")
        .await;
    assert_eq!((head.status, head.text.as_deref()), (200, None));
}

#[tokio::test]
async fn volatility_decides_read_only() {
    let db = db().await;
    let written = db
        .request(
            "anon",
            "POST",
            "/rpc/add_review",
            &[],
            r#"{"book":2,"stars":4}"#,
        )
        .await;
    assert_eq!(
        (written.status, written.json()["stars"].clone()),
        (200, json!(4))
    );
    let via_get = db.get("/rpc/add_review?book=2&stars=4").await;
    assert_eq!(
        (via_get.status, via_get.json()["code"].clone()),
        (405, json!("25006"))
    );
}

#[tokio::test]
async fn choosing_the_function() {
    let db = db().await;
    let ambiguous = db
        .request("anon", "POST", "/rpc/overloaded", &[], r#"{"a":1}"#)
        .await;
    assert_eq!(
        (ambiguous.status, ambiguous.json()),
        (
            300,
            json!({
                "code": "PGRST203",
                "message": "Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)",
                "details": null,
                "hint": "Try renaming the parameters or the function itself in the database so function overloading can be resolved"
            })
        )
    );
    let unknown = db.request("anon", "POST", "/rpc/nope", &[], "{}").await;
    assert_eq!(
        (unknown.status, unknown.json()),
        (
            404,
            json!({
                "code": "PGRST202",
                "message": "Could not find the function public.nope without parameters in the schema cache",
                "details": "Searched for the function public.nope without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
                "hint": null
            })
        )
    );
    let wrong_args = db
        .request("anon", "POST", "/rpc/add_them", &[], r#"{"a":1,"c":2}"#)
        .await;
    assert_eq!(
        wrong_args.json(),
        json!({
            "code": "PGRST202",
            "message": "Could not find the function public.add_them(a, c) in the schema cache",
            "details": "Searched for the function public.add_them with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
            "hint": "Perhaps you meant to call the function public.add_them(a, b)"
        })
    );
    let near = db.get("/rpc/add_thm?a=1").await;
    assert_eq!(near.json()["details"], "Searched for the function public.add_thm with parameter a, but no matches were found in the schema cache.");
    assert_eq!(
        near.json()["hint"],
        "Perhaps you meant to call the function public.add_them"
    );
}

#[tokio::test]
async fn unnamed_parameters_sets_tables_and_response_settings() {
    let db = db_with(EXTRA).await;
    let whole = db
        .request("anon", "POST", "/rpc/unnamed_json", &[], r#"[1,{"a":2}]"#)
        .await;
    assert_eq!(whole.json(), json!({"got": [1, {"a": 2}]}));
    let text = db
        .request(
            "anon",
            "POST",
            "/rpc/shout",
            &[("content-type", "text/plain")],
            "hello",
        )
        .await;
    assert_eq!(text.json(), json!("HELLO"));
    let numbers = db.get("/rpc/numbers?limit=2&offset=1").await;
    assert_eq!(numbers.json(), json!([2, 3]));
    let table = db
        .get("/rpc/squares?up_to=4&select=sq&n=gt.2&order=n.desc")
        .await;
    assert_eq!(table.json(), json!([{"sq": 16}, {"sq": 9}]));
    let tea = db.request("anon", "POST", "/rpc/teapot", &[], "").await;
    assert_eq!(
        (tea.status, tea.header("x-tea"), tea.json()),
        (418, Some("earl grey"), json!({"brewing": true}))
    );
    let pay = db.request("anon", "POST", "/rpc/pay", &[], "").await;
    assert_eq!(
        (pay.status, pay.header("x-powered-by"), pay.json()),
        (
            402,
            Some("Nerd Rage"),
            json!({"code": "123", "message": "Payment Required", "details": "Quota exceeded", "hint": "Upgrade"})
        )
    );
    let raised = db.request("anon", "POST", "/rpc/oops", &[], "").await;
    assert_eq!(
        (raised.status, raised.json()),
        (
            400,
            json!({"code": "P0001", "message": "nope", "details": null, "hint": "try again"})
        )
    );
}
