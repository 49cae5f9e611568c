//! What a backup is made of: the installation's database, files and keys
//! (a [`Source`]), gathered into one archive.

use std::collections::BTreeMap;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use chrono::{DateTime, Utc};
use futures_util::{StreamExt, TryStreamExt};
use object_store::ObjectStoreExt;
use secrecy::SecretString;
use sqlx::Connection;

use crate::archive::{self, Contents};
use crate::db::DbConn;
use crate::manifest::{Manifest, RoleSpec, S3Object, StorageManifest, FORMAT};

/// Key files of the data directory that a backup carries.
pub const KEY_FILES: &[&str] = &["jwt_secret"];

/// One installation: its database, data directory (keys; the storage
/// directory by default), `PLEAT_STORAGE_URL` as configured, and where the
/// PostgreSQL client programs are.
#[derive(Debug, Clone)]
pub struct Source {
    pub db: DbConn,
    pub data_dir: PathBuf,
    pub storage_url: Option<String>,
    pub pg_bin_dir: PathBuf,
}

/// Where uploaded files live, from `PLEAT_STORAGE_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageLocation {
    Local(PathBuf),
    S3(String),
}

impl Source {
    pub fn storage(&self) -> StorageLocation {
        storage_location(self.storage_url.as_deref(), &self.data_dir)
    }

    /// A private scratch directory on the data directory's disk (a dump can
    /// be larger than /tmp), removed when dropped.
    pub fn work_dir(&self) -> anyhow::Result<tempfile::TempDir> {
        work_dir(&self.data_dir)
    }
}

pub fn storage_location(url: Option<&str>, data_dir: &Path) -> StorageLocation {
    match url {
        Some(u) if u.starts_with("s3://") => StorageLocation::S3(u.to_string()),
        Some(u) => StorageLocation::Local(PathBuf::from(u.strip_prefix("file://").unwrap_or(u))),
        None => StorageLocation::Local(data_dir.join("storage")),
    }
}

pub fn work_dir(data_dir: &Path) -> anyhow::Result<tempfile::TempDir> {
    std::fs::create_dir_all(data_dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", data_dir.display()))?;
    remove_stale(data_dir, ".backup-work-");
    tempfile::Builder::new()
        .prefix(".backup-work-")
        .tempdir_in(data_dir)
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot make a scratch directory in {}: {e}",
                data_dir.display()
            )
        })
}

/// How old a scratch directory or partial backup must be to count as left
/// by a process that died (no backup takes a day).
const STALE: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Delete the entries of `dir` named `prefix…` older than [`STALE`]: what a
/// killed backup or restore left (a dump can be as large as the database).
pub fn remove_stale(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let named = entry
            .file_name()
            .to_str()
            .is_some_and(|n| n.starts_with(prefix));
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE);
        if named && old {
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            match removed {
                Ok(()) => {
                    tracing::info!(path = %path.display(), "removed what an interrupted backup left")
                }
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "cannot remove what an interrupted backup left")
                }
            }
        }
    }
}

/// Dump, gather and write the archive of `source` to `out` (created 0600).
pub async fn make_archive(
    source: &Source,
    work: &Path,
    now: DateTime<Utc>,
    passphrase: Option<SecretString>,
    out: &Path,
) -> anyhow::Result<()> {
    let (migrations, roles) = database_facts(&source.db).await?;
    let storage = match source.storage() {
        StorageLocation::Local(_) => StorageManifest::Local,
        StorageLocation::S3(url) => StorageManifest::S3 {
            objects: s3_objects(&url).await?,
            url,
        },
    };
    let dump = work.join(archive::DUMP);
    pg_dump(source, &dump).await?;
    let keys: Vec<(String, PathBuf)> = KEY_FILES
        .iter()
        .map(|k| (k.to_string(), source.data_dir.join(k)))
        .filter(|(_, p)| p.is_file())
        .collect();
    let manifest = Manifest {
        format: FORMAT,
        pleat_version: env!("CARGO_PKG_VERSION").to_string(),
        created_at: now,
        migrations,
        storage,
        keys: keys.iter().map(|(k, _)| k.clone()).collect(),
        jwt_secret_from_env: !source.data_dir.join("jwt_secret").is_file(),
        roles,
    };
    let storage_dir = match source.storage() {
        StorageLocation::Local(dir) => Some(dir),
        StorageLocation::S3(_) => None,
    };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(out)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", out.display()))?;
    tokio::task::spawn_blocking(move || {
        archive::write(
            file,
            &Contents {
                manifest: &manifest,
                dump: &dump,
                storage_dir: storage_dir.as_deref(),
                keys: &keys,
            },
            passphrase.as_ref(),
        )
    })
    .await??;
    Ok(())
}

