//! Brute-force protection, kept in memory: a token bucket per client IP for the
//! endpoints that cost a password hash (`/token`, `/signup`), and a sliding
//! window of failed passwords per account (unknown emails included, so a lockout
//! says nothing about which accounts exist). The maths takes `now` as an
//! argument so it is tested without sleeping.

use std::collections::VecDeque;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dashmap::DashMap;

use crate::Error;

/// Entries beyond which idle ones are dropped.
const PRUNE_ABOVE: usize = 10_000;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimits {
    /// Requests an IP may make at once.
    pub ip_burst: u32,
    /// Requests an IP regains per `ip_period`.
    pub ip_refill: u32,
    pub ip_period: Duration,
    /// Failed passwords an account may have within `account_window`.
    pub account_failures: u32,
    pub account_window: Duration,
}

impl Default for RateLimits {
    /// Burst 30, 150 per 5 minutes per IP; 5 failures per 15 minutes per account.
    fn default() -> Self {
        RateLimits {
            ip_burst: 30,
            ip_refill: 150,
            ip_period: Duration::from_secs(300),
            account_failures: 5,
            account_window: Duration::from_secs(900),
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct TokenBucket {
    tokens: f64,
    updated: Instant,
}

impl TokenBucket {
    pub fn full(capacity: u32, now: Instant) -> TokenBucket {
        TokenBucket {
            tokens: f64::from(capacity),
            updated: now,
        }
    }

    /// Take one token, or say how long until one is there.
    pub fn take(&mut self, capacity: u32, per_sec: f64, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens = (self.tokens + elapsed * per_sec).min(f64::from(capacity));
        self.updated = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / per_sec))
        }
    }

    fn is_full(&self, capacity: u32, per_sec: f64, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens + elapsed * per_sec >= f64::from(capacity)
    }
}

#[derive(Debug, Clone, Default)]
pub struct FailureWindow {
    failures: VecDeque<Instant>,
}

impl FailureWindow {
    fn forget_before(&mut self, window: Duration, now: Instant) {
        while self
            .failures
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= window)
        {
            self.failures.pop_front();
        }
    }

    /// `Err(wait)` while `max` failures lie within `window`.
    pub fn check(&mut self, max: u32, window: Duration, now: Instant) -> Result<(), Duration> {
        self.forget_before(window, now);
        match self.failures.front() {
            Some(oldest) if self.failures.len() >= max as usize => {
                Err(window.saturating_sub(now.saturating_duration_since(*oldest)))
            }
            _ => Ok(()),
        }
    }

    pub fn record(&mut self, window: Duration, now: Instant) {
        self.forget_before(window, now);
        self.failures.push_back(now);
    }
}

pub struct Limiter {
    limits: RateLimits,
    ips: DashMap<IpAddr, TokenBucket>,
    accounts: DashMap<String, FailureWindow>,
    inserts: AtomicUsize,
}

fn too_many(message: &'static str, wait: Duration) -> Error {
    Error::RateLimited {
        message,
        retry_after_secs: wait.as_secs_f64().ceil().max(1.0) as u64,
    }
}

impl Limiter {
    pub fn new(limits: RateLimits) -> Limiter {
        Limiter {
            limits,
            ips: DashMap::new(),
            accounts: DashMap::new(),
            inserts: AtomicUsize::new(0),
        }
    }

    fn per_sec(&self) -> f64 {
        f64::from(self.limits.ip_refill)
            / self.limits.ip_period.as_secs_f64().max(f64::MIN_POSITIVE)
    }

    pub fn check_ip(&self, ip: IpAddr, now: Instant) -> Result<(), Error> {
        self.maybe_prune(now);
        let (burst, rate) = (self.limits.ip_burst, self.per_sec());
        let mut bucket = self
            .ips
            .entry(bucket_key(ip))
            .or_insert_with(|| TokenBucket::full(burst, now));
        bucket
            .take(burst, rate, now)
            .map_err(|wait| too_many("Request rate limit reached", wait))
    }

    pub fn check_account(&self, account: &str, now: Instant) -> Result<(), Error> {
        let Some(mut window) = self.accounts.get_mut(account) else {
            return Ok(());
        };
        window
            .check(
                self.limits.account_failures,
                self.limits.account_window,
                now,
            )
            .map_err(|wait| {
                too_many(
                    "Too many failed sign-in attempts for this account; try again later",
                    wait,
                )
            })
    }

