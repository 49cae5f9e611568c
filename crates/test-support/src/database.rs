//! Throwaway databases: every caller gets a new database cloned from a
//! migrated template on the cluster named by `TEST_DATABASE_URL` (started by
//! `scripts/test`). nextest runs each test in its own process, so the template
//! is made once per list of migration sets, under an advisory lock held only
//! while it is made.

use std::path::{Path, PathBuf};

use pleat_db::migrate::{self, Set};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, PgPool};

const LOCK_KEY: i64 = 7261002;

/// The app migrations a test database gets after the backend's sets.
#[derive(Debug, Clone, Default)]
pub enum AppMigrations {
    /// None: the backend alone; the test adds the tables it needs.
    #[default]
    None,
    /// The `.sql` files of a directory, as `PLEAT_MIGRATIONS_DIR` names it.
    Dir(PathBuf),
}

impl AppMigrations {
    pub async fn set(&self) -> Set {
        match self {
            AppMigrations::None => Set {
                name: "app".into(),
                migrations: Vec::new(),
            },
            AppMigrations::Dir(dir) => Set::from_dir("app", dir)
                .await
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display())),
        }
    }
}

/// The sets every app gets, in the order `pleat` applies them.
pub fn backend_sets() -> Vec<Set> {
    pleat_server::migrations::backend()
}

/// `examples/notes/migrations`: a small app of private notes under
/// row-level security.
pub fn notes_migrations() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/notes/migrations")
}

/// A database of its own, dropped with the cluster (tests never reuse one).
#[derive(Debug, Clone)]
pub struct TestDatabase {
    /// Superuser options for it.
    pub options: PgConnectOptions,
    /// The same as a URL, for code that takes `DATABASE_URL`.
    pub url: String,
}

impl TestDatabase {
    /// The backend's sets and no app.
    pub async fn new() -> TestDatabase {
        TestDatabase::with_app(&AppMigrations::None).await
    }

    /// The backend's sets, then `app`'s migrations.
    pub async fn with_app(app: &AppMigrations) -> TestDatabase {
        let mut sets = backend_sets();
        sets.push(app.set().await);
        TestDatabase::with_sets(&sets).await
    }

    /// Exactly `sets` (a crate's own, or ones a test makes up).
    pub async fn with_sets(sets: &[Set]) -> TestDatabase {
        let options = fresh_database(sets).await;
        let db = options.get_database().unwrap_or("postgres").to_string();
        TestDatabase {
            url: replace_database(&cluster_url(), &db),
            options,
        }
    }

    /// A pool on it as the superuser that owns everything.
    pub async fn pool(&self) -> PgPool {
        PgPoolOptions::new()
            .max_connections(8)
            .connect_with(self.options.clone())
            .await
            .expect("cannot connect to the test database")
    }

    /// The same login for tokio-postgres; test clusters trust their clients,
    /// so no password.
    pub fn tokio_config(&self) -> tokio_postgres::Config {
        let options = &self.options;
        let mut config = tokio_postgres::Config::new();
        match options.get_socket() {
            Some(dir) => config.host_path(dir),
            None => config.host(options.get_host()),
        };
        config
            .port(options.get_port())
            .user(options.get_username())
            .dbname(options.get_database().unwrap_or(options.get_username()));
        config
    }
}

fn cluster_url() -> String {
    std::env::var("TEST_DATABASE_URL").expect(
        "TEST_DATABASE_URL is not set: run the tests with scripts/test, which starts a throwaway PostgreSQL",
    )
}

async fn fresh_database(sets: &[Set]) -> PgConnectOptions {
    let admin: PgConnectOptions = cluster_url()
        .parse()
        .expect("TEST_DATABASE_URL is not a valid URL");
    let mut conn = admin
        .connect()
        .await
        .expect("cannot connect to TEST_DATABASE_URL");
    // The lock covers making the template only: PostgreSQL refuses to copy a
    // database someone is connected to, and only the migration connects to it.
    // Copies of a finished template run side by side.
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(LOCK_KEY)
        .execute(&mut conn)
        .await
        .expect("cannot take the template lock");
    let template = format!("pleat_template_{:x}", migrate::fingerprint(sets));
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&template)
            .fetch_one(&mut conn)
            .await
            .expect("cannot look up the template database");
    if !exists {
        sqlx::query(&format!("CREATE DATABASE \"{template}\""))
            .execute(&mut conn)
            .await
            .expect("cannot create the template database");
        let pool = PgPool::connect_with(admin.clone().database(&template))
            .await
            .expect("cannot connect to the template database");
        migrate::run(&pool, sets).await.expect("migrations failed");
        pool.close().await;
    }
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(LOCK_KEY)
        .execute(&mut conn)
        .await
        .expect("cannot release the template lock");
    let name = format!("test_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!(
        "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""
    ))
    .execute(&mut conn)
    .await
    .expect("cannot copy the template database");
    conn.close().await.ok();
    admin.database(&name)
}

fn replace_database(url: &str, db: &str) -> String {
    let (head, query) = match url.split_once('?') {
        Some((h, q)) => (h, Some(q)),
        None => (url, None),
    };
    let scheme_end = head.find("://").map(|i| i + 3).unwrap_or(0);
    let base = match head[scheme_end..].find('/') {
        Some(i) => &head[..scheme_end + i],
        None => head,
    };
    match query {
        Some(q) => format!("{base}/{db}?{q}"),
        None => format!("{base}/{db}"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn replaces_the_database_keeping_the_query() {
        assert_eq!(
            super::replace_database("postgres://u@127.0.0.1:5/postgres?sslmode=disable", "x"),
            "postgres://u@127.0.0.1:5/x?sslmode=disable"
        );
        assert_eq!(
            super::replace_database("postgres://u@h:5", "x"),
            "postgres://u@h:5/x"
        );
    }
}
