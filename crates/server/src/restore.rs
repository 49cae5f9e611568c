//! `pleat restore NAME [--force]`: with pleat stopped, bring a fresh or
//! existing data directory (or an empty external database) back to exactly
//! that backup, then apply this binary's newer migrations on top, so a
//! backup from an older Pleat restores into a newer one. A backup whose
//! database had migrations this binary does not know (made by a newer
//! Pleat) is refused before anything is touched.

use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use pleat_backup::db::find_client_bin_dir;
use pleat_backup::manifest::StorageManifest;
use pleat_backup::source::{storage_location, work_dir, StorageLocation};
use pleat_backup::{archive, restore, DbConn, Manifest};
use pleat_db::bins::BinLookup;
use pleat_db::migrate::Set;
use pleat_db::ManagedCluster;
use secrecy::ExposeSecret;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

use crate::backup::{human_bytes, open_store};
use crate::config::Config;

pub async fn run(name: &str, force: bool, config: &Config) -> anyhow::Result<()> {
    let store = open_store(config)?;
    let sets = crate::migrations::all(&config.migrations_dir).await?;
    let work = work_dir(&config.data_dir)?;
    let archive_path = store.fetch(name, work.path()).await?;
    let unpacked = work.path().join("unpacked");
    std::fs::create_dir(&unpacked)?;
    let (from, to) = (archive_path.clone(), unpacked.clone());
    let encrypted = name.ends_with(".age");
    let passphrase = store.passphrase().cloned();
    let manifest = tokio::task::spawn_blocking(move || {
        let reader = archive::open(&from, encrypted, passphrase.as_ref())?;
        archive::unpack(reader, &to)
    })
    .await?
    .map_err(|e| anyhow::anyhow!("{name}: {e:#}"))?;
    refuse_newer(&manifest, &sets)?;

    let target_storage = storage_location(config.storage_url.as_deref(), &config.data_dir);
    match (&manifest.storage, &target_storage) {
        (StorageManifest::Local, StorageLocation::S3(url)) => anyhow::bail!(
            "{name} holds its files itself (it was made with local storage), but PLEAT_STORAGE_URL is {url}; restore it with local storage"
        ),
        (StorageManifest::S3 { url, .. }, StorageLocation::Local(_)) => anyhow::bail!(
            "{name}'s files are in {url} (it was made with S3 storage); set PLEAT_STORAGE_URL to that bucket to restore it"
        ),
        _ => {}
    }
    let storage_dir = match &target_storage {
        StorageLocation::Local(dir) => Some(dir.clone()),
        StorageLocation::S3(_) => None,
    };

    let target = Target::open(config).await?;
    let backup = Unpacked {
        name,
        manifest: &manifest,
        dir: &unpacked,
    };
    let result = restore_into(
        &target,
        &backup,
        storage_dir.as_deref(),
        force,
        config,
        &sets,
        &store,
    )
    .await;
    target.close().await;
    result
}

/// The database a restore writes to, with nobody else on it.
struct Target {
    conn: DbConn,
    pool: PgPool,
    pg_bin_dir: PathBuf,
    cluster: Option<ManagedCluster>,
}

