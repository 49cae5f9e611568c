//! Mail templates: for a mail named `n`, `n.subject.txt`, `n.txt` (the plain
//! text part) and `n.html` (the HTML part), rendered with minijinja. The
//! backend's own mails (recovery, invite, magic_link, email_change,
//! confirmation, reauthentication, backup_failed, and `layout.html` they extend) are embedded in this crate;
//! a file of the same name in the app's directory (`PLEAT_MAIL_TEMPLATES_DIR`)
//! replaces one, and the app adds its own mails there. `.html` templates
//! escape every printed value, so what a visitor typed cannot become markup.

use std::path::{Path, PathBuf};

use minijinja::{Environment, UndefinedBehavior};
use serde_json::Value;

const EMBEDDED: &[(&str, &str)] = &[
    ("layout.html", include_str!("../templates/layout.html")),
    (
        "recovery.subject.txt",
        include_str!("../templates/recovery.subject.txt"),
    ),
    ("recovery.txt", include_str!("../templates/recovery.txt")),
    ("recovery.html", include_str!("../templates/recovery.html")),
    (
        "invite.subject.txt",
        include_str!("../templates/invite.subject.txt"),
    ),
    ("invite.txt", include_str!("../templates/invite.txt")),
    ("invite.html", include_str!("../templates/invite.html")),
    (
        "magic_link.subject.txt",
        include_str!("../templates/magic_link.subject.txt"),
    ),
    (
        "magic_link.txt",
        include_str!("../templates/magic_link.txt"),
    ),
    (
        "magic_link.html",
        include_str!("../templates/magic_link.html"),
    ),
    (
        "email_change.subject.txt",
        include_str!("../templates/email_change.subject.txt"),
    ),
    (
        "email_change.txt",
        include_str!("../templates/email_change.txt"),
    ),
    (
        "email_change.html",
        include_str!("../templates/email_change.html"),
    ),
    (
        "confirmation.subject.txt",
        include_str!("../templates/confirmation.subject.txt"),
    ),
    (
        "confirmation.txt",
        include_str!("../templates/confirmation.txt"),
    ),
    (
        "confirmation.html",
        include_str!("../templates/confirmation.html"),
    ),
    (
        "reauthentication.subject.txt",
        include_str!("../templates/reauthentication.subject.txt"),
    ),
    (
        "reauthentication.txt",
        include_str!("../templates/reauthentication.txt"),
    ),
    (
        "reauthentication.html",
        include_str!("../templates/reauthentication.html"),
    ),
    (
        "backup_failed.subject.txt",
        include_str!("../templates/backup_failed.subject.txt"),
    ),
    (
        "backup_failed.txt",
        include_str!("../templates/backup_failed.txt"),
    ),
    (
        "backup_failed.html",
        include_str!("../templates/backup_failed.html"),
    ),
];

/// One rendered mail.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Names are plain (`[a-z0-9_.-]`), so a template name can never leave the
/// directory.
fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_.-".contains(&b))
}

fn load(dir: Option<&Path>, name: &str) -> Result<Option<String>, minijinja::Error> {
    if !safe_name(name) {
        return Ok(None);
    }
    if let Some(dir) = dir {
        match std::fs::read_to_string(dir.join(name)) {
            Ok(source) => return Ok(Some(source)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(minijinja::Error::new(
                    minijinja::ErrorKind::InvalidOperation,
                    format!("cannot read mail template {name}: {e}"),
                ))
            }
        }
    }
    Ok(EMBEDDED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| s.to_string()))
}

/// Render mail `name` with `context` (an object). An error names the template
/// and the reason; the caller marks the mail failed (retrying cannot help).
pub fn render(dir: Option<&Path>, name: &str, context: &Value) -> Result<Rendered, String> {
    let owned: Option<PathBuf> = dir.map(Path::to_path_buf);
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Chainable);
    env.set_loader(move |n| load(owned.as_deref(), n));
    let part = |suffix: &str| -> Result<String, String> {
        let file = format!("{name}.{suffix}");
        let template = env
            .get_template(&file)
            .map_err(|e| format!("{file}: {e}"))?;
        template
            .render(minijinja::value::Serde(context))
            .map_err(|e| format!("{file}: {e:#}"))
    };
    let subject = part("subject.txt")?;
    Ok(Rendered {
        // A header is one line, whatever a value in it contained.
        subject: subject.split_whitespace().collect::<Vec<_>>().join(" "),
        text: part("txt")?,
        html: part("html")?,
    })
}

/// The names of the embedded mails (each has all three parts).
pub fn embedded_mails() -> Vec<&'static str> {
    EMBEDDED
        .iter()
        .filter_map(|(n, _)| n.strip_suffix(".subject.txt"))
        .collect()
}

#[cfg(test)]
mod tests;
