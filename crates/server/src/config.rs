//! `Config`: every setting Pleat reads, parsed once from the environment in
//! `main` and passed explicitly. Names and defaults are the table in README.md.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;
use pleat_db::timeouts::StatementTimeouts;
use secrecy::SecretString;

mod backup;
mod external;
mod mailer;
mod monitoring;
mod oauth_server;
mod rate_limits;
mod realtime;
mod values;
pub use backup::BackupConfig;
pub use mailer::MailConfig;
pub use realtime::RealtimeConfig;
use values::{boolean, bytes, duration, number, parse_net, parse_site_url};

/// Every `PLEAT_*` variable Pleat reads (others are refused as typos).
/// The `authenticator` pool (auth, storage) when PLEAT_DB_POOL is unset, and
/// the most PLEAT_DB_POOL may ask for: two pools of it must fit in
/// PostgreSQL's default 100 connections.
pub const DEFAULT_DB_POOL: u32 = 16;
const MAX_DB_POOL: u64 = 40;

/// The `/rest/v1` pool when PLEAT_DB_POOL is unset: twice the cores, 4 to 16.
/// More busy backends than that only queue for the same cores, and the ones
/// the scheduler leaves waiting are the requests that take 50-500 ms
/// (docs/benchmarks.md: on 2 cores a pool of 4 against 16 kept
/// every request's p99 within 2x pgbench's, at the same throughput).
pub fn default_rest_pool(cores: usize) -> u32 {
    (2 * cores as u32).clamp(4, DEFAULT_DB_POOL)
}

const MIB: u64 = 1024 * 1024;
/// Enough for any rendering of a 48-megapixel photo (the largest a phone
/// takes; at full size it is priced about 800 MB), or several of the usual
/// few megapixels at once.
pub const DEFAULT_TRANSFORM_MEMORY: u64 = 1024 * MIB;
pub const DEFAULT_TRANSFORM_CACHE: u64 = 1024 * MIB;

pub const VARIABLES: &[&str] = &[
    "PLEAT_ADDR",
    "PLEAT_SITE_URL",
    "PLEAT_DATA_DIR",
    "PLEAT_JWT_SECRET",
    "PLEAT_JWT_EXP",
    "PLEAT_JWT_LEEWAY",
    "PLEAT_SITE_DIR",
    "PLEAT_MIGRATIONS_DIR",
    "PLEAT_ADMIN_EMAIL",
    "PLEAT_ADMIN_PASSWORD",
    "PLEAT_DB_SCHEMAS",
    "PLEAT_DB_AGGREGATES",
    "PLEAT_DB_PLAN",
    "PLEAT_DISABLE_SIGNUP",
    "PLEAT_SECURE_PASSWORD_CHANGE",
    "PLEAT_MAILER_AUTOCONFIRM",
    "PLEAT_ENABLE_ANONYMOUS_SIGN_INS",
    "PLEAT_REFRESH_TOKEN_REUSE_INTERVAL",
    "PLEAT_PASSWORD_MIN_LENGTH",
    "PLEAT_TRUSTED_PROXIES",
    "PLEAT_MAX_BODY",
    "PLEAT_STATEMENT_TIMEOUT_ANON",
    "PLEAT_STATEMENT_TIMEOUT_AUTHENTICATED",
    "PLEAT_STATEMENT_TIMEOUT_SERVICE_ROLE",
    "PLEAT_ANON_CONCURRENCY",
    "PLEAT_DB_POOL",
    "PLEAT_HEADER_TIMEOUT",
    "PLEAT_BODY_TIMEOUT",
    "PLEAT_STORAGE_URL",
    "PLEAT_MAX_UPLOAD",
    "PLEAT_TRANSFORM_CONCURRENCY",
    "PLEAT_TRANSFORM_MEMORY",
    "PLEAT_TRANSFORM_CACHE",
    "PLEAT_SMTP_URL",
    "PLEAT_MAIL_FROM",
    "PLEAT_MAIL_MAX_ATTEMPTS",
    "PLEAT_MAIL_TEMPLATES_DIR",
    "PLEAT_MAIL_LOG_LINKS",
    "PLEAT_REDIRECT_URLS",
    "PLEAT_MAILER_OTP_EXP",
    "PLEAT_RATE_LIMIT_TOKEN_REFRESH",
    "PLEAT_RATE_LIMIT_VERIFY",
    "PLEAT_RATE_LIMIT_OTP",
    "PLEAT_RATE_LIMIT_PASSKEY",
    "PLEAT_RATE_LIMIT_ANONYMOUS_USERS",
    "PLEAT_RATE_LIMIT_EMAIL_SENT",
    "PLEAT_SMTP_MAX_FREQUENCY",
    "PLEAT_REALTIME_MAX_CONNECTIONS",
    "PLEAT_REALTIME_MAX_CHANNELS",
    "PLEAT_REALTIME_MAX_EVENTS",
    "PLEAT_REALTIME_MAX_JOINS",
    "PLEAT_REALTIME_MAX_PAYLOAD",
    "PLEAT_REALTIME_MAX_PRESENCE_KEYS",
    "PLEAT_REALTIME_IDLE_TIMEOUT",
    "PLEAT_BACKUP_URL",
    "PLEAT_BACKUP_PASSPHRASE",
    "PLEAT_BACKUP_KEEP",
    "PLEAT_BACKUP_SCHEDULE",
    "PLEAT_METRICS_ADDR",
    "PLEAT_LOG_FORMAT",
];

