//! `/rest/v1` through the whole server: roles from tokens, refusals with
//! PostgREST's bodies and headers, limits, and the introspection answers.
//! The app is a neutral one (`crates/server/tests/fixtures/rest_app`: the REST
//! test schema plus a `feedback` table), and requests go through postgrest-rs, the
//! PostgREST client the design names, wherever a client would make them.

use std::collections::HashMap;
use std::path::Path;

use jsonwebtoken::{encode, EncodingKey, Header};
use postgrest::Postgrest;
use serde_json::{json, Value};

use crate::helpers::{spawn_app_with_migrations, TestApp, JWT_SECRET};

/// The app of `crates/server/tests/fixtures/rest_app`: a link to the
/// repository's `tests/fixtures/rest_schema.sql` (books, authors, ...; every
/// role may read and write) and `feedback` (anon may only insert,
/// authenticated may read but not change).
pub async fn spawn_rest_app() -> TestApp {
    spawn_app_with_migrations(&rest_app_dir()).await
}

pub fn rest_app_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rest_app")
}

fn rest_url(app: &TestApp) -> String {
    format!("{}/rest/v1", app.address)
}

/// A postgrest-rs client as an app sets it up: the anon key as `apikey`.
pub fn client(app: &TestApp) -> Postgrest {
    Postgrest::new(rest_url(app)).insert_header("apikey", &app.anon_key)
}

/// What came back for a postgrest-rs request (its reqwest is 0.11, not the
/// workspace's, so its types are read here rather than named in the tests).
pub struct Answer {
    pub status: u16,
    headers: HashMap<String, String>,
    pub body: Value,
}

impl Answer {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("no {name} header"))
    }
}

pub async fn send(request: postgrest::Builder) -> Answer {
    send_with(request, &[]).await
}

