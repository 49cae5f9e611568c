//! `/storage/v1` of the whole app (`pleat_test_support`), with a store of
//! the test's own and the buckets the tests use.

use std::net::TcpListener;
use std::path::{Path, PathBuf};

use actix_web::web;
use pleat_storage::{Backend, StorageSettings, StorageState};
pub use pleat_test_support::JWT_SECRET;
use secrecy::SecretString;
use serde_json::{json, Value};
use sqlx::PgPool;
pub const MAX_UPLOAD: u64 = 100_000;

/// Where a test app keeps its blobs.
pub enum Store {
    Local,
    /// A prefix of its own in the throwaway S3 server's bucket.
    S3,
    /// An S3 endpoint where nothing listens: a store that is down.
    Unreachable,
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// The database owner, for setup and for looking behind the API.
    pub owner: PgPool,
    pub service_key: String,
    pub anon_key: String,
    pub blobs: tempfile::TempDir,
    /// The server's state, to read its render counter.
    pub state: web::Data<StorageState>,
    pub backend: Backend,
    /// S3 only: the endpoint, bucket and prefix the blobs are under.
    pub s3: Option<S3Place>,
    _app: pleat_test_support::TestApp,
}

pub struct S3Place {
    pub endpoint: String,
    pub bucket: String,
    pub prefix: String,
}

/// The throwaway S3 server (scripts/test and scripts/dev/with-pg start one).
/// Without it the S3 variants are skipped, loudly, except in CI where that
/// would hide the S3 backend going untested.
pub fn s3_server() -> Option<(String, String)> {
    match (
        std::env::var("TEST_S3_ENDPOINT"),
        std::env::var("TEST_S3_BUCKET"),
    ) {
        (Ok(e), Ok(b)) if !e.is_empty() && !b.is_empty() => Some((e, b)),
        _ if std::env::var("CI").is_ok_and(|v| !v.is_empty()) => {
            panic!("TEST_S3_ENDPOINT/TEST_S3_BUCKET are not set: CI must test the S3 backend (scripts/test starts its server)")
        }
        _ => {
            eprintln!(
                "SKIPPED: no S3 test server (TEST_S3_ENDPOINT unset); run through scripts/dev/with-pg or scripts/test"
            );
            None
        }
    }
}

