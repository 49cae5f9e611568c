//! Every error a postgrest-rs request can provoke from `/rest/v1`, as PostgREST
//! 13 writes it (src/PostgREST/Error.hs): status, `{code, message, details,
//! hint}` and `Proxy-Status: PostgREST; error=<code>`. PGRST109 keeps
//! PostgREST 12's texts (limited updates, which 13 dropped). Requests that
//! postgrest-rs cannot make (PUT, an Accept of our choosing) are in
//! tests/js/rest-errors.test.mjs.

use jsonwebtoken::{encode, EncodingKey, Header};
use serde_json::{json, Value};

use crate::helpers::{TestApp, JWT_SECRET};
use crate::rest::{client, send, spawn_rest_app};

fn body(code: &str, message: &str, details: Value, hint: Value) -> Value {
    json!({"code": code, "message": message, "details": details, "hint": hint})
}

fn token(claims: Value, secret: &str) -> String {
    encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

const RAISE_MESSAGE_HINT: &str = "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const RAISE_DETAIL_HINT: &str = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

fn cases(app: &TestApp) -> Vec<(&'static str, postgrest::Builder, u16, Value)> {
    let db = client(app);
    let now = chrono::Utc::now().timestamp();
    vec![
        (
            "a filter that does not parse",
            db.from("books?id=zz.1").select("id"),
            400,
            body(
                "PGRST100",
                "\"failed to parse filter (zz.1)\" (line 1, column 1)",
                json!("unexpected \"z\" expecting \"not\" or operator (eq, gt, ...)"),
                Value::Null,
            ),
        ),
        (
            "PATCH on a function",
            db.from("rpc/add_them").update("{}"),
            405,
            body("PGRST101", "Cannot use the PATCH method on RPC", Value::Null, Value::Null),
        ),
        (
            "a body that is not JSON",
            db.from("genres").insert("{"),
            400,
            body("PGRST102", "Empty or invalid json", Value::Null, Value::Null),
        ),
        (
            "a Range whose lower bound is above its upper",
            db.from("books").select("id").range(5, 1),
            416,
            body(
                "PGRST103",
                "Requested range not satisfiable",
                json!("The lower boundary must be lower than or equal to the upper boundary in the Range header."),
                Value::Null,
            ),
        ),
        (
            "an offset past the rows",
            db.from("books").select("id").exact_count().range(10, 20),
            416,
            body(
                "PGRST103",
                "Requested range not satisfiable",
                json!("An offset of 10 was requested, but there are only 5 rows."),
                Value::Null,
            ),
        ),
        (
            "a schema that is not exposed",
            client(app).schema("nope").from("books").select("id"),
            406,
            body(
                "PGRST106",
                "Invalid schema: nope",
                Value::Null,
                json!("Only the following schemas are exposed: public"),
            ),
        ),
        (
            "a filter on a resource not embedded",
            db.from("books").select("id").eq("authors.name", "x"),
            400,
            body(
                "PGRST108",
                "'authors' is not an embedded resource in this request",
                Value::Null,
                json!("Verify that 'authors' is included in the 'select' query parameter."),
            ),
        ),
        (
            "a limited update without an order",
            db.from("books?limit=1").eq("id", "1").update(r#"{"price": 1}"#),
            400,
            body(
                "PGRST109",
                "A 'limit' was applied without an explicit 'order'",
                Value::Null,
                json!("Apply an 'order' using unique column(s)"),
            ),
        ),
        (
            "response.headers that is not an array",
            db.rpc("sp_bad_headers", "{}"),
            500,
            body(
                "PGRST111",
                "response.headers guc must be a JSON array composed of objects with a single key and a string value",
                Value::Null,
                Value::Null,
            ),
        ),
        (
            "response.status that is not a status",
            db.rpc("sp_bad_status", "{}"),
            500,
            body("PGRST112", "response.status guc must be a valid status code", Value::Null, Value::Null),
        ),
        (
            "one object asked of several rows",
            db.from("books").select("id").single(),
            406,
            body(
                "PGRST116",
                "Cannot coerce the result to a single JSON object",
                json!("The result contains 5 rows"),
                Value::Null,
            ),
        ),
        (
            "an order by a to-many embed",
            db.from("books").select("id,reviews(stars)").order("reviews(stars)"),
            400,
            body(
                "PGRST118",
                "A related order on 'reviews' is not possible",
                json!("'books' and 'reviews' do not form a many-to-one or one-to-one relationship"),
                Value::Null,
            ),
        ),
        (
            "an operator other than is on an embed",
            db.from("books")
                .select("id,editor:authors!books_editor_fkey(name)")
                .eq("editor", "1"),
            400,
            body(
                "PGRST120",
                "Bad operator on the 'authors' embedded resource",
                json!("Only is null or not is null filters are allowed on embedded resources"),
                Value::Null,
            ),
        ),
        (
            "RAISE PGRST with a MESSAGE that is not JSON",
            db.rpc("sp_raise_pgrst", r#"{"msg": "nope"}"#),
            500,
            body(
                "PGRST121",
                "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
                json!("Invalid JSON value for MESSAGE: 'nope'"),
                json!(RAISE_MESSAGE_HINT),
            ),
        ),
        (
            "RAISE PGRST with a DETAIL without headers",
            db.rpc(
                "sp_raise_pgrst",
                r#"{"msg": "{\"code\":\"1\",\"message\":\"m\"}", "det": "{\"status\":418}"}"#,
            ),
            500,
            body(
                "PGRST121",
                "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
                json!("Invalid JSON value for DETAIL: '{\"status\":418}'"),
                json!(RAISE_DETAIL_HINT),
            ),
        ),
        (
            "an unknown preference under handling=strict",
            client(app)
                .insert_header("Prefer", "handling=strict, nope=1")
                .from("books")
                .select("id"),
            400,
            body(
                "PGRST122",
                "Invalid preferences given with handling=strict",
                json!("Invalid preferences: nope=1"),
                Value::Null,
            ),
        ),
        (
            "an aggregate without PLEAT_DB_AGGREGATES",
            db.from("books").select("price.sum()"),
            400,
            body("PGRST123", "Use of aggregate functions is not allowed", Value::Null, Value::Null),
        ),
        (
            "a path that names no resource",
            db.from("books/1").select("id"),
            404,
            body("PGRST125", "Invalid path specified in request URL", Value::Null, Value::Null),
        ),
        (
            "an embed without a relationship",
            db.from("books").select("id,sp_factories(name)"),
            400,
            body(
                "PGRST200",
                "Could not find a relationship between 'books' and 'sp_factories' in the schema cache",
                json!("Searched for a foreign key relationship between 'books' and 'sp_factories' in the schema 'public', but no matches were found."),
                Value::Null,
            ),
        ),
        (
            "a function that does not exist",
            db.rpc("nope", r#"{"a": 1}"#),
            404,
            body(
                "PGRST202",
                "Could not find the function public.nope(a) in the schema cache",
                json!("Searched for the function public.nope with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."),
                Value::Null,
            ),
        ),
        (
            "a column that does not exist",
            db.from("books").insert(r#"{"nope": 1}"#),
            400,
            body(
                "PGRST204",
                "Could not find the 'nope' column of 'books' in the schema cache",
                Value::Null,
                Value::Null,
            ),
        ),
        (
            "a table that does not exist",
            db.from("bookz").select("id"),
            404,
            body(
                "PGRST205",
                "Could not find the table 'public.bookz' in the schema cache",
                Value::Null,
                json!("Perhaps you meant the table 'public.books'"),
            ),
        ),
        (
            "a token that is not a JWT",
            db.from("books").select("id").auth("not-a-jwt"),
            401,
            body("PGRST301", "Expected 3 parts in JWT; got 1", Value::Null, Value::Null),
        ),
        (
            "a token signed with another secret",
            db.from("books").select("id").auth(token(
                json!({"role": "anon", "exp": now + 600}),
                "another-secret-another-secret-012345",
            )),
            401,
            body("PGRST301", "JWT cryptographic operation failed", Value::Null, Value::Null),
        ),
        (
            "an expired token",
            db.from("books").select("id").auth(token(
                json!({"role": "anon", "exp": now - 600}),
                JWT_SECRET,
            )),
            401,
            body("PGRST303", "JWT expired", Value::Null, Value::Null),
        ),
        (
            "a duplicate key",
            db.from("genres").insert(r#"{"name": "fantasy"}"#),
            409,
            body(
                "23505",
                "duplicate key value violates unique constraint \"genres_name_key\"",
                json!("Key (name)=(fantasy) already exists."),
                Value::Null,
            ),
        ),
        (
            "a missing referenced row",
            db.from("books").insert(r#"{"title": "x", "author_id": 999}"#),
            409,
            body(
                "23503",
                "insert or update on table \"books\" violates foreign key constraint \"books_author_id_fkey\"",
                json!("Key (author_id)=(999) is not present in table \"authors\"."),
                Value::Null,
            ),
        ),
        (
            "a value of the wrong type",
            db.from("books").select("id").eq("id", "abc"),
            400,
            body("22P02", "invalid input syntax for type integer: \"abc\"", Value::Null, Value::Null),
        ),
        (
            "a table anon may not read",
            db.from("feedback").select("id"),
            401,
            body("42501", "permission denied for table feedback", Value::Null, Value::Null),
        ),
        (
            "RAISE EXCEPTION",
            db.rpc(
                "sp_raise",
                r#"{"code": "P0001", "msg": "boom", "det": "the detail", "hnt": "the hint"}"#,
            ),
            400,
            body("P0001", "boom", json!("the detail"), json!("the hint")),
        ),
        (
            "a PT SQLSTATE choosing the status",
            db.rpc("sp_raise", r#"{"code": "PT402", "msg": "pay", "det": "d", "hnt": "h"}"#),
            402,
            body("PT402", "pay", json!("d"), json!("h")),
        ),
    ]
}

#[tokio::test]
async fn every_error_has_postgrest_13s_status_texts_and_proxy_status() {
    let app = spawn_rest_app().await;
    for (name, request, status, expected) in cases(&app) {
        let res = send(request).await;
        assert_eq!((res.status, &res.body), (status, &expected), "{name}");
        let code = expected["code"].as_str().unwrap();
        assert_eq!(
            res.header("proxy-status"),
            format!("PostgREST; error={code}"),
            "{name}"
        );
    }
}

#[tokio::test]
async fn raise_pgrst_chooses_the_status_texts_and_headers() {
    let app = spawn_rest_app().await;
    let res = send(client(&app).rpc(
        "sp_raise_pgrst",
        r#"{"msg": "{\"code\":\"123\",\"message\":\"Payment Required\",\"details\":\"Quota exceeded\",\"hint\":\"Upgrade your plan\"}", "det": "{\"status\":402,\"headers\":{\"X-Powered-By\":\"Nerd Rage\"}}"}"#,
    ))
    .await;
    assert_eq!(
        (res.status, res.header("x-powered-by"), &res.body),
        (
            402,
            "Nerd Rage",
            &body(
                "123",
                "Payment Required",
                json!("Quota exceeded"),
                json!("Upgrade your plan")
            )
        )
    );
}

/// `OPTIONS` (raw reqwest: postgrest-rs has no OPTIONS) on an unknown relation
/// is PGRST205 like any other request to it, and offers PUT only where PUT can
/// address a row by its primary key.
#[tokio::test]
async fn options_on_an_unknown_relation_and_on_one_without_a_primary_key() {
    let app = spawn_rest_app().await;
    let options = |path: &str| {
        app.client
            .request(
                reqwest::Method::OPTIONS,
                format!("{}/rest/v1/{path}", app.address),
            )
            .send()
    };
    let unknown = options("bookz").await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert_eq!(
        unknown.json::<Value>().await.unwrap(),
        body(
            "PGRST205",
            "Could not find the table 'public.bookz' in the schema cache",
            Value::Null,
            json!("Perhaps you meant the table 'public.books'")
        )
    );
    let no_key = options("sp_notes").await.unwrap();
    assert_eq!(no_key.status(), 200);
    assert_eq!(
        no_key.headers()["allow"],
        "OPTIONS,GET,HEAD,POST,PATCH,DELETE"
    );
}
