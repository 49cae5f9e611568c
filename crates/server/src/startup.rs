//! `Application::build(config)`: the one way the app is assembled, used by
//! `main` and by the tests (which bind port 0).

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::{from_fn, Compress, DefaultHeaders};
use actix_web::{web, App, HttpServer};
use pleat_db::pool::DbSettings;
use pleat_db::Database;
use secrecy::{ExposeSecret, SecretString};

use crate::config::Config;
use crate::deadlines::{self, BodyDeadline};
use crate::gateway;
use crate::keys::{self, ApiKeys};
use crate::metrics::{self, Metrics};
use crate::{site, telemetry};

/// Browsers may call the APIs from any origin with whatever headers supabase-js
/// sends (requested headers are echoed), and read the headers it needs.
fn cors() -> actix_cors::Cors {
    actix_cors::Cors::default()
        .allow_any_origin()
        .allow_any_method()
        .allow_any_header()
        .expose_headers([
            "content-range",
            "content-profile",
            "preference-applied",
            "location",
            "range-unit",
            "x-supabase-api-version",
            "x-total-count",
            "link",
            "retry-after",
            // /storage/v1 downloads
            "etag",
            "last-modified",
            "content-disposition",
            "content-length",
            "accept-ranges",
            "x-request-id",
        ])
        .max_age(86400)
}

/// How to reach the database, from the config and the JWT secret, and what
/// to migrate it with (the app's migrations are read here, so a missing
/// directory stops the program before anything starts).
pub async fn db_settings(
    config: &Config,
    secret: &SecretString,
    max_connections: u32,
) -> anyhow::Result<DbSettings> {
    Ok(DbSettings {
        url: config
            .database_url
            .as_ref()
            .map(|u| u.expose_secret().to_string()),
        data_dir: config.data_dir.clone(),
        authenticator_password: keys::authenticator_password(secret),
        max_connections,
        migrations: crate::migrations::all(&config.migrations_dir).await?,
    })
}

/// `/storage/v1`: blobs under PLEAT_STORAGE_URL (default `$PLEAT_DATA_DIR/storage`),
/// rows through the `authenticator` pool. The store is reached once here, so
/// a missing bucket or wrong credentials stop the start with a clear message.
async fn storage_backend(config: &Config) -> anyhow::Result<pleat_storage::Backend> {
    let backend = match &config.storage_url {
        Some(url) => pleat_storage::Backend::from_url(url),
        None => pleat_storage::Backend::local(&config.data_dir.join("storage")),
    }
    .map_err(|e| anyhow::anyhow!("PLEAT_STORAGE_URL: {e}"))?;
    backend
        .check()
        .await
        .map_err(|e| anyhow::anyhow!("PLEAT_STORAGE_URL: {e}"))?;
    Ok(backend)
}

fn storage_state(
    config: &Config,
    db: &Database,
    backend: pleat_storage::Backend,
    secret: SecretString,
    keyring: pleat_auth::keyring::Keyring,
) -> pleat_storage::StorageState {
    pleat_storage::StorageState::new(
        db.api.clone(),
        backend,
        pleat_storage::StorageSettings {
            jwt_secret: secret,
            max_upload: config.max_upload,
            timeouts: config.statement_timeouts,
            transform_concurrency: config.transform_concurrency,
            transform_memory: config.transform_memory,
            transform_cache: config.transform_cache,
        },
    )
    .with_keyring(keyring)
}

