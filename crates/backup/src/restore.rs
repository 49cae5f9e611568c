//! The steps of `pleat restore` that know nothing of Pleat's migrations:
//! what a target holds, emptying it, `pg_restore`, files and object
//! versions back, the runs table brought in line with the store, and what
//! was restored. The command itself (crates/server/src/restore.rs) runs them
//! in order, with the migrations of the binary in between.

use std::path::Path;

use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use object_store::path::Path as ObjectPath;
use object_store::{GetOptions, ObjectStore, ObjectStoreExt, WriteMultipart};
use sqlx::PgPool;

use crate::db::DbConn;
use crate::manifest::{RoleSpec, S3Object};
use crate::source::run_pg_tool;
use crate::store::Listed;

/// Schemas PostgreSQL itself owns; everything else is the installation's.
const SYSTEM_SCHEMAS: &str = "n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') \
     and n.nspname not like 'pg\\_temp\\_%' and n.nspname not like 'pg\\_toast\\_temp\\_%'";

/// What a restore would overwrite.
#[derive(Debug, Default)]
pub struct Occupied {
    pub tables: i64,
    pub schemas: Vec<String>,
    pub files: u64,
}

impl Occupied {
    pub fn is_empty(&self) -> bool {
        self.tables == 0 && self.files == 0
    }

    pub fn describe(&self, storage_dir: Option<&Path>) -> String {
        let mut parts = Vec::new();
        if self.tables > 0 {
            parts.push(format!(
                "{} table{} in schema{} {}",
                self.tables,
                if self.tables == 1 { "" } else { "s" },
                if self.schemas.len() == 1 { "" } else { "s" },
                self.schemas.join(", ")
            ));
        }
        if self.files > 0 {
            parts.push(format!(
                "{} file{} in {}",
                self.files,
                if self.files == 1 { "" } else { "s" },
                storage_dir
                    .map(|d| d.display().to_string())
                    .unwrap_or_default()
            ));
        }
        parts.join(" and ")
    }
}

/// Tables in any non-system schema, and files in the storage directory.
pub async fn occupied(pool: &PgPool, storage_dir: Option<&Path>) -> anyhow::Result<Occupied> {
    let rows: Vec<(String, i64)> = sqlx::query_as(&format!(
        "select n.nspname::text, count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'f') and {SYSTEM_SCHEMAS}
          group by 1 order by 1"
    ))
    .fetch_all(pool)
    .await?;
    let files = match storage_dir {
        Some(dir) => count_files(dir)?,
        None => 0,
    };
    Ok(Occupied {
        tables: rows.iter().map(|(_, n)| n).sum(),
        schemas: rows.into_iter().map(|(s, _)| s).collect(),
        files,
    })
}

fn count_files(dir: &Path) -> anyhow::Result<u64> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => anyhow::bail!("cannot read {}: {e}", dir.display()),
    };
    let mut n = 0;
    for entry in entries {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            n += count_files(&entry.path())?;
        } else {
            n += 1;
        }
    }
    Ok(n)
}

/// Empty the database (every non-system schema and publication, the
/// extensions in them; `public` made anew as PostgreSQL creates it) and the
/// storage directory. One transaction for the database.
pub async fn wipe(pool: &PgPool, storage_dir: Option<&Path>) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    let publications: Vec<String> = sqlx::query_scalar("select pubname::text from pg_publication")
        .fetch_all(&mut *tx)
        .await?;
    for p in publications {
        sqlx::query(&format!("drop publication {}", quote_ident(&p)))
            .execute(&mut *tx)
            .await?;
    }
    let extensions: Vec<String> =
        sqlx::query_scalar("select extname::text from pg_extension where extname <> 'plpgsql'")
            .fetch_all(&mut *tx)
            .await?;
    for e in extensions {
        sqlx::query(&format!(
            "drop extension if exists {} cascade",
            quote_ident(&e)
        ))
        .execute(&mut *tx)
        .await?;
    }
    let schemas: Vec<String> = sqlx::query_scalar(&format!(
        "select n.nspname::text from pg_namespace n where {SYSTEM_SCHEMAS}"
    ))
    .fetch_all(&mut *tx)
    .await?;
    for s in schemas {
        sqlx::query(&format!("drop schema {} cascade", quote_ident(&s)))
            .execute(&mut *tx)
            .await?;
    }
    sqlx::raw_sql(
        "create schema public authorization pg_database_owner;
         grant usage on schema public to public;
         comment on schema public is 'standard public schema';",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    if let Some(dir) = storage_dir {
        if dir.is_dir() {
            for entry in std::fs::read_dir(dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    std::fs::remove_dir_all(&path)?;
                } else {
                    std::fs::remove_file(&path)?;
                }
            }
        }
    }
    Ok(())
}

fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Make the recorded roles the cluster lacks (without passwords: a dump
/// holds none, and a login role's password is set again by its owner), and
/// their memberships; the names of those made.
pub async fn ensure_roles(pool: &PgPool, roles: &[RoleSpec]) -> anyhow::Result<Vec<String>> {
    let mut made = Vec::new();
    for role in roles {
        let exists: bool =
            sqlx::query_scalar("select exists (select 1 from pg_roles where rolname = $1)")
                .bind(&role.name)
                .fetch_one(pool)
                .await?;
        if exists {
            continue;
        }
        let options = format!(
            "{} {}",
            if role.login { "login" } else { "nologin" },
            if role.inherit { "inherit" } else { "noinherit" },
        );
        let create = format!("create role {} {options}", quote_ident(&role.name));
        let bypass = format!("{create} bypassrls");
        // Only a superuser may grant BYPASSRLS; without it the role relies
        // on its policies, as the roles migration does.
        let done = if role.bypassrls {
            match sqlx::query(&bypass).execute(pool).await {
                Ok(_) => Ok(()),
                Err(_) => sqlx::query(&create).execute(pool).await.map(|_| ()),
            }
        } else {
            sqlx::query(&create).execute(pool).await.map(|_| ())
        };
        done.map_err(|e| anyhow::anyhow!("cannot create the role {}: {e}", role.name))?;
        made.push(role.name.clone());
    }
    for role in roles {
        for group in &role.member_of {
            let member: bool = sqlx::query_scalar(
                "select exists (select 1 from pg_roles where rolname = $2)
                        and pg_has_role($1, $2, 'member')",
            )
            .bind(&role.name)
            .bind(group)
            .fetch_one(pool)
            .await?;
            if !member {
                sqlx::query(&format!(
                    "grant {} to {}",
                    quote_ident(group),
                    quote_ident(&role.name)
                ))
                .execute(pool)
                .await
                .map_err(|e| anyhow::anyhow!("cannot grant {group} to {}: {e}", role.name))?;
            }
        }
    }
    Ok(made)
}

/// `pg_restore` of `dump` into the (empty) database, in one transaction:
/// a failure leaves the database as empty as it was. Objects become the
/// restoring user's (the backup may come from another owner); grants to the
/// API roles come back with them.
pub async fn pg_restore(bin_dir: &Path, db: &DbConn, dump: &Path) -> anyhow::Result<()> {
    let mut cmd = tokio::process::Command::new(bin_dir.join("pg_restore"));
    cmd.arg("--no-owner")
        .arg("--exit-on-error")
        .arg("--single-transaction")
        .arg("--no-password")
        .arg("--dbname")
        .arg(db.dbname())
        .arg(dump);
    run_pg_tool(cmd, db, "pg_restore").await
}

/// Move (or copy, across file systems) the unpacked `from` tree into `to`.
pub fn restore_files(from: &Path, to: &Path) -> anyhow::Result<(u64, u64)> {
    std::fs::create_dir_all(to)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", to.display()))?;
    let mut files = 0;
    let mut bytes = 0;
    if !from.is_dir() {
        return Ok((0, 0));
    }
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            let (f, b) = restore_files(&entry.path(), &target)?;
            files += f;
            bytes += b;
        } else {
            let len = entry.metadata()?.len();
            if std::fs::rename(entry.path(), &target).is_err() {
                std::fs::copy(entry.path(), &target)
                    .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", target.display()))?;
            }
            files += 1;
            bytes += len;
        }
    }
    Ok((files, bytes))
}

/// The recorded objects of the bucket at `url` whose current version is
/// not the recorded one (changed or deleted since the backup). Refuses,
/// before anything is touched, when one of them cannot be brought back
/// because the bucket kept no versions.
pub async fn s3_objects_to_restore(
    url: &str,
    objects: &[S3Object],
) -> anyhow::Result<Vec<S3Object>> {
    let env: Vec<(String, String)> = std::env::vars().collect();
    let (store, _) = pleat_storage::backend::s3_store(url, &env)?;
    let mut changed = Vec::new();
    for object in objects {
        let path = ObjectPath::from(object.key.as_str());
        let current = match store.head(&path).await {
            Ok(meta) => Some(meta),
            Err(object_store::Error::NotFound { .. }) => None,
            Err(e) => anyhow::bail!("cannot read {} in {url}: {e}", object.key),
        };
        let same = match (&current, &object.version) {
            (Some(meta), Some(v)) => meta.version.as_deref() == Some(v.as_str()),
            (Some(meta), None) => meta.e_tag == object.e_tag,
            (None, _) => false,
        };
        if same {
            continue;
        }
        if object.version.is_none() {
            anyhow::bail!(
                "{} in {url} was changed or deleted since the backup, and the bucket keeps no versions, \
                 so it cannot be brought back (enable bucket versioning so backups can); nothing was restored",
                object.key
            );
        }
        changed.push(object.clone());
    }
    Ok(changed)
}

