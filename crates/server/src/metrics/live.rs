//! The gauges read at each scrape from the running parts (the connection
//! pools, the render queue, the realtime sockets) and from the last
//! database reading ([`DatabaseFigures`]). A figure the database did not
//! give is left out of the scrape, not reported as zero.

use std::sync::Arc;

use actix_web::web;
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{
    DescriptorEncoder, EncodeGaugeValue, EncodeLabelSet, EncodeMetric,
};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::MetricType;
use sqlx::PgPool;

use super::database::DatabaseFigures;

/// What the scrape reads from.
pub struct Sources {
    /// pleat's own connections (auth, mail, realtime's bus, these metrics).
    pub owner: PgPool,
    /// The `authenticator` pool of `/storage/v1` and realtime's checks.
    pub authenticator: PgPool,
    pub rest: pleat_rest::connections::Connections,
    pub storage: web::Data<pleat_storage::StorageState>,
    pub realtime: web::Data<pleat_realtime::RealtimeState>,
}

pub struct Live {
    pub sources: Sources,
    pub database: Arc<DatabaseFigures>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Live")
    }
}

fn gauge(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    value: impl EncodeGaugeValue,
) -> Result<(), std::fmt::Error> {
    let metric = encoder.encode_descriptor(name, help, None, MetricType::Gauge)?;
    ConstGauge::new(value).encode(metric)
}

/// One gauge family: a series per label set.
fn gauges<L: EncodeLabelSet, V: EncodeGaugeValue>(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    series: impl IntoIterator<Item = (L, V)>,
) -> Result<(), std::fmt::Error> {
    let mut metric = encoder.encode_descriptor(name, help, None, MetricType::Gauge)?;
    for (labels, value) in series {
        ConstGauge::new(value).encode(metric.encode_family(&labels)?)?;
    }
    Ok(())
}

fn sqlx_pool(pool: &PgPool) -> (u64, u64, u64) {
    let open = u64::from(pool.size());
    let idle = (pool.num_idle() as u64).min(open);
    (
        open - idle,
        idle,
        u64::from(pool.options().get_max_connections()),
    )
}

impl Collector for Live {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let s = &self.sources;
        let (owner_used, owner_idle, owner_max) = sqlx_pool(&s.owner);
        let (auth_used, auth_idle, auth_max) = sqlx_pool(&s.authenticator);
        let rest = s.rest.stats();
        gauges(
            &mut encoder,
            "pleat_db_pool_connections",
            "Database connections open, by pool (owner: pleat's own work; authenticator: storage and realtime; rest: /rest/v1 and the pages' reads) and state (in_use, idle).",
            [
                ([("pool", "owner"), ("state", "in_use")], owner_used),
                ([("pool", "owner"), ("state", "idle")], owner_idle),
                ([("pool", "authenticator"), ("state", "in_use")], auth_used),
                ([("pool", "authenticator"), ("state", "idle")], auth_idle),
                ([("pool", "rest"), ("state", "in_use")], rest.in_use as u64),
                ([("pool", "rest"), ("state", "idle")], rest.idle as u64),
            ],
        )?;
        gauges(
            &mut encoder,
            "pleat_db_pool_max_connections",
            "The most connections each pool opens.",
            [
                ([("pool", "owner")], owner_max),
                ([("pool", "authenticator")], auth_max),
                ([("pool", "rest")], rest.max as u64),
            ],
        )?;
        gauges(
            &mut encoder,
            "pleat_db_pool_waiting",
            "Requests waiting for a connection of the /rest/v1 pool.",
            [([("pool", "rest")], rest.waiting as u64)],
        )?;
        let (in_flight, queued) = s.storage.render_queue();
        gauge(
            &mut encoder,
            "pleat_storage_renders_in_flight",
            "Image renderings running now.",
            in_flight as u64,
        )?;
        gauge(
            &mut encoder,
            "pleat_storage_renders_waiting",
            "Image rendering requests queued for a place (PLEAT_TRANSFORM_CONCURRENCY, PLEAT_TRANSFORM_MEMORY).",
            queued as u64,
        )?;
        gauge(
            &mut encoder,
            "pleat_storage_render_memory_bytes",
            "Bytes of PLEAT_TRANSFORM_MEMORY held by the renderings in flight.",
            s.storage.render_memory_in_use(),
        )?;
        let renders = encoder.encode_descriptor(
            "pleat_storage_renders",
            "Image renderings made by this process (a rendering served from the cache is not one).",
            None,
            MetricType::Counter,
        )?;
        ConstCounter::new(s.storage.renders()).encode(renders)?;
        gauge(
            &mut encoder,
            "pleat_realtime_connections",
            "Open /realtime/v1 sockets on this process.",
            s.realtime.connections() as u64,
        )?;
        self.encode_database(&mut encoder)
    }
}

impl Live {
    fn encode_database(&self, encoder: &mut DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let figures = self.database.latest();
        gauge(
            encoder,
            "pleat_metrics_database_up",
            "1 when the database answered this scrape's queries in time (the mail, storage and backup figures), else 0 and those figures are missing.",
            i64::from(figures.up),
        )?;
        if let Some(mail) = figures.mail {
            gauges(
                encoder,
                "pleat_mail_outbox",
                "Mails in the outbox by status: pending (waiting to be sent, retries included), sending, failed (given up).",
                [
                    ([("status", "pending")], mail.pending),
                    ([("status", "sending")], mail.sending),
                    ([("status", "failed")], mail.failed),
                ],
            )?;
            gauge(
                encoder,
                "pleat_mail_outbox_retrying",
                "Pending mails whose last try failed and that wait for the next.",
                mail.retrying,
            )?;
        }
        if let Some(storage) = figures.storage {
            gauge(
                encoder,
                "pleat_storage_objects",
                "Objects stored (rows of storage.objects).",
                storage.objects,
            )?;
            gauge(
                encoder,
                "pleat_storage_objects_bytes",
                "Bytes of the stored objects, by their recorded sizes.",
                storage.bytes,
            )?;
            gauge(
                encoder,
                "pleat_storage_render_cache_bytes",
                "Bytes of renderings kept in the render cache (PLEAT_TRANSFORM_CACHE).",
                storage.render_cache_bytes,
            )?;
        }
        if let Some(last) = figures.last_backup {
            gauge(
                encoder,
                "pleat_backup_last_success_timestamp_seconds",
                "When the last successful backup finished, in seconds since the epoch (0: none yet).",
                last.unwrap_or(0.0),
            )?;
        }
        Ok(())
    }
}
