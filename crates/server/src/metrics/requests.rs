//! Requests counted by API and status class, and their latency, recorded by
//! the request middleware (`telemetry::observe_request`). Every series
//! exists from the start (at zero), and a request only indexes two arrays
//! and bumps atomics: no label set is built or hashed per request.

use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// Which API a request went to, by its path's prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    Rest,
    Auth,
    Storage,
    Realtime,
    Backup,
    /// Everything else: the app's pages and files.
    Site,
}

impl Api {
    const ALL: [Api; 6] = [
        Api::Rest,
        Api::Auth,
        Api::Storage,
        Api::Realtime,
        Api::Backup,
        Api::Site,
    ];

    pub fn of_path(path: &str) -> Api {
        let under = |prefix: &str| {
            path.strip_prefix(prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        };
        if under("/rest/v1") {
            Api::Rest
        } else if under("/auth/v1") {
            Api::Auth
        } else if under("/storage/v1") {
            Api::Storage
        } else if under("/realtime/v1") {
            Api::Realtime
        } else if under("/backup/v1") {
            Api::Backup
        } else {
            Api::Site
        }
    }

    fn label(self) -> &'static str {
        match self {
            Api::Rest => "rest",
            Api::Auth => "auth",
            Api::Storage => "storage",
            Api::Realtime => "realtime",
            Api::Backup => "backup",
            Api::Site => "site",
        }
    }
}

const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/// From 1 ms to 10 s: a cached read takes a millisecond or two, a write
/// tens, and 10 s is where `/rest/v1` gives up waiting for a connection.
const BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 7.5, 10.0,
];

type Labels = [(&'static str, &'static str); 2];
type ApiLabel = [(&'static str, &'static str); 1];

pub struct RequestMetrics {
    counts: [[Counter; CLASSES.len()]; Api::ALL.len()],
    durations: [Histogram; Api::ALL.len()],
}

fn buckets() -> Histogram {
    Histogram::new(BUCKETS)
}

impl RequestMetrics {
    pub(super) fn register(registry: &mut Registry) -> RequestMetrics {
        let counts = Family::<Labels, Counter>::default();
        let durations =
            Family::<ApiLabel, Histogram, fn() -> Histogram>::new_with_constructor(buckets);
        let metrics = RequestMetrics {
            counts: Api::ALL.map(|api| {
                CLASSES.map(|class| {
                    counts.get_or_create_owned(&[("api", api.label()), ("status", class)])
                })
            }),
            durations: Api::ALL.map(|api| durations.get_or_create_owned(&[("api", api.label())])),
        };
        registry.register(
            "pleat_http_requests",
            "HTTP requests answered, by API (rest, auth, storage, realtime, backup, site) and status class",
            counts,
        );
        registry.register(
            "pleat_http_request_duration_seconds",
            "Time from a request's arrival to its response's headers, by API",
            durations,
        );
        metrics
    }

    pub fn record(&self, api: Api, status: u16, elapsed: Duration) {
        let class = usize::from(status / 100).clamp(1, CLASSES.len()) - 1;
        let api = api as usize;
        self.counts[api][class].inc();
        self.durations[api].observe(elapsed.as_secs_f64());
    }
}

#[cfg(test)]
mod tests {
    use super::Api;

    #[test]
    fn apis_are_told_by_their_prefix_only() {
        assert_eq!(Api::of_path("/rest/v1/items"), Api::Rest);
        assert_eq!(Api::of_path("/rest/v1"), Api::Rest);
        assert_eq!(Api::of_path("/auth/v1/token"), Api::Auth);
        assert_eq!(Api::of_path("/storage/v1/object/a/b"), Api::Storage);
        assert_eq!(Api::of_path("/realtime/v1/websocket"), Api::Realtime);
        assert_eq!(Api::of_path("/backup/v1/download/x"), Api::Backup);
        assert_eq!(Api::of_path("/rest/v10/items"), Api::Site);
        assert_eq!(Api::of_path("/restaurants"), Api::Site);
        assert_eq!(Api::of_path("/"), Api::Site);
        assert_eq!(Api::of_path("/metrics"), Api::Site);
    }
}
