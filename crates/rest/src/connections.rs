//! The `authenticator` connections requests run on, with our own protocol
//! client (`wire`) so a request's statements (BEGIN, settings, statement,
//! COMMIT) go to the server in one write ending in one Sync (see `execute.rs`).
//!
//! A connection goes back to the idle list only when its user says its
//! transaction ended cleanly; one dropped half-way (an error, a cancelled
//! request) is closed instead, and the server rolls back whatever it had open.
//! A connection's socket is registered with the reactor of the worker thread
//! that opened it, so idle connections are kept per thread and a request
//! takes one of its own thread's; when it must take another thread's, the
//! socket moves to its own thread's reactor.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::wire;

/// How long a request waits for a free connection before answering 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why no connection could be had, or a statement failed.
#[derive(Debug, thiserror::Error)]
pub enum DbFailure {
    #[error("timed out waiting for a database connection")]
    Timeout,
    #[error("cannot connect to the database: {0}")]
    Connect(wire::Failure),
    #[error(transparent)]
    Pg(#[from] wire::Failure),
}

#[derive(Clone)]
pub struct Connections {
    inner: Arc<Inner>,
}

struct Inner {
    config: tokio_postgres::Config,
    acquire_timeout: Duration,
    idle: Mutex<HashMap<ThreadId, Vec<Conn>>>,
    permits: Arc<Semaphore>,
    max: usize,
    /// Requests waiting for a permit now (the metrics' pool queue).
    waiting: AtomicUsize,
}

/// What the pool holds now, for the metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolStats {
    /// At most this many connections at once.
    pub max: usize,
    /// Connections held by requests (or being opened for them).
    pub in_use: usize,
    /// Open connections no request holds.
    pub idle: usize,
    /// Requests waiting for a connection.
    pub waiting: usize,
}

/// Counts a request as waiting until it has its permit or gives up (a
/// cancelled request included: the count falls when the future is dropped).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One connection and the thread whose reactor its socket is registered
/// with.
pub struct Conn {
    wire: wire::Conn,
    home: ThreadId,
}

impl Deref for Conn {
    type Target = wire::Conn;
    fn deref(&self) -> &wire::Conn {
        &self.wire
    }
}

impl DerefMut for Conn {
    fn deref_mut(&mut self) -> &mut wire::Conn {
        &mut self.wire
    }
}

impl Connections {
    /// At most `max` connections at once, opened on demand with `config`.
    pub fn new(config: tokio_postgres::Config, max: usize) -> Connections {
        Connections::with_acquire_timeout(config, max, ACQUIRE_TIMEOUT)
    }

    /// The same, a request waiting at most `timeout` for a free connection.
    pub fn with_acquire_timeout(
        config: tokio_postgres::Config,
        max: usize,
        timeout: Duration,
    ) -> Connections {
        Connections {
            inner: Arc::new(Inner {
                config,
                acquire_timeout: timeout,
                idle: Mutex::new(HashMap::new()),
                permits: Arc::new(Semaphore::new(max.max(1))),
                max: max.max(1),
                waiting: AtomicUsize::new(0),
            }),
        }
    }

