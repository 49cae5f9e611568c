//! Mail for every part of pleat: the durable outbox in PostgreSQL
//! (`pleat_mail.outbox`, filled by `pleat_mail.enqueue(...)` from SQL in the
//! same transaction as its cause), the templates that turn a row into a
//! message (embedded, overridable by the app), and the worker that claims due
//! rows and sends them over SMTP, or writes them to the log when no SMTP server
//! is configured. See docs/mail.md.

mod message;
pub mod outbox;
pub mod settings;
pub mod smtp;
pub mod templates;
pub mod worker;

pub use settings::MailSettings;
pub use smtp::SmtpUrl;
pub use worker::Worker;

/// The `pleat_mail` schema (outbox, site variables, `enqueue`), applied by
/// `pleat` after the auth schema and before the app's migrations.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