/// `pleat.schema_migrations` by set, and the cluster's roles.
pub async fn database_facts(
    db: &DbConn,
) -> anyhow::Result<(BTreeMap<String, Vec<i64>>, Vec<RoleSpec>)> {
    let mut conn = sqlx::PgConnection::connect_with(&db.connect_options())
        .await
        .map_err(|e| anyhow::anyhow!("cannot connect to the database: {e}"))?;
    let exists: bool =
        sqlx::query_scalar("select to_regclass('pleat.schema_migrations') is not null")
            .fetch_one(&mut conn)
            .await?;
    if !exists {
        anyhow::bail!("the database has no Pleat schema yet (run `pleat migrate` first)");
    }
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select set_name, version from pleat.schema_migrations order by 1, 2")
            .fetch_all(&mut conn)
            .await?;
    // Roles made by initdb or PostgreSQL itself have oids below 16384.
    let roles: Vec<(String, bool, bool, bool, Vec<String>)> = sqlx::query_as(
        "select r.rolname::text, r.rolcanlogin, r.rolinherit, r.rolbypassrls,
                array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid
                       where m.member = r.oid and g.oid >= 16384 and not g.rolsuper order by 1)
           from pg_roles r
          where r.oid >= 16384 and not r.rolsuper and r.rolname <> current_user
          order by 1",
    )
    .fetch_all(&mut conn)
    .await?;
    conn.close().await?;
    let mut by_set: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for (set, version) in rows {
        by_set.entry(set).or_default().push(version);
    }
    let roles = roles
        .into_iter()
        .map(|(name, login, inherit, bypassrls, member_of)| RoleSpec {
            name,
            login,
            inherit,
            bypassrls,
            member_of,
        })
        .collect();
    Ok((by_set, roles))
}

/// Every object under the storage prefix with the version it has now: the
/// files stay in the bucket, and a restore brings these versions back.
async fn s3_objects(url: &str) -> anyhow::Result<Vec<S3Object>> {
    let env: Vec<(String, String)> = std::env::vars().collect();
    let (store, _) = pleat_storage::backend::s3_store(url, &env)?;
    let metas: Vec<object_store::ObjectMeta> = store
        .list(None)
        .try_collect()
        .await
        .map_err(|e| anyhow::anyhow!("cannot list {url}: {e}"))?;
    // A listing carries no version ids; a HEAD of each object does.
    let mut objects: Vec<S3Object> = futures_util::stream::iter(metas)
        .map(|m| {
            let store = store.clone();
            async move {
                let head = store.head(&m.location).await?;
                Ok::<_, object_store::Error>(S3Object {
                    key: m.location.to_string(),
                    version: head.version,
                    e_tag: head.e_tag,
                    size: head.size,
                })
            }
        })
        .buffer_unordered(16)
        .try_collect()
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the objects of {url}: {e}"))?;
    objects.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(objects)
}

/// `pg_dump --format=custom` of the whole database: one snapshot, so every
/// schema is consistent at one instant. Unlogged tables keep their
/// definition but not their rows: they hold what PostgreSQL itself empties
/// after a crash (sign-in throttles, realtime presence and nodes of
/// processes that will not exist after a restore).
async fn pg_dump(source: &Source, out: &Path) -> anyhow::Result<()> {
    let mut cmd = tokio::process::Command::new(source.pg_bin_dir.join("pg_dump"));
    cmd.arg("--format=custom")
        .arg("--no-unlogged-table-data")
        .arg("--no-password")
        .arg("--file")
        .arg(out);
    run_pg_tool(cmd, &source.db, "pg_dump").await
}

/// Run a libpq tool against `db`, its connection in the environment only.
pub async fn run_pg_tool(
    mut cmd: tokio::process::Command,
    db: &DbConn,
    what: &str,
) -> anyhow::Result<()> {
    for (k, _) in std::env::vars_os() {
        if k.to_str().is_some_and(|k| k.starts_with("PG")) {
            cmd.env_remove(k);
        }
    }
    cmd.envs(db.env())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let out = cmd
        .output()
        .await
        .map_err(|e| anyhow::anyhow!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        anyhow::bail!("{what} failed: {}", err.trim());
    }
    Ok(())
}
