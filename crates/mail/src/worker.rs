//! The background sender `pleat serve` starts. It wakes on `NOTIFY pleat_mail`
//! (sent by `pleat_mail.enqueue` at commit) and also polls every
//! `MailSettings::poll`, which finds retries that came due, leases that ran out
//! and mails queued while the LISTEN connection was down. Each due row is
//! claimed, rendered, sent (or, with no SMTP server configured, noted in the
//! log without its link or code) and marked sent, retried with exponential
//! backoff, or failed after `max_attempts` tries or at once on a permanent
//! SMTP refusal.

use std::sync::Arc;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::task::JoinHandle;

use crate::outbox::{self, Claimed};
use crate::{message, templates, MailSettings};

const BATCH: i64 = 10;

/// What happened to one claimed mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    Retry,
    Failed,
    /// Another worker took the row after this one's lease ran out.
    Lost,
}

pub struct Worker {
    settings: Arc<MailSettings>,
    pool: PgPool,
    from: Mailbox,
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
}

/// Stops the worker when dropped; a mail it was sending is claimed again
/// after its lease.
pub struct Running(JoinHandle<()>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Worker {
    /// Checks the sender address and builds the transport; nothing connects yet.
    pub fn new(settings: MailSettings, pool: PgPool) -> Result<Worker, String> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|e| format!("PLEAT_MAIL_FROM {:?}: {e}", settings.from))?;
        let transport = match &settings.smtp {
            Some(url) => Some(url.transport(settings.smtp_timeout)?),
            None => None,
        };
        Ok(Worker {
            settings: Arc::new(settings),
            pool,
            from,
            transport,
        })
    }

    pub fn start(self) -> Running {
        Running(tokio::spawn(async move { self.run().await }))
    }

    async fn run(self) {
        let mut listener = match PgListener::connect_with(&self.pool).await {
            Ok(mut l) => match l.listen("pleat_mail").await {
                Ok(()) => Some(l),
                Err(e) => {
                    tracing::warn!(error = %e, "mail: LISTEN failed, polling only");
                    None
                }
            },
            Err(e) => {
                tracing::warn!(error = %e, "mail: no LISTEN connection, polling only");
                None
            }
        };
        while !self.pool.is_closed() {
            loop {
                match self.run_once().await {
                    Ok(n) if n as i64 == BATCH => continue,
                    Ok(_) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "mail: cannot claim from the outbox");
                        break;
                    }
                }
            }
            let poll = tokio::time::sleep(self.settings.poll);
            match listener.as_mut() {
                Some(l) => {
                    tokio::select! {
                        // An error means the connection dropped; recv reconnects
                        // next time, after a pause so a dead server is not hammered.
                        received = l.recv() => if received.is_err() { tokio::time::sleep(self.settings.poll).await },
                        _ = poll => {}
                    }
                }
                None => poll.await,
            }
        }
    }

    /// Claim one batch and deal with each mail; the number claimed.
    pub async fn run_once(&self) -> Result<usize, sqlx::Error> {
        let batch = outbox::claim(&self.pool, BATCH, self.settings.lease).await?;
        for mail in &batch {
            let outcome = self.deliver(mail).await?;
            tracing::debug!(mail = mail.id, ?outcome, "mail: try finished");
        }
        Ok(batch.len())
    }

    async fn deliver(&self, mail: &Claimed) -> Result<Outcome, sqlx::Error> {
        let ctx = message::context(mail, &self.settings.site_url);
        let rendered =
            templates::render(self.settings.templates_dir.as_deref(), &mail.template, &ctx);
        let result = match rendered {
            Err(e) => Err((e, true)),
            Ok(rendered) => match &self.transport {
                None => {
                    self.log_unsent(mail, &rendered.subject, &ctx);
                    Ok(())
                }
                Some(transport) => match message::build(mail, &self.from, rendered) {
                    Err(e) => Err((e, true)),
                    Ok(msg) => transport
                        .send(msg)
                        .await
                        .map(|_| ())
                        .map_err(|e| (format!("SMTP: {e}"), e.is_permanent())),
                },
            },
        };
        let finished = match result {
            Ok(()) => outbox::mark_sent(&self.pool, mail)
                .await?
                .then_some(Outcome::Sent),
            Err((error, permanent)) => {
                let give_up = permanent || mail.attempts as u32 >= self.settings.max_attempts;
                let wait = (!give_up).then(|| self.settings.backoff(mail.attempts as u32));
                tracing::warn!(mail = mail.id, to = %mail.recipient, attempts = mail.attempts, give_up, error = %error, "mail: not sent");
                let outcome = if give_up {
                    Outcome::Failed
                } else {
                    Outcome::Retry
                };
                outbox::mark_unsent(&self.pool, mail, &error, wait)
                    .await?
                    .then_some(outcome)
            }
        };
        Ok(finished.unwrap_or(Outcome::Lost))
    }

    /// Without SMTP a mail's link and code would sign anyone who reads the
    /// log in as its recipient, so they are left out unless a developer
    /// asked for them.
    fn log_unsent(&self, mail: &Claimed, subject: &str, ctx: &serde_json::Value) {
        if self.settings.log_links {
            let field = |name: &str| ctx.get(name).and_then(|v| v.as_str()).unwrap_or("");
            tracing::info!(
                to = %mail.recipient,
                subject = %subject,
                link = field("link"),
                code = field("token"),
                "mail not sent (no PLEAT_SMTP_URL); PLEAT_MAIL_LOG_LINKS=true prints its link and code"
            );
        } else {
            tracing::info!(
                to = %mail.recipient,
                subject = %subject,
                template = %mail.template,
                "mail not sent: no PLEAT_SMTP_URL (its link and code are not logged)"
            );
        }
    }
}