/// Copy the recorded version of each of `objects` back over its key in the
/// bucket at `url`. Returns (objects put back, their bytes).
pub async fn restore_s3_objects(url: &str, objects: &[S3Object]) -> anyhow::Result<(u64, u64)> {
    let env: Vec<(String, String)> = std::env::vars().collect();
    let (store, _) = pleat_storage::backend::s3_store(url, &env)?;
    let mut bytes = 0;
    for object in objects {
        let Some(version) = &object.version else {
            continue;
        };
        let path = ObjectPath::from(object.key.as_str());
        copy_version(store.as_ref(), &path, version)
            .await
            .map_err(|e| {
                anyhow::anyhow!(
                    "cannot bring back {} (version {version}) in {url}: {e}",
                    object.key
                )
            })?;
        bytes += object.size;
    }
    Ok((objects.len() as u64, bytes))
}

async fn copy_version(
    store: &dyn ObjectStore,
    path: &ObjectPath,
    version: &str,
) -> anyhow::Result<()> {
    let got = store
        .get_opts(
            path,
            GetOptions {
                version: Some(version.to_string()),
                ..Default::default()
            },
        )
        .await?;
    let upload = store.put_multipart(path).await?;
    let mut writer = WriteMultipart::new_with_chunk_size(upload, 8 * 1024 * 1024);
    let mut stream = got.into_stream();
    while let Some(chunk) = stream.next().await {
        match chunk {
            Ok(c) => {
                writer.wait_for_capacity(2).await?;
                writer.put(c);
            }
            Err(e) => {
                let _ = writer.abort().await;
                return Err(e.into());
            }
        }
    }
    writer.finish().await?;
    Ok(())
}

/// After a restore, `pleat_backup.runs` says what the store holds: the run
/// that made this backup (running when the dump was taken) is done, runs
/// left pending or running by the restored snapshot failed, and every
/// backup in the store has a done run.
pub async fn reconcile_runs(
    pool: &PgPool,
    restored: &str,
    restored_at: DateTime<Utc>,
    stored: &[Listed],
) -> anyhow::Result<()> {
    let exists: bool = sqlx::query_scalar("select to_regclass('pleat_backup.runs') is not null")
        .fetch_one(pool)
        .await?;
    if !exists {
        return Ok(());
    }
    let size = stored
        .iter()
        .find(|l| l.name == restored)
        .map(|l| l.size_bytes as i64);
    let mut tx = pool.begin().await?;
    let this: Option<i64> = sqlx::query_scalar(
        "select id from pleat_backup.runs
          where name = $1
             or (status = 'running' and name is null
                 and started_at between $2 - interval '10 minutes' and $2 + interval '10 minutes')
          order by (name = $1) desc nulls last, abs(extract(epoch from started_at - $2)) limit 1",
    )
    .bind(restored)
    .bind(restored_at)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = this {
        sqlx::query(
            "update pleat_backup.runs set name = $2, status = 'done', size_bytes = coalesce($3, size_bytes),
                    error = null, finished_at = coalesce(finished_at, now()), locked_until = null, claim = null
              where id = $1",
        )
        .bind(id)
        .bind(restored)
        .bind(size)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "update pleat_backup.runs set status = 'failed', error = 'interrupted: the database was restored from a backup',
                finished_at = now(), locked_until = null, claim = null
          where status in ('pending', 'running')",
    )
    .execute(&mut *tx)
    .await?;
    for l in stored {
        sqlx::query(
            "insert into pleat_backup.runs (name, trigger, status, size_bytes, created_at, started_at, finished_at)
             select $1, 'cli', 'done', $2, $3, $3, $3
              where not exists (select 1 from pleat_backup.runs where name = $1)",
        )
        .bind(&l.name)
        .bind(l.size_bytes as i64)
        .bind(l.created_at)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// What the restored database holds, for the command's last words.
#[derive(Debug)]
pub struct Summary {
    pub tables: i64,
    pub rows: i64,
    pub users: i64,
    pub sessions: i64,
    pub buckets: i64,
    pub objects: i64,
    pub object_bytes: i64,
}

pub async fn summary(pool: &PgPool) -> anyhow::Result<Summary> {
    let tables: Vec<(String, String)> = sqlx::query_as(&format!(
        "select n.nspname::text, c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and {SYSTEM_SCHEMAS} and not c.relispartition"
    ))
    .fetch_all(pool)
    .await?;
    let mut rows = 0i64;
    for (schema, table) in &tables {
        let n: i64 = sqlx::query_scalar(&format!(
            "select count(*) from {}.{}",
            quote_ident(schema),
            quote_ident(table)
        ))
        .fetch_one(pool)
        .await?;
        rows += n;
    }
    let count = |sql: &'static str| async move {
        let n: Option<i64> = sqlx::query_scalar(sql).fetch_one(pool).await.ok().flatten();
        n.unwrap_or(0)
    };
    Ok(Summary {
        tables: tables.len() as i64,
        rows,
        users: count("select count(*) from auth.users").await,
        sessions: count("select count(*) from auth.sessions").await,
        buckets: count("select count(*) from storage.buckets").await,
        objects: count("select count(*) from storage.objects").await,
        object_bytes: count(
            "select coalesce(sum((metadata->>'size')::bigint), 0)::bigint from storage.objects",
        )
        .await,
    })
}
