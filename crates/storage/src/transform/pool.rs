//! Admission of renderings: at most N at once (the cores they use) and at
//! most a budget of bytes held by those in flight (the memory they use),
//! each on tokio's blocking pool so the async workers keep serving other
//! requests. A rendering's cost is estimated from its source's header
//! before its file is read; a request takes a place in a bounded queue
//! first, reads that header, then waits (in order, for a bounded time) until
//! its cost fits in what the renderings in flight leave of the budget.
//! Beyond either bound it gets Supabase's 429 "Too many requests" (in
//! Storage's error format) instead of piling up; a rendering that would
//! need more than the whole budget is refused outright.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::StorageError;

/// Waiting requests allowed per concurrent rendering.
const QUEUE_PER_SLOT: usize = 16;
/// Longest wait for admission.
const MAX_WAIT: Duration = Duration::from_secs(30);
/// The budget is counted in KiB (a semaphore's permits are a `u32` at a time).
const UNIT: u64 = 1024;

pub struct RenderPool {
    slots: Arc<Semaphore>,
    capacity: usize,
    memory: Arc<Semaphore>,
    budget: u64,
    waiting: AtomicUsize,
    renders: AtomicU64,
    in_flight: Arc<InFlight>,
}

/// What the admitted renderings hold, and the most they ever held at once.
#[derive(Default)]
struct InFlight {
    count: AtomicUsize,
    units: AtomicU64,
    peak_count: AtomicUsize,
    peak_units: AtomicU64,
}

fn busy() -> StorageError {
    StorageError::new(
        429,
        "InvalidRequest",
        "Too many requests",
        "Too many requests",
    )
}

/// A rendering that could not fit in the memory budget even alone.
pub fn over_budget() -> StorageError {
    StorageError::invalid_request(
        "The source image is too large to render within the server's image memory limit",
    )
}

fn units(bytes: u64) -> u64 {
    bytes.div_ceil(UNIT)
}

/// A place in the queue, held while a request reads its source's header
/// and waits for admission.
pub struct Place<'p> {
    pool: &'p RenderPool,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.pool.waiting.fetch_sub(1, Ordering::AcqRel);
    }
}

/// An admitted rendering: its share of the budget and a slot, given back
/// when dropped (after the rendering, on the blocking thread).
pub struct Admitted {
    _memory: OwnedSemaphorePermit,
    _slot: OwnedSemaphorePermit,
    units: u64,
    in_flight: Arc<InFlight>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.in_flight.count.fetch_sub(1, Ordering::AcqRel);
        self.in_flight.units.fetch_sub(self.units, Ordering::AcqRel);
    }
}

impl RenderPool {
    /// `concurrency` renderings at once, holding at most `memory` bytes.
    pub fn new(concurrency: usize, memory: u64) -> RenderPool {
        let n = concurrency.max(1);
        let budget = units(memory).clamp(1, u64::from(u32::MAX));
        RenderPool {
            slots: Arc::new(Semaphore::new(n)),
            capacity: n,
            memory: Arc::new(Semaphore::new(budget as usize)),
            budget,
            waiting: AtomicUsize::new(0),
            renders: AtomicU64::new(0),
            in_flight: Arc::default(),
        }
    }

    /// The most renderings that were ever in flight at once, and the most
    /// bytes of the budget they held.
    pub fn peak(&self) -> (usize, u64) {
        (
            self.in_flight.peak_count.load(Ordering::Acquire),
            self.in_flight.peak_units.load(Ordering::Acquire) * UNIT,
        )
    }

    /// Renderings started since the server started (a rendering served from
    /// the cache is not one).
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::Relaxed)
    }

    /// Renderings in flight now, and places taken in the queue.
    pub fn queue(&self) -> (usize, usize) {
        (
            self.in_flight.count.load(Ordering::Acquire),
            self.waiting.load(Ordering::Acquire),
        )
    }

    /// Bytes of the budget held by renderings in flight now.
    pub fn memory_in_use(&self) -> u64 {
        (self.budget - self.memory.available_permits() as u64) * UNIT
    }

    /// A place in the queue, or 429 at once when it is full.
    pub fn enter(&self) -> Result<Place<'_>, StorageError> {
        let queued = self.waiting.fetch_add(1, Ordering::AcqRel);
        let place = Place { pool: self };
        if queued >= self.capacity * (QUEUE_PER_SLOT + 1) {
            return Err(busy());
        }
        Ok(place)
    }
}