/// The outbox worker over the owner pool; says once where mail goes.
fn start_mail(
    config: &Config,
    db: &Database,
    site_url: &str,
) -> anyhow::Result<pleat_mail::worker::Running> {
    let mail = &config.mail;
    let mut settings = pleat_mail::MailSettings::new(
        mail.smtp.clone(),
        mail.from
            .clone()
            .unwrap_or_else(|| pleat_mail::settings::default_from(site_url)),
        site_url.to_string(),
    );
    settings.max_attempts = mail.max_attempts;
    settings.log_links = mail.log_links;
    settings.templates_dir = Some(
        mail.templates_dir
            .clone()
            .unwrap_or_else(|| config.site_dir.join("_pleat/mail")),
    );
    match &mail.smtp {
        Some(url) => {
            tracing::info!(smtp = %url.describe(), from = %settings.from, "mail: sending through SMTP")
        }
        None if mail.log_links => tracing::warn!(
            "mail: PLEAT_SMTP_URL is not set, so no mail is sent; PLEAT_MAIL_LOG_LINKS=true writes their links and codes to this log"
        ),
        None => tracing::warn!(
            "mail: PLEAT_SMTP_URL is not set, so no mail is sent (the admin says so; `pleat user passwd` resets a password)"
        ),
    }
    let worker =
        pleat_mail::Worker::new(settings, db.owner.clone()).map_err(|e| anyhow::anyhow!(e))?;
    Ok(worker.start())
}

/// The replica's backup maker (schedule, requests) and the state of the
/// download route, over the store at PLEAT_BACKUP_URL.
fn backups(
    config: &Config,
    db: &Database,
) -> anyhow::Result<(pleat_backup::Worker, pleat_backup::routes::DownloadState)> {
    let store = crate::backup::open_store(config)?;
    // Without pg_dump no backup can be made: said at start, not at 03:00.
    let source =
        crate::backup::backup_source(config, db).map_err(|e| anyhow::anyhow!("backups: {e:#}"))?;
    let schedule = pleat_backup::schedule::Schedule::parse(&config.backup.schedule)
        .map_err(|e| anyhow::anyhow!("PLEAT_BACKUP_SCHEDULE: {e}"))?;
    let mut settings = pleat_backup::WorkerSettings::new(schedule, config.backup.keep);
    settings.poll = config.backup.poll;
    settings.notify = pleat_backup::failure::Notify {
        admin_email: config.admin.as_ref().map(|(email, _)| email.clone()),
        location: pleat_backup::failure::redact(&store.describe(), &[]),
    };
    settings.secrets = backup_secrets(config);
    let worker = pleat_backup::Worker::new(settings, db.owner.clone(), store.clone(), source);
    Ok((
        worker,
        pleat_backup::routes::DownloadState {
            pool: db.owner.clone(),
            store,
        },
    ))
}

/// What a failed backup's error must not carry to the admin or a mail:
/// pg_dump and S3 errors are written by other programs, which may quote
/// what they were given.
pub(crate) fn backup_secrets(config: &Config) -> Vec<String> {
    let mut secrets = Vec::new();
    if let Some(p) = &config.backup.passphrase {
        secrets.push(p.expose_secret().to_string());
    }
    if let Some(password) = config
        .database_url
        .as_ref()
        .and_then(|u| url::Url::parse(u.expose_secret()).ok())
        .and_then(|u| u.password().map(str::to_string))
    {
        // As written in the URL and as the server receives it.
        if let Ok(decoded) = percent_encoding::percent_decode_str(&password).decode_utf8() {
            secrets.push(decoded.into_owned());
        }
        secrets.push(password);
    }
    for name in ["AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"] {
        if let Ok(v) = std::env::var(name) {
            secrets.push(v);
        }
    }
    secrets
}

