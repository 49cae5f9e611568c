//! The command line: `pleat [serve]`, `pleat migrate [--dry-run]`,
//! `pleat upgrade-db`, `pleat keys [rotate|revoke]`,
//! `pleat user add|passwd|reset-mfa|list|remove`,
//! `pleat backup [list]`, `pleat restore NAME`,
//! `pleat gen types typescript [--schema a,b]`.
//! Settings come only from the environment (see `config`).

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "pleat",
    version,
    about = "A marketing site and a Supabase-compatible API over PostgreSQL, in one program"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the site and the APIs (the default)
    Serve,
    /// Apply the database migrations and exit
    Migrate {
        /// List the migrations that would run, and run none
        #[arg(long)]
        dry_run: bool,
    },
    /// Move the managed database to the installed PostgreSQL major version
    /// (with pg_upgrade; the old files are kept); pleat must be stopped
    UpgradeDb {
        /// The old PostgreSQL version's programs (default:
        /// /usr/lib/postgresql/<old version>/bin)
        #[arg(long, value_name = "DIR")]
        old_bindir: Option<std::path::PathBuf>,
    },
    /// Print the API keys (publishable and secret, and the legacy anon and
    /// service_role JWTs) and the signing keys; rotate or revoke keys
    Keys {
        #[command(subcommand)]
        command: Option<KeysCommand>,
    },
    /// Manage the owner accounts that sign in to /admin
    #[command(subcommand)]
    User(UserCommand),
    /// Make a backup now (its name is the last line printed), or list them
    Backup {
        #[command(subcommand)]
        command: Option<BackupCommand>,
    },
    /// Bring the database, files and keys back to a backup (with pleat stopped)
    Restore {
        /// The backup's name, as `pleat backup list` prints it
        name: String,
        /// Replace a database or storage directory that is not empty
        #[arg(long)]
        force: bool,
    },
    /// Generate code from the database's schema
    #[command(subcommand)]
    Gen(GenCommand),
}

#[derive(Debug, Subcommand)]
pub enum GenCommand {
    /// Print types of the database's schema
    #[command(subcommand)]
    Types(TypesCommand),
}

#[derive(Debug, Subcommand)]
pub enum TypesCommand {
    /// Print the `Database` type for `createClient<Database>()` of supabase-js
    /// (the Supabase CLI's `gen types typescript` shape)
    Typescript {
        /// The schemas to describe (default: PLEAT_DB_SCHEMAS, the ones /rest/v1 serves)
        #[arg(long, value_delimiter = ',', value_name = "SCHEMA,…")]
        schema: Option<Vec<String>>,
    },
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Make a new signing key current; the current one becomes previous and
    /// keeps verifying the tokens it signed until it is revoked
    Rotate {
        /// ES256 (P-256, the default) or RS256 (RSA 2048)
        #[arg(long, default_value = "ES256")]
        algorithm: pleat_auth::keyring::KeyAlgorithm,
    },
    /// Revoke a previous signing key (by kid), or a publishable or secret
    /// API key (the key itself or its id; a new one is made in its place)
    Revoke { key: String },
}

#[derive(Debug, Subcommand)]
pub enum BackupCommand {
    /// List the backups at PLEAT_BACKUP_URL, newest first
    List,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a confirmed user (password from stdin when piped, else a hidden prompt)
    Add { email: String },
    /// Set a user's password (ends the user's sessions)
    Passwd { email: String },
    /// Turn off a user's two-step sign-in (removes every second factor), for a lost phone
    ResetMfa { email: String },
    /// List the users
    List,
    /// Delete a user and its sessions
    Remove { email: String },
}