    pub fn record_failure(&self, account: &str, now: Instant) {
        self.maybe_prune(now);
        self.accounts
            .entry(account.to_string())
            .or_default()
            .record(self.limits.account_window, now);
    }

    pub fn clear_account(&self, account: &str) {
        self.accounts.remove(account);
    }

    fn maybe_prune(&self, now: Instant) {
        if !self
            .inserts
            .fetch_add(1, Ordering::Relaxed)
            .is_multiple_of(1024)
        {
            return;
        }
        let (burst, rate) = (self.limits.ip_burst, self.per_sec());
        prune(&self.ips, |b| b.is_full(burst, rate, now));
        let window = self.limits.account_window;
        prune(&self.accounts, |w| {
            w.forget_before(window, now);
            w.failures.is_empty()
        });
    }
}

/// One bucket per IPv4 address, and per /64 for IPv6, where a single client
/// usually holds the whole /64 and could otherwise rotate through it.
fn bucket_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
    }
}

fn prune<K: Eq + Hash, V>(map: &DashMap<K, V>, idle: impl Fn(&mut V) -> bool) {
    if map.len() > PRUNE_ABOVE {
        map.retain(|_, v| !idle(v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_allows_the_burst_then_refills_at_the_rate() {
        let t0 = Instant::now();
        let mut b = TokenBucket::full(30, t0);
        let rate = 150.0 / 300.0;
        for _ in 0..30 {
            assert!(b.take(30, rate, t0).is_ok());
        }
        let wait = b.take(30, rate, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(2));
        assert!(b.take(30, rate, t0 + Duration::from_millis(1900)).is_err());
        assert!(b.take(30, rate, t0 + Duration::from_millis(4000)).is_ok());
        // A long pause refills only up to the burst.
        let later = t0 + Duration::from_secs(3600);
        for _ in 0..30 {
            assert!(b.take(30, rate, later).is_ok());
        }
        assert!(b.take(30, rate, later).is_err());
    }

    #[test]
    fn failures_lock_an_account_until_the_oldest_leaves_the_window() {
        let t0 = Instant::now();
        let window = Duration::from_secs(900);
        let mut w = FailureWindow::default();
        for i in 0..5 {
            assert!(w.check(5, window, t0 + Duration::from_secs(i)).is_ok());
            w.record(window, t0 + Duration::from_secs(i));
        }
        let wait = w
            .check(5, window, t0 + Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(wait, Duration::from_secs(890));
        assert!(w.check(5, window, t0 + Duration::from_secs(900)).is_ok());
    }

    #[test]
    fn limiter_answers_429_with_retry_after() {
        let limits = RateLimits {
            ip_burst: 2,
            ..RateLimits::default()
        };
        let l = Limiter::new(limits);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let now = Instant::now();
        assert!(l.check_ip(ip, now).is_ok());
        assert!(l.check_ip(ip, now).is_ok());
        match l.check_ip(ip, now) {
            Err(Error::RateLimited {
                retry_after_secs, ..
            }) => assert_eq!(retry_after_secs, 2),
            other => panic!("{other:?}"),
        }
        assert!(
            l.check_ip("192.0.2.2".parse().unwrap(), now).is_ok(),
            "other IPs are unaffected"
        );
    }

    #[test]
    fn ipv6_clients_share_a_bucket_per_64() {
        let l = Limiter::new(RateLimits {
            ip_burst: 1,
            ..RateLimits::default()
        });
        let now = Instant::now();
        assert!(l.check_ip("2001:db8:1:2::1".parse().unwrap(), now).is_ok());
        assert!(l
            .check_ip("2001:db8:1:2:ffff::9".parse().unwrap(), now)
            .is_err());
        assert!(l.check_ip("2001:db8:1:3::1".parse().unwrap(), now).is_ok());
    }

    #[test]
    fn a_success_clears_the_account() {
        let l = Limiter::new(RateLimits::default());
        let now = Instant::now();
        for _ in 0..5 {
            l.record_failure("a@b.c", now);
        }
        assert!(l.check_account("a@b.c", now).is_err());
        assert!(l.check_account("x@b.c", now).is_ok());
        l.clear_account("a@b.c");
        assert!(l.check_account("a@b.c", now).is_ok());
    }
}