    pub async fn acquire(&self) -> Result<Lease, DbFailure> {
        let permit = match self.inner.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                self.inner.waiting.fetch_add(1, Ordering::Relaxed);
                let _waiting = Waiting(&self.inner.waiting);
                tokio::time::timeout(
                    self.inner.acquire_timeout,
                    self.inner.permits.clone().acquire_owned(),
                )
                .await
                .map_err(|_| DbFailure::Timeout)?
                .map_err(|_| DbFailure::Timeout)?
            }
        };
        let conn = match self.take_idle() {
            Some(conn) => conn,
            None => self.open().await?,
        };
        Ok(Lease {
            conn: Some(conn),
            inner: self.inner.clone(),
            reusable: false,
            _permit: permit,
        })
    }

    /// A new connection whose socket is registered on this thread.
    async fn open(&self) -> Result<Conn, DbFailure> {
        let wire = wire::connect(&self.inner.config)
            .await
            .map_err(DbFailure::Connect)?;
        Ok(Conn {
            wire,
            home: std::thread::current().id(),
        })
    }

    /// Opens up to `count` connections on this thread, prepares on each the
    /// statements every request sends (`execute::FIXED_STATEMENTS`) and
    /// leaves them idle, so the first requests after start do not wait for
    /// connection set-up (a fork and a password exchange on the server: tens
    /// of milliseconds under load) nor for those statements to be parsed.
    /// Never more than the permits: fewer when other threads or requests
    /// hold them. A failure only leaves the pool to open lazily.
    pub async fn warm(&self, count: usize) {
        let opening = (0..count).map(|_| async {
            let permit = self.inner.permits.clone().try_acquire_owned().ok()?;
            let prepared = async {
                let mut conn = self.open().await?;
                conn.prepare(&crate::execute::FIXED_STATEMENTS).await?;
                Ok::<_, DbFailure>(conn)
            };
            match prepared.await {
                Ok(conn) => Some((conn, permit)),
                Err(e) => {
                    tracing::debug!(error = %e, "could not open a connection ahead of requests");
                    None
                }
            }
        });
        let opened = futures_util::future::join_all(opening).await;
        let mut idle = self.inner.idle.lock().expect("idle list lock");
        for (conn, _permit) in opened.into_iter().flatten() {
            idle.entry(conn.home).or_default().push(conn);
        }
    }

    /// An idle connection, preferably one whose I/O runs on this thread; one
    /// idle on another thread moves its socket to this thread's reactor
    /// first. Only when none is idle anywhere is a new one opened, so there
    /// are never more connections than permits.
    fn take_idle(&self) -> Option<Conn> {
        let here = std::thread::current().id();
        let foreign = {
            let mut idle = self.inner.idle.lock().expect("idle list lock");
            if let Some(conn) = idle.get_mut(&here).and_then(pop_open) {
                return Some(conn);
            }
            idle.values_mut().find_map(pop_open)?
        };
        match foreign.wire.rehome() {
            Ok(wire) => Some(Conn { wire, home: here }),
            Err(e) => {
                tracing::debug!(error = %e, "could not move an idle connection to this thread; closing it");
                None
            }
        }
    }

    /// Connections in use, idle and the requests waiting, now.
    pub fn stats(&self) -> PoolStats {
        let in_use = self.inner.max - self.inner.permits.available_permits().min(self.inner.max);
        PoolStats {
            max: self.inner.max,
            in_use,
            idle: self.idle(),
            waiting: self.inner.waiting.load(Ordering::Relaxed),
        }
    }

    /// Connections currently idle (for tests).
    pub fn idle(&self) -> usize {
        self.inner
            .idle
            .lock()
            .expect("idle list lock")
            .values()
            .map(Vec::len)
            .sum()
    }
}

/// The newest idle connection still open; one the server closed meanwhile is
/// dropped here.
fn pop_open(list: &mut Vec<Conn>) -> Option<Conn> {
    while let Some(conn) = list.pop() {
        if conn.looks_open() {
            return Some(conn);
        }
    }
    None
}

/// One connection in use. It returns to the idle list only after
/// [`Lease::release`]; dropped otherwise, it is closed.
pub struct Lease {
    conn: Option<Conn>,
    inner: Arc<Inner>,
    reusable: bool,
    _permit: OwnedSemaphorePermit,
}

impl Lease {
    /// The transaction ended (COMMIT or ROLLBACK answered): the next request
    /// may use this connection, if the server says it is outside any
    /// transaction block.
    pub fn release(mut self) {
        self.reusable = self.status() == wire::TxStatus::Idle;
    }
}

impl Deref for Lease {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        self.conn
            .as_ref()
            .expect("a lease holds its connection until dropped")
    }
}

impl DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut Conn {
        self.conn
            .as_mut()
            .expect("a lease holds its connection until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let (true, Some(conn)) = (self.reusable, self.conn.take()) {
            self.inner
                .idle
                .lock()
                .expect("idle list lock")
                .entry(conn.home)
                .or_default()
                .push(conn);
        }
    }
}
