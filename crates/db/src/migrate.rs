//! Migrations in sets, applied in order: the backend's own (embedded in the
//! crates that own them: roles here, the auth schema in pleat-auth, …) and then
//! the app's, read at start from `PLEAT_MIGRATIONS_DIR`. Each set keeps its own
//! version history in `pleat.schema_migrations`, so an app may number its files
//! as it likes. A database migrated before the sets existed (one sqlx history in
//! `_sqlx_migrations`) is adopted: what ran there is recorded, nothing re-runs.

use std::path::Path;

use sqlx::migrate::Migrator;
use sqlx::{Connection, PgConnection, PgPool};

use crate::Error;

/// The roles every API request switches between; the first backend set.
pub static ROLES: Migrator = sqlx::migrate!("./migrations");

/// Serialises migration runs of several `pleat` processes on one database.
const LOCK_KEY: i64 = 7261003;

#[derive(Debug, Clone)]
pub struct Migration {
    pub version: i64,
    pub description: String,
    pub sql: String,
    /// SHA-384 of the SQL, as sqlx computes it (so adopted histories match).
    pub checksum: Vec<u8>,
}

/// One history: a name and its migrations, sorted by version.
#[derive(Debug, Clone)]
pub struct Set {
    pub name: String,
    pub migrations: Vec<Migration>,
}

impl Set {
    /// A set embedded at build time with `sqlx::migrate!`.
    pub fn embedded(name: &str, migrator: &Migrator) -> Set {
        let mut migrations: Vec<Migration> = migrator
            .iter()
            .filter(|m| m.migration_type.is_up_migration())
            .map(|m| Migration {
                version: m.version,
                description: m.description.to_string(),
                sql: m.sql.to_string(),
                checksum: m.checksum.to_vec(),
            })
            .collect();
        migrations.sort_by_key(|m| m.version);
        Set {
            name: name.to_string(),
            migrations,
        }
    }

    /// The app's migrations: `<version>_<description>.sql` files in `dir`.
    pub async fn from_dir(name: &str, dir: &Path) -> Result<Set, Error> {
        if !dir.is_dir() {
            return Err(Error::Unexpected(anyhow::anyhow!(
                "the migrations directory {} does not exist (set PLEAT_MIGRATIONS_DIR to your app's migrations, or create it empty)",
                dir.display()
            )));
        }
        let migrator = Migrator::new(dir).await?;
        Ok(Set::embedded(name, &migrator))
    }
}

/// Apply what is pending of every set, in order, as the owner; then tell
/// schema caches to reload. Everything pending runs in one transaction: a
/// migration that fails leaves the database exactly as it was (none of the
/// pending ones applied, the history unchanged), so an upgrade that cannot
/// finish never leaves data half-migrated.
pub async fn run(owner: &PgPool, sets: &[Set]) -> Result<(), Error> {
    let mut conn = owner.acquire().await?;
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *conn)
        .await?;
    let result = apply(&mut conn, sets).await;
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *conn)
        .await?;
    result?;
    sqlx::query("NOTIFY pgrst, 'reload schema'")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A migration not yet applied, as `pleat migrate --dry-run` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub set: String,
    pub version: i64,
    pub description: String,
}

/// What `run` would apply, without applying anything (an edited migration
/// that already ran is refused here too).
pub async fn pending(owner: &PgPool, sets: &[Set]) -> Result<Vec<Pending>, Error> {
    let mut conn = owner.acquire().await?;
    let mut tx = conn.begin().await?;
    // The history table and an adopted legacy history are made inside this
    // transaction and rolled back with it: a dry run writes nothing.
    let created = ensure_history(&mut tx).await?;
    if created {
        adopt_legacy_history(&mut tx, sets).await?;
    }
    let todo = to_apply(&mut tx, sets).await?;
    tx.rollback().await?;
    Ok(todo
        .into_iter()
        .map(|(set, m)| Pending {
            set: set.name.clone(),
            version: m.version,
            description: m.description.clone(),
        })
        .collect())
}

