//! `AuthSettings` (what the server's config decides) and `AuthState` (what the
//! handlers share: settings, the owner pool, the limiters and the hasher).

use std::net::{IpAddr, Ipv4Addr};

use actix_web::HttpRequest;
use ipnet::IpNet;
use secrecy::SecretString;
use sqlx::PgPool;

use crate::keyring::Keyring;
use crate::oauth::{self, ExternalSettings};
use crate::oauth_server::OAuthServerSettings;
use crate::password::Hasher;
use crate::rate_limit::{Limiter, RateLimits};
use crate::{caller, mail_tokens, refresh_token, Accounts};

#[derive(Debug, Clone)]
pub struct AuthSettings {
    pub jwt_secret: SecretString,
    /// Access token lifetime, seconds.
    pub jwt_exp: u64,
    pub disable_signup: bool,
    /// A password change from a session older than a day needs the nonce
    /// `GET /reauthenticate` mails (`PLEAT_SECURE_PASSWORD_CHANGE`).
    pub secure_password_change: bool,
    /// Seconds a just-rotated refresh token is still accepted.
    pub refresh_token_reuse_interval: u64,
    pub password_min_length: usize,
    /// Peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<IpNet>,
    /// The public URL; access tokens are issued by `{site_url}/auth/v1`.
    pub site_url: Option<String>,
    /// Where emailed links may send the browser (`PLEAT_REDIRECT_URLS`); an
    /// entry matches itself and anything below its path; a trailing `*` is a
    /// plain prefix.
    pub redirect_urls: Vec<String>,
    /// Lifetime of emailed links and codes, seconds (`PLEAT_MAILER_OTP_EXP`).
    pub otp_exp: u64,
    /// Whether mail is sent at all (`PLEAT_SMTP_URL` is set); `GET /settings`
    /// tells the app, so it does not promise a mail that never leaves.
    pub smtp_configured: bool,
    /// Sign-ups are confirmed at once and signed in (`PLEAT_MAILER_AUTOCONFIRM`,
    /// GoTrue's `GOTRUE_MAILER_AUTOCONFIRM`); when false a sign-up gets a
    /// confirmation mail and no session until the address is confirmed.
    pub mailer_autoconfirm: bool,
    /// `signInAnonymously()` makes users (`PLEAT_ENABLE_ANONYMOUS_SIGN_INS`,
    /// GoTrue's `GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED`).
    pub enable_anonymous_sign_ins: bool,
}

pub struct AuthState {
    pub(crate) settings: AuthSettings,
    pub(crate) pool: PgPool,
    pub(crate) limiter: Limiter,
    pub(crate) hasher: Hasher,
    pub(crate) refresh_key: [u8; 32],
    /// Keys the token hashes of mailed links and codes.
    pub(crate) mail_key: [u8; 32],
    /// Signs access tokens and verifies every token `/auth/v1` is given.
    pub(crate) keyring: Keyring,
    /// External providers (`PLEAT_EXTERNAL_*`), the client that speaks to
    /// them and their discovery documents and keys.
    pub(crate) external: ExternalSettings,
    pub(crate) http: oauth::Client,
    pub(crate) oidc: oauth::oidc::Cache,
    /// Pleat as an OAuth 2.1 provider (`PLEAT_OAUTH_SERVER_*`).
    pub(crate) oauth_server: OAuthServerSettings,
}

impl AuthState {
    pub fn new(settings: AuthSettings, owner_pool: PgPool) -> AuthState {
        let refresh_key = refresh_token::derivation_key(&settings.jwt_secret);
        let mail_key = mail_tokens::derivation_key(&settings.jwt_secret);
        AuthState {
            keyring: Keyring::legacy(settings.jwt_secret.clone()),
            settings,
            limiter: Limiter::new(RateLimits::default(), owner_pool.clone()),
            pool: owner_pool,
            hasher: Hasher::new(),
            refresh_key,
            mail_key,
            external: ExternalSettings::default(),
            http: oauth::Client::new(),
            oidc: oauth::oidc::Cache::default(),
            oauth_server: OAuthServerSettings::default(),
        }
    }

    /// Replace the limits (`PLEAT_RATE_LIMIT_*`; tests use looser or
    /// stricter ones).
    pub fn with_rate_limits(mut self, limits: RateLimits) -> AuthState {
        self.limiter = Limiter::new(limits, self.pool.clone());
        self
    }

    /// The keyring shared with the other APIs (`pleat` loads it from the
    /// database); without one only the JWT secret signs and verifies.
    pub fn with_keyring(mut self, keyring: Keyring) -> AuthState {
        self.keyring = keyring;
        self
    }

    /// The external providers that are on (`PLEAT_EXTERNAL_*`).
    pub fn with_external(mut self, external: ExternalSettings) -> AuthState {
        self.external = external;
        self
    }

    /// Pleat as an OAuth provider (`PLEAT_OAUTH_SERVER_*`); off by default.
    pub fn with_oauth_server(mut self, oauth_server: OAuthServerSettings) -> AuthState {
        self.oauth_server = oauth_server;
        self
    }

    pub(crate) fn limits(&self) -> &RateLimits {
        self.limiter.limits()
    }

    pub fn settings(&self) -> &AuthSettings {
        &self.settings
    }

    /// The owner-account functions with this state's password rules.
    pub fn accounts(&self) -> Accounts {
        Accounts::new(self.pool.clone(), self.settings.password_min_length)
    }

    pub(crate) fn issuer(&self) -> String {
        match &self.settings.site_url {
            Some(url) => format!("{}/auth/v1", url.trim_end_matches('/')),
            None => "pleat".to_string(),
        }
    }

    /// The socket peer, or the client named by `X-Forwarded-For` when the peer
    /// is a trusted proxy; the unspecified address when the connection has no
    /// peer address, so that such requests share one budget.
    pub(crate) fn client_ip(&self, req: &HttpRequest) -> IpAddr {
        caller::address::of_request(req, &self.settings.trusted_proxies)
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }
}
