use std::process::ExitCode;

use clap::Parser;
use pleat_db::upgrade::Outcome;
use pleat_server::cli::{Cli, Command, GenCommand, TypesCommand};
use pleat_server::config::Config;
use pleat_server::keys;
use pleat_server::startup::{db_settings, Application};

// glibc's malloc was most of the CPU time per request in the REST benchmark
// (scripts/bench-rest); mimalloc handles the many small short-lived buffers better.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("pleat: configuration: {e}");
            return ExitCode::from(2);
        }
    };
    pleat_server::telemetry::init(config.log_format);
    match run(cli.command.unwrap_or(Command::Serve), config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pleat: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve => {
            let addr = config.addr;
            let app = Application::build(config).await?;
            let host = if addr.ip().is_unspecified() {
                "127.0.0.1".to_string()
            } else {
                addr.ip().to_string()
            };
            println!("Pleat is serving at http://{host}:{}", app.port());
            app.run_until_stopped().await
        }
        Command::Migrate { dry_run: false } => {
            let secret = keys::load_or_create_secret(&config)?;
            let db = pleat_db::Database::open(&db_settings(&config, &secret, 1).await?).await?;
            db.close().await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Migrate { dry_run: true } => {
            let secret = keys::load_or_create_secret(&config)?;
            let settings = db_settings(&config, &secret, 1).await?;
            let pending = pleat_db::pool::pending_migrations(&settings).await?;
            for m in &pending {
                println!("{} {} {}", m.set, m.version, m.description);
            }
            match pending.len() {
                0 => println!("nothing to apply: the database is up to date"),
                n => println!("{n} migration(s) would be applied (none was)"),
            }
            Ok(())
        }
        Command::UpgradeDb { old_bindir } => {
            anyhow::ensure!(
                config.database_url.is_none(),
                "DATABASE_URL is set: pleat upgrade-db upgrades the managed database in PLEAT_DATA_DIR; \
                 upgrade an external server with its own tools"
            );
            let data_dir = config.data_dir.clone();
            let outcome = tokio::task::spawn_blocking(move || {
                pleat_db::upgrade::upgrade(
                    &data_dir,
                    &pleat_db::bins::BinLookup::system(),
                    old_bindir.as_deref(),
                )
            })
            .await??;
            match outcome {
                Outcome::NoCluster => println!(
                    "there is no managed database in {} yet; nothing to upgrade",
                    config.data_dir.display()
                ),
                Outcome::Current { version } => {
                    println!("the database is already on PostgreSQL {version}; nothing to do")
                }
                Outcome::Upgraded { from, to, old } => println!(
                    "upgraded the database from PostgreSQL {from} to {to}; the old files are kept in {} \
                     (delete them once pleat runs well)",
                    old.display()
                ),
            }
            Ok(())
        }
        Command::Keys { command } => keys::run(command, &config).await,
        Command::User(command) => pleat_server::users::run(command, &config).await,
        Command::Backup { command } => pleat_server::backup::run(command, &config).await,
        Command::Restore { name, force } => pleat_server::restore::run(&name, force, &config).await,
        Command::Gen(GenCommand::Types(TypesCommand::Typescript { schema })) => {
            pleat_server::typegen::run(schema, &config).await
        }
    }
}
