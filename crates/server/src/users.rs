//! `pleat user …`: owner accounts from the command line, with the same rules as
//! the auth API (they go through `pleat_auth::Accounts`).

use std::io::{BufRead, IsTerminal};

use pleat_auth::accounts::EDITOR;
use pleat_auth::{Accounts, User};
use sqlx::PgPool;
use uuid::Uuid;

use crate::cli::UserCommand;
use crate::config::Config;
use crate::keys;
use crate::startup::db_settings;

pub async fn run(command: UserCommand, config: &Config) -> anyhow::Result<()> {
    let secret = keys::load_or_create_secret(config)?;
    let db = pleat_db::Database::open(&db_settings(config, &secret, 2).await?).await?;
    let accounts = Accounts::new(db.owner.clone(), config.password_min_length);
    let result = apply(command, &accounts, &db.owner).await;
    db.close().await?;
    result
}

async fn apply(command: UserCommand, accounts: &Accounts, pool: &PgPool) -> anyhow::Result<()> {
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
        UserCommand::ResetMfa { email } => reset_mfa(pool, &email).await?,
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

/// Removes every second factor of `email` (TOTP apps, security keys), for an
/// owner who lost the phone their codes came from: they sign in with their
/// password alone until they turn two-step sign-in on again. Sessions that had
/// passed a second step drop back to aal1 (`pleat_auth::mfa::reset_mfa`, as
/// the admin API removes a factor), so the factor leaves no trace in a
/// refreshed token.
/// Passkeys are left alone: they are a way to sign in, not a second step.
async fn reset_mfa(pool: &PgPool, email: &str) -> anyhow::Result<()> {
    let email = pleat_auth::validate::email(email).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut tx = pool.begin().await?;
    let user: Option<(Uuid, String)> =
        sqlx::query_as("SELECT id, email FROM auth.users WHERE lower(email) = lower($1)")
            .bind(&email)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((user_id, email)) = user else {
        anyhow::bail!("there is no user {email}");
    };
    // Counted before the deletion: an enrolment left half way was no two-step sign-in.
    let verified: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM auth.mfa_factors WHERE user_id = $1 AND status = 'verified'",
    )
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    pleat_auth::mfa::reset_mfa(&mut tx, user_id).await?;
    tx.commit().await?;
    println!("{}", reset_line(&email, verified));
    Ok(())
}

fn reset_line(email: &str, removed: i64) -> String {
    match removed {
        0 => format!("{email} had no two-step sign-in; nothing changed"),
        1 => format!("two-step sign-in is off for {email} (1 factor removed); they sign in with their password alone until they turn it on again"),
        n => format!("two-step sign-in is off for {email} ({n} factors removed); they sign in with their password alone until they turn it on again"),
    }
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