#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// `PLEAT_SITE_URL` without its trailing slash; unset means derived from
    /// the bound address (`Config::site_url_for`).
    pub site_url: Option<String>,
    pub database_url: Option<SecretString>,
    pub data_dir: PathBuf,
    pub jwt_secret: Option<SecretString>,
    pub jwt_exp: u64,
    /// Seconds of clock skew allowed on a token's `exp`, `nbf` and `iat`.
    pub jwt_leeway: u64,
    pub site_dir: PathBuf,
    /// The app's migrations, applied after the backend's own.
    pub migrations_dir: PathBuf,
    pub admin: Option<(String, SecretString)>,
    pub db_schemas: Vec<String>,
    /// PLEAT_DB_AGGREGATES: aggregates in `select` (`count()`, `amount.sum()`),
    /// off by default as PostgREST's `db-aggregates-enabled`, since a grouped
    /// read over a large table costs what a client asks.
    pub db_aggregates: bool,
    /// PLEAT_DB_PLAN: `application/vnd.pgrst.plan` (supabase-js `explain()`)
    /// answered with EXPLAIN output, off by default as PostgREST's
    /// `db-plan-enabled`, since a plan shows any caller the schema's tables,
    /// indexes and row estimates, and `analyze` runs the statement.
    pub db_plan: bool,
    pub disable_signup: bool,
    /// A password change from a session older than a day needs the code
    /// `reauthenticate()` mails (GoTrue's secure password change).
    pub secure_password_change: bool,
    /// PLEAT_MAILER_AUTOCONFIRM: sign-ups confirmed at once (true, as
    /// before) or by the mailed link or code (false).
    pub mailer_autoconfirm: bool,
    /// PLEAT_ENABLE_ANONYMOUS_SIGN_INS: `signInAnonymously()` allowed.
    pub enable_anonymous_sign_ins: bool,
    pub refresh_token_reuse_interval: u64,
    pub password_min_length: usize,
    pub trusted_proxies: Vec<IpNet>,
    pub max_body: usize,
    pub statement_timeouts: StatementTimeouts,
    /// Anonymous `/rest/v1` requests per client address at once; `None`:
    /// a quarter of the pool, at least 2.
    pub anon_concurrency: Option<usize>,
    /// PLEAT_DB_POOL: database connections `/rest/v1` requests run on, and as
    /// many for the other APIs' `authenticator` pool; `None`: see
    /// [`Config::rest_pool`] and [`Config::authenticator_pool`].
    pub db_pool: Option<u32>,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// Time a client has to send a request's whole body.
    pub body_timeout: Duration,
    /// Where storage blobs live: `file:///dir`, or `s3://bucket/prefix` with
    /// the standard AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
    /// AWS_REGION or AWS_DEFAULT_REGION, AWS_ENDPOINT_URL for R2/MinIO, which
    /// switches to path-style requests, AWS_ALLOW_HTTP=true for a plain-http
    /// endpoint); unset = `$PLEAT_DATA_DIR/storage`.
    pub storage_url: Option<String>,
    /// Largest `/storage/v1` upload, bytes.
    pub max_upload: u64,
    /// Image renderings (`/storage/v1/render/image`) at once; default: the
    /// number of cores. More wait in a bounded queue.
    pub transform_concurrency: usize,
    /// Bytes the image renderings in flight may hold together; a rendering
    /// waits until its estimated share fits.
    pub transform_memory: u64,
    /// Bytes of renderings the render cache keeps in the storage backend.
    pub transform_cache: u64,
    pub mail: MailConfig,
    /// `PLEAT_EXTERNAL_*`: the OAuth/OIDC providers users may sign in with.
    pub external: pleat_auth::oauth::ExternalSettings,
    /// `PLEAT_OAUTH_SERVER_*`: Pleat as an OAuth 2.1 provider to other apps.
    pub oauth_server: pleat_auth::oauth_server::OAuthServerSettings,
    /// `PLEAT_RATE_LIMIT_*` and `PLEAT_SMTP_MAX_FREQUENCY`: `/auth/v1`'s
    /// limits per client and per address.
    pub rate_limits: pleat_auth::RateLimits,
    pub realtime: RealtimeConfig,
    /// `PLEAT_BACKUP_*`.
    pub backup: BackupConfig,
    /// Where Prometheus text is served (`PLEAT_METRICS_ADDR`); `None`: off.
    pub metrics_addr: Option<SocketAddr>,
    pub log_format: crate::telemetry::LogFormat,
}

