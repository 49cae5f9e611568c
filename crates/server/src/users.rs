//! `pleat user …`: owner accounts from the command line, with the same rules as
//! the auth API (they go through `pleat_auth::Accounts`).

use std::io::{BufRead, IsTerminal};

use pleat_auth::accounts::EDITOR;
use pleat_auth::{Accounts, User};

use crate::cli::UserCommand;
use crate::config::Config;
use crate::keys;
use crate::startup::db_settings;

pub async fn run(command: UserCommand, config: &Config) -> anyhow::Result<()> {
    let secret = keys::load_or_create_secret(config)?;
    let db = pleat_db::Database::open(&db_settings(config, &secret, 2).await?).await?;
    let accounts = Accounts::new(db.owner.clone(), config.password_min_length);
    let result = apply(command, &accounts).await;
    db.close().await?;
    result
}

async fn apply(command: UserCommand, accounts: &Accounts) -> anyhow::Result<()> {
    match command {
        UserCommand::Add { email } => {
            let password = read_password(&format!("Password for {email}: "))?;
            let user = accounts
                .create_user(&email, &password, true)
                .await
                .map_err(|e| anyhow::anyhow!("cannot add {email}: {e}"))?;
            println!("added {} ({}), an editor", user.email_str(), user.id);
        }
        UserCommand::Passwd { email } => {
            let password = read_password(&format!("New password for {email}: "))?;
            accounts
                .set_password(&email, &password)
                .await
                .map_err(|e| anyhow::anyhow!("cannot change the password of {email}: {e}"))?;
            println!("password changed; {email} is signed out everywhere");
        }
        UserCommand::List => {
            for user in accounts.list_users().await? {
                println!("{}", list_line(&user));
            }
        }
        UserCommand::Remove { email } => {
            if !accounts.remove_user(&email).await? {
                anyhow::bail!("there is no user {email}");
            }
            println!("removed {email}");
        }
    }
    Ok(())
}

/// Id, email, last sign-in, and whether the account is an editor (only
/// administrators set `app_metadata.editor`; self sign-ups lack it).
fn list_line(user: &User) -> String {
    let last = user
        .last_sign_in_at
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|| "never signed in".into());
    let editor = match user.app_metadata.get(EDITOR).and_then(|v| v.as_bool()) {
        Some(true) => "editor",
        _ => "not an editor",
    };
    format!("{}  {}  {last}  {editor}", user.id, user.email_str())
}

/// One line from stdin when it is piped, else a prompt that does not echo.
fn read_password(prompt: &str) -> anyhow::Result<String> {
    let password = if std::io::stdin().is_terminal() {
        rpassword::prompt_password(prompt)?
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_string()
    };
    Ok(password)
}
