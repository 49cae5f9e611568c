//! The mail variables: where mail goes (`PLEAT_SMTP_URL`), who sends it, how
//! often a mail is tried, where the app's templates are, which `redirect_to`
//! addresses auth mail links may lead to, how long their tokens last, and
//! whether a developer without SMTP wants the links in the log.

use std::path::PathBuf;

use pleat_mail::SmtpUrl;

use super::values::{boolean, number};
use super::{invalid, ConfigError};

#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `None`: nothing is sent; the log notes each mail without its link.
    pub smtp: Option<SmtpUrl>,
    /// Without SMTP, log each mail's link and code too (a developer's setting).
    pub log_links: bool,
    /// `None`: `no-reply@{host of the site URL}`.
    pub from: Option<String>,
    pub max_attempts: u32,
    /// `None`: `{PLEAT_SITE_DIR}/_pleat/mail`.
    pub templates_dir: Option<PathBuf>,
    /// `None`: only the site URL.
    pub redirect_urls: Option<Vec<String>>,
    /// Lifetime of emailed links and codes, seconds.
    pub otp_exp: u64,
}

pub(super) fn parse<'a>(get: &impl Fn(&str) -> Option<&'a str>) -> Result<MailConfig, ConfigError> {
    let smtp = get("PLEAT_SMTP_URL")
        .map(|v| SmtpUrl::parse(v).map_err(|why| invalid("PLEAT_SMTP_URL", why)))
        .transpose()?;
    let from = match get("PLEAT_MAIL_FROM") {
        Some(v) if v.parse::<lettre::message::Mailbox>().is_err() => {
            return Err(invalid(
                "PLEAT_MAIL_FROM",
                format!(
                "`{v}` is not an address like no-reply@example.com or Name <no-reply@example.com>"
            ),
            ))
        }
        v => v.map(str::to_string),
    };
    let redirect_urls = get("PLEAT_REDIRECT_URLS")
        .map(|v| {
            v.split(',')
                .map(|u| {
                    let u = u.trim();
                    match url::Url::parse(u.trim_end_matches('*')) {
                        Ok(parsed) if parsed.host_str().is_some() => Ok(u.to_string()),
                        _ => Err(invalid(
                            "PLEAT_REDIRECT_URLS",
                            format!("`{u}` is not an absolute URL"),
                        )),
                    }
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    Ok(MailConfig {
        smtp,
        log_links: boolean(get("PLEAT_MAIL_LOG_LINKS"), "PLEAT_MAIL_LOG_LINKS", false)?,
        from,
        max_attempts: number(
            get("PLEAT_MAIL_MAX_ATTEMPTS"),
            "PLEAT_MAIL_MAX_ATTEMPTS",
            pleat_mail::settings::DEFAULT_MAX_ATTEMPTS as u64,
            1,
        )?
        .min(100) as u32,
        templates_dir: get("PLEAT_MAIL_TEMPLATES_DIR").map(PathBuf::from),
        redirect_urls,
        otp_exp: number(
            get("PLEAT_MAILER_OTP_EXP"),
            "PLEAT_MAILER_OTP_EXP",
            3600,
            60,
        )?,
    })
}

#[cfg(test)]
mod tests {
    use crate::config::tests::parse;
    use std::path::PathBuf;

    #[test]
    fn mail_variables_are_read_and_checked() {
        let c = parse(&[]).unwrap();
        assert!(c.mail.smtp.is_none());
        assert!(c.mail.from.is_none());
        assert_eq!(c.mail.max_attempts, 8);
        assert_eq!(c.mail.otp_exp, 3600);
        assert!(c.mail.redirect_urls.is_none());
        assert!(
            !c.mail.log_links,
            "links stay out of the log unless asked for"
        );
        let c = parse(&[
            ("PLEAT_SMTP_URL", "smtps://u:p@mail.example"),
            ("PLEAT_MAIL_FROM", "Shop <no-reply@shop.example>"),
            ("PLEAT_MAIL_MAX_ATTEMPTS", "3"),
            (
                "PLEAT_REDIRECT_URLS",
                "https://shop.example, http://localhost:5173/*",
            ),
            ("PLEAT_MAILER_OTP_EXP", "600"),
            ("PLEAT_MAIL_TEMPLATES_DIR", "/srv/mail"),
            ("PLEAT_MAIL_LOG_LINKS", "true"),
        ])
        .unwrap();
        assert!(c.mail.log_links);
        let smtp = c.mail.smtp.unwrap();
        assert!(smtp.implicit_tls);
        assert_eq!(smtp.port, 465);
        assert_eq!(c.mail.max_attempts, 3);
        assert_eq!(
            c.mail.redirect_urls.unwrap(),
            vec!["https://shop.example", "http://localhost:5173/*"]
        );
        assert_eq!(c.mail.otp_exp, 600);
        assert_eq!(c.mail.templates_dir, Some(PathBuf::from("/srv/mail")));
        for (name, value) in [
            ("PLEAT_SMTP_URL", "http://mail.example"),
            ("PLEAT_MAIL_FROM", "not an address"),
            ("PLEAT_MAIL_MAX_ATTEMPTS", "0"),
            ("PLEAT_REDIRECT_URLS", "/relative"),
            ("PLEAT_MAILER_OTP_EXP", "5"),
            ("PLEAT_MAIL_LOG_LINKS", "sometimes"),
        ] {
            let e = parse(&[(name, value)]).unwrap_err();
            assert_eq!(e.name, name);
        }
    }
}
