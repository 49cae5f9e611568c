//! A throwaway database with the REST test schema, and a request runner that goes
//! through the whole pipeline as `routes.rs` will: parse, plan, run as the role,
//! decide, respond.

use pleat_rest::connections::Connections;
use pleat_rest::error::Error;
use pleat_rest::execute::{self, RequestContext};
use pleat_rest::parse::{parse, RawRequest};
use pleat_rest::plan::PlanSettings;
use pleat_rest::prepare::prepare;
use pleat_rest::response::{decide, respond};
use pleat_rest::schema_cache::SchemaCache;
use pleat_test_support::TestDatabase;
use serde_json::Value;
use sqlx::PgPool;

const SCHEMA: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/rest_schema.sql"
));

pub struct Db {
    pub pool: PgPool,
    /// What requests run on, as in the server, and how they log in.
    pub conns: Connections,
    pub conns_config: tokio_postgres::Config,
    pub cache: SchemaCache,
    pub max_rows: Option<i64>,
    pub aggregates: bool,
}

/// What came back: status, headers, and the body as JSON when it is JSON.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub text: Option<String>,
}

impl Answer {
    pub fn json(&self) -> Value {
        self.text
            .as_deref()
            .map(|t| serde_json::from_str(t).unwrap_or_else(|e| panic!("{e}: {t}")))
            .unwrap_or(Value::Null)
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub async fn db() -> Db {
    db_with("").await
}

/// The test schema plus `extra` SQL (functions a test needs).
pub async fn db_with(extra: &str) -> Db {
    let test_db = TestDatabase::new().await;
    let pool = PgPool::connect_with(test_db.options.clone())
        .await
        .expect("connect");
    sqlx::raw_sql(SCHEMA)
        .execute(&pool)
        .await
        .expect("rest_schema.sql");
    sqlx::raw_sql(extra)
        .execute(&pool)
        .await
        .expect("extra SQL");
    let cache = execute::load_schema_cache(&pool, &["public".into()])
        .await
        .expect("schema cache");
    Db {
        conns: Connections::new(test_db.tokio_config(), 4),
        conns_config: test_db.tokio_config(),
        pool,
        cache,
        max_rows: None,
        aggregates: false,
    }
}

impl Db {
    /// `target` is the path after `/rest/v1` with its query string.
    pub async fn request(
        &self,
        role: &str,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Answer {
        match self.run(role, method, target, headers, body).await {
            Ok(a) => a,
            Err(e) => {
                let e = e.for_role(role);
                Answer {
                    status: e.status(),
                    headers: e.headers(),
                    text: Some(e.to_json().to_string()),
                }
            }
        }
    }

    async fn run(
        &self,
        role: &str,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Result<Answer, Error> {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let req = parse(&RawRequest {
            method,
            path,
            query,
            headers,
        })?;
        let settings = PlanSettings {
            schemas: vec!["public".into()],
            max_rows: self.max_rows,
            aggregates: self.aggregates,
        };
        let plan = prepare(&req, &self.cache, &settings, body.as_bytes())?;
        let ctx = RequestContext {
            role: role.to_string(),
            // Signed-in requests are the site's owner: an editor.
            claims: serde_json::json!({
                "role": role,
                "sub": "00000000-0000-0000-0000-000000000001",
                "app_metadata": {"editor": true}
            })
            .to_string(),
            method: method.to_string(),
            path: path.to_string(),
            headers: "{}".to_string(),
            client_ip: "192.0.2.1".to_string(),
            statement_timeout: pleat_db::StatementTimeouts::default().setting(role),
            session: None,
        };
        let ending = pleat_rest::response::ending(plan.read_only, &plan.response);
        let outcome = execute::run(&self.conns, &ctx, &plan.statement, ending, |o| {
            decide(&plan.response, o)
        })
        .await?;
        let planned = match &plan.count_statement {
            Some(st) => execute::planned_rows(&self.conns, &ctx, st).await?,
            None => None,
        };
        let r = respond(&plan.response, &outcome, planned)?;
        Ok(Answer {
            status: r.status,
            headers: r.headers,
            text: r.body,
        })
    }

    pub async fn get(&self, target: &str) -> Answer {
        self.request("anon", "GET", target, &[], "").await
    }

    /// The JSON rows of a GET as `service_role`, to check what a write left behind.
    pub async fn rows(&self, target: &str) -> Value {
        self.request("service_role", "GET", target, &[], "")
            .await
            .json()
    }
}

/// The `id`s of a JSON array answer, in order.
pub fn ids(a: &Answer) -> Vec<i64> {
    match a.json() {
        Value::Array(rows) => rows
            .iter()
            .map(|r| r["id"].as_i64().unwrap_or(-1))
            .collect(),
        other => panic!("not an array ({}): {other}", a.status),
    }
}
