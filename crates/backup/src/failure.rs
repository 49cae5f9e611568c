//! What a failed backup leaves behind: its error as the admin and the mail
//! show it (with every secret the server knows taken out, and credentials in
//! URLs masked), and, when a scheduled backup fails right after another
//! scheduled one failed, one `backup_failed` mail to the notification
//! address (`pleat_backup.state.notify_email`, else `PLEAT_ADMIN_EMAIL`).
//! A third failure in a row mails nobody: the owner already knows, and the
//! streak ends with the next backup that succeeds.

use chrono::{DateTime, Local, Utc};
use serde_json::json;
use sqlx::PgConnection;

use crate::runs::{self, Failed};

/// The mail template (embedded in pleat-mail).
pub const TEMPLATE: &str = "backup_failed";

/// Longest error kept: enough for pg_dump's last lines, never a whole log.
const MAX_ERROR: usize = 2000;

/// `text` without any of `secrets` and without the password of any
/// `scheme://user:password@host` in it, cut to a readable length.
pub fn redact(text: &str, secrets: &[&str]) -> String {
    let mut out = text.to_string();
    for secret in secrets.iter().filter(|s| s.len() >= 4) {
        out = out.replace(secret, "[redacted]");
    }
    out = mask_url_passwords(&out);
    if out.len() > MAX_ERROR {
        let mut end = MAX_ERROR;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
        out.push('…');
    }
    out
}

fn mask_url_passwords(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("://") {
        let (before, after) = rest.split_at(at + 3);
        out.push_str(before);
        let authority_end = after
            .find(|c: char| c == '/' || c.is_whitespace() || "\"'<>?#".contains(c))
            .unwrap_or(after.len());
        let authority = &after[..authority_end];
        match authority.rfind('@') {
            Some(at) if authority[..at].contains(':') => {
                let user = &authority[..authority[..at].find(':').unwrap_or(at)];
                out.push_str(user);
                out.push_str(":[redacted]");
                out.push_str(&authority[at..]);
            }
            _ => out.push_str(authority),
        }
        rest = &after[authority_end..];
    }
    out.push_str(rest);
    out
}

/// A time as the owner reads it: the server's local time with its offset.
pub fn local_time(t: DateTime<Utc>) -> String {
    t.with_timezone(&Local)
        .format("%Y-%m-%d %H:%M (UTC%:z)")
        .to_string()
}

/// Who hears of failures, and where backups are kept (as the mail names it).
#[derive(Debug, Clone, Default)]
pub struct Notify {
    /// PLEAT_ADMIN_EMAIL, used when the app set no address.
    pub admin_email: Option<String>,
    /// PLEAT_BACKUP_URL without credentials.
    pub location: String,
}

/// After `failed` was marked failed in `conn`'s transaction: queue the mail
/// if this is the second scheduled failure in a row. The outbox row commits
/// or rolls back with the failure. The mail's id, if one was queued.
pub async fn after_failure(
    conn: &mut PgConnection,
    failed: &Failed,
    notify: &Notify,
) -> Result<Option<i64>, sqlx::Error> {
    let Some(slot) = failed.slot.filter(|_| failed.trigger == "schedule") else {
        return Ok(None);
    };
    if runs::scheduled_failures_in_a_row(&mut *conn, slot).await? != 2 {
        return Ok(None);
    }
    let recipient = match runs::notify_email(&mut *conn).await? {
        Some(address) => address,
        None => match &notify.admin_email {
            Some(address) => address.clone(),
            None => {
                tracing::warn!(
                    "backup: two scheduled backups failed in a row and there is nobody to tell: no notification address is set and PLEAT_ADMIN_EMAIL is unset"
                );
                return Ok(None);
            }
        },
    };
    let previous = runs::previous_scheduled_failure(&mut *conn, slot).await?;
    let last_success = runs::last_success(&mut *conn).await?;
    let vars = json!({
        "slot": local_time(slot),
        "error": failed.error.as_deref().unwrap_or("unknown"),
        "previous_slot": previous.as_ref().and_then(|p| p.slot).map(local_time),
        "previous_error": previous.as_ref().and_then(|p| p.error.as_deref()),
        "last_success": last_success.map(local_time),
        "location": notify.location,
    });
    let id = pleat_mail::outbox::enqueue(&mut *conn, TEMPLATE, &recipient, &vars, None).await?;
    tracing::warn!(mail = id, to = %recipient, "backup: two scheduled backups failed in a row; the owner is mailed");
    Ok(Some(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_and_url_passwords_are_taken_out() {
        let e = "pg_dump: connection to postgres://pleat:hunter22@db:5432/pleat failed; passphrase correct-horse rejected";
        let clean = redact(e, &["correct-horse"]);
        assert_eq!(
            clean,
            "pg_dump: connection to postgres://pleat:[redacted]@db:5432/pleat failed; passphrase [redacted] rejected"
        );
        assert_eq!(
            redact("s3://bucket/prefix: access denied", &[]),
            "s3://bucket/prefix: access denied"
        );
        assert_eq!(redact("user@host:5432", &[]), "user@host:5432");
        assert_eq!(
            redact("http://a:b@h and https://c:d@e/x", &[]),
            "http://a:[redacted]@h and https://c:[redacted]@e/x"
        );
    }

    #[test]
    fn long_errors_are_cut() {
        let long = "é".repeat(3000);
        let clean = redact(&long, &[]);
        assert!(clean.len() <= MAX_ERROR + '…'.len_utf8());
        assert!(clean.ends_with('…'));
    }
}
