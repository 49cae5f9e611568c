//! Supabase-Realtime-compatible `/realtime/v1`: the Phoenix socket realtime-js
//! speaks (`protocol`), rooms and presence (`hub`), what a joined channel may
//! do (`channel`), private channels authorised by policies on
//! `realtime.messages` (`private`), and broadcasts over REST and from SQL
//! (`broadcast_api`, `realtime.send`).
//!
//! The server mounts it with
//! `web::scope("/realtime/v1").app_data(web::Data::new(state)).configure(pleat_realtime::configure)`.

mod broadcast_api;
mod bus;
mod changes;
mod channel;
pub mod hub;
mod limits;
mod presence;
mod private;
pub mod protocol;
mod socket;
mod token;

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use pleat_auth::keyring::Keyring;
use sqlx::PgPool;

pub use limits::Limits;

/// The `realtime` schema (`realtime.messages`, `realtime.topic()`,
/// `realtime.send`), applied by `pleat` before the app's migrations.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

pub struct RealtimeSettings {
    /// Verifies the socket's API key and each channel's access token.
    pub keyring: Keyring,
    pub limits: Limits,
    /// A socket that sends nothing (not even a heartbeat) for this long is closed.
    pub idle_timeout: Duration,
}

pub struct RealtimeState {
    pub(crate) hub: Arc<hub::Hub>,
    pub(crate) bus: bus::Bus,
    pub(crate) presence: presence::Presence,
    pub(crate) settings: RealtimeSettings,
    /// The API pool (`authenticator`): private channels are checked as the caller.
    pub(crate) pool: PgPool,
    pub(crate) connections: AtomicUsize,
    pub(crate) changes: changes::Changes,
}

impl RealtimeState {
    /// Starts listening on the bus (through `owner`); call inside the runtime.
    pub fn new(pool: PgPool, owner: PgPool, settings: RealtimeSettings) -> RealtimeState {
        let hub = Arc::new(hub::Hub::default());
        let bus = bus::Bus::start(owner.clone(), hub.clone());
        RealtimeState {
            presence: presence::Presence::start(owner.clone(), bus.clone()),
            bus,
            hub,
            settings,
            changes: changes::Changes::new(owner.clone(), pool.clone()),
            pool,
            connections: AtomicUsize::new(0),
        }
    }
}

impl RealtimeState {
    /// Sockets open now (an upgrade being refused over the limit counts
    /// for an instant).
    pub fn connections(&self) -> usize {
        self.connections.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Says once, at start, when the database cannot feed postgres_changes
/// (everything else of Pleat, and of Realtime, still runs).
pub async fn warn_unless_logical(owner: &PgPool) {
    match sqlx::query_scalar::<_, String>("SHOW wal_level").fetch_one(owner).await {
        Ok(level) if level == "logical" => {}
        Ok(level) => tracing::warn!(
            "realtime: the database runs with wal_level={level}, so postgres_changes are off; \
             set wal_level=logical in postgresql.conf (or `-c wal_level=logical`) and restart PostgreSQL"
        ),
        Err(e) => tracing::warn!(error = %e, "realtime: cannot read wal_level"),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/websocket", web::get().to(socket::websocket))
        .route("/api/broadcast", web::post().to(broadcast_api::batch))
        .route(
            "/api/broadcast/{topic}/events/{event}",
            web::post().to(broadcast_api::single),
        );
}
