//! `Config`: every setting Pleat reads, parsed once from the environment in
//! `main` and passed explicitly. Names and defaults are the table in README.md.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;
use pleat_db::timeouts::{parse_duration, StatementTimeouts};
use secrecy::SecretString;

/// Every `PLEAT_*` variable Pleat reads (others are refused as typos).
pub const VARIABLES: &[&str] = &[
    "PLEAT_ADDR",
    "PLEAT_SITE_URL",
    "PLEAT_DATA_DIR",
    "PLEAT_JWT_SECRET",
    "PLEAT_JWT_EXP",
    "PLEAT_SITE_DIR",
    "PLEAT_MIGRATIONS_DIR",
    "PLEAT_ADMIN_EMAIL",
    "PLEAT_ADMIN_PASSWORD",
    "PLEAT_DB_SCHEMAS",
    "PLEAT_DISABLE_SIGNUP",
    "PLEAT_REFRESH_TOKEN_REUSE_INTERVAL",
    "PLEAT_PASSWORD_MIN_LENGTH",
    "PLEAT_TRUSTED_PROXIES",
    "PLEAT_MAX_BODY",
    "PLEAT_STATEMENT_TIMEOUT_ANON",
    "PLEAT_STATEMENT_TIMEOUT_AUTHENTICATED",
    "PLEAT_STATEMENT_TIMEOUT_SERVICE_ROLE",
    "PLEAT_ANON_CONCURRENCY",
    "PLEAT_HEADER_TIMEOUT",
    "PLEAT_BODY_TIMEOUT",
    "PLEAT_STORAGE_URL",
    "PLEAT_MAX_UPLOAD",
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
    pub site_dir: PathBuf,
    /// The app's migrations, applied after the backend's own.
    pub migrations_dir: PathBuf,
    pub admin: Option<(String, SecretString)>,
    pub db_schemas: Vec<String>,
    pub disable_signup: bool,
    pub refresh_token_reuse_interval: u64,
    pub password_min_length: usize,
    pub trusted_proxies: Vec<IpNet>,
    pub max_body: usize,
    pub statement_timeouts: StatementTimeouts,
    /// Anonymous `/rest/v1` requests per client address at once; `None`:
    /// a quarter of the pool, at least 2.
    pub anon_concurrency: Option<usize>,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// Time a client has to send a request's whole body.
    pub body_timeout: Duration,
    /// Where storage blobs live: `file:///dir`; unset = `$PLEAT_DATA_DIR/storage`.
    pub storage_url: Option<String>,
    /// Largest `/storage/v1` upload, bytes.
    pub max_upload: u64,
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
        Ok(Config {
            addr,
            site_url,
            database_url,
            data_dir: get("PLEAT_DATA_DIR").unwrap_or("./.pleat").into(),
            jwt_secret,
            jwt_exp: number(get("PLEAT_JWT_EXP"), "PLEAT_JWT_EXP", 3600, 1)?,
            site_dir: get("PLEAT_SITE_DIR").unwrap_or("frontend/dist").into(),
            migrations_dir: get("PLEAT_MIGRATIONS_DIR").unwrap_or("migrations").into(),
            admin,
            db_schemas,
            disable_signup: boolean(get("PLEAT_DISABLE_SIGNUP"), "PLEAT_DISABLE_SIGNUP", true)?,
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
            header_timeout: duration(&get, "PLEAT_HEADER_TIMEOUT", Duration::from_secs(5))?,
            body_timeout: duration(&get, "PLEAT_BODY_TIMEOUT", Duration::from_secs(60))?,
            storage_url: match get("PLEAT_STORAGE_URL") {
                Some(v) if v.contains("://") && !v.starts_with("file://") => {
                    return Err(invalid(
                        "PLEAT_STORAGE_URL",
                        "only file:// URLs (a local directory) are supported so far",
                    ))
                }
                v => v.map(str::to_string),
            },
            max_upload: number(get("PLEAT_MAX_UPLOAD"), "PLEAT_MAX_UPLOAD", 52_428_800, 1)?,
        })
    }
}

fn duration<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
    name: &str,
    default: Duration,
) -> Result<Duration, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(v) => parse_duration(v).ok_or_else(|| {
            invalid(
                name,
                format!("`{v}` is not a duration like 3000, 500ms or 3s"),
            )
        }),
    }
}

