//! `pleat backup` and `pleat backup list`, and what the serving side needs
//! to make backups of the running installation: its [`Source`] and the
//! [`Store`] at `PLEAT_BACKUP_URL`.

use chrono::Utc;
use pleat_backup::db::find_client_bin_dir;
use pleat_backup::runs::{self, Finished};
use pleat_backup::{DbConn, Made, Source, Store};
use pleat_db::Database;
use secrecy::ExposeSecret;

use crate::cli::BackupCommand;
use crate::config::Config;
use crate::keys;
use crate::startup::db_settings;

/// The installation `db` belongs to: the managed cluster's socket (as its
/// superuser) or `DATABASE_URL`, the data dir, the storage URL, and the
/// `pg_dump` beside the managed cluster's server (else the newest found).
pub fn backup_source(config: &Config, db: &Database) -> anyhow::Result<Source> {
    let (conn, server_bin) = match (db.cluster(), &config.database_url) {
        (Some(cluster), _) => (
            DbConn::socket(cluster.pgdata(), cluster.port(), "postgres", "postgres"),
            Some(cluster.bin_dir().to_path_buf()),
        ),
        (None, Some(url)) => (DbConn::from_url(url.expose_secret())?, None),
        (None, None) => anyhow::bail!("no database: neither a managed cluster nor DATABASE_URL"),
    };
    Ok(Source {
        db: conn,
        data_dir: config.data_dir.clone(),
        storage_url: config.storage_url.clone(),
        pg_bin_dir: find_client_bin_dir(server_bin.as_deref())?,
    })
}

/// The store at `PLEAT_BACKUP_URL`, with `PLEAT_BACKUP_PASSPHRASE`.
pub fn open_store(config: &Config) -> anyhow::Result<Store> {
    Store::open(&config.backup.url, config.backup.passphrase.clone())
        .map_err(|e| anyhow::anyhow!("PLEAT_BACKUP_URL: {e}"))
}

pub async fn run(command: Option<BackupCommand>, config: &Config) -> anyhow::Result<()> {
    let store = open_store(config)?;
    match command {
        Some(BackupCommand::List) => {
            let listed = store.list().await?;
            if listed.is_empty() {
                println!("no backups in {}", store.describe());
            }
            for l in listed {
                println!(
                    "{}  {}  {}",
                    l.name,
                    l.created_at.format("%Y-%m-%d %H:%M:%S UTC"),
                    human_bytes(l.size_bytes)
                );
            }
            Ok(())
        }
        None => {
            let secret = keys::load_or_create_secret(config)?;
            let db = Database::open(&db_settings(config, &secret, 2).await?).await?;
            let result = backup_now(config, &db, &store).await;
            db.close().await?;
            let made = result?;
            println!(
                "made {} ({}) in {}",
                made.name,
                human_bytes(made.size_bytes),
                store.describe()
            );
            if !store.encrypted() {
                println!(
                    "not encrypted: it holds the JWT secret and every password hash; keep it private or set PLEAT_BACKUP_PASSPHRASE"
                );
            }
            // The backup is made: a failed pruning is said, not fatal.
            match store.prune(&config.backup.keep, Utc::now()).await {
                Ok(pruned) if !pruned.is_empty() => println!(
                    "deleted {} older backup{} (PLEAT_BACKUP_KEEP={}): {}",
                    pruned.len(),
                    if pruned.len() == 1 { "" } else { "s" },
                    config.backup.keep,
                    pruned.join(", ")
                ),
                Ok(_) => {}
                Err(e) => eprintln!("pleat: the older backups could not be pruned: {e:#}"),
            }
            // The last line is the name alone, for scripts.
            println!("{}", made.name);
            Ok(())
        }
    }
}

/// One backup now, recorded in `pleat_backup.runs` as made from the
/// command line (so the admin and the metrics see it too). The row is
/// written once the backup is over: a `running` row without a serving
/// replica's lease would be taken for one whose server stopped.
async fn backup_now(config: &Config, db: &Database, store: &Store) -> anyhow::Result<Made> {
    let source = backup_source(config, db)?;
    let started_at = Utc::now();
    let made = store.create(&source, started_at).await;
    let error;
    let finished = match &made {
        Ok(m) => Finished::Done {
            name: &m.name,
            size_bytes: m.size_bytes,
        },
        Err(e) => {
            let secrets = crate::startup::backup_secrets(config);
            let secrets: Vec<&str> = secrets.iter().map(String::as_str).collect();
            error = pleat_backup::failure::redact(&format!("{e:#}"), &secrets);
            Finished::Failed { error: &error }
        }
    };
    if let Err(e) = runs::record_cli(&db.owner, started_at, finished).await {
        eprintln!("pleat: the backup is not listed in the database: {e}");
    }
    made
}

pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit < UNITS.len() - 1 {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}
