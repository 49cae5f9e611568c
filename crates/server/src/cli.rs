//! The command line: `pleat [serve]`, `pleat migrate`, `pleat keys`.
//! Settings come only from the environment (see `config`).

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "pleat", version, about = "A marketing site and a Supabase-compatible API over PostgreSQL, in one program")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site and the APIs (the default)
    Serve,
    /// Apply the database migrations and exit
    Migrate,
    /// Print the anon and service_role API keys
    Keys,
}
