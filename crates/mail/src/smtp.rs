//! `PLEAT_SMTP_URL` and the lettre transport built from it. `smtp://` starts
//! TLS with STARTTLS whenever the server offers it and sends in plain text only
//! when it does not (local relays and test servers); `smtps://` is TLS from the
//! first byte. Certificates are checked against the Mozilla roots (rustls).

use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use secrecy::{ExposeSecret, SecretString};

#[derive(Debug, Clone)]
pub struct SmtpUrl {
    pub implicit_tls: bool,
    pub host: String,
    pub port: u16,
    pub user: Option<String>,
    pub password: Option<SecretString>,
}

impl SmtpUrl {
    /// `smtp://[user[:pass]@]host[:port]` (port 587 when absent) or
    /// `smtps://…` (port 465). User and password are percent-decoded.
    pub fn parse(raw: &str) -> Result<SmtpUrl, String> {
        let url = url::Url::parse(raw).map_err(|e| format!("not a URL ({e})"))?;
        let (implicit_tls, default_port) = match url.scheme() {
            "smtp" => (false, 587),
            "smtps" => (true, 465),
            other => return Err(format!("scheme {other}: is not smtp or smtps")),
        };
        let host = match url.host() {
            Some(url::Host::Domain(d)) => d.to_string(),
            Some(url::Host::Ipv4(ip)) => ip.to_string(),
            Some(url::Host::Ipv6(ip)) => ip.to_string(),
            None => return Err("the URL has no host".into()),
        };
        let decode = |s: &str| {
            url::form_urlencoded::parse(format!("x={}", s.replace('+', "%2B")).as_bytes())
                .next()
                .map(|(_, v)| v.into_owned())
                .unwrap_or_default()
        };
        let user = Some(url.username()).filter(|u| !u.is_empty()).map(decode);
        let password = url.password().map(|p| SecretString::from(decode(p)));
        Ok(SmtpUrl {
            implicit_tls,
            host,
            port: url.port().unwrap_or(default_port),
            user,
            password,
        })
    }

    /// The transport; it connects on each send (mails are rare, and a pooled
    /// connection would only go stale between them).
    pub fn transport(
        &self,
        timeout: Duration,
    ) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
        let tls_parameters =
            TlsParameters::new(self.host.clone()).map_err(|e| format!("TLS setup: {e}"))?;
        let tls = match self.implicit_tls {
            true => Tls::Wrapper(tls_parameters),
            false => Tls::Opportunistic(tls_parameters),
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&self.host)
            .port(self.port)
            .tls(tls)
            .timeout(Some(timeout));
        if let Some(user) = &self.user {
            let password = self
                .password
                .as_ref()
                .map(|p| p.expose_secret().to_string())
                .unwrap_or_default();
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        Ok(builder.build())
    }

    /// For the start-up line: where mail goes, without the credentials.
    pub fn describe(&self) -> String {
        let scheme = if self.implicit_tls { "smtps" } else { "smtp" };
        format!("{scheme}://{}:{}", self.host, self.port)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_schemes_ports_and_credentials() {
        let u = SmtpUrl::parse("smtp://me%40x.org:p%2Fss@mail.example").unwrap();
        assert!(!u.implicit_tls);
        assert_eq!((u.host.as_str(), u.port), ("mail.example", 587));
        assert_eq!(u.user.as_deref(), Some("me@x.org"));
        assert_eq!(u.password.unwrap().expose_secret(), "p/ss");
        let s = SmtpUrl::parse("smtps://mail.example").unwrap();
        assert!(s.implicit_tls);
        assert_eq!(s.port, 465);
        assert!(s.user.is_none());
        assert_eq!(SmtpUrl::parse("smtp://127.0.0.1:2525").unwrap().port, 2525);
    }

    #[test]
    fn refuses_other_schemes() {
        assert!(SmtpUrl::parse("http://mail.example").is_err());
        assert!(SmtpUrl::parse("mail.example:25").is_err());
    }

    #[test]
    fn description_hides_credentials() {
        let u = SmtpUrl::parse("smtp://u:secret@h:25").unwrap();
        assert_eq!(u.describe(), "smtp://h:25");
    }
}
