//! The whole app on port 0, built by `Application::build` from a `Config`
//! as `pleat serve` builds it, over a [`TestDatabase`]. A crate's HTTP tests
//! talk to it over HTTP under their API's prefix.

use std::path::Path;

use actix_web::web;
use pleat_server::config::Config;
use pleat_server::startup::Application;
use pleat_storage::{Backend, StorageState};
use sqlx::postgres::PgConnectOptions;
use sqlx::PgPool;

use crate::database::{AppMigrations, TestDatabase};

pub const JWT_SECRET: &str = "pleat-test-secret-pleat-test-secret-0123";

/// A running app.
pub struct TestApp {
    /// `http://127.0.0.1:<port>`, without a path.
    pub address: String,
    pub port: u16,
    pub anon_key: String,
    pub service_key: String,
    pub database_url: String,
    /// Superuser options for the app's database.
    pub options: PgConnectOptions,
    /// The database owner, for setup and for looking behind the API.
    pub owner: PgPool,
    /// A client that does not follow redirects.
    pub client: reqwest::Client,
    /// `/storage/v1`'s state, to read its counters.
    pub storage: web::Data<StorageState>,
    /// The app's backup maker, to tick through scheduled slots.
    pub backups: pleat_backup::Worker,
    /// Where the metrics are served, when the test set PLEAT_METRICS_ADDR.
    pub metrics_addr: Option<std::net::SocketAddr>,
    pub site_dir: tempfile::TempDir,
    pub data_dir: tempfile::TempDir,
    _migrations_dir: tempfile::TempDir,
}

impl TestApp {
    /// `path` (with its API prefix) under the app's address.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request failed")
    }
}

/// The app as the defaults make it: a new database with the backend's sets
/// and no app migrations, an empty site.
pub async fn spawn_app() -> TestApp {
    TestApp::builder().spawn().await
}

type Step = Box<dyn FnOnce(&mut Config)>;
type SiteWriter = Box<dyn FnOnce(&Path)>;

/// What a test changes before the app starts.
#[derive(Default)]
pub struct AppBuilder {
    migrations: AppMigrations,
    database_url: Option<String>,
    setup_sql: Vec<String>,
    vars: Vec<(String, String)>,
    configure: Vec<Step>,
    site: Option<SiteWriter>,
    store: Option<Backend>,
}

impl TestApp {
    pub fn builder() -> AppBuilder {
        AppBuilder::default()
    }
}

impl AppBuilder {
    /// The app's migrations (`PLEAT_MIGRATIONS_DIR`), applied to a new
    /// database after the backend's sets.
    pub fn migrations(mut self, migrations: AppMigrations) -> Self {
        self.migrations = migrations;
        self
    }

    /// An existing database instead of a new one, migrated by the app as
    /// `pleat serve` migrates it (a second replica, or an upgrade).
    pub fn on_database(mut self, url: &str) -> Self {
        self.database_url = Some(url.to_string());
        self
    }

    /// SQL run as the owner on the database before the app starts.
    pub fn sql(mut self, sql: &str) -> Self {
        self.setup_sql.push(sql.to_string());
        self
    }

    /// An environment variable as `pleat` reads it (`PLEAT_*`).
    pub fn var(mut self, name: &str, value: &str) -> Self {
        self.vars.push((name.to_string(), value.to_string()));
        self
    }

    pub fn vars(self, vars: &[(&str, &str)]) -> Self {
        vars.iter().fold(self, |b, (k, v)| b.var(k, v))
    }

    /// A change to the parsed configuration, for what has no variable of
    /// its own at the value a test needs.
    pub fn config(mut self, change: impl FnOnce(&mut Config) + 'static) -> Self {
        self.configure.push(Box::new(change));
        self
    }

    /// Writes the built site (`PLEAT_SITE_DIR`) before the app reads it.
    pub fn site(mut self, write: impl FnOnce(&Path) + 'static) -> Self {
        self.site = Some(Box::new(write));
        self
    }

    /// Blobs in `store`, unchecked (an S3 prefix of the test's own, or a
    /// store that is down).
    pub fn store(mut self, store: Backend) -> Self {
        self.store = Some(store);
        self
    }

    pub async fn spawn(self) -> TestApp {
        self.try_spawn().await.expect("the app failed to build")
    }

    /// [`AppBuilder::spawn`], returning why the app did not start (one
    /// line, as `pleat` prints it).
    pub async fn try_spawn(self) -> Result<TestApp, String> {
        pleat_server::telemetry::init(pleat_server::telemetry::LogFormat::Text);
        let migrations_dir = tempfile::tempdir().expect("tempdir");
        let app_dir = match &self.migrations {
            AppMigrations::None => migrations_dir.path().to_path_buf(),
            AppMigrations::Dir(dir) => dir.clone(),
        };
        let url = match self.database_url {
            Some(url) => url,
            None => TestDatabase::with_app(&self.migrations).await.url,
        };
        let options: PgConnectOptions = url.parse().expect("database URL");
        let owner = sqlx::postgres::PgPoolOptions::new()
            .max_connections(4)
            .connect_with(options.clone())
            .await
            .expect("cannot connect to the test database");
        for sql in &self.setup_sql {
            sqlx::raw_sql(sql)
                .execute(&owner)
                .await
                .unwrap_or_else(|e| panic!("setup SQL failed: {e}\n{sql}"));
        }
        let site_dir = tempfile::tempdir().expect("tempdir");
        if let Some(write) = self.site {
            write(site_dir.path());
        }
        let data_dir = tempfile::tempdir().expect("tempdir");
        let base = [
            ("DATABASE_URL", url.clone()),
            ("PLEAT_ADDR", "127.0.0.1:0".to_string()),
            ("PLEAT_JWT_SECRET", JWT_SECRET.to_string()),
            ("PLEAT_SITE_DIR", site_dir.path().display().to_string()),
            ("PLEAT_DATA_DIR", data_dir.path().display().to_string()),
            ("PLEAT_MIGRATIONS_DIR", app_dir.display().to_string()),
        ];
        let mut config = Config::from_vars(
            base.into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .chain(self.vars),
        )
        .map_err(|e| e.to_string())?;
        for change in self.configure {
            change(&mut config);
        }
        let app = match self.store {
            Some(store) => Application::build_with_store(config, store).await,
            None => Application::build(config).await,
        }
        .map_err(|e| format!("{e:#}"))?;
        let port = app.port();
        let anon_key = app.keys().anon.clone();
        let service_key = app.keys().service_role.clone();
        let storage = app.storage().clone();
        let backups = app.backups().clone();
        let metrics_addr = app.metrics_addr();
        tokio::spawn(app.run_until_stopped());
        Ok(TestApp {
            address: format!("http://127.0.0.1:{port}"),
            port,
            anon_key,
            service_key,
            database_url: url,
            options,
            owner,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client"),
            storage,
            backups,
            metrics_addr,
            site_dir,
            data_dir,
            _migrations_dir: migrations_dir,
        })
    }
}
