//! Running `pleat` as a process with an environment of the test's own, and
//! what the round trips compare: every row of every table, sign-ins,
//! session refreshes, objects byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};
use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};
use tokio::io::{AsyncBufReadExt, BufReader};

pub const PASSWORD: &str = "an old password 123";

/// The variables one `pleat` runs with (nothing inherited but PATH).
#[derive(Clone, Debug)]
pub struct Env {
    pub vars: BTreeMap<String, String>,
}

impl Env {
    /// A data dir, a backup place and the notes app; the site an empty dir.
    pub fn new(data_dir: &Path, backup_url: &str, migrations: &Path, site: &Path) -> Env {
        let mut vars = BTreeMap::new();
        for (k, v) in [
            ("PLEAT_DATA_DIR", data_dir.to_str().unwrap()),
            ("PLEAT_BACKUP_URL", backup_url),
            ("PLEAT_MIGRATIONS_DIR", migrations.to_str().unwrap()),
            ("PLEAT_SITE_DIR", site.to_str().unwrap()),
            ("PLEAT_ADDR", "127.0.0.1:0"),
            ("RUST_LOG", "warn"),
        ] {
            vars.insert(k.to_string(), v.to_string());
        }
        Env { vars }
    }

    pub fn with(&self, name: &str, value: &str) -> Env {
        let mut e = self.clone();
        e.vars.insert(name.to_string(), value.to_string());
        e
    }

    fn command(&self, args: &[&str]) -> tokio::process::Command {
        let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_pleat"));
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(&self.vars)
            .args(args)
            .current_dir(std::env::temp_dir())
            .stdin(Stdio::null())
            .kill_on_drop(true);
        cmd
    }

