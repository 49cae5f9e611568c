//! At most N renderings at once, each on tokio's blocking pool so the async
//! workers keep serving other requests. Requests beyond N wait in a bounded
//! queue for a bounded time; past either bound they get Supabase's 429
//! "Too many requests" (in Storage's error format) instead of piling up.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::image_ops::{self, RenderError, Rendered};
use super::options::TransformOptions;
use crate::error::StorageError;

/// Waiting requests allowed per concurrent rendering.
const QUEUE_PER_SLOT: usize = 16;
/// Longest wait for a free slot.
const MAX_WAIT: Duration = Duration::from_secs(30);

pub struct RenderPool {
    slots: Arc<Semaphore>,
    capacity: usize,
    waiting: AtomicUsize,
    renders: AtomicU64,
}

fn busy() -> StorageError {
    StorageError::new(
        429,
        "InvalidRequest",
        "Too many requests",
        "Too many requests",
    )
}

impl RenderPool {
    pub fn new(concurrency: usize) -> RenderPool {
        let n = concurrency.max(1);
        RenderPool {
            slots: Arc::new(Semaphore::new(n)),
            capacity: n,
            waiting: AtomicUsize::new(0),
            renders: AtomicU64::new(0),
        }
    }

    /// Renderings started since the server started (a rendering served from
    /// the cache is not one).
    pub fn renders(&self) -> u64 {
        self.renders.load(Ordering::Relaxed)
    }

    pub async fn render(
        &self,
        source: bytes::Bytes,
        options: TransformOptions,
        webp: bool,
    ) -> Result<Rendered, StorageError> {
        let queued = self.waiting.fetch_add(1, Ordering::AcqRel);
        let permit = if queued >= self.capacity * (QUEUE_PER_SLOT + 1) {
            None
        } else {
            tokio::time::timeout(MAX_WAIT, self.slots.clone().acquire_owned())
                .await
                .ok()
                .and_then(Result::ok)
        };
        self.waiting.fetch_sub(1, Ordering::AcqRel);
        let permit = permit.ok_or_else(busy)?;
        self.renders.fetch_add(1, Ordering::Relaxed);
        let done = tokio::task::spawn_blocking(move || {
            let out = image_ops::render(&source, &options, webp);
            drop(permit);
            out
        })
        .await
        .map_err(StorageError::internal)?;
        done.map_err(|e| match e {
            RenderError::Unsupported | RenderError::TooManyPixels => {
                StorageError::invalid_request(e.message())
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn renders_are_counted_and_bad_sources_are_storage_errors() {
        let pool = RenderPool::new(1);
        let err = pool
            .render(
                bytes::Bytes::from_static(b"not an image"),
                TransformOptions::default(),
                true,
            )
            .await
            .err()
            .unwrap();
        assert_eq!(err.status, 400);
        assert_eq!(
            err.message,
            "The source image is invalid or unsupported for rendering"
        );
        assert_eq!(pool.renders(), 1);
    }

    #[tokio::test]
    async fn a_rendering_waits_while_every_slot_is_taken() {
        let pool = Arc::new(RenderPool::new(1));
        let held = pool.slots.clone().acquire_owned().await.unwrap();
        let p = pool.clone();
        let waiting = tokio::spawn(async move {
            p.render(
                bytes::Bytes::from_static(b"x"),
                TransformOptions::default(),
                true,
            )
            .await
        });
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.renders(), 0, "no rendering may start without a slot");
        assert!(!waiting.is_finished());
        drop(held);
        assert!(waiting.await.unwrap().is_err());
        assert_eq!(pool.renders(), 1);
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_full_queue_answers_429_at_once() {
        let pool = RenderPool::new(1);
        pool.waiting
            .store(2 * (QUEUE_PER_SLOT + 1), Ordering::SeqCst);
        let err = pool
            .render(bytes::Bytes::new(), TransformOptions::default(), true)
            .await
            .err()
            .unwrap();
        assert_eq!(
            (err.status, err.message.as_str()),
            (429, "Too many requests")
        );
        assert_eq!(pool.renders(), 0);
    }
}