/// The AWS variables that reach the test S3 server (moto accepts any key).
pub fn s3_env(endpoint: &str) -> Vec<(String, String)> {
    [
        ("AWS_ACCESS_KEY_ID", "pleat-test"),
        ("AWS_SECRET_ACCESS_KEY", "pleat-test-secret"),
        ("AWS_REGION", "us-east-1"),
        ("AWS_ENDPOINT_URL", endpoint),
        ("AWS_ALLOW_HTTP", "true"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub fn sign(claims: &Value) -> String {
    pleat_auth::jwt::sign(claims, &SecretString::from(JWT_SECRET.to_string())).unwrap()
}

pub fn key(role: &str, extra: Value) -> String {
    let mut claims = json!({"role": role, "iat": now(), "exp": now() + 3600});
    if let (Some(c), Some(e)) = (claims.as_object_mut(), extra.as_object()) {
        c.extend(e.clone());
    }
    sign(&claims)
}

/// `/storage/v1` of the whole app (`pleat_test_support`) on port 0, with buckets `pub` (public), `priv` (no
/// policies: only service_role) and `img` (public, 1000 bytes, image/*).
pub async fn spawn_app() -> TestApp {
    spawn_app_on(Store::Local, MAX_UPLOAD)
        .await
        .expect("a local store is always there")
}

/// [`spawn_app`] on the S3 test server; `None` (skipped) without one.
pub async fn spawn_s3_app(max_upload: u64) -> Option<TestApp> {
    spawn_app_on(Store::S3, max_upload).await
}

pub async fn spawn_app_on(store: Store, max_upload: u64) -> Option<TestApp> {
    spawn_app_with(store, max_upload, |_| {}).await
}

/// [`spawn_app_on`] with its storage settings changed by `configure`.
pub async fn spawn_app_with(
    store: Store,
    max_upload: u64,
    configure: impl FnOnce(&mut StorageSettings),
) -> Option<TestApp> {
    let blobs = tempfile::tempdir().unwrap();
    let (backend, s3) = match store {
        Store::Local => (Backend::local(blobs.path()).unwrap(), None),
        Store::S3 => {
            let (endpoint, bucket) = s3_server()?;
            let prefix = format!("t-{}", uuid::Uuid::new_v4());
            let backend =
                Backend::from_url_with_env(&format!("s3://{bucket}/{prefix}"), &s3_env(&endpoint))
                    .unwrap();
            backend.check().await.expect("the S3 test server answers");
            let place = S3Place {
                endpoint,
                bucket,
                prefix,
            };
            (backend, Some(place))
        }
        Store::Unreachable => {
            let port = TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let env = s3_env(&format!("http://127.0.0.1:{port}"));
            (
                Backend::from_url_with_env("s3://down/x", &env).unwrap(),
                None,
            )
        }
    };
    let mut settings = StorageSettings {
        jwt_secret: SecretString::from(JWT_SECRET.to_string()),
        max_upload,
        timeouts: pleat_db::StatementTimeouts::default(),
        transform_concurrency: 2,
        transform_memory: 1024 * 1024 * 1024,
        transform_cache: 1024 * 1024 * 1024,
    };
    configure(&mut settings);
    let app = pleat_test_support::TestApp::builder()
        .sql(
            "insert into storage.buckets (id, name, public) values ('pub', 'pub', true), ('priv', 'priv', false);
             insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
               values ('img', 'img', true, 1000, '{image/*}');
             create policy anon_pub_insert on storage.objects for insert to anon with check (bucket_id = 'pub');",
        )
        .config(move |c| {
            c.max_upload = settings.max_upload;
            c.statement_timeouts = settings.timeouts;
            c.transform_concurrency = settings.transform_concurrency;
            c.transform_memory = settings.transform_memory;
            c.transform_cache = settings.transform_cache;
        })
        .store(backend.clone())
        .spawn()
        .await;
    Some(TestApp {
        address: app.url("/storage/v1"),
        client: reqwest::Client::new(),
        owner: app.owner.clone(),
        service_key: key("service_role", json!({})),
        anon_key: key("anon", json!({})),
        blobs,
        state: app.storage.clone(),
        backend,
        s3,
        _app: app,
    })
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub fn port(&self) -> u16 {
        self.address
            .split(':')
            .nth(2)
            .unwrap()
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    /// A raw upload as service_role.
    pub async fn put_object(
        &self,
        path: &str,
        body: &'static [u8],
        content_type: &str,
    ) -> reqwest::Response {
        self.client
            .post(self.url(&format!("/object/{path}")))
            .bearer_auth(&self.service_key)
            .header("content-type", content_type)
            .header("x-upsert", "true")
            .body(body)
            .send()
            .await
            .unwrap()
    }

    /// Every file under the blob directory (staging files included).
    pub fn blob_files(&self) -> Vec<PathBuf> {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(p);
                }
            }
        }
        let mut out = Vec::new();
        walk(self.blobs.path(), &mut out);
        out
    }

    /// Everything the store holds for this app: every file under a local
    /// directory (staging files included); on S3 the published blobs and the
    /// multipart uploads still open under the app's prefix.
    pub async fn stored(&self) -> Vec<String> {
        let Some(place) = &self.s3 else {
            return self
                .blob_files()
                .iter()
                .map(|p| p.display().to_string())
                .collect();
        };
        let mut out = self.backend.versions().await.unwrap();
        let listing = self
            .client
            .get(format!(
                "{}/{}?uploads&prefix={}/",
                place.endpoint, place.bucket, place.prefix
            ))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        out.extend(
            listing
                .split("<UploadId>")
                .skip(1)
                .map(|u| format!("open upload {}", u.split('<').next().unwrap_or(""))),
        );
        out
    }

    /// The server still answers after whatever a test threw at it.
    pub async fn still_serves(&self) {
        let res = self
            .client
            .get(self.url("/bucket"))
            .bearer_auth(&self.service_key)
            .send()
            .await
            .expect("the server still answers");
        assert_eq!(res.status(), 200);
    }

    pub async fn object_count(&self) -> i64 {
        sqlx::query_scalar("select count(*) from storage.objects")
            .fetch_one(&self.owner)
            .await
            .unwrap()
    }
}

/// A multipart/form-data body built by hand (reqwest refuses some of the
/// part headers an attacker sends): `(name, part content type, value)`
/// per part, the last one the file part (named `""`, as storage-js names it).
pub fn multipart_body(parts: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "pleat-test-boundary-7d1f";
    let mut body = Vec::new();
    for (i, (name, content_type, value)) in parts.iter().enumerate() {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        let file = if i + 1 == parts.len() {
            "; filename=\"blob\""
        } else {
            ""
        };
        body.extend_from_slice(
            format!("Content-Disposition: form-data; name=\"{name}\"{file}\r\n").as_bytes(),
        );
        if let Some(ct) = content_type {
            body.extend_from_slice(format!("Content-Type: {ct}\r\n").as_bytes());
        }
        body.extend_from_slice(b"\r\n");
        body.extend_from_slice(value);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The JSON error body and HTTP status of a response.
pub async fn error_of(res: reqwest::Response) -> (u16, Value) {
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}
