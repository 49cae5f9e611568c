//! What the server's config decides for mail: where to send (or the log),
//! the sender, the public URL, the app's template directory, and how hard to
//! retry.

use std::path::PathBuf;
use std::time::Duration;

use crate::SmtpUrl;

/// Tries per mail before it is marked failed (`PLEAT_MAIL_MAX_ATTEMPTS`).
pub const DEFAULT_MAX_ATTEMPTS: u32 = 8;

#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `None`: nothing is sent; the log says a mail was not sent, to whom
    /// and why, without its link or code.
    pub smtp: Option<SmtpUrl>,
    /// Without SMTP, also log each mail's link and code
    /// (`PLEAT_MAIL_LOG_LINKS`): a developer's deliberate choice, since
    /// anyone who reads the log could then sign in as the recipient.
    pub log_links: bool,
    /// The `From` of every mail, `addr` or `Name <addr>`.
    pub from: String,
    /// The public URL without a trailing slash (templates see it as `site_url`).
    pub site_url: String,
    /// The app's templates, which override and add to the embedded ones.
    pub templates_dir: Option<PathBuf>,
    pub max_attempts: u32,
    /// The wait after the first failed try; doubled after each further one.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    /// How long a claim lasts; a row still `sending` after it (its worker
    /// died) is claimed again.
    pub lease: Duration,
    /// How often the worker looks for due rows without a notification
    /// (retries that came due, leases that ran out, a lost LISTEN connection).
    pub poll: Duration,
    /// Longest one SMTP exchange may take.
    pub smtp_timeout: Duration,
}

impl MailSettings {
    /// Defaults for everything but what the config must say.
    pub fn new(smtp: Option<SmtpUrl>, from: String, site_url: String) -> MailSettings {
        MailSettings {
            smtp,
            log_links: false,
            from,
            site_url: site_url.trim_end_matches('/').to_string(),
            templates_dir: None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
            backoff_base: Duration::from_secs(30),
            backoff_max: Duration::from_secs(3600),
            lease: Duration::from_secs(300),
            poll: Duration::from_secs(5),
            smtp_timeout: Duration::from_secs(30),
        }
    }

    /// The wait before try `attempts + 1`, after `attempts` failed ones.
    pub fn backoff(&self, attempts: u32) -> Duration {
        let factor = 2u32.saturating_pow(attempts.saturating_sub(1).min(20));
        self.backoff_base
            .saturating_mul(factor)
            .min(self.backoff_max)
    }
}

/// `no-reply@{host}` for a site URL (`localhost` when the host is an IP address).
pub fn default_from(site_url: &str) -> String {
    let host = match url::Url::parse(site_url)
        .ok()
        .and_then(|u| u.host().map(|h| h.to_owned()))
    {
        Some(url::Host::Domain(name)) => name,
        // lettre takes no address literals (`@[127.0.0.1]`).
        Some(url::Host::Ipv4(_) | url::Host::Ipv6(_)) | None => "localhost".into(),
    };
    format!("no-reply@{host}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let s = MailSettings::new(None, "a@b.c".into(), "http://x".into());
        assert_eq!(s.backoff(1), Duration::from_secs(30));
        assert_eq!(s.backoff(2), Duration::from_secs(60));
        assert_eq!(s.backoff(4), Duration::from_secs(240));
        assert_eq!(s.backoff(40), Duration::from_secs(3600));
    }

    #[test]
    fn default_sender_uses_the_site_host() {
        assert_eq!(
            default_from("https://shop.example:8443/x"),
            "no-reply@shop.example"
        );
        assert_eq!(default_from("http://127.0.0.1:8080"), "no-reply@localhost");
    }
}
