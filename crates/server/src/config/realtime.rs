//! `/realtime/v1`'s limits (`PLEAT_REALTIME_*`), with Supabase's
//! self-hosting defaults where it has one, and the idle timeout of a socket.

use std::time::Duration;

use pleat_realtime::Limits;

use super::values::{bytes, duration, number};
use super::ConfigError;

#[derive(Debug, Clone, Copy)]
pub struct RealtimeConfig {
    pub limits: Limits,
    pub idle_timeout: Duration,
}

pub(super) fn parse<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
) -> Result<RealtimeConfig, ConfigError> {
    let d = Limits::default();
    let count = |name: &str, default: usize| -> Result<usize, ConfigError> {
        Ok(number(get(name), name, default as u64, 1)? as usize)
    };
    let per_second = |name: &str, default: u32| -> Result<u32, ConfigError> {
        Ok(number(get(name), name, u64::from(default), 1)?.min(u64::from(u32::MAX)) as u32)
    };
    Ok(RealtimeConfig {
        limits: Limits {
            max_connections: count("PLEAT_REALTIME_MAX_CONNECTIONS", d.max_connections)?,
            max_channels_per_client: count(
                "PLEAT_REALTIME_MAX_CHANNELS",
                d.max_channels_per_client,
            )?,
            max_events_per_second: per_second(
                "PLEAT_REALTIME_MAX_EVENTS",
                d.max_events_per_second,
            )?,
            max_joins_per_second: per_second("PLEAT_REALTIME_MAX_JOINS", d.max_joins_per_second)?,
            max_payload_bytes: bytes(
                get("PLEAT_REALTIME_MAX_PAYLOAD"),
                "PLEAT_REALTIME_MAX_PAYLOAD",
                d.max_payload_bytes as u64,
                1,
            )? as usize,
            max_presence_keys: count("PLEAT_REALTIME_MAX_PRESENCE_KEYS", d.max_presence_keys)?,
            queue: d.queue,
        },
        idle_timeout: duration(get, "PLEAT_REALTIME_IDLE_TIMEOUT", Duration::from_secs(60))?,
    })
}