impl Target {
    async fn open(config: &Config) -> anyhow::Result<Target> {
        let (conn, cluster) = match &config.database_url {
            Some(url) => (DbConn::from_url(url.expose_secret())?, None),
            None => {
                let dir = config.data_dir.clone();
                let cluster = tokio::task::spawn_blocking(move || {
                    ManagedCluster::start(&dir, &BinLookup::system())
                })
                .await??;
                if !cluster.started_here() {
                    anyhow::bail!(
                        "pleat is running on {}; stop it before restoring",
                        config.data_dir.display()
                    );
                }
                (
                    DbConn::socket(cluster.pgdata(), cluster.port(), "postgres", "postgres"),
                    Some(cluster),
                )
            }
        };
        let pool = PgPoolOptions::new()
            .max_connections(2)
            .connect_with(conn.connect_options())
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to the database: {e}"))?;
        // pleat's own connections (its pools, its LISTEN connections, a
        // realtime replication stream) or anyone else's: a restore that
        // writes under a live client would leave a mix of two states.
        // A pleat stopped a moment ago may still have backends exiting:
        // give them a few seconds before calling the database busy.
        let mut others: Vec<String> = Vec::new();
        for attempt in 0..10 {
            if attempt > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
            others = sqlx::query_scalar(
                "select coalesce(nullif(application_name, ''), 'unnamed') from pg_stat_activity
                  where datname = current_database() and pid <> pg_backend_pid()
                    and backend_type in ('client backend', 'walsender')",
            )
            .fetch_all(&pool)
            .await?;
            if others.is_empty() {
                break;
            }
        }
        if !others.is_empty() {
            pool.close().await;
            let mut names = others.clone();
            names.sort();
            names.dedup();
            anyhow::bail!(
                "{} other connection{} to this database ({}): stop pleat and close them before restoring",
                others.len(),
                if others.len() == 1 { " is" } else { "s are" },
                names.join(", ")
            );
        }
        let pg_bin_dir = find_client_bin_dir(
            cluster
                .as_ref()
                .map(|c| c.bin_dir().to_path_buf())
                .as_deref(),
        )?;
        Ok(Target {
            conn,
            pool,
            pg_bin_dir,
            cluster,
        })
    }

    async fn close(mut self) {
        self.pool.close().await;
        if let Some(mut cluster) = self.cluster.take() {
            let stopped = tokio::task::spawn_blocking(move || cluster.stop()).await;
            if let Ok(Err(e)) = stopped {
                eprintln!("pleat: stopping the managed PostgreSQL failed: {e}");
            }
        }
    }
}

/// Every set and version the backup's database had must be one this
/// binary knows; a newer Pleat's backup would lose what only it knows.
fn refuse_newer(manifest: &Manifest, sets: &[Set]) -> anyhow::Result<()> {
    for (set, versions) in &manifest.migrations {
        let known = sets.iter().find(|s| &s.name == set);
        let unknown: Vec<i64> = versions
            .iter()
            .filter(|v| !known.is_some_and(|s| s.migrations.iter().any(|m| m.version == **v)))
            .copied()
            .collect();
        if !unknown.is_empty() {
            anyhow::bail!(
                "this backup was made by a newer Pleat ({}): its {set} migrations {} are unknown to this one ({}); restore it with that version or newer",
                manifest.pleat_version,
                unknown.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
                env!("CARGO_PKG_VERSION"),
            );
        }
    }
    Ok(())
}

/// The backup being restored, unpacked in the scratch directory.
struct Unpacked<'a> {
    name: &'a str,
    manifest: &'a Manifest,
    dir: &'a Path,
}

