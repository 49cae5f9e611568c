//! The `pleat` binary's log with PLEAT_LOG_FORMAT=json: every line on
//! stderr is one JSON object; each request has a line with its id (sent
//! back as `X-Request-Id`), method, route, status, duration and client
//! address (the socket peer, or the client a trusted proxy names); no line
//! shows a key, a token or a query string; an invalid format stops pleat
//! with one line.

use std::process::Stdio;
use std::sync::{Arc, Mutex};

use pleat_server::keys::ApiKeys;
use pleat_test_support::{TestDatabase, JWT_SECRET};
use secrecy::SecretString;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// A running `pleat serve` and what it wrote to stderr so far.
struct Pleat {
    child: Child,
    address: String,
    stderr: Arc<Mutex<Vec<String>>>,
    reader: tokio::task::JoinHandle<()>,
    _dirs: (tempfile::TempDir, tempfile::TempDir),
}

async fn start(vars: &[(&str, &str)]) -> Pleat {
    let db = TestDatabase::new().await;
    let site = tempfile::tempdir().unwrap();
    std::fs::write(
        site.path().join("index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let data = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_pleat"));
    command
        .env("DATABASE_URL", &db.url)
        .env("PLEAT_ADDR", "127.0.0.1:0")
        .env("PLEAT_JWT_SECRET", JWT_SECRET)
        .env("PLEAT_SITE_DIR", site.path())
        .env("PLEAT_DATA_DIR", data.path())
        .env("PLEAT_MIGRATIONS_DIR", data.path())
        .env("RUST_LOG", "info")
        .envs(vars.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command.spawn().expect("target/debug/pleat runs");
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let mut err_lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let collected = stderr.clone();
    let reader = tokio::spawn(async move {
        while let Ok(Some(line)) = err_lines.next_line().await {
            collected.lock().unwrap().push(line);
        }
    });
    let mut out_lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = loop {
        let line = out_lines
            .next_line()
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("pleat ended: {:?}", stderr.lock().unwrap()));
        if let Some(url) = line.strip_prefix("Pleat is serving at ") {
            break url.trim().to_string();
        }
    };
    Pleat {
        child,
        address,
        stderr,
        reader,
        _dirs: (site, data),
    }
}

impl Pleat {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Stops pleat and returns every line it wrote to stderr, each parsed
    /// as JSON (a line that is not one fails the test).
    async fn stop(mut self) -> Vec<Value> {
        self.child.start_kill().unwrap();
        self.child.wait().await.unwrap();
        self.reader.await.unwrap();
        let lines = self.stderr.lock().unwrap().clone();
        assert!(!lines.is_empty());
        lines
            .iter()
            .map(|line| {
                serde_json::from_str::<Value>(line)
                    .unwrap_or_else(|e| panic!("not one JSON object ({e}): {line}"))
            })
            .collect()
    }
}

fn keys() -> ApiKeys {
    ApiKeys::new(&SecretString::from(JWT_SECRET.to_string()))
}

/// The request line of the request whose id is `id`.
fn request_line<'a>(lines: &'a [Value], id: &str) -> &'a Value {
    let found: Vec<&Value> = lines
        .iter()
        .filter(|l| l["message"] == "request" && l["request_id"] == id)
        .collect();
    assert_eq!(found.len(), 1, "one request line for {id}: {lines:#?}");
    found[0]
}

fn request_id(res: &reqwest::Response) -> String {
    res.headers()["x-request-id"].to_str().unwrap().to_string()
}

#[tokio::test]
async fn json_lines_name_each_request_and_never_its_secrets() {
    let pleat = start(&[("PLEAT_LOG_FORMAT", "json")]).await;
    let client = reqwest::Client::new();
    let keys = keys();

    let settings = client
        .get(pleat.url("/auth/v1/settings"))
        .send()
        .await
        .unwrap();
    assert_eq!(settings.status(), 200);
    let settings_id = request_id(&settings);
    assert_eq!(
        uuid::Uuid::parse_str(&settings_id)
            .unwrap()
            .get_version_num(),
        4
    );

    // Keys and tokens in every place a client may put them, and a client
    // that claims a request id and an address of its own: it is no proxy.
    let secret_query = "?select=id&apikey=SECRET-APIKEY-1&access_token=SECRET-TOKEN-2";
    let listed = client
        .get(pleat.url(&format!("/storage/v1/bucket{secret_query}")))
        .bearer_auth(&keys.service_role)
        .header("apikey", &keys.service_role)
        .header("x-request-id", "chosen-by-the-client")
        .header("x-forwarded-for", "203.0.113.7")
        .send()
        .await
        .unwrap();
    assert_eq!(listed.status(), 200);
    let listed_id = request_id(&listed);
    assert_ne!(listed_id, "chosen-by-the-client");
    let refused = client
        .get(pleat.url(&format!("/rest/v1/no_such_table{secret_query}")))
        .bearer_auth("SECRET-BEARER-3.not.a.jwt")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    let refused_id = request_id(&refused);
    let page = client
        .get(pleat.url("/some/page?access_token=SECRET-TOKEN-2"))
        .send()
        .await
        .unwrap();
    let page_id = request_id(&page);
    let page_status = page.status().as_u16();

    let lines = pleat.stop().await;
    for line in &lines {
        assert!(line.is_object(), "{line}");
        assert!(
            line["timestamp"].is_string() && line["level"].is_string(),
            "{line}"
        );
        let text = line.to_string();
        for secret in [
            "SECRET-",
            keys.service_role.as_str(),
            "apikey=",
            "access_token",
            "select=id",
            "chosen-by-the-client",
            "203.0.113.7",
        ] {
            assert!(!text.contains(secret), "{secret} logged: {text}");
        }
    }

    let line = request_line(&lines, &settings_id);
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["method"], "GET");
    assert_eq!(line["route"], "/auth/v1/settings");
    assert_eq!(line["status"], 200);
    assert!(line["duration_ms"].as_f64().unwrap() >= 0.0, "{line}");
    assert_eq!(line["client"], "127.0.0.1");
    // The span says it too, so every line logged while serving it does.
    assert_eq!(line["span"]["request_id"], settings_id.as_str(), "{line}");

    let line = request_line(&lines, &listed_id);
    assert_eq!(line["route"], "/storage/v1/bucket");
    assert_eq!(line["client"], "127.0.0.1");
    let line = request_line(&lines, &refused_id);
    assert_eq!(line["route"], "/rest/v1/no_such_table");
    assert_eq!(line["status"], 401);
    let line = request_line(&lines, &page_id);
    assert_eq!(line["route"], "/some/page");
    assert_eq!(line["status"], page_status);
}

