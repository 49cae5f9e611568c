//! `pleat_db::Error` is returned by everything in this crate: starting the managed
//! cluster, connecting and migrating. Callers show it as one line (`{:#}`).

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(
        "PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found; \
         install PostgreSQL (e.g. `apt-get install postgresql`) or set DATABASE_URL"
    )]
    BinariesNotFound,
    #[error("the OS user `postgres` is needed to run PostgreSQL as root, but it does not exist; create it or set DATABASE_URL")]
    NoPostgresUser,
    #[error("`{command}` failed: {output}")]
    Command { command: String, output: String },
    #[error("{action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl Error {
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io {
            action,
            path,
            source,
        }
    }
}