async fn restore_into(
    target: &Target,
    backup: &Unpacked<'_>,
    storage_dir: Option<&Path>,
    force: bool,
    config: &Config,
    sets: &[Set],
    store: &pleat_backup::Store,
) -> anyhow::Result<()> {
    let Unpacked {
        name,
        manifest,
        dir: unpacked,
    } = *backup;
    // Objects in S3 to bring back are known (and a bucket without versions
    // refused) before anything is emptied.
    let s3_changed = match &manifest.storage {
        StorageManifest::S3 { objects, .. } => {
            let url = config.storage_url.clone().unwrap_or_default();
            Some((
                restore::s3_objects_to_restore(&url, objects).await?,
                objects.len(),
                url,
            ))
        }
        StorageManifest::Local => None,
    };
    let occupied = restore::occupied(&target.pool, storage_dir).await?;
    if !occupied.is_empty() {
        if !force {
            anyhow::bail!(
                "the target is not empty ({}); add --force to replace it with {name}",
                occupied.describe(storage_dir)
            );
        }
        restore::wipe(&target.pool, storage_dir).await?;
        println!("emptied the target ({})", occupied.describe(storage_dir));
    }
    // Roles are the cluster's, not the database's, so no dump holds them:
    // the API roles come from the roles migration (idempotent), the app's
    // from the manifest.
    if let Some(roles) = sets.iter().find(|s| s.name == "roles") {
        for m in &roles.migrations {
            sqlx::raw_sql(&m.sql).execute(&target.pool).await?;
        }
    }
    let made_roles = restore::ensure_roles(&target.pool, &manifest.roles).await?;
    if !made_roles.is_empty() {
        println!(
            "created the roles {} (without passwords: set any login role's again)",
            made_roles.join(", ")
        );
    }
    restore::pg_restore(
        &target.pg_bin_dir,
        &target.conn,
        &unpacked.join(archive::DUMP),
    )
    .await?;

    let (files, file_bytes) = match (&manifest.storage, storage_dir) {
        (StorageManifest::Local, Some(dir)) => {
            restore::restore_files(&unpacked.join(archive::STORAGE), dir)?
        }
        (StorageManifest::S3 { .. }, None) => match &s3_changed {
            Some((changed, recorded, url)) => {
                let (n, b) = restore::restore_s3_objects(url, changed).await?;
                println!(
                    "{n} of {recorded} objects in {url} brought back to their backed-up version"
                );
                (n, b)
            }
            None => (0, 0),
        },
        _ => (0, 0),
    };
    let keys = restore_keys(unpacked, &config.data_dir, manifest)?;

    let before = applied_count(&target.pool).await?;
    pleat_db::migrate::run(&target.pool, sets).await?;
    let upgraded = applied_count(&target.pool).await? - before;
    let stored = store.list().await?;
    restore::reconcile_runs(&target.pool, name, manifest.created_at, &stored).await?;
    let s = restore::summary(&target.pool).await?;

    println!(
        "restored {name} (made {} by Pleat {})",
        manifest.created_at.format("%Y-%m-%d %H:%M:%S UTC"),
        manifest.pleat_version
    );
    println!(
        "database: {} rows in {} tables; {} users, {} sessions; {} buckets, {} objects ({})",
        s.rows,
        s.tables,
        s.users,
        s.sessions,
        s.buckets,
        s.objects,
        human_bytes(s.object_bytes.max(0) as u64)
    );
    if matches!(manifest.storage, StorageManifest::Local) {
        println!(
            "files: {files} ({}) into {}",
            human_bytes(file_bytes),
            storage_dir
                .map(|d| d.display().to_string())
                .unwrap_or_default()
        );
    }
    if keys.is_empty() {
        println!("keys: none in the backup");
    } else {
        println!(
            "keys: {} into {}",
            keys.join(", "),
            config.data_dir.display()
        );
    }
    if manifest.jwt_secret_from_env {
        println!("the backup's JWT secret came from PLEAT_JWT_SECRET: start pleat with the same value, or its sessions and API keys will not verify");
    } else if config.jwt_secret.is_some() && !keys.is_empty() {
        println!("PLEAT_JWT_SECRET is set, so the restored jwt_secret file is not used: unset it to keep the backup's sessions and API keys");
    }
    if upgraded > 0 {
        println!(
            "applied {upgraded} newer migration{} on top",
            if upgraded == 1 { "" } else { "s" }
        );
    }
    Ok(())
}

async fn applied_count(pool: &PgPool) -> anyhow::Result<i64> {
    Ok(
        sqlx::query_scalar("select count(*) from pleat.schema_migrations")
            .fetch_one(pool)
            .await?,
    )
}

/// The backup's key files into the data dir, readable by its owner only.
fn restore_keys(
    unpacked: &Path,
    data_dir: &Path,
    manifest: &Manifest,
) -> anyhow::Result<Vec<String>> {
    let mut restored = Vec::new();
    for key in &manifest.keys {
        if !pleat_backup::source::KEY_FILES.contains(&key.as_str()) {
            continue;
        }
        let bytes = std::fs::read(unpacked.join(archive::KEYS).join(key))?;
        let path = data_dir.join(key);
        let tmp = data_dir.join(format!(".{key}.restoring"));
        let _ = std::fs::remove_file(&tmp);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&tmp)?;
        std::io::Write::write_all(&mut file, &bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, &path)?;
        restored.push(key.clone());
    }
    Ok(restored)
}