#[tokio::test]
async fn a_trusted_proxy_names_the_client_and_may_name_the_request() {
    let pleat = start(&[
        ("PLEAT_LOG_FORMAT", "json"),
        ("PLEAT_TRUSTED_PROXIES", "127.0.0.1/32"),
    ])
    .await;
    let client = reqwest::Client::new();
    let proxied = client
        .get(pleat.url("/auth/v1/settings"))
        .header("x-request-id", "edge-7f3a.1:2_b")
        .header("x-forwarded-for", "198.51.100.23")
        .send()
        .await
        .unwrap();
    assert_eq!(request_id(&proxied), "edge-7f3a.1:2_b");
    // An id the log could not hold as it is (too long, or not plain) is
    // replaced, even from the proxy.
    let mut replaced = Vec::new();
    for unfit in [
        "x".repeat(129),
        "has space".to_string(),
        "quote\"d".to_string(),
    ] {
        let res = client
            .get(pleat.url("/auth/v1/settings"))
            .header("x-request-id", unfit.as_str())
            .send()
            .await
            .unwrap();
        let id = request_id(&res);
        assert!(uuid::Uuid::parse_str(&id).is_ok(), "{unfit:?} gave {id}");
        replaced.push(id);
    }

    let lines = pleat.stop().await;
    let line = request_line(&lines, "edge-7f3a.1:2_b");
    assert_eq!(line["client"], "198.51.100.23");
    assert_eq!(line["span"]["request_id"], "edge-7f3a.1:2_b");
    for id in &replaced {
        assert_eq!(request_line(&lines, id)["client"], "127.0.0.1");
    }
    assert!(!lines.iter().any(|l| l.to_string().contains("has space")));
}

#[tokio::test]
async fn an_invalid_log_format_stops_pleat_with_one_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_pleat"))
        .env("PLEAT_LOG_FORMAT", "xml")
        .env("PLEAT_DATA_DIR", "/nonexistent/never-created")
        .stdin(Stdio::null())
        .output()
        .await
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "pleat: configuration: PLEAT_LOG_FORMAT: `xml` is not text or json\n"
    );
}

/// Lines a handler logs while serving a request (here auth's refusals, at
/// debug level) carry that request's id in their span, so one id finds
/// everything a request wrote; a refused password is not among it.
#[tokio::test]
async fn lines_logged_while_serving_a_request_carry_its_id() {
    let pleat = start(&[
        ("PLEAT_LOG_FORMAT", "json"),
        ("RUST_LOG", "info,pleat_auth=debug"),
    ])
    .await;
    let client = reqwest::Client::new();
    let unsigned = client.get(pleat.url("/auth/v1/user")).send().await.unwrap();
    assert_eq!(unsigned.status(), 401);
    let unsigned_id = request_id(&unsigned);
    let wrong = client
        .post(pleat.url("/auth/v1/token?grant_type=password"))
        .json(&serde_json::json!({"email": "someone@example.com", "password": "SECRET-PASSWORD-9"}))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), 400);
    let wrong_id = request_id(&wrong);

    let lines = pleat.stop().await;
    for (id, code) in [
        (&unsigned_id, "no_authorization"),
        (&wrong_id, "invalid_credentials"),
    ] {
        let inner: Vec<&Value> = lines
            .iter()
            .filter(|l| l["span"]["request_id"] == id.as_str() && l["message"] != "request")
            .collect();
        assert!(
            inner.iter().any(|l| l["code"] == code),
            "{code} logged in request {id}: {lines:#?}"
        );
        request_line(&lines, id);
    }
    assert!(!lines
        .iter()
        .any(|l| l.to_string().contains("SECRET-PASSWORD")));
}
