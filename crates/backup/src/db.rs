//! How `pg_dump` and `pg_restore` (and this crate's own queries) reach the
//! database: the server, user and database of `DATABASE_URL`, or the
//! managed cluster's unix socket. Credentials go to the tools in `PG*`
//! environment variables, never on their command line, where any user of
//! the machine could read them in the process list.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use secrecy::{ExposeSecret, SecretString};
use sqlx::postgres::PgConnectOptions;

#[derive(Debug, Clone)]
pub struct DbConn {
    /// A host name or address, or a unix socket directory (starts with `/`).
    host: String,
    port: u16,
    user: String,
    password: Option<SecretString>,
    dbname: String,
    sslmode: Option<String>,
}

impl DbConn {
    /// `postgres://user:password@host:port/dbname?sslmode=…` (a `host=`
    /// query parameter may name a socket directory, as libpq allows).
    pub fn from_url(text: &str) -> anyhow::Result<DbConn> {
        let url = url::Url::parse(text).map_err(|e| anyhow::anyhow!("DATABASE_URL: {e}"))?;
        let decode = |s: &str| -> anyhow::Result<String> {
            percent_decode(s).ok_or_else(|| anyhow::anyhow!("DATABASE_URL: bad percent-encoding"))
        };
        let mut host = url.host_str().unwrap_or("").to_string();
        if host.starts_with('[') && host.ends_with(']') {
            host = host[1..host.len() - 1].to_string();
        }
        let mut sslmode = None;
        for (k, v) in url.query_pairs() {
            match k.as_ref() {
                "host" => host = v.into_owned(),
                "sslmode" => sslmode = Some(v.into_owned()),
                _ => {}
            }
        }
        if host.is_empty() {
            host = "localhost".into();
        }
        let user = decode(url.username())?;
        let user = if user.is_empty() {
            std::env::var("USER").unwrap_or_else(|_| "postgres".into())
        } else {
            user
        };
        let dbname = decode(url.path().trim_start_matches('/'))?;
        Ok(DbConn {
            host,
            port: url.port().unwrap_or(5432),
            password: url
                .password()
                .map(decode)
                .transpose()?
                .map(SecretString::from),
            dbname: if dbname.is_empty() {
                user.clone()
            } else {
                dbname
            },
            user,
            sslmode,
        })
    }

    /// The managed cluster: its socket directory and port, trust auth.
    pub fn socket(dir: &Path, port: u16, user: &str, dbname: &str) -> DbConn {
        DbConn {
            host: dir.display().to_string(),
            port,
            user: user.into(),
            password: None,
            dbname: dbname.into(),
            sslmode: None,
        }
    }

    pub fn dbname(&self) -> &str {
        &self.dbname
    }

    pub fn user(&self) -> &str {
        &self.user
    }

    /// The `PG*` variables libpq's tools read.
    pub fn env(&self) -> Vec<(&'static str, OsString)> {
        let mut env = vec![
            ("PGHOST", OsString::from(&self.host)),
            ("PGPORT", OsString::from(self.port.to_string())),
            ("PGUSER", OsString::from(&self.user)),
            ("PGDATABASE", OsString::from(&self.dbname)),
            ("PGAPPNAME", OsString::from("pleat backup")),
        ];
        if let Some(p) = &self.password {
            env.push(("PGPASSWORD", OsString::from(p.expose_secret())));
        }
        if let Some(mode) = &self.sslmode {
            env.push(("PGSSLMODE", OsString::from(mode)));
        }
        env
    }

    pub fn connect_options(&self) -> PgConnectOptions {
        let mut opts = PgConnectOptions::new()
            .port(self.port)
            .username(&self.user)
            .database(&self.dbname)
            .application_name("pleat backup");
        opts = if self.host.starts_with('/') {
            opts.socket(&self.host)
        } else {
            opts.host(&self.host)
        };
        if let Some(p) = &self.password {
            opts = opts.password(p.expose_secret());
        }
        if let Some(mode) = self.sslmode.as_deref().and_then(|m| m.parse().ok()) {
            opts = opts.ssl_mode(mode);
        }
        opts
    }
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The directory holding `pg_dump` and `pg_restore`: beside the server
/// programs the managed cluster uses (`server_bin`, when known), else on
/// `PATH`, else the newest `/usr/lib/postgresql/*/bin`. Newer tools read
/// older servers, so the newest wins.
pub fn find_client_bin_dir(server_bin: Option<&Path>) -> anyhow::Result<PathBuf> {
    let has_tools = |d: &Path| d.join("pg_dump").is_file() && d.join("pg_restore").is_file();
    if let Some(dir) = server_bin.filter(|d| has_tools(d)) {
        return Ok(dir.to_path_buf());
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
        .filter(|(_, d): &(u32, PathBuf)| has_tools(d))
        .collect();
    versions.sort();
    if let Some((_, dir)) = versions.pop() {
        return Ok(dir);
    }
    std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).find(|d| has_tools(d)))
        .ok_or_else(|| {
            anyhow::anyhow!(
                "pg_dump and pg_restore were not found; install the PostgreSQL client (apt-get install postgresql-client)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_give_libpq_variables_without_the_password_in_arguments() {
        let c = DbConn::from_url("postgres://pleat:p%40ss@db.example:6543/site?sslmode=require")
            .unwrap();
        let env = c.env();
        let get = |k: &str| {
            env.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_str().unwrap().to_string())
        };
        assert_eq!(get("PGHOST").as_deref(), Some("db.example"));
        assert_eq!(get("PGPORT").as_deref(), Some("6543"));
        assert_eq!(get("PGUSER").as_deref(), Some("pleat"));
        assert_eq!(get("PGPASSWORD").as_deref(), Some("p@ss"));
        assert_eq!(get("PGDATABASE").as_deref(), Some("site"));
        assert_eq!(get("PGSSLMODE").as_deref(), Some("require"));
        let s = DbConn::from_url("postgresql://u@localhost/d?host=/run/postgresql").unwrap();
        assert_eq!(s.host, "/run/postgresql");
        assert_eq!(s.port, 5432);
        assert!(DbConn::from_url("not a url").is_err());
    }
}
