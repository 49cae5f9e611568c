//! The `authenticator` connections requests run on. sqlx's pool tests every
//! connection it gets back with a round trip (a lone Sync), a fifth one per
//! request after BEGIN, settings, statement and COMMIT (seen with strace on
//! the backend; measured in scripts/bench-rest). Here a connection goes back to
//! the idle list only when its user says its transaction ended cleanly; one
//! dropped half-way (an error, a cancelled request) is closed instead, and the
//! server rolls back whatever it had open.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool};
use sqlx::{ConnectOptions, PgConnection};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a request waits for a free connection before answering 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Clone)]
pub struct Connections {
    inner: Arc<Inner>,
}

struct Inner {
    options: PgConnectOptions,
    idle: Mutex<Vec<PgConnection>>,
    permits: Arc<Semaphore>,
}

impl Connections {
    /// At most `max` connections at once, opened on demand with `options`.
    pub fn new(options: PgConnectOptions, max: usize) -> Connections {
        Connections {
            inner: Arc::new(Inner {
                options,
                idle: Mutex::new(Vec::new()),
                permits: Arc::new(Semaphore::new(max.max(1))),
            }),
        }
    }

    /// The same database, role and size as `pool`.
    pub fn like(pool: &PgPool) -> Connections {
        Connections::new(
            (*pool.connect_options()).clone(),
            pool.options().get_max_connections() as usize,
        )
    }

    pub async fn acquire(&self) -> Result<Lease, sqlx::Error> {
        let permit =
            tokio::time::timeout(ACQUIRE_TIMEOUT, self.inner.permits.clone().acquire_owned())
                .await
                .map_err(|_| sqlx::Error::PoolTimedOut)?
                .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.inner.idle.lock().expect("idle list lock").pop();
        let conn = match idle {
            Some(conn) => conn,
            None => self.inner.options.connect().await?,
        };
        Ok(Lease {
            conn: Some(conn),
            inner: self.inner.clone(),
            reusable: false,
            _permit: permit,
        })
    }

    /// Connections currently idle (for tests).
    pub fn idle(&self) -> usize {
        self.inner.idle.lock().expect("idle list lock").len()
    }
}

/// One connection in use. It returns to the idle list only after
/// [`Lease::release`]; dropped otherwise, it is closed.
pub struct Lease {
    conn: Option<PgConnection>,
    inner: Arc<Inner>,
    reusable: bool,
    _permit: OwnedSemaphorePermit,
}

impl Lease {
    /// The transaction ended (COMMIT or ROLLBACK answered): the next request
    /// may use this connection.
    pub fn release(mut self) {
        self.reusable = true;
    }
}

impl Deref for Lease {
    type Target = PgConnection;
    fn deref(&self) -> &PgConnection {
        self.conn
            .as_ref()
            .expect("a lease holds its connection until dropped")
    }
}

impl DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut PgConnection {
        self.conn
            .as_mut()
            .expect("a lease holds its connection until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let (true, Some(conn)) = (self.reusable, self.conn.take()) {
            self.inner.idle.lock().expect("idle list lock").push(conn);
        }
    }
}