pub struct Application {
    port: u16,
    _mail: pleat_mail::worker::Running,
    backups: pleat_backup::Worker,
    backups_running: pleat_backup::worker::Running,
    server: Server,
    /// The metrics listener and its bound address, when PLEAT_METRICS_ADDR is set.
    metrics: Option<(Server, SocketAddr)>,
    db: Database,
    keys: ApiKeys,
    storage: web::Data<pleat_storage::StorageState>,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        Application::assemble(config, None).await
    }

    /// [`Application::build`] with the blobs in `backend`, taken as it is
    /// (unchecked): the tests give each app a store of its own, a prefix of
    /// one S3 bucket or a store that is down.
    pub async fn build_with_store(
        config: Config,
        backend: pleat_storage::Backend,
    ) -> anyhow::Result<Application> {
        Application::assemble(config, Some(backend)).await
    }

    async fn assemble(
        config: Config,
        backend: Option<pleat_storage::Backend>,
    ) -> anyhow::Result<Application> {
        let secret = keys::load_or_create_secret(&config)?;
        pleat_auth::jwt::set_leeway(config.jwt_leeway);
        let db = Database::open(&db_settings(&config, &secret, config.authenticator_pool()).await?)
            .await?;
        let listener = TcpListener::bind(config.addr)
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
        let bound = listener.local_addr()?;
        let port = bound.port();
        let site_url = config.site_url_for(bound);
        let api_keys = ApiKeys::new(&secret);
        let keyring = keys::keyring(&secret, &db.owner).await?;
        tokio::spawn(keyring.clone().listen());
        let auth = web::Data::new(
            pleat_auth::AuthState::new(
                pleat_auth::AuthSettings {
                    jwt_secret: secret.clone(),
                    jwt_exp: config.jwt_exp,
                    disable_signup: config.disable_signup,
                    secure_password_change: config.secure_password_change,
                    refresh_token_reuse_interval: config.refresh_token_reuse_interval,
                    password_min_length: config.password_min_length,
                    trusted_proxies: config.trusted_proxies.clone(),
                    site_url: Some(site_url.clone()),
                    redirect_urls: config
                        .mail
                        .redirect_urls
                        .clone()
                        .unwrap_or_else(|| vec![site_url.clone()]),
                    otp_exp: config.mail.otp_exp,
                    smtp_configured: config.mail.smtp.is_some(),
                    mailer_autoconfirm: config.mailer_autoconfirm,
                    enable_anonymous_sign_ins: config.enable_anonymous_sign_ins,
                },
                db.owner.clone(),
            )
            .with_rate_limits(config.rate_limits)
            .with_keyring(keyring.clone())
            .with_external(config.external.clone())
            .with_oauth_server(config.oauth_server.clone()),
        );
        if let Some((email, password)) = &config.admin {
            auth.accounts()
                .ensure_user(email, password.expose_secret())
                .await
                .map_err(|e| {
                    anyhow::anyhow!("PLEAT_ADMIN_EMAIL: cannot create the owner account: {e}")
                })?;
        }
        let mail = start_mail(&config, &db, &site_url)?;
        let (backups, downloads) = backups(&config, &db)?;
        let downloads = web::Data::new(downloads);
        let backups_running = backups.start();
        let pool_size = config.rest_pool() as usize;
        let secret_for_storage = secret.clone();
        let rest = web::Data::new(
            pleat_rest::routes::RestState::new(
                pleat_rest::connections::Connections::new(db.api_config.clone(), pool_size),
                db.owner.clone(),
                pleat_rest::routes::RestSettings {
                    schemas: config.db_schemas.clone(),
                    max_body: config.max_body,
                    timeouts: config.statement_timeouts,
                    anon_per_client: config.anon_concurrency.unwrap_or_else(|| {
                        pleat_auth::caller::ClientLimit::default_for_pool(pool_size)
                    }),
                    trusted_proxies: config.trusted_proxies.clone(),
                    public_url: site_url.clone(),
                    aggregates: config.db_aggregates,
                    plan: config.db_plan,
                },
                keyring.clone(),
            )
            .await?,
        );
        let body_deadline = web::Data::new(BodyDeadline(config.body_timeout));
        let site = web::Data::new(site::Site::new(
            config.site_dir.clone(),
            site_url,
            &api_keys.anon,
            rest.clone(),
        ));
        let backend = match backend {
            Some(given) => given,
            None => storage_backend(&config).await?,
        };
        pleat_realtime::warn_unless_logical(&db.owner).await;
        let realtime = web::Data::new(pleat_realtime::RealtimeState::new(
            db.api.clone(),
            db.owner.clone(),
            pleat_realtime::RealtimeSettings {
                keyring: keyring.clone(),
                limits: config.realtime.limits,
                idle_timeout: config.realtime.idle_timeout,
            },
        ));
        let storage = web::Data::new(storage_state(
            &config,
            &db,
            backend,
            secret_for_storage,
            keyring.clone(),
        ));
        let keyring = web::Data::new(keyring);
        let storage_for_app = storage.clone();
        let metrics = config.metrics_addr.map(|addr| {
            let metrics = Arc::new(Metrics::new(metrics::Sources {
                owner: db.owner.clone(),
                authenticator: db.api.clone(),
                rest: rest.conns().clone(),
                storage: storage.clone(),
                realtime: realtime.clone(),
            }));
            (addr, metrics)
        });
        let request_telemetry = web::Data::new(telemetry::RequestTelemetry {
            trusted_proxies: config.trusted_proxies.clone(),
            metrics: metrics.as_ref().map(|(_, m)| m.clone()),
        });
        let metrics_server = metrics
            .map(|(addr, metrics)| metrics::serve(addr, metrics))
            .transpose()?;
        // actix starts a worker per core; each opens its share of the REST
        // connections as it starts, so their I/O runs beside its requests and
        // the first requests after start find them open.
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        let warm_share = pool_size.div_ceil(workers);
        let warm_conns = rest.conns().clone();
        let server = HttpServer::new(move || {
            let conns = warm_conns.clone();
            actix_web::rt::spawn(async move { conns.warm(warm_share).await });
            App::new()
                .app_data(body_deadline.clone())
                .app_data(keyring.clone())
                .wrap(from_fn(deadlines::body_deadline))
                .wrap(from_fn(gateway::check_api_keys))
                .wrap(cors())
                .wrap(
                    DefaultHeaders::new()
                        .add(("x-content-type-options", "nosniff"))
                        .add(("referrer-policy", "strict-origin-when-cross-origin")),
                )
                .wrap(Compress::default())
                .wrap(from_fn(telemetry::observe_request))
                .app_data(request_telemetry.clone())
                .app_data(site.clone())
                .service(
                    web::scope("/rest/v1")
                        .app_data(rest.clone())
                        .configure(pleat_rest::routes::configure),
                )
                .service(
                    web::scope("/storage/v1")
                        .app_data(storage.clone())
                        .configure(pleat_storage::configure),
                )
                .service(
                    web::scope("/realtime/v1")
                        .app_data(realtime.clone())
                        .configure(pleat_realtime::configure),
                )
                .service(
                    web::scope("/auth/v1")
                        .app_data(auth.clone())
                        .configure(pleat_auth::configure),
                )
                .configure(|cfg| pleat_auth::configure_root(cfg, auth.clone()))
                .service(
                    web::scope("/backup/v1")
                        .app_data(downloads.clone())
                        .configure(pleat_backup::routes::configure)
                        .default_service(web::to(pleat_backup::routes::not_found)),
                )
                .default_service(web::to(site::serve))
        })
        .workers(workers)
        .client_request_timeout(config.header_timeout)
        .listen(listener)?
        .shutdown_timeout(10)
        .run();
        Ok(Application {
            port,
            _mail: mail,
            backups,
            backups_running,
            server,
            metrics: metrics_server,
            db,
            keys: api_keys,
            storage: storage_for_app,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Where the metrics are served (the bound port when PLEAT_METRICS_ADDR
    /// asked for port 0); `None` when they are off.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|(_, addr)| *addr)
    }

    pub fn keys(&self) -> &ApiKeys {
        &self.keys
    }

    /// This replica's backup maker, which the tests tick through slots.
    pub fn backups(&self) -> &pleat_backup::Worker {
        &self.backups
    }

    /// `/storage/v1`'s state, whose counters the tests read.
    pub fn storage(&self) -> &web::Data<pleat_storage::StorageState> {
        &self.storage
    }

    /// Serve until SIGINT/SIGTERM (graceful), then close the database and stop
    /// the managed cluster.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let metrics = self.metrics.map(|(server, _)| {
            let handle = server.handle();
            (tokio::spawn(server), handle)
        });
        let served = self.server.await;
        if let Some((running, handle)) = metrics {
            handle.stop(false).await;
            let _ = running.await;
        }
        // The workers stop before their pool closes; a mail it was sending is
        // claimed again after its lease, a backup under way is marked failed.
        drop(self._mail);
        self.backups_running.stop().await;
        let closed = self.db.close().await;
        served?;
        closed?;
        Ok(())
    }
}