/// `request` with `extra` headers appended: postgrest-rs replaces `Prefer` with
/// its own for writes, so a preference beside it goes as a second `Prefer`
/// line, which PostgREST reads as one list.
pub async fn send_with(request: postgrest::Builder, extra: &[(&str, &str)]) -> Answer {
    let mut built = request.build();
    for (name, value) in extra {
        built = built.header(*name, *value);
    }
    let res = built.send().await.expect("the server answered");
    let status = res.status().as_u16();
    let headers = res
        .headers()
        .iter()
        .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap().to_string()))
        .collect();
    let text = res.text().await.unwrap();
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn token(claims: Value, secret: &str) -> String {
    encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

fn in_an_hour() -> i64 {
    chrono::Utc::now().timestamp() + 3600
}

#[tokio::test]
async fn anon_reads_content_with_content_range() {
    let app = spawn_rest_app().await;
    let res = send(client(&app).from("books").select("title").order("id")).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-range"), "0-4/*");
    assert!(res.header("content-type").starts_with("application/json"));
    assert_eq!(res.body[0], json!({"title": "A Wizard of Earthsea"}));
}

#[tokio::test]
async fn no_token_at_all_is_anon() {
    let app = spawn_rest_app().await;
    // No apikey and no Authorization header.
    let bare = Postgrest::new(rest_url(&app));
    let res = send(bare.from("books").select("title")).await;
    assert_eq!(res.status, 200);
    let res = send(bare.from("feedback").select("*")).await;
    assert_eq!(res.status, 401, "anon is refused by the grant: 42501 → 401");
    assert_eq!(res.body["code"], "42501");
    // As PostgREST answers it: the 401 names the scheme that would be let in.
    assert_eq!(res.header("www-authenticate"), "Bearer");
}

#[tokio::test]
async fn bad_tokens_get_401_with_www_authenticate() {
    let app = spawn_rest_app().await;
    let cases = [
        token(
            json!({"role": "service_role", "exp": in_an_hour()}),
            "another-secret-another-secret-012345",
        ),
        token(
            json!({"role": "service_role", "exp": chrono::Utc::now().timestamp() - 120}),
            JWT_SECRET,
        ),
        token(json!({"role": "postgres", "exp": in_an_hour()}), JWT_SECRET),
        // alg none: header and claims, no signature.
        format!(
            "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{}.",
            base64_url(&json!({"role": "service_role"}).to_string())
        ),
        "not-a-jwt".to_string(),
    ];
    for t in &cases {
        let res = send(client(&app).from("feedback").select("*").auth(t)).await;
        assert_eq!(res.status, 401, "{t}");
        let auth = res.header("www-authenticate");
        assert!(auth.starts_with("Bearer error=\"invalid_token\""), "{auth}");
        let body = &res.body;
        assert!(
            matches!(body["code"].as_str(), Some("PGRST301" | "PGRST303")),
            "{body}"
        );
        assert!(body.get("details").is_some() && body.get("hint").is_some());
    }
    let expired = token(
        json!({"role": "anon", "exp": chrono::Utc::now().timestamp() - 120}),
        JWT_SECRET,
    );
    let res = send(client(&app).from("books").select("*").auth(&expired)).await;
    assert_eq!(res.body["message"], "JWT expired");
}

fn base64_url(s: &str) -> String {
    const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let b = s.as_bytes();
    let mut out = String::new();
    for chunk in b.chunks(3) {
        let n = chunk.iter().fold(0u32, |acc, &x| (acc << 8) | x as u32) << (8 * (3 - chunk.len()));
        for i in 0..=chunk.len() {
            out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

#[tokio::test]
async fn an_authenticated_token_runs_as_authenticated_with_its_claims() {
    let app = spawn_rest_app().await;
    let t = token(
        json!({"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000001", "exp": in_an_hour()}),
        JWT_SECRET,
    );
    let res = send(client(&app).from("feedback").select("id").auth(&t)).await;
    assert_eq!(res.status, 200);
    let res = send(
        client(&app)
            .from("feedback")
            .not("is", "id", "null")
            .auth(&t)
            .update(json!({"body": "x"}).to_string()),
    )
    .await;
    assert_eq!(res.status, 403, "42501 for a signed-in role is 403");
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_json_413() {
    let app = spawn_rest_app().await;
    // Raw reqwest: the attack is a body of bytes no client would build.
    let big = "x".repeat(11 * 1024 * 1024);
    let res = app
        .client
        .post(format!("{}/rest/v1/feedback", app.address))
        .header("apikey", &app.anon_key)
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 413);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "PGRST413");
}

#[tokio::test]
async fn long_in_lists_fit_in_the_request_line() {
    let app = spawn_rest_app().await;
    let ids: Vec<String> = (0..2_000).map(|i| (100_000_000 + i).to_string()).collect();
    let request = client(&app).from("books").select("id").in_("id", &ids);
    let url = request.clone().build().build().unwrap().url().to_string();
    assert!(url.len() > 16 * 1024, "{}", url.len());
    let res = send(request).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body, json!([]));
}

#[tokio::test]
async fn options_lists_the_allowed_methods() {
    let app = spawn_rest_app().await;
    // Raw reqwest: postgrest-rs has no OPTIONS.
    let res = app
        .client
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/rest/v1/books", app.address),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["allow"],
        "OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE"
    );
}

#[tokio::test]
async fn the_root_is_an_openapi_document_of_what_the_role_may_use() {
    let app = spawn_rest_app().await;
    // Raw reqwest: the root is no table, and postgrest-rs only asks for tables.
    let res = app
        .client
        .get(format!("{}/rest/v1/", app.address))
        .header("apikey", &app.anon_key)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/openapi+json"));
    let doc: Value = res.json().await.unwrap();
    assert_eq!(doc["swagger"], "2.0");
    assert!(doc["paths"]["/books"].is_object());
    assert!(
        doc["paths"]["/feedback"].is_object(),
        "anon may insert feedback"
    );
    assert!(doc["paths"]["/_sqlx_migrations"].is_null());
    assert!(doc["definitions"]["authors"]["properties"]["tags"]["type"] == "array");
}

#[tokio::test]
async fn an_unexposed_schema_is_406_pgrst106() {
    let app = spawn_rest_app().await;
    // postgrest-rs asks for a schema with Accept-Profile.
    let res = send(client(&app).schema("auth").from("books").select("*")).await;
    assert_eq!(res.status, 406);
    assert_eq!(res.body["code"], "PGRST106");
}

#[tokio::test]
async fn head_gives_headers_and_counts_without_a_body() {
    let app = spawn_rest_app().await;
    // Raw reqwest: postgrest-rs has no HEAD.
    let res = app
        .client
        .head(format!("{}/rest/v1/book_genres", app.address))
        .header("prefer", "count=exact")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-range"], "0-5/6");
    assert!(res.text().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_new_table_is_served_after_notify_reload() {
    let app = spawn_rest_app().await;
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    sqlx::raw_sql("CREATE TABLE public.quotes (id int PRIMARY KEY, q text); GRANT SELECT ON public.quotes TO anon; INSERT INTO public.quotes VALUES (1, 'To light a candle is to cast a shadow.'); NOTIFY pgrst, 'reload schema';")
        .execute(&pool)
        .await
        .unwrap();
    let mut last = 0;
    for _ in 0..50 {
        let res = send(client(&app).from("quotes").select("q")).await;
        last = res.status;
        if last == 200 {
            assert_eq!(
                res.body,
                json!([{"q": "To light a candle is to cast a shadow."}])
            );
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the new table never appeared (last status {last})");
}

#[tokio::test]
async fn a_signed_out_session_token_can_no_longer_write() {
    let app = spawn_rest_app().await;
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    pleat_auth::Accounts::new(pool, 8)
        .create_user("owner@example.com", "correct-horse-battery", true)
        .await
        .unwrap();
    let session: Value = app
        .client
        .post(format!("{}/auth/v1/token?grant_type=password", app.address))
        .header("apikey", &app.anon_key)
        .json(&json!({"email": "owner@example.com", "password": "correct-horse-battery"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = session["access_token"].as_str().unwrap().to_string();
    let insert = |t: &str| {
        send(
            client(&app)
                .from("books")
                .auth(t)
                .insert(json!({"title": "Tehanu", "published": 1990}).to_string()),
        )
    };
    assert_eq!(insert(&token).await.status, 201);
    let out = app
        .client
        .post(format!("{}/auth/v1/logout?scope=global", app.address))
        .header("apikey", &app.anon_key)
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 204);
    let res = insert(&token).await;
    assert_eq!(res.status, 401);
    let challenge = res.header("www-authenticate");
    assert!(
        challenge.starts_with("Bearer error=\"invalid_token\""),
        "{challenge}"
    );
    assert_eq!(res.body["code"], "PGRST301");
    assert_eq!(res.body["message"], "JWT session has ended");
    // The check runs in the insert's own transaction (the insert commits
    // without waiting for its row): the refused insert left nothing behind.
    let service = Postgrest::new(rest_url(&app)).insert_header("apikey", &app.service_key);
    let stored = send(
        service
            .from("books")
            .auth(&app.service_key)
            .eq("title", "Tehanu")
            .select("id"),
    )
    .await
    .body;
    assert_eq!(stored.as_array().unwrap().len(), 1, "{stored}");
}

#[tokio::test]
async fn odd_session_ids_are_no_session_or_refused() {
    let app = spawn_rest_app().await;
    let with_sid = |sid: &str| {
        token(
            json!({"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000001", "session_id": sid, "exp": in_an_hour()}),
            JWT_SECRET,
        )
    };
    let read = |t: String| send(client(&app).from("feedback").select("id").auth(t));
    for sid in ["", "00000000-0000-0000-0000-000000000000"] {
        assert_eq!(read(with_sid(sid)).await.status, 200, "{sid:?}");
    }
    let res = read(with_sid("not-a-session")).await;
    assert_eq!(res.status, 401);
    assert_eq!(res.body["code"], "PGRST301");
}

#[tokio::test]
async fn a_client_inserts_upserts_updates_deletes_and_calls_functions() {
    let app = spawn_rest_app().await;
    let db = client(&app);
    let names = || async {
        let res = send(db.from("genres").select("name").order("name")).await;
        assert_eq!(res.status, 200);
        res.body
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let res = send(
        db.from("genres")
            .insert(json!({"name": "poetry"}).to_string()),
    )
    .await;
    assert_eq!(res.status, 201);
    assert_eq!(res.body[0]["name"], "poetry");
    let res = send(
        db.from("genres")
            .insert(json!({"name": "fantasy"}).to_string()),
    )
    .await;
    assert_eq!(res.status, 409, "{}", res.body);
    assert_eq!(res.body["code"], "23505");
    // Merging on the unique name: the existing row stays one row.
    let rows = json!([{"name": "poetry"}, {"name": "drama"}]).to_string();
    let res = send(db.from("genres").upsert(rows).on_conflict("name")).await;
    assert_eq!(res.status, 201, "{}", res.body);
    assert_eq!(res.body.as_array().map(Vec::len), Some(2));
    assert_eq!(
        names().await,
        ["drama", "fantasy", "humour", "poetry", "science fiction"]
    );
    let res = send(
        db.from("genres")
            .eq("name", "drama")
            .update(json!({"name": "theatre"}).to_string()),
    )
    .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body[0]["name"], "theatre");
    let res = send(
        db.from("genres")
            .in_("name", ["theatre", "poetry"])
            .delete(),
    )
    .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.body.as_array().map(Vec::len), Some(2));
    assert_eq!(names().await, ["fantasy", "humour", "science fiction"]);

    let res = send(db.rpc("add_them", json!({"a": 1, "b": 2}).to_string())).await;
    assert_eq!((res.status, res.body), (200, json!(3)));
    let res = send(
        db.rpc("books_by", json!({"author": 1}).to_string())
            .select("title")
            .order("id.desc"),
    )
    .await;
    assert_eq!(res.status, 200);
    assert_eq!(
        res.body,
        json!([{"title": "The Left Hand of Darkness"}, {"title": "A Wizard of Earthsea"}])
    );
}