impl Config {
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

/// An absolute http(s) URL with a host and nothing after its path; the
/// trailing slash is dropped so `{site_url}/path` never doubles it.
fn parse_site_url(value: &str) -> Result<String, ConfigError> {
    let bad = |why: &str| invalid("PLEAT_SITE_URL", format!("`{value}` {why}"));
    let url = url::Url::parse(value).map_err(|_| bad("is not an absolute URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad("must start with http:// or https://"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad("has no host"));
    }
    if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
        return Err(bad("must not have a query, fragment or user name"));
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

fn number(value: Option<&str>, name: &str, default: u64, min: u64) -> Result<u64, ConfigError> {
    match value {
        None => Ok(default),
        Some(v) => match v.parse::<u64>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(invalid(
                name,
                format!("`{v}` is not a whole number of at least {min}"),
            )),
        },
    }
}

fn boolean(value: Option<&str>, name: &str, default: bool) -> Result<bool, ConfigError> {
    match value.map(|v| v.to_ascii_lowercase()) {
        None => Ok(default),
        Some(v) => match v.as_str() {
            "true" | "1" | "yes" | "on" => Ok(true),
            "false" | "0" | "no" | "off" => Ok(false),
            _ => Err(invalid(name, format!("`{v}` is not true or false"))),
        },
    }
}

fn parse_net(s: &str) -> Option<IpNet> {
    s.parse::<IpNet>()
        .ok()
        .or_else(|| s.parse::<std::net::IpAddr>().ok().map(IpNet::from))
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;

    fn parse(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_vars(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    #[test]
    fn defaults_match_the_table() {
        let c = parse(&[]).unwrap();
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert!(c.site_url.is_none());
        assert_eq!(c.site_url_for(c.addr), "http://127.0.0.1:8080");
        assert!(c.database_url.is_none());
        assert_eq!(c.data_dir, PathBuf::from("./.pleat"));
        assert!(c.jwt_secret.is_none());
        assert_eq!(c.jwt_exp, 3600);
        assert_eq!(c.site_dir, PathBuf::from("frontend/dist"));
        assert!(c.admin.is_none());
        assert_eq!(c.db_schemas, vec!["public"]);
        assert!(c.disable_signup);
        assert_eq!(c.refresh_token_reuse_interval, 10);
        assert_eq!(c.password_min_length, 8);
        assert!(c.trusted_proxies.is_empty());
        assert_eq!(c.max_body, 10 * 1024 * 1024);
        assert_eq!(c.statement_timeouts, StatementTimeouts::default());
        assert_eq!(c.anon_concurrency, None);
        assert_eq!(c.header_timeout, Duration::from_secs(5));
        assert_eq!(c.body_timeout, Duration::from_secs(60));
        assert!(c.storage_url.is_none());
        assert_eq!(c.max_upload, 52_428_800);
    }

    #[test]
    fn storage_variables_are_read_and_checked() {
        let c = parse(&[
            ("PLEAT_STORAGE_URL", "file:///srv/blobs"),
            ("PLEAT_MAX_UPLOAD", "1000"),
        ])
        .unwrap();
        assert_eq!(c.storage_url.as_deref(), Some("file:///srv/blobs"));
        assert_eq!(c.max_upload, 1000);
        assert_eq!(
            parse(&[("PLEAT_MAX_UPLOAD", "0")]).unwrap_err().name,
            "PLEAT_MAX_UPLOAD"
        );
        assert_eq!(
            parse(&[("PLEAT_STORAGE_URL", "gs://x")]).unwrap_err().name,
            "PLEAT_STORAGE_URL"
        );
    }

    #[test]
    fn values_are_read() {
        let c = parse(&[
            ("PLEAT_ADDR", "0.0.0.0:9000"),
            ("DATABASE_URL", "postgres://u:p@db/x"),
            ("PLEAT_JWT_SECRET", "0123456789abcdef0123456789abcdef"),
            ("PLEAT_JWT_EXP", "60"),
            ("PLEAT_ADMIN_EMAIL", "Owner@Example.com"),
            ("PLEAT_ADMIN_PASSWORD", "pw"),
            ("PLEAT_DB_SCHEMAS", "public, api"),
            ("PLEAT_DISABLE_SIGNUP", "false"),
            ("PLEAT_TRUSTED_PROXIES", "10.0.0.1,192.168.0.0/16"),
            ("PLEAT_STATEMENT_TIMEOUT_ANON", "500ms"),
            ("PLEAT_STATEMENT_TIMEOUT_AUTHENTICATED", "2s"),
            ("PLEAT_STATEMENT_TIMEOUT_SERVICE_ROLE", "90000"),
            ("PLEAT_ANON_CONCURRENCY", "3"),
            ("PLEAT_HEADER_TIMEOUT", "2s"),
            ("PLEAT_BODY_TIMEOUT", "30s"),
            ("HOME", "/root"),
        ])
        .unwrap();
        assert_eq!(c.addr.port(), 9000);
        assert_eq!(
            c.database_url.unwrap().expose_secret(),
            "postgres://u:p@db/x"
        );
        assert_eq!(c.jwt_exp, 60);
        assert_eq!(c.admin.unwrap().0, "owner@example.com");
        assert_eq!(c.db_schemas, vec!["public", "api"]);
        assert!(!c.disable_signup);
        assert_eq!(c.trusted_proxies.len(), 2);
        assert_eq!(
            c.statement_timeouts,
            StatementTimeouts {
                anon: Duration::from_millis(500),
                authenticated: Duration::from_secs(2),
                service_role: Duration::from_secs(90),
            }
        );
        assert_eq!(c.anon_concurrency, Some(3));
        assert_eq!(c.header_timeout, Duration::from_secs(2));
        assert_eq!(c.body_timeout, Duration::from_secs(30));
    }

    #[test]
    fn the_site_url_is_trimmed_or_derived_from_the_bound_address() {
        let c = parse(&[("PLEAT_SITE_URL", "https://Shop.Example/")]).unwrap();
        assert_eq!(c.site_url.as_deref(), Some("https://shop.example"));
        let bound: SocketAddr = "127.0.0.1:9999".parse().unwrap();
        assert_eq!(c.site_url_for(bound), "https://shop.example");
        let c = parse(&[("PLEAT_ADDR", "0.0.0.0:0")]).unwrap();
        assert_eq!(
            c.site_url_for("0.0.0.0:4321".parse().unwrap()),
            "http://localhost:4321"
        );
        assert_eq!(
            c.site_url_for("[::1]:80".parse().unwrap()),
            "http://[::1]:80"
        );
    }

    #[test]
    fn empty_values_count_as_unset() {
        let c = parse(&[
            ("PLEAT_ADMIN_EMAIL", ""),
            ("PLEAT_ADMIN_PASSWORD", ""),
            ("DATABASE_URL", ""),
        ])
        .unwrap();
        assert!(c.admin.is_none());
        assert!(c.database_url.is_none());
    }

    #[test]
    fn invalid_values_give_one_clear_line() {
        let cases: &[(&[(&str, &str)], &str)] = &[
            (
                &[("PLEAT_ADDR", "nowhere")],
                "PLEAT_ADDR: `nowhere` is not an address like 127.0.0.1:8080",
            ),
            (
                &[("PLEAT_JWT_SECRET", "short")],
                "PLEAT_JWT_SECRET: must be at least 32 characters",
            ),
            (
                &[("PLEAT_JWT_EXP", "0")],
                "PLEAT_JWT_EXP: `0` is not a whole number of at least 1",
            ),
            (
                &[("PLEAT_JWT_EXP", "soon")],
                "PLEAT_JWT_EXP: `soon` is not a whole number of at least 1",
            ),
            (
                &[("PLEAT_DISABLE_SIGNUP", "maybe")],
                "PLEAT_DISABLE_SIGNUP: `maybe` is not true or false",
            ),
            (
                &[("PLEAT_ADMIN_EMAIL", "a@b.c")],
                "PLEAT_ADMIN_PASSWORD: must be set with PLEAT_ADMIN_EMAIL",
            ),
            (
                &[("DATABASE_URL", "mysql://x")],
                "DATABASE_URL: must start with postgres:// or postgresql://",
            ),
            (
                &[("PLEAT_DB_SCHEMAS", "public,,x")],
                "PLEAT_DB_SCHEMAS: has an empty schema name",
            ),
            (
                &[("PLEAT_TRUSTED_PROXIES", "proxy.local")],
                "PLEAT_TRUSTED_PROXIES: must be a comma list of addresses or CIDR ranges",
            ),
            (
                &[("PLEAT_STATEMENT_TIMEOUT_ANON", "3 hours")],
                "PLEAT_STATEMENT_TIMEOUT_ANON: `3 hours` is not a duration like 3000, 500ms or 3s",
            ),
            (
                &[("PLEAT_ANON_CONCURRENCY", "0")],
                "PLEAT_ANON_CONCURRENCY: `0` is not a whole number of at least 1",
            ),
            (
                &[("PLEAT_SITE_URL", "example.com")],
                "PLEAT_SITE_URL: `example.com` is not an absolute URL",
            ),
            (
                &[("PLEAT_SITE_URL", "ftp://example.com")],
                "PLEAT_SITE_URL: `ftp://example.com` must start with http:// or https://",
            ),
            (
                &[("PLEAT_SITE_URL", "https://example.com/?a=1")],
                "PLEAT_SITE_URL: `https://example.com/?a=1` must not have a query, fragment or user name",
            ),
            (
                &[("PLEAT_ADRR", "x")],
                "PLEAT_ADRR: unknown variable (see the configuration table in README.md)",
            ),
        ];
        for (vars, expected) in cases {
            let err = parse(vars).unwrap_err().to_string();
            assert_eq!(&err, expected);
            assert!(!err.contains('\n'));
        }
    }
}
