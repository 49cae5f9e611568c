//! What one client may do, with Supabase's self-hosting defaults: each limit
//! is a setting (`PLEAT_REALTIME_*`), and going past one gets the client the
//! error Supabase sends, never a stalled server.

use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Open sockets in this process.
    pub max_connections: usize,
    /// Channels one socket may have joined at once.
    pub max_channels_per_client: usize,
    /// Messages (broadcast, presence, any push but heartbeats) per second per socket.
    pub max_events_per_second: u32,
    /// Joins per second per socket.
    pub max_joins_per_second: u32,
    /// Bytes of one broadcast payload (and of a frame).
    pub max_payload_bytes: usize,
    /// Presence keys one room may hold.
    pub max_presence_keys: usize,
    /// Frames queued for one socket before it counts as too slow and is closed.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 10_000,
            max_channels_per_client: 100,
            max_events_per_second: 100,
            max_joins_per_second: 100,
            max_payload_bytes: 3_000_000,
            max_presence_keys: 10_000,
            queue: 1_024,
        }
    }
}

/// A fixed one-second window: cheap, and what "per second" means to a client.
pub struct PerSecond {
    max: u32,
    window: Instant,
    count: u32,
}

impl PerSecond {
    pub fn new(max: u32) -> PerSecond {
        PerSecond {
            max,
            window: Instant::now(),
            count: 0,
        }
    }

    /// Counts one; false once the second's budget is spent.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        if now.duration_since(self.window) >= Duration::from_secs(1) {
            self.window = now;
            self.count = 0;
        }
        self.count += 1;
        self.count <= self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_per_second() {
        let mut limit = PerSecond::new(3);
        assert!((0..3).all(|_| limit.allow()));
        assert!(!limit.allow());
        limit.window -= Duration::from_secs(1);
        assert!(limit.allow());
    }
}
