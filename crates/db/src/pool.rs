//! The two pools: `owner` (migrations, the auth tables, admin tasks) and `api`
//! (connects as `authenticator`, which can only switch to the three API roles,
//! one transaction at a time, through [`begin_as`]).

use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{PgPool, Postgres, Transaction};

use crate::bins::BinLookup;
use crate::{migrate, Error, ManagedCluster};

/// The only roles a request may assume.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Anon,
    Authenticated,
    ServiceRole,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Anon => "anon",
            Role::Authenticated => "authenticated",
            Role::ServiceRole => "service_role",
        }
    }
}

/// Where the database is: an external URL, or the managed cluster in a data dir.
#[derive(Debug, Clone)]
pub struct DbSettings {
    pub url: Option<String>,
    pub data_dir: std::path::PathBuf,
    /// Password set on `authenticator` so it can log in over TCP too.
    pub authenticator_password: String,
    pub max_connections: u32,
    /// Applied in order at open: the backend's sets, then the app's.
    pub migrations: Vec<migrate::Set>,
}

#[derive(Debug)]
pub struct Database {
    pub owner: PgPool,
    pub api: PgPool,
    /// The same `authenticator` login as `api`, for the request connections
    /// of `/rest/v1` (tokio-postgres, which can pipeline statements).
    pub api_config: tokio_postgres::Config,
    cluster: Option<ManagedCluster>,
}

impl Database {
    /// Connect (starting the managed cluster when there is no URL), apply the
    /// migrations, and open the `authenticator` pool.
    pub async fn open(settings: &DbSettings) -> Result<Database, Error> {
        let (owner_opts, cluster) = owner_options(settings).await?;
        // Three owner connections are held for good by LISTEN (the schema
        // cache's reload, the mail worker, the realtime bus): the rest serve
        // the outbox, presence, backups' bookkeeping and the metrics' reads.
        let owner = pool_options(8).connect_with(owner_opts.clone()).await?;
        migrate::run(&owner, &settings.migrations).await?;
        let api_config = api_config(settings, cluster.as_ref(), &owner_opts)?;
        let api_opts = owner_opts
            .username("authenticator")
            .password(&settings.authenticator_password)
            .application_name("pleat");
        let pool = pool_options(settings.max_connections);
        // Only touch the role when logging in fails: ALTER ROLE is cluster-wide
        // and collides ("tuple concurrently updated") with other starts.
        let api = match pool.clone().connect_with(api_opts.clone()).await {
            Ok(api) => api,
            Err(e) if is_auth_failure(&e) => {
                set_authenticator_password(&owner, &settings.authenticator_password).await?;
                pool.connect_with(api_opts).await?
            }
            Err(e) => return Err(e.into()),
        };
        Ok(Database {
            owner,
            api,
            api_config,
            cluster,
        })
    }

    /// The managed cluster, when there is no `DATABASE_URL` (its socket
    /// and programs, for `pg_dump`).
    pub fn cluster(&self) -> Option<&ManagedCluster> {
        self.cluster.as_ref()
    }

    /// Close both pools, then stop the managed cluster if there is one.
    pub async fn close(mut self) -> Result<(), Error> {
        self.api.close().await;
        self.owner.close().await;
        if let Some(mut cluster) = self.cluster.take() {
            tokio::task::spawn_blocking(move || cluster.stop())
                .await
                .map_err(anyhow::Error::from)??;
        }
        Ok(())
    }
}

/// The migrations `Database::open` would apply, applying none (the managed
/// cluster is started for the look and stopped again).
pub async fn pending_migrations(settings: &DbSettings) -> Result<Vec<migrate::Pending>, Error> {
    let (owner_opts, cluster) = owner_options(settings).await?;
    let owner = pool_options(1).connect_with(owner_opts).await?;
    let pending = migrate::pending(&owner, &settings.migrations).await;
    owner.close().await;
    if let Some(mut cluster) = cluster {
        tokio::task::spawn_blocking(move || cluster.stop())
            .await
            .map_err(anyhow::Error::from)??;
    }
    pending
}

/// The owner's connection: the URL's, or the managed cluster's (started here).
async fn owner_options(
    settings: &DbSettings,
) -> Result<(PgConnectOptions, Option<ManagedCluster>), Error> {
    Ok(match &settings.url {
        Some(url) => (url.parse::<PgConnectOptions>()?, None),
        None => {
            let dir = settings.data_dir.clone();
            let cluster = tokio::task::spawn_blocking(move || {
                ManagedCluster::start(&dir, &BinLookup::system())
            })
            .await
            .map_err(anyhow::Error::from)??;
            (cluster.connect_options(), Some(cluster))
        }
    })
}

/// Where `authenticator` logs in: the URL's server and database, or the
/// managed cluster's socket.
fn api_config(
    settings: &DbSettings,
    cluster: Option<&ManagedCluster>,
    owner: &PgConnectOptions,
) -> Result<tokio_postgres::Config, Error> {
    let mut config = match (cluster, &settings.url) {
        (Some(cluster), _) => {
            let mut c = tokio_postgres::Config::new();
            c.host_path(cluster.pgdata()).port(cluster.port());
            c
        }
        (None, Some(url)) => url
            .parse::<tokio_postgres::Config>()
            .map_err(|e| anyhow::anyhow!("DATABASE_URL: {e}"))?,
        (None, None) => unreachable!("a database without a URL is the managed cluster"),
    };
    // sqlx and tokio-postgres both default the database to the user's name:
    // keep the owner's database, not one named after `authenticator`.
    let dbname = owner
        .get_database()
        .map(str::to_string)
        .unwrap_or_else(|| owner.get_username().to_string());
    config
        .user("authenticator")
        .password(settings.authenticator_password.as_str())
        .dbname(&dbname)
        // Told apart from the auth and storage pool in pg_stat_activity.
        .application_name("pleat rest");
    Ok(config)
}

fn pool_options(max: u32) -> PgPoolOptions {
    // No ping before each acquire: a broken connection fails its query and is
    // dropped anyway, and the ping is a round trip on every request.
    PgPoolOptions::new()
        .max_connections(max)
        .acquire_timeout(Duration::from_secs(10))
        .test_before_acquire(false)
}

fn is_auth_failure(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .and_then(|d| d.code())
        .is_some_and(|c| c.starts_with("28"))
}

async fn set_authenticator_password(owner: &PgPool, password: &str) -> Result<(), Error> {
    // ALTER ROLE takes no bind parameters; the password is generated hex, but
    // quote it as a literal anyway so nothing else could ever reach the SQL.
    if !password.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(anyhow::anyhow!("the authenticator password must be alphanumeric").into());
    }
    let sql = format!("ALTER ROLE authenticator WITH LOGIN PASSWORD '{password}'");
    // Another start may be changing the role at the same moment (XX000).
    for attempt in 1.. {
        match sqlx::query(&sql).execute(owner).await {
            Ok(_) => return Ok(()),
            Err(e)
                if attempt < 5
                    && e.as_database_error().and_then(|d| d.code()).as_deref() == Some("XX000") =>
            {
                tokio::time::sleep(Duration::from_millis(50 * attempt)).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
    unreachable!("the loop returns")
}

/// Start a transaction as `role` with the JWT claims visible to RLS policies
/// and `auth.uid()`; both settings end with the transaction.
pub async fn begin_as<'c>(
    pool: &PgPool,
    role: Role,
    claims: &serde_json::Value,
) -> Result<Transaction<'c, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)")
        .bind(role.as_str())
        .bind(claims.to_string())
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}
