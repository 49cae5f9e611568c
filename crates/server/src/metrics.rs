//! Prometheus metrics, served on a listener of their own at
//! `PLEAT_METRICS_ADDR` (never the public one; off when unset) as the
//! Prometheus text format: requests by API and status class and their
//! latency ([`requests`]), the pools, queues and sockets of this process
//! ([`live`]), and what the replicas share, read from the database at
//! scrape time ([`database`]). The registry belongs to one
//! [`crate::startup::Application`], so apps in one process (the tests)
//! never share a counter. Every metric is named `pleat_…`; the list is in
//! docs/monitoring.md.

mod database;
mod live;
mod requests;

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::http::header::CONTENT_TYPE;
use actix_web::{web, App, HttpResponse, HttpServer};
use prometheus_client::encoding::prometheus_text;
use prometheus_client::registry::Registry;

pub use live::Sources;
pub use requests::{Api, RequestMetrics};

pub struct Metrics {
    pub requests: RequestMetrics,
    registry: Registry,
    database: Arc<database::DatabaseFigures>,
}

impl Metrics {
    pub fn new(sources: Sources) -> Metrics {
        let mut registry = Registry::default();
        let requests = RequestMetrics::register(&mut registry);
        let database = Arc::new(database::DatabaseFigures::new(sources.owner.clone()));
        registry.register_collector(Box::new(live::Live {
            sources,
            database: database.clone(),
        }));
        Metrics {
            requests,
            registry,
            database,
        }
    }

    /// Every metric in the Prometheus text format, the database's figures
    /// read first (or reused when fresh).
    pub async fn render(&self) -> Result<String, std::fmt::Error> {
        self.database.refresh().await;
        let mut text = String::with_capacity(8 * 1024);
        prometheus_text::encode(&mut text, &self.registry)?;
        Ok(text)
    }
}

async fn scrape(metrics: web::Data<Arc<Metrics>>) -> HttpResponse {
    match metrics.render().await {
        Ok(text) => HttpResponse::Ok()
            .insert_header((CONTENT_TYPE, prometheus_text::CONTENT_TYPE))
            .body(text),
        Err(_) => {
            tracing::error!("metrics: could not encode the metrics");
            HttpResponse::InternalServerError().finish()
        }
    }
}

/// The metrics listener: `GET /metrics` (and `/`, for a quick look), one
/// worker, no signal handling of its own (it stops with the app).
pub fn serve(addr: SocketAddr, metrics: Arc<Metrics>) -> anyhow::Result<(Server, SocketAddr)> {
    let listener = TcpListener::bind(addr)
        .map_err(|e| anyhow::anyhow!("PLEAT_METRICS_ADDR: cannot listen on {addr}: {e}"))?;
    let bound = listener.local_addr()?;
    let metrics = web::Data::new(metrics);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(metrics.clone())
            .route("/metrics", web::get().to(scrape))
            .route("/", web::get().to(scrape))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .shutdown_timeout(1)
    .run();
    Ok((server, bound))
}
