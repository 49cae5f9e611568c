//! `PLEAT_METRICS_ADDR` (where Prometheus scrapes, off when unset) and
//! `PLEAT_LOG_FORMAT` (text for people, JSON for log collectors).

use std::net::SocketAddr;

use super::{invalid, ConfigError};
use crate::telemetry::LogFormat;

pub(super) fn log_format(value: Option<&str>) -> Result<LogFormat, ConfigError> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        None | Some("text") => Ok(LogFormat::Text),
        Some("json") => Ok(LogFormat::Json),
        Some(_) => Err(invalid(
            "PLEAT_LOG_FORMAT",
            format!("`{}` is not text or json", value.unwrap_or_default()),
        )),
    }
}

/// The metrics listener's address. It may not be the public one: the
/// metrics say how busy the server is and what it runs, which is for the
/// operator, so they are served on an address of their own (usually
/// loopback or a private network) and never by default.
pub(super) fn metrics_addr(
    value: Option<&str>,
    public: SocketAddr,
) -> Result<Option<SocketAddr>, ConfigError> {
    let Some(v) = value else {
        return Ok(None);
    };
    let addr: SocketAddr = v.parse().map_err(|_| {
        invalid(
            "PLEAT_METRICS_ADDR",
            format!("`{v}` is not an address like 127.0.0.1:9464"),
        )
    })?;
    let same_host =
        addr.ip() == public.ip() || addr.ip().is_unspecified() || public.ip().is_unspecified();
    if addr.port() != 0 && addr.port() == public.port() && same_host {
        return Err(invalid(
            "PLEAT_METRICS_ADDR",
            format!(
                "`{v}` is the public address (PLEAT_ADDR); give the metrics a port of their own"
            ),
        ));
    }
    Ok(Some(addr))
}