async fn apply(conn: &mut PgConnection, sets: &[Set]) -> Result<(), Error> {
    let mut tx = conn.begin().await?;
    let created = ensure_history(&mut tx).await?;
    if created {
        adopt_legacy_history(&mut tx, sets).await?;
    }
    let todo = to_apply(&mut tx, sets).await?;
    let count = todo.len();
    for (set, m) in &todo {
        sqlx::raw_sql(&m.sql).execute(&mut *tx).await.map_err(|e| {
            Error::Unexpected(anyhow::anyhow!(
                "migration {} ({}) of the {} set failed: {e}; nothing was changed: \
                 the {count} pending migration(s) are applied together or not at all, \
                 and the database is as it was before",
                m.version,
                m.description,
                set.name
            ))
        })?;
        record(&mut tx, &set.name, m).await?;
    }
    tx.commit().await?;
    for (set, m) in &todo {
        tracing::info!(set = %set.name, version = m.version, description = %m.description, "migration applied");
    }
    Ok(())
}

/// Every migration of `sets` not in the history yet, in order; an applied
/// one whose SQL changed since is an error.
async fn to_apply<'s>(
    conn: &mut PgConnection,
    sets: &'s [Set],
) -> Result<Vec<(&'s Set, &'s Migration)>, Error> {
    let mut todo = Vec::new();
    for set in sets {
        let applied: Vec<(i64, Vec<u8>)> = sqlx::query_as(
            "SELECT version, checksum FROM pleat.schema_migrations WHERE set_name = $1",
        )
        .bind(&set.name)
        .fetch_all(&mut *conn)
        .await?;
        for m in &set.migrations {
            match applied.iter().find(|(v, _)| *v == m.version) {
                Some((_, sum)) if *sum == m.checksum => continue,
                Some(_) => {
                    return Err(Error::Unexpected(anyhow::anyhow!(
                        "migration {} ({}) of the {} set was changed after it was applied; \
                         shipped migrations must not be edited, add a new one instead",
                        m.version,
                        m.description,
                        set.name
                    )))
                }
                None => todo.push((set, m)),
            }
        }
    }
    Ok(todo)
}

async fn record(conn: &mut PgConnection, set: &str, m: &Migration) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO pleat.schema_migrations (set_name, version, description, checksum)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(set)
    .bind(m.version)
    .bind(&m.description)
    .bind(&m.checksum)
    .execute(conn)
    .await?;
    Ok(())
}

/// Creates the history table; true when it did not exist before.
async fn ensure_history(conn: &mut PgConnection) -> Result<bool, Error> {
    let exists: bool =
        sqlx::query_scalar("SELECT to_regclass('pleat.schema_migrations') IS NOT NULL")
            .fetch_one(&mut *conn)
            .await?;
    if !exists {
        sqlx::raw_sql(
            "CREATE SCHEMA IF NOT EXISTS pleat;
             REVOKE ALL ON SCHEMA pleat FROM PUBLIC;
             CREATE TABLE pleat.schema_migrations (
               set_name    text NOT NULL,
               version     bigint NOT NULL,
               description text NOT NULL,
               checksum    bytea NOT NULL,
               applied_at  timestamptz NOT NULL DEFAULT now(),
               PRIMARY KEY (set_name, version)
             );",
        )
        .execute(&mut *conn)
        .await?;
    }
    Ok(!exists)
}

/// Records as applied every migration of `sets` that the single sqlx history
/// of earlier releases shows as run (same version), with the checksum it ran
/// with, so a later edit of the file is still caught.
async fn adopt_legacy_history(conn: &mut PgConnection, sets: &[Set]) -> Result<(), Error> {
    let legacy: bool =
        sqlx::query_scalar("SELECT to_regclass('public._sqlx_migrations') IS NOT NULL")
            .fetch_one(&mut *conn)
            .await?;
    if !legacy {
        return Ok(());
    }
    let ran: Vec<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT version, checksum FROM public._sqlx_migrations WHERE success")
            .fetch_all(&mut *conn)
            .await?;
    for set in sets {
        for m in &set.migrations {
            if let Some((_, sum)) = ran.iter().find(|(v, _)| *v == m.version) {
                let adopted = Migration {
                    checksum: sum.clone(),
                    ..m.clone()
                };
                record(conn, &set.name, &adopted).await?;
            }
        }
    }
    tracing::info!(
        count = ran.len(),
        "adopted the migration history of an earlier release"
    );
    Ok(())
}

/// A fingerprint of the sets (names test templates).
pub fn fingerprint(sets: &[Set]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for set in sets {
        set.name.hash(&mut h);
        for m in &set.migrations {
            m.version.hash(&mut h);
            m.checksum.hash(&mut h);
        }
    }
    h.finish()
}