/// One line saying which variable is wrong and why.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    pub name: String,
    pub problem: String,
}

fn invalid(name: &str, problem: impl Into<String>) -> ConfigError {
    ConfigError {
        name: name.to_string(),
        problem: problem.into(),
    }
}

impl Config {
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_vars(
            std::env::vars_os()
                .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?))),
        )
    }

    pub fn from_vars(
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Config, ConfigError> {
        let vars: std::collections::HashMap<String, String> = vars.into_iter().collect();
        let mut unknown: Vec<&String> = vars
            .keys()
            .filter(|k| k.starts_with("PLEAT_") && !VARIABLES.contains(&k.as_str()))
            .filter(|k| !external::is_variable(k))
            .filter(|k| !oauth_server::VARIABLES.contains(&k.as_str()))
            .collect();
        unknown.sort();
        if let Some(name) = unknown.first() {
            return Err(invalid(
                name,
                "unknown variable (see the configuration table in README.md)",
            ));
        }
        // An empty value means "unset", as docker compose's `${X:-}` produces.
        let get = |name: &str| vars.get(name).map(|v| v.trim()).filter(|v| !v.is_empty());

        let addr = match get("PLEAT_ADDR") {
            Some(v) => v.parse().map_err(|_| {
                invalid(
                    "PLEAT_ADDR",
                    format!("`{v}` is not an address like 127.0.0.1:8080"),
                )
            })?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let site_url = get("PLEAT_SITE_URL").map(parse_site_url).transpose()?;
        let database_url = match get("DATABASE_URL") {
            Some(v) if !(v.starts_with("postgres://") || v.starts_with("postgresql://")) => {
                return Err(invalid(
                    "DATABASE_URL",
                    "must start with postgres:// or postgresql://",
                ))
            }
            v => v.map(|v| SecretString::from(v.to_string())),
        };
        let jwt_secret = match get("PLEAT_JWT_SECRET") {
            Some(v) if v.chars().count() < 32 => {
                return Err(invalid(
                    "PLEAT_JWT_SECRET",
                    "must be at least 32 characters",
                ))
            }
            v => v.map(|v| SecretString::from(v.to_string())),
        };
        let admin = match (get("PLEAT_ADMIN_EMAIL"), get("PLEAT_ADMIN_PASSWORD")) {
            (Some(e), Some(p)) if e.contains('@') => {
                Some((e.to_lowercase(), SecretString::from(p.to_string())))
            }
            (Some(_), Some(_)) => {
                return Err(invalid("PLEAT_ADMIN_EMAIL", "is not an email address"))
            }
            (None, None) => None,
            (Some(_), None) => {
                return Err(invalid(
                    "PLEAT_ADMIN_PASSWORD",
                    "must be set with PLEAT_ADMIN_EMAIL",
                ))
            }
            (None, Some(_)) => {
                return Err(invalid(
                    "PLEAT_ADMIN_EMAIL",
                    "must be set with PLEAT_ADMIN_PASSWORD",
                ))
            }
        };
        let db_schemas: Vec<String> = get("PLEAT_DB_SCHEMAS")
            .unwrap_or("public")
            .split(',')
            .map(|s| s.trim().to_string())
            .collect();
        if db_schemas.iter().any(|s| s.is_empty()) {
            return Err(invalid("PLEAT_DB_SCHEMAS", "has an empty schema name"));
        }
        let defaults = StatementTimeouts::default();
        let trusted_proxies = match get("PLEAT_TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(v) => v
                .split(',')
                .map(|s| parse_net(s.trim()))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| {
                    invalid(
                        "PLEAT_TRUSTED_PROXIES",
                        "must be a comma list of addresses or CIDR ranges",
                    )
                })?,
        };
        let data_dir: PathBuf = get("PLEAT_DATA_DIR").unwrap_or("./.pleat").into();
        Ok(Config {
            addr,
            site_url,
            database_url,
            backup: backup::parse(&get, &data_dir)?,
            data_dir,
            jwt_secret,
            jwt_exp: number(get("PLEAT_JWT_EXP"), "PLEAT_JWT_EXP", 3600, 1)?,
            jwt_leeway: number(
                get("PLEAT_JWT_LEEWAY"),
                "PLEAT_JWT_LEEWAY",
                pleat_auth::jwt::DEFAULT_LEEWAY_SECS,
                0,
            )?,
            site_dir: get("PLEAT_SITE_DIR").unwrap_or("frontend/dist").into(),
            migrations_dir: get("PLEAT_MIGRATIONS_DIR").unwrap_or("migrations").into(),
            admin,
            db_schemas,
            db_aggregates: boolean(get("PLEAT_DB_AGGREGATES"), "PLEAT_DB_AGGREGATES", false)?,
            db_plan: boolean(get("PLEAT_DB_PLAN"), "PLEAT_DB_PLAN", false)?,
            disable_signup: boolean(get("PLEAT_DISABLE_SIGNUP"), "PLEAT_DISABLE_SIGNUP", true)?,
            secure_password_change: boolean(
                get("PLEAT_SECURE_PASSWORD_CHANGE"),
                "PLEAT_SECURE_PASSWORD_CHANGE",
                true,
            )?,
            mailer_autoconfirm: boolean(
                get("PLEAT_MAILER_AUTOCONFIRM"),
                "PLEAT_MAILER_AUTOCONFIRM",
                true,
            )?,
            enable_anonymous_sign_ins: boolean(
                get("PLEAT_ENABLE_ANONYMOUS_SIGN_INS"),
                "PLEAT_ENABLE_ANONYMOUS_SIGN_INS",
                false,
            )?,
            refresh_token_reuse_interval: number(
                get("PLEAT_REFRESH_TOKEN_REUSE_INTERVAL"),
                "PLEAT_REFRESH_TOKEN_REUSE_INTERVAL",
                10,
                0,
            )?,
            password_min_length: number(
                get("PLEAT_PASSWORD_MIN_LENGTH"),
                "PLEAT_PASSWORD_MIN_LENGTH",
                8,
                1,
            )? as usize,
            trusted_proxies,
            max_body: number(
                get("PLEAT_MAX_BODY"),
                "PLEAT_MAX_BODY",
                10 * 1024 * 1024,
                1024,
            )? as usize,
            statement_timeouts: StatementTimeouts {
                anon: duration(&get, "PLEAT_STATEMENT_TIMEOUT_ANON", defaults.anon)?,
                authenticated: duration(
                    &get,
                    "PLEAT_STATEMENT_TIMEOUT_AUTHENTICATED",
                    defaults.authenticated,
                )?,
                service_role: duration(
                    &get,
                    "PLEAT_STATEMENT_TIMEOUT_SERVICE_ROLE",
                    defaults.service_role,
                )?,
            },
            anon_concurrency: match get("PLEAT_ANON_CONCURRENCY") {
                None => None,
                v => Some(number(v, "PLEAT_ANON_CONCURRENCY", 0, 1)? as usize),
            },
            db_pool: match get("PLEAT_DB_POOL") {
                None => None,
                v => match number(v, "PLEAT_DB_POOL", 0, 1)? {
                    n if n <= MAX_DB_POOL => Some(n as u32),
                    n => {
                        return Err(invalid(
                            "PLEAT_DB_POOL",
                            format!("`{n}` is more than {MAX_DB_POOL} connections"),
                        ))
                    }
                },
            },
            header_timeout: duration(&get, "PLEAT_HEADER_TIMEOUT", Duration::from_secs(5))?,
            body_timeout: duration(&get, "PLEAT_BODY_TIMEOUT", Duration::from_secs(60))?,
            storage_url: match get("PLEAT_STORAGE_URL") {
                Some(v)
                    if v.contains("://")
                        && !v.starts_with("file://")
                        && !v.starts_with("s3://") =>
                {
                    return Err(invalid(
                        "PLEAT_STORAGE_URL",
                        "expected file:///directory or s3://bucket/prefix",
                    ))
                }
                Some(v) if v == "s3://" || v.starts_with("s3:///") => {
                    return Err(invalid(
                        "PLEAT_STORAGE_URL",
                        "names no bucket (expected s3://bucket/prefix)",
                    ))
                }
                v => v.map(str::to_string),
            },
            max_upload: number(get("PLEAT_MAX_UPLOAD"), "PLEAT_MAX_UPLOAD", 52_428_800, 1)?,
            transform_concurrency: number(
                get("PLEAT_TRANSFORM_CONCURRENCY"),
                "PLEAT_TRANSFORM_CONCURRENCY",
                std::thread::available_parallelism().map_or(2, |n| n.get() as u64),
                1,
            )? as usize,
            transform_memory: bytes(
                get("PLEAT_TRANSFORM_MEMORY"),
                "PLEAT_TRANSFORM_MEMORY",
                DEFAULT_TRANSFORM_MEMORY,
                MIB,
            )?,
            transform_cache: bytes(
                get("PLEAT_TRANSFORM_CACHE"),
                "PLEAT_TRANSFORM_CACHE",
                DEFAULT_TRANSFORM_CACHE,
                MIB,
            )?,
            mail: mailer::parse(&get)?,
            external: external::parse(&get)?,
            oauth_server: oauth_server::parse(&get)?,
            rate_limits: rate_limits::parse(&get)?,
            realtime: realtime::parse(&get)?,
            metrics_addr: monitoring::metrics_addr(get("PLEAT_METRICS_ADDR"), addr)?,
            log_format: monitoring::log_format(get("PLEAT_LOG_FORMAT"))?,
        })
    }
}

impl Config {
    /// Connections `/rest/v1` requests run on.
    pub fn rest_pool(&self) -> u32 {
        self.db_pool.unwrap_or_else(|| {
            default_rest_pool(std::thread::available_parallelism().map_or(2, |n| n.get()))
        })
    }

    /// Connections of the `authenticator` pool that auth and storage use
    /// (a storage request holds one while its upload arrives).
    pub fn authenticator_pool(&self) -> u32 {
        self.db_pool.unwrap_or(DEFAULT_DB_POOL)
    }

    /// The public URL: `PLEAT_SITE_URL`, or `http://` and the address pleat
    /// listens on (`bound`, whose port is the real one when `PLEAT_ADDR` asks
    /// for port 0); a wildcard address becomes `localhost`, which a browser
    /// on the same machine can reach.
    pub fn site_url_for(&self, bound: SocketAddr) -> String {
        if let Some(url) = &self.site_url {
            return url.clone();
        }
        let host = match bound.ip() {
            ip if ip.is_unspecified() => "localhost".to_string(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        format!("http://{host}:{}", bound.port())
    }
}

#[cfg(test)]
mod tests;
