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
mod db;
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
pub mod transform;
mod upload;
mod upload_form;

use actix_web::web;
use pleat_rest::auth::VerifiedTokens;
use secrecy::SecretString;
use sqlx::PgPool;

pub use backend::Backend;
pub use error::StorageError;

/// The `storage` schema, applied by `pleat` after the `auth` schema.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

pub struct StorageSettings {
    pub jwt_secret: SecretString,
    /// Largest upload in bytes; a bucket's own limit may only be lower.
    pub max_upload: u64,
    /// How long one statement may run, per role (as in `/rest/v1`).
    pub timeouts: pleat_db::StatementTimeouts,
    /// Image renderings at once (`PLEAT_TRANSFORM_CONCURRENCY`).
    pub transform_concurrency: usize,
}

pub struct StorageState {
    /// The `authenticator` pool: every query runs as the caller's role.
    pub(crate) pool: PgPool,
    pub(crate) backend: Backend,
    pub(crate) settings: StorageSettings,
    pub(crate) tokens: VerifiedTokens,
    pub(crate) renderer: transform::RenderPool,
}

impl StorageState {
    pub fn new(pool: PgPool, backend: Backend, settings: StorageSettings) -> StorageState {
        StorageState {
            pool,
            backend,
            renderer: transform::RenderPool::new(settings.transform_concurrency),
            settings,
            tokens: VerifiedTokens::new(),
        }
    }

    /// Image renderings done so far (cache hits are not renderings).
    pub fn renders(&self) -> u64 {
        self.renderer.renders()
    }

    pub(crate) async fn caller(
        &self,
        req: &actix_web::HttpRequest,
    ) -> Result<caller::Caller, StorageError> {
        caller::resolve(req, &self.tokens, &self.settings.jwt_secret, &self.pool).await
    }

    pub(crate) async fn caller_lenient(
        &self,
        req: &actix_web::HttpRequest,
    ) -> Result<caller::Caller, StorageError> {
        caller::resolve_lenient(req, &self.tokens, &self.settings.jwt_secret, &self.pool).await
    }
}

/// Register every `/storage/v1` route, relative to the enclosing scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    routes::configure(cfg);
}
