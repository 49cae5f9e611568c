//! Throwaway databases for tests: every caller gets a new database cloned from a
//! migrated template on the cluster named by `TEST_DATABASE_URL` (started by
//! `scripts/test`). nextest runs each test in its own process, so the template
//! is made once per list of migration sets under an advisory lock.

use sqlx::postgres::PgConnectOptions;
use sqlx::{ConnectOptions, Connection};

use crate::migrate::{self, Set};

const LOCK_KEY: i64 = 7261002;

/// The repository's app migrations (`migrations/` at the workspace root).
pub async fn repo_app_migrations() -> Set {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations");
    Set::from_dir("app", &dir)
        .await
        .expect("the repository's migrations/ cannot be read")
}

/// What `pleat` applies for the repository's app: roles, then the backend
/// sets of the other crates (passed in: pleat-auth, pleat-mail and
/// pleat-storage depend on this crate, not the other way round) and the app's
/// migrations. Keep in step with `pleat_server::migrations`.
pub async fn standard_sets(
    auth: &sqlx::migrate::Migrator,
    mail: &sqlx::migrate::Migrator,
    storage: &sqlx::migrate::Migrator,
) -> Vec<Set> {
    vec![
        Set::embedded("roles", &migrate::ROLES),
        Set::embedded("auth", auth),
        Set::embedded("mail", mail),
        Set::embedded("storage", storage),
        repo_app_migrations().await,
    ]
}

/// Superuser options for a fresh database of its own, migrated with `sets`.
pub async fn fresh_database(sets: &[Set]) -> PgConnectOptions {
    let url = std::env::var("TEST_DATABASE_URL").expect(
        "TEST_DATABASE_URL is not set: run the tests with scripts/test, which starts a throwaway PostgreSQL",
    );
    let admin: PgConnectOptions = url.parse().expect("TEST_DATABASE_URL is not a valid URL");
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
        let pool = sqlx::PgPool::connect_with(admin.clone().database(&template))
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

/// The URL form of [`fresh_database`], for code that takes `DATABASE_URL`.
pub async fn fresh_database_url(sets: &[Set]) -> String {
    let opts = fresh_database(sets).await;
    let base = std::env::var("TEST_DATABASE_URL").expect("TEST_DATABASE_URL is not set");
    let db = opts.get_database().unwrap_or("postgres").to_string();
    replace_database(&base, &db)
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

/// The same login as `options` (host or socket, port, user, database) for
/// tokio-postgres; test clusters trust their clients, so no password.
pub fn tokio_config(options: &PgConnectOptions) -> tokio_postgres::Config {
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