    /// Run `pleat args…` to its end.
    pub async fn pleat(&self, args: &[&str]) -> Ran {
        let out = self.command(args).output().await.expect("cannot run pleat");
        Ran {
            ok: out.status.success(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }

    /// `pleat backup`, which must succeed; the backup's name (its last line).
    pub async fn backup(&self) -> String {
        let ran = self.pleat(&["backup"]).await;
        assert!(ran.ok, "pleat backup failed: {ran:?}");
        ran.stdout.lines().last().unwrap().trim().to_string()
    }

    /// `pleat restore name`, which must succeed; what it printed.
    pub async fn restore(&self, name: &str, force: bool) -> String {
        let mut args = vec!["restore", name];
        if force {
            args.push("--force");
        }
        let ran = self.pleat(&args).await;
        assert!(ran.ok, "pleat restore failed: {ran:?}");
        ran.stdout
    }

    pub async fn serve(&self) -> Serving {
        let mut child = self
            .command(&["serve"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cannot start pleat serve");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let address = tokio::time::timeout(Duration::from_secs(120), async {
            while let Some(line) = lines.next_line().await.unwrap() {
                if let Some(url) = line.strip_prefix("Pleat is serving at ") {
                    return url.trim().to_string();
                }
            }
            panic!("pleat serve ended before serving")
        })
        .await
        .expect("pleat serve did not start");
        let keys = self.pleat(&["keys"]).await;
        let key = |label: &str| {
            keys.stdout
                .lines()
                .find_map(|l| l.strip_prefix(label))
                .unwrap()
                .trim()
                .to_string()
        };
        Serving {
            anon: key("anon key:"),
            service: key("service_role key:"),
            child,
            address,
            http: reqwest::Client::new(),
        }
    }
}

#[derive(Debug)]
pub struct Ran {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

pub struct Serving {
    child: tokio::process::Child,
    pub address: String,
    pub anon: String,
    pub service: String,
    pub http: reqwest::Client,
}

impl Serving {
    /// SIGTERM and wait: pleat stops its managed cluster on the way out.
    pub async fn stop(mut self) {
        let pid = self.child.id().unwrap().to_string();
        let killed = tokio::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .await
            .unwrap();
        assert!(killed.success());
        tokio::time::timeout(Duration::from_secs(60), self.child.wait())
            .await
            .expect("pleat serve did not stop")
            .unwrap();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn admin_create_user(&self, email: &str) -> Value {
        let r = self
            .http
            .post(self.url("/auth/v1/admin/users"))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .json(&json!({"email": email, "password": PASSWORD, "email_confirm": true}))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.text().await.unwrap());
        r.json().await.unwrap()
    }

    /// `/auth/v1/token?grant_type=password`: (status, body).
    pub async fn sign_in(&self, email: &str, password: &str) -> (u16, Value) {
        let r = self
            .http
            .post(self.url("/auth/v1/token?grant_type=password"))
            .header("apikey", &self.anon)
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    pub async fn refresh(&self, refresh_token: &str) -> (u16, Value) {
        let r = self
            .http
            .post(self.url("/auth/v1/token?grant_type=refresh_token"))
            .header("apikey", &self.anon)
            .json(&json!({"refresh_token": refresh_token}))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json().await.unwrap())
    }

    pub async fn user(&self, access_token: &str) -> u16 {
        self.http
            .get(self.url("/auth/v1/user"))
            .header("apikey", &self.anon)
            .bearer_auth(access_token)
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    pub async fn add_note(&self, access_token: &str, body: &str) {
        let r = self
            .http
            .post(self.url("/rest/v1/notes"))
            .header("apikey", &self.anon)
            .bearer_auth(access_token)
            .json(&json!({"body": body}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 201, "{}", r.text().await.unwrap());
    }

    pub async fn notes(&self, access_token: &str) -> Vec<String> {
        let r = self
            .http
            .get(self.url("/rest/v1/notes?select=body&order=body"))
            .header("apikey", &self.anon)
            .bearer_auth(access_token)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        let rows: Vec<Value> = r.json().await.unwrap();
        rows.iter()
            .map(|r| r["body"].as_str().unwrap().to_string())
            .collect()
    }

    pub async fn create_bucket(&self, settings: Value) {
        let r = self
            .http
            .post(self.url("/storage/v1/bucket"))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .json(&settings)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    }

    pub async fn bucket(&self, id: &str) -> Value {
        let r = self
            .http
            .get(self.url(&format!("/storage/v1/bucket/{id}")))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success());
        r.json().await.unwrap()
    }

    /// Upload (or replace) an object as the service role.
    pub async fn put_object(&self, path: &str, bytes: &[u8]) {
        let r = self
            .http
            .post(self.url(&format!("/storage/v1/object/{path}")))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .header("content-type", "application/octet-stream")
            .header("x-upsert", "true")
            .body(bytes.to_vec())
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    }

    pub async fn delete_object(&self, bucket: &str, name: &str) {
        let r = self
            .http
            .delete(self.url(&format!("/storage/v1/object/{bucket}")))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .json(&json!({"prefixes": [name]}))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    }

    /// The object's bytes as the service role reads them; None for 404.
    pub async fn object(&self, path: &str) -> Option<Vec<u8>> {
        let r = self
            .http
            .get(self.url(&format!("/storage/v1/object/authenticated/{path}")))
            .header("apikey", &self.service)
            .bearer_auth(&self.service)
            .send()
            .await
            .unwrap();
        if !r.status().is_success() {
            return None;
        }
        Some(r.bytes().await.unwrap().to_vec())
    }
}

/// Deterministic bytes that do not compress away.
pub fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Every row of every table of the schemas an installation's data lives in
/// (the app's, auth, storage), as text, per table; unlogged tables (throttle
/// counters, which backups leave out as a crash would) aside.
pub async fn fingerprint(options: &PgConnectOptions) -> BTreeMap<String, String> {
    let mut conn = options.connect().await.unwrap();
    let tables: Vec<(String, String)> = sqlx::query_as(
        "select n.nspname::text, c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'auth', 'storage') and c.relkind = 'r' and c.relpersistence = 'p'
          order by 1, 2",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    let mut out = BTreeMap::new();
    for (schema, table) in tables {
        let rows: Option<String> = sqlx::query_scalar(&format!(
            "select string_agg(t::text, E'\\n' order by t::text) from \"{schema}\".\"{table}\" t"
        ))
        .fetch_one(&mut conn)
        .await
        .unwrap();
        out.insert(format!("{schema}.{table}"), rows.unwrap_or_default());
    }
    conn.close().await.unwrap();
    out
}

/// The superuser login of the managed cluster `pleat serve` runs in `data_dir`.
pub fn managed_options(data_dir: &Path) -> PgConnectOptions {
    let pgdata = data_dir.join("pg");
    let pid = std::fs::read_to_string(pgdata.join("postmaster.pid")).unwrap();
    let port: u16 = pid.lines().nth(3).unwrap().trim().parse().unwrap();
    PgConnectOptions::new()
        .socket(&pgdata)
        .port(port)
        .username("postgres")
        .database("postgres")
}

/// A new, empty database on the test cluster: (its URL, superuser options).
pub async fn empty_database() -> (String, PgConnectOptions) {
    let url = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL is not set");
    let admin: PgConnectOptions = url.parse().unwrap();
    let mut conn = admin.connect().await.unwrap();
    let name = format!("restore_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("create database \"{name}\""))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    let (head, _) = url.split_once('?').unwrap_or((&url, ""));
    let base = &head[..head.rfind('/').unwrap()];
    (format!("{base}/{name}"), admin.database(&name))
}

/// A copy of the notes app's migrations, to add files to.
pub fn notes_migrations_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/notes/migrations");
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}