impl Place<'_> {
    /// Wait until a rendering costing `cost` bytes fits in the budget and a
    /// slot is free; 429 after [`MAX_WAIT`]. Waiters are served in order,
    /// so small renderings cannot starve a large one.
    pub async fn admit(self, cost: u64) -> Result<Admitted, StorageError> {
        let pool = self.pool;
        let need = units(cost);
        if need > pool.budget {
            return Err(over_budget());
        }
        let admitted = tokio::time::timeout(MAX_WAIT, async {
            let memory = pool
                .memory
                .clone()
                .acquire_many_owned(need as u32)
                .await
                .ok()?;
            let slot = pool.slots.clone().acquire_owned().await.ok()?;
            Some(Admitted {
                _memory: memory,
                _slot: slot,
                units: need,
                in_flight: pool.in_flight.clone(),
            })
        })
        .await
        .ok()
        .flatten()
        .ok_or_else(busy)?;
        pool.renders.fetch_add(1, Ordering::Relaxed);
        let flight = &pool.in_flight;
        let count = flight.count.fetch_add(1, Ordering::AcqRel) + 1;
        let units = flight.units.fetch_add(need, Ordering::AcqRel) + need;
        flight.peak_count.fetch_max(count, Ordering::AcqRel);
        flight.peak_units.fetch_max(units, Ordering::AcqRel);
        Ok(admitted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    #[tokio::test]
    async fn renderings_wait_until_their_cost_fits_in_the_budget() {
        let pool = Arc::new(RenderPool::new(4, 10 * MIB));
        let first = pool.enter().unwrap().admit(6 * MIB).await.unwrap();
        assert_eq!(pool.memory_in_use(), 6 * MIB);
        let p = pool.clone();
        let second = tokio::spawn(async move {
            let admitted = p.enter().unwrap().admit(5 * MIB).await;
            admitted.map(|_| p.memory_in_use())
        });
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        // A slot is free, the memory is not: it waits.
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        assert!(!second.is_finished());
        assert_eq!(pool.renders(), 1);
        drop(first);
        assert_eq!(second.await.unwrap().unwrap(), 5 * MIB);
        assert_eq!(pool.renders(), 2);
        assert_eq!(pool.peak(), (1, 6 * MIB));
        assert_eq!(pool.memory_in_use(), 0);
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_rendering_larger_than_the_whole_budget_is_refused() {
        let pool = RenderPool::new(1, 10 * MIB);
        let err = pool
            .enter()
            .unwrap()
            .admit(10 * MIB + 1)
            .await
            .err()
            .unwrap();
        assert_eq!(err.status, 400);
        assert!(err.message.contains("memory limit"), "{}", err.message);
        assert!(pool.enter().unwrap().admit(10 * MIB).await.is_ok());
        assert_eq!(pool.renders(), 1);
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_rendering_waits_while_every_slot_is_taken() {
        let pool = Arc::new(RenderPool::new(1, 100 * MIB));
        let held = pool.slots.clone().acquire_owned().await.unwrap();
        let p = pool.clone();
        let waiting = tokio::spawn(async move { p.enter().unwrap().admit(MIB).await.is_ok() });
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.renders(), 0, "no rendering may start without a slot");
        assert!(!waiting.is_finished());
        drop(held);
        assert!(waiting.await.unwrap());
        assert_eq!(pool.renders(), 1);
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_full_queue_answers_429_at_once() {
        let pool = RenderPool::new(1, 100 * MIB);
        let places: Vec<_> = (0..QUEUE_PER_SLOT + 1)
            .map(|_| pool.enter().unwrap())
            .collect();
        let err = pool.enter().err().unwrap();
        assert_eq!(
            (err.status, err.message.as_str()),
            (429, "Too many requests")
        );
        drop(places);
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
        assert!(pool.enter().is_ok());
        assert_eq!(pool.renders(), 0);
    }
}
