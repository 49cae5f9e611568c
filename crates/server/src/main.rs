use std::process::ExitCode;

use clap::Parser;
use pleat_server::cli::{Cli, Command};
use pleat_server::config::Config;
use pleat_server::keys::{self, ApiKeys};
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
        Command::Migrate => {
            let secret = keys::load_or_create_secret(&config)?;
            let db = pleat_db::Database::open(&db_settings(&config, &secret, 1).await?).await?;
            db.close().await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Keys => {
            let secret = keys::load_or_create_secret(&config)?;
            let keys = ApiKeys::new(&secret);
            println!("anon key:         {}", keys.anon);
            println!("service_role key: {}", keys.service_role);
            Ok(())
        }
        Command::User(command) => pleat_server::users::run(command, &config).await,
    }
}
