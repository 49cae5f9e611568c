//! Where `/rest/v1` requests spend their time, per phase: waiting for a place
//! under the anonymous cap, waiting for a connection permit, opening a
//! connection, the pipelined round trip to PostgreSQL, and the whole handler.
//! Each phase is a lock-free log-scale histogram (four buckets per doubling,
//! so a percentile is known to within 19%), cheap enough to stay on: a few
//! relaxed atomic adds per request. `pleat serve` logs the summary when it
//! stops (target `pleat_rest::timings`, info), which is how `scripts/bench-rest`
//! shows where the tail comes from.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Buckets per doubling of the duration.
const PER_OCTAVE: u32 = 4;
/// 1 µs to about 2^31 µs (36 minutes).
const BUCKETS: usize = 32 * PER_OCTAVE as usize;

pub struct Histogram {
    name: &'static str,
    counts: [AtomicU64; BUCKETS],
    total_us: AtomicU64,
    max_us: AtomicU64,
}

impl Histogram {
    const fn new(name: &'static str) -> Histogram {
        Histogram {
            name,
            counts: [const { AtomicU64::new(0) }; BUCKETS],
            total_us: AtomicU64::new(0),
            max_us: AtomicU64::new(0),
        }
    }

    pub fn record(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.counts[bucket(us)].fetch_add(1, Ordering::Relaxed);
        self.total_us.fetch_add(us, Ordering::Relaxed);
        self.max_us.fetch_max(us, Ordering::Relaxed);
    }

    fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// The upper bound of the bucket holding the `q` quantile, in µs.
    fn quantile(&self, q: f64) -> u64 {
        let n = self.count();
        let rank = ((n as f64) * q).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, c) in self.counts.iter().enumerate() {
            seen += c.load(Ordering::Relaxed);
            if seen >= rank {
                return upper_bound(i).min(self.max_us.load(Ordering::Relaxed));
            }
        }
        self.max_us.load(Ordering::Relaxed)
    }

    /// One line: count, mean, p50, p99, max (ms).
    pub fn summary(&self) -> String {
        let n = self.count();
        let ms = |us: u64| us as f64 / 1000.0;
        if n == 0 {
            return format!("{:<9} n=0", self.name);
        }
        format!(
            "{:<9} n={n} mean={:.3}ms p50={:.3}ms p99={:.3}ms max={:.3}ms",
            self.name,
            ms(self.total_us.load(Ordering::Relaxed)) / n as f64,
            ms(self.quantile(0.5)),
            ms(self.quantile(0.99)),
            ms(self.max_us.load(Ordering::Relaxed)),
        )
    }
}

/// Below 4 µs a bucket per microsecond (buckets 0..=3); from there four per
/// doubling (bucket 8 onwards); the last bucket takes everything longer.
fn bucket(us: u64) -> usize {
    if us < 4 {
        return us as usize;
    }
    let octave = 63 - us.leading_zeros();
    // The two bits under the leading one pick the quarter of the octave.
    let quarter = (us >> (octave - 2)) & 3;
    ((octave * PER_OCTAVE) as usize + quarter as usize).min(BUCKETS - 1)
}

/// The largest duration (µs) that falls in bucket `i`.
fn upper_bound(i: usize) -> u64 {
    if i < 8 {
        return i as u64;
    }
    if i == BUCKETS - 1 {
        return u64::MAX;
    }
    let octave = i as u32 / PER_OCTAVE;
    let quarter = u64::from(i as u32 % PER_OCTAVE);
    let base = 1u64 << octave;
    base + (base * (quarter + 1)) / 4 - 1
}

/// Waiting for a place under the per-address anonymous cap.
pub static ADMIT: Histogram = Histogram::new("admit");
/// Waiting for a connection permit (the pool is full).
pub static ACQUIRE: Histogram = Histogram::new("acquire");
/// Opening a new connection (only when none is idle).
pub static CONNECT: Histogram = Histogram::new("connect");
/// BEGIN … statement … COMMIT, from the write to the last answer.
pub static ROUND_TRIP: Histogram = Histogram::new("roundtrip");
/// The whole handler, from the token check to the response being built.
pub static HANDLER: Histogram = Histogram::new("handler");

/// Connections a request took from another worker thread's idle list (their
/// I/O is polled by that thread).
pub static FOREIGN_CONNECTIONS: AtomicU64 = AtomicU64::new(0);

/// Every phase, one line each, for the log.
pub fn report() -> String {
    let mut lines: Vec<String> = [&ADMIT, &ACQUIRE, &CONNECT, &ROUND_TRIP, &HANDLER]
        .iter()
        .map(|h| h.summary())
        .collect();
    lines.push(format!(
        "connections taken from another thread's idle list: {}",
        FOREIGN_CONNECTIONS.load(Ordering::Relaxed)
    ));
    lines.join("\n")
}

/// Nothing recorded yet (a process that served no REST request says nothing).
pub fn is_empty() -> bool {
    HANDLER.count() == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_grow_by_quarter_octaves_and_bound_their_values() {
        for us in [
            0u64,
            1,
            2,
            3,
            4,
            5,
            7,
            8,
            100,
            1_000,
            12_345,
            1_000_000,
            u64::MAX,
        ] {
            let b = bucket(us);
            assert!(us <= upper_bound(b), "{us} in bucket {b}");
            if b > 8 {
                assert!(
                    us > upper_bound(b - 1),
                    "{us} belongs above bucket {}",
                    b - 1
                );
            }
        }
        assert_eq!(bucket(1_100), bucket(1_200));
        assert_ne!(bucket(1_200), bucket(1_300));
    }

    #[test]
    fn quantiles_come_from_the_recorded_durations() {
        let h = Histogram::new("test");
        for _ in 0..99 {
            h.record(Duration::from_micros(1_000));
        }
        h.record(Duration::from_millis(300));
        assert!(
            (1_000..1_200).contains(&h.quantile(0.5)),
            "{}",
            h.quantile(0.5)
        );
        assert!((1_000..1_200).contains(&h.quantile(0.99)));
        assert_eq!(h.quantile(1.0), 300_000);
        assert!(h.summary().contains("n=100"), "{}", h.summary());
        assert!(h.summary().contains("max=300.000ms"), "{}", h.summary());
    }
}
