use std::net::TcpListener;
use std::path::{Path, PathBuf};

use actix_web::{web, App, HttpServer};
use pleat_db::migrate::Set;
use pleat_db::pool::DbSettings;
use pleat_db::Database;
use pleat_storage::{Backend, StorageSettings, StorageState};
use secrecy::SecretString;
use serde_json::{json, Value};
use sqlx::PgPool;

pub const JWT_SECRET: &str = "pleat-test-secret-pleat-test-secret-0123";
pub const MAX_UPLOAD: u64 = 100_000;

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
    _data: tempfile::TempDir,
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

fn sets() -> Vec<Set> {
    vec![
        Set::embedded("roles", &pleat_db::migrate::ROLES),
        Set::embedded("auth", &pleat_auth::MIGRATIONS),
        Set::embedded("storage", &pleat_storage::MIGRATIONS),
    ]
}

/// `/storage/v1` alone on port 0, with buckets `pub` (public), `priv` (no
/// policies: only service_role) and `img` (public, 1000 bytes, image/*).
pub async fn spawn_app() -> TestApp {
    let url = pleat_db::testing::fresh_database_url(&sets()).await;
    let data = tempfile::tempdir().unwrap();
    let db = Database::open(&DbSettings {
        url: Some(url),
        data_dir: data.path().to_path_buf(),
        authenticator_password: "storagetests0123".into(),
        max_connections: 8,
        migrations: sets(),
    })
    .await
    .expect("database");
    sqlx::raw_sql(
        "insert into storage.buckets (id, name, public) values ('pub', 'pub', true), ('priv', 'priv', false);
         insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
           values ('img', 'img', true, 1000, '{image/*}');
         create policy anon_pub_insert on storage.objects for insert to anon with check (bucket_id = 'pub');",
    )
    .execute(&db.owner)
    .await
    .unwrap();
    let blobs = tempfile::tempdir().unwrap();
    let state = web::Data::new(StorageState::new(
        db.api.clone(),
        Backend::local(blobs.path()).unwrap(),
        StorageSettings {
            jwt_secret: SecretString::from(JWT_SECRET.to_string()),
            max_upload: MAX_UPLOAD,
            timeouts: pleat_db::StatementTimeouts::default(),
            transform_concurrency: 2,
        },
    ));
    let shared = state.clone();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = HttpServer::new(move || {
        App::new().service(
            web::scope("/storage/v1")
                .app_data(state.clone())
                .configure(pleat_storage::configure),
        )
    })
    .workers(2)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    TestApp {
        address: format!("http://127.0.0.1:{port}/storage/v1"),
        client: reqwest::Client::new(),
        owner: db.owner.clone(),
        service_key: key("service_role", json!({})),
        anon_key: key("anon", json!({})),
        blobs,
        state: shared,
        _data: data,
    }
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

    pub async fn object_count(&self) -> i64 {
        sqlx::query_scalar("select count(*) from storage.objects")
            .fetch_one(&self.owner)
            .await
            .unwrap()
    }
}

/// The JSON error body and HTTP status of a response.
pub async fn error_of(res: reqwest::Response) -> (u16, Value) {
    let status = res.status().as_u16();
    (status, res.json().await.unwrap())
}
