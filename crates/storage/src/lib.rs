//! Supabase-compatible `/storage/v1`: buckets and objects under row-level
//! security on `storage.buckets` / `storage.objects`, blobs in an
//! `object_store` backend, public and signed URLs, image transformation.
//!
//! The server mounts it with
//! `web::scope("/storage/v1").app_data(web::Data::new(state)).configure(pleat_storage::configure)`.

pub mod backend;
mod bucket_options;
mod cache_control;
mod caller;
pub mod error;
mod expires;
pub mod keys;
pub mod media_type;
pub mod mime;
mod model;
mod paths;
pub mod range;
mod routes;
mod serve;
pub mod size;
pub mod token;
mod transaction;
pub mod transform;
mod upload;
mod upload_form;

use actix_web::web;
use pleat_auth::caller::VerifiedTokens;
use pleat_auth::keyring::Keyring;
use secrecy::SecretString;
use sqlx::PgPool;

pub use backend::Backend;
pub use error::StorageError;

/// The `storage` schema, applied by `pleat` after the `auth` schema.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

pub struct StorageSettings {
    /// Signs and verifies the signed-URL tokens (HS256, as Supabase Storage
    /// signs them); callers' tokens go through the keyring.
    pub jwt_secret: SecretString,
    /// Largest upload in bytes; a bucket's own limit may only be lower.
    pub max_upload: u64,
    /// How long one statement may run, per role (as in `/rest/v1`).
    pub timeouts: pleat_db::StatementTimeouts,
    /// Image renderings at once (`PLEAT_TRANSFORM_CONCURRENCY`).
    pub transform_concurrency: usize,
    /// Bytes the renderings in flight may hold (`PLEAT_TRANSFORM_MEMORY`).
    pub transform_memory: u64,
    /// Bytes the render cache may keep in the backend (`PLEAT_TRANSFORM_CACHE`).
    pub transform_cache: u64,
}

pub struct StorageState {
    /// The `authenticator` pool: every query runs as the caller's role.
    pub(crate) pool: PgPool,
    pub(crate) backend: Backend,
    pub(crate) settings: StorageSettings,
    pub(crate) tokens: VerifiedTokens,
    /// Verifies the callers' tokens and API keys.
    pub(crate) keyring: Keyring,
    pub(crate) renderer: transform::RenderPool,
    pub(crate) render_cache: std::sync::Arc<transform::RenderCache>,
}

impl StorageState {
    /// Also starts this replica's sweeps of the render cache, when called
    /// inside a tokio runtime (they end with it).
    pub fn new(pool: PgPool, backend: Backend, settings: StorageSettings) -> StorageState {
        let render_cache =
            std::sync::Arc::new(transform::RenderCache::new(settings.transform_cache));
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(sweep_renders(
                render_cache.clone(),
                pool.clone(),
                backend.clone(),
            ));
        }
        StorageState {
            keyring: Keyring::legacy(settings.jwt_secret.clone()),
            pool,
            backend,
            renderer: transform::RenderPool::new(
                settings.transform_concurrency,
                settings.transform_memory,
            ),
            render_cache,
            settings,
            tokens: VerifiedTokens::new(),
        }
    }

    /// The keyring shared with the other APIs (`pleat` loads it from the
    /// database); without one callers' tokens verify with the JWT secret only.
    pub fn with_keyring(mut self, keyring: Keyring) -> StorageState {
        self.keyring = keyring;
        self
    }

    /// Image renderings done so far (cache hits are not renderings).
    pub fn renders(&self) -> u64 {
        self.renderer.renders()
    }

    /// Bytes of the memory budget held by renderings in flight now.
    pub fn render_memory_in_use(&self) -> u64 {
        self.renderer.memory_in_use()
    }

    /// Renderings in flight now, and requests queued for one (reading
    /// their source's header or waiting for admission).
    pub fn render_queue(&self) -> (usize, usize) {
        self.renderer.queue()
    }

    /// The most renderings ever in flight at once, and the most bytes of
    /// the memory budget they held.
    pub fn render_peak(&self) -> (usize, u64) {
        self.renderer.peak()
    }

    /// Evict from the render cache what is over its budget or no longer
    /// served, now rather than at the next sweep; how many entries went.
    pub async fn sweep_renders(&self) -> Result<usize, StorageError> {
        self.render_cache.sweep(&self.pool, &self.backend).await
    }

    pub(crate) async fn caller(
        &self,
        req: &actix_web::HttpRequest,
    ) -> Result<caller::Caller, StorageError> {
        caller::resolve(req, &self.tokens, &self.keyring, &self.pool).await
    }

    pub(crate) async fn caller_lenient(
        &self,
        req: &actix_web::HttpRequest,
    ) -> Result<caller::Caller, StorageError> {
        caller::resolve_lenient(req, &self.tokens, &self.keyring, &self.pool).await
    }
}

/// The render cache's sweeps, every `SWEEP_EVERY`, starting with the
/// renderings earlier versions of pleat left unindexed among the blobs.
async fn sweep_renders(
    cache: std::sync::Arc<transform::RenderCache>,
    pool: PgPool,
    backend: Backend,
) {
    match backend.delete_legacy_renders().await {
        Ok(0) => {}
        Ok(n) => tracing::info!(
            files = n,
            "deleted the renderings of an earlier render cache"
        ),
        Err(e) => {
            tracing::warn!(error = %e, "could not delete the renderings of an earlier render cache")
        }
    }
    let mut every = tokio::time::interval(transform::cache::SWEEP_EVERY);
    loop {
        every.tick().await;
        if let Err(e) = cache.sweep(&pool, &backend).await {
            tracing::warn!(error = %e, "could not sweep the render cache");
        }
    }
}

/// Register every `/storage/v1` route, relative to the enclosing scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    routes::configure(cfg);
}
