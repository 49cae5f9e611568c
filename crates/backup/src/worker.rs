//! The backups `pleat serve` makes: at each slot of the schedule, and when
//! asked (`pleat_backup.request()`, which NOTIFYs `pleat_backup`; a poll
//! finds what a lost notification missed). Replicas on one database share
//! the work through it: a slot's run is inserted once (its unique key), and
//! whoever holds the backup lock (a session advisory lock) claims the
//! pending runs one after another, so a scheduled and a requested backup
//! never run at once, on any replica. A claimed run holds a lease that is
//! renewed while it runs; a run whose lease ran out is marked failed by
//! whoever looks next. [`Worker::tick`] takes the time as an argument, so
//! tests move through slots without waiting for them.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgListener, PgPoolOptions};
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::{watch, Mutex};
use tokio::task::JoinHandle;

use crate::failure::{self, Notify};
use crate::runs::{self, Claimed};
use crate::schedule::Schedule;
use crate::{Keep, Source, Store};

/// Held (session-level) by the replica making a backup. `request()` takes
/// 7261005 in its own transaction; this key is only for running backups.
const BACKUP_LOCK: i64 = 7261006;

/// How the worker runs; everything but the schedule has a default.
#[derive(Debug, Clone)]
pub struct WorkerSettings {
    pub schedule: Schedule,
    pub keep: Keep,
    /// How often pending runs are looked for besides notifications.
    pub poll: Duration,
    /// How long a claim lasts without renewal (renewed every third of it).
    pub lease: Duration,
    pub notify: Notify,
    /// Values that must never reach a stored error (passphrase, passwords).
    pub secrets: Vec<String>,
}

impl WorkerSettings {
    pub fn new(schedule: Schedule, keep: Keep) -> WorkerSettings {
        WorkerSettings {
            schedule,
            keep,
            poll: Duration::from_secs(30),
            lease: Duration::from_secs(60),
            notify: Notify::default(),
            secrets: Vec::new(),
        }
    }
}

/// The backup maker of one replica; cheap to clone.
#[derive(Clone)]
pub struct Worker {
    inner: Arc<Inner>,
}

struct Inner {
    settings: WorkerSettings,
    pool: PgPool,
    store: Store,
    source: Source,
    /// The next slot this replica will take part in.
    next: Mutex<Option<DateTime<Utc>>>,
    stop: watch::Sender<bool>,
}

/// Stops the worker: [`Running::stop`] ends a backup under way (its run is
/// marked failed) and waits for the worker; dropping it aborts the task
/// (the run's lease then runs out).
pub struct Running {
    handle: Option<JoinHandle<()>>,
    stop: watch::Sender<bool>,
}

impl Running {
    pub async fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(mut handle) = self.handle.take() {
            if tokio::time::timeout(Duration::from_secs(10), &mut handle)
                .await
                .is_err()
            {
                handle.abort();
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.abort();
        }
    }
}

impl Worker {
    pub fn new(settings: WorkerSettings, pool: PgPool, store: Store, source: Source) -> Worker {
        let next = settings.schedule.next_after(Utc::now());
        Worker {
            inner: Arc::new(Inner {
                settings,
                pool,
                store,
                source,
                next: Mutex::new(next),
                stop: watch::channel(false).0,
            }),
        }
    }

    pub fn schedule(&self) -> &Schedule {
        &self.inner.settings.schedule
    }

    /// Run in the background until stopped.
    pub fn start(&self) -> Running {
        let worker = self.clone();
        let handle = tokio::spawn(async move { worker.run().await });
        Running {
            handle: Some(handle),
            stop: self.inner.stop.clone(),
        }
    }

    /// What the loop does at `now`: take the slot if one came (and tell the
    /// state the next), fail runs whose server stopped, then make every
    /// pending backup if this replica gets the backup lock. Returns when
    /// nothing is left for this replica to do.
    pub async fn tick(&self, now: DateTime<Utc>) -> anyhow::Result<()> {
        self.take_slot(now).await?;
        self.fail_stale().await?;
        self.make_pending().await
    }

    /// Tell the state the schedule in force and its next slot.
    pub async fn announce(&self) -> Result<(), sqlx::Error> {
        // Held while writing, so a slot taken meanwhile is not overwritten
        // with the slot before it.
        let next_guard = self.inner.next.lock().await;
        let next = *next_guard;
        let schedule = &self.inner.settings.schedule;
        runs::write_state(&self.inner.pool, schedule.describe(), next).await?;
        drop(next_guard);
        match next {
            Some(next) => tracing::info!(
                schedule = schedule.describe(),
                next = %failure::local_time(next),
                "backup: scheduled backups on"
            ),
            None => tracing::info!("backup: scheduled backups off (PLEAT_BACKUP_SCHEDULE=off)"),
        }
        Ok(())
    }

    async fn run(&self) {
        let mut stop = self.inner.stop.subscribe();
        let poll = self.inner.settings.poll;
        // Listening before the first pass: a request made in between is
        // found by the pass, one made after it is heard.
        let mut listener = listen(&self.inner.pool).await;
        let mut announced = false;
        while !*stop.borrow() && !self.inner.pool.is_closed() {
            if !announced {
                match self.announce().await {
                    Ok(()) => announced = true,
                    Err(e) => tracing::warn!(error = %e, "backup: cannot write the schedule"),
                }
            }
            let passed = match self.tick(Utc::now()).await {
                Ok(()) => true,
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "backup: the worker's pass failed");
                    false
                }
            };
            // After a failed pass the slot may still be due: wait a poll
            // rather than retry at once against a database that is down.
            let until_slot = match *self.inner.next.lock().await {
                Some(next) if passed => (next - Utc::now()).to_std().unwrap_or(Duration::ZERO),
                _ => poll,
            };
            let wait = tokio::time::sleep(poll.min(until_slot));
            match listener.as_mut() {
                Some(l) => tokio::select! {
                    _ = stop.changed() => break,
                    _ = wait => {}
                    // An error means the connection dropped; recv reconnects
                    // next time, after a pause so a dead server is not hammered.
                    received = l.recv() => if received.is_err() {
                        tokio::time::sleep(poll).await;
                    },
                },
                None => tokio::select! {
                    _ = stop.changed() => break,
                    _ = wait => {}
                },
            }
        }
    }

    /// Insert the run of the slot that came, if one did since the last.
    async fn take_slot(&self, now: DateTime<Utc>) -> anyhow::Result<()> {
        let mut next = self.inner.next.lock().await;
        let due = match *next {
            Some(n) if n <= now => self.inner.settings.schedule.latest_until(now),
            _ => None,
        };
        let Some(slot) = due else {
            return Ok(());
        };
        if let Some(id) = runs::insert_slot(&self.inner.pool, slot).await? {
            tracing::info!(run = id, slot = %failure::local_time(slot), "backup: this replica takes the scheduled backup");
        }
        let schedule = &self.inner.settings.schedule;
        let upcoming = schedule.next_after(now);
        runs::write_state(&self.inner.pool, schedule.describe(), upcoming).await?;
        *next = upcoming;
        Ok(())
    }

    /// Mark failed the runs whose server stopped during the backup.
    pub async fn fail_stale(&self) -> anyhow::Result<()> {
        let mut tx = self.inner.pool.begin().await?;
        let stale = runs::fail_stale(&mut *tx).await?;
        for failed in &stale {
            tracing::warn!(
                run = failed.id,
                "backup: a run's server stopped during the backup; marked failed"
            );
            failure::after_failure(&mut tx, failed, &self.inner.settings.notify).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    async fn make_pending(&self) -> anyhow::Result<()> {
        // Bounded: each round either makes backups or finds that another
        // replica holds the lock; the bound only guards against a run that
        // stays pending yet cannot be claimed.
        for _ in 0..3 {
            if !runs::pending_exists(&self.inner.pool).await? {
                return Ok(());
            }
            let Some(lock) = BackupLock::try_take(&self.inner.pool).await? else {
                // The holder claims what is pending before it lets go.
                return Ok(());
            };
            let mut stop = self.inner.stop.subscribe();
            while let Some(run) =
                runs::claim_next(&self.inner.pool, self.inner.settings.lease).await?
            {
                self.make(&run, &mut stop).await?;
                if *stop.borrow() {
                    break;
                }
            }
            lock.release().await;
            if *stop.borrow() {
                return Ok(());
            }
            // A run inserted while this replica held the lock, by a replica
            // that then found the lock taken, is this replica's to make.
        }
        Ok(())
    }

    /// Make the backup of a claimed run and record how it went.
    async fn make(&self, run: &Claimed, stop: &mut watch::Receiver<bool>) -> anyhow::Result<()> {
        let inner = &self.inner;
        tracing::info!(run = run.id, trigger = %run.trigger, "backup: started");
        let create = inner.store.create(&inner.source, Utc::now());
        tokio::pin!(create);
        let mut renew = tokio::time::interval(inner.settings.lease / 3);
        renew.tick().await;
        let outcome = loop {
            tokio::select! {
                made = &mut create => break made.map_err(|e| format!("{e:#}")),
                _ = renew.tick() => match runs::renew(&inner.pool, run, inner.settings.lease).await {
                    Ok(true) => {}
                    Ok(false) => tracing::warn!(run = run.id, "backup: the run's lease was lost; it was marked failed"),
                    Err(e) => tracing::warn!(run = run.id, error = %e, "backup: cannot renew the run's lease"),
                },
                _ = stop.changed() => break Err(runs::STOPPED.to_string()),
            }
        };
        match outcome {
            Ok(made) => {
                runs::finish_done(&inner.pool, run, &made.name, made.size_bytes).await?;
                tracing::info!(run = run.id, name = %made.name, size_bytes = made.size_bytes, "backup: done");
                match inner.store.prune(&inner.settings.keep, Utc::now()).await {
                    Ok(deleted) if !deleted.is_empty() => {
                        tracing::info!(deleted = ?deleted, "backup: older backups pruned")
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::warn!(error = %self.clean(&format!("{e:#}")), "backup: cannot prune older backups")
                    }
                }
            }
            Err(error) => {
                let error = self.clean(&error);
                tracing::warn!(run = run.id, error = %error, "backup: failed");
                let mut tx = inner.pool.begin().await?;
                if let Some(failed) = runs::finish_failed(&mut *tx, run, &error).await? {
                    failure::after_failure(&mut tx, &failed, &inner.settings.notify).await?;
                }
                tx.commit().await?;
            }
        }
        Ok(())
    }

    fn clean(&self, error: &str) -> String {
        let secrets: Vec<&str> = self
            .inner
            .settings
            .secrets
            .iter()
            .map(String::as_str)
            .collect();
        failure::redact(error, &secrets)
    }
}

/// On a connection of its own: the owner pool is small and the other
/// workers' listeners already hold most of it.
async fn listen(pool: &PgPool) -> Option<PgListener> {
    let own = PgPoolOptions::new()
        .max_connections(1)
        .connect_lazy_with((*pool.connect_options()).clone());
    match PgListener::connect_with(&own).await {
        Ok(mut l) => match l.listen("pleat_backup").await {
            Ok(()) => Some(l),
            Err(e) => {
                tracing::warn!(error = %e, "backup: LISTEN failed, polling only");
                None
            }
        },
        Err(e) => {
            tracing::warn!(error = %e, "backup: no LISTEN connection, polling only");
            None
        }
    }
}

/// The session advisory lock, on a connection of its own so that a backup
/// of an hour does not hold one of the pool's; if the process dies the
/// connection closes and PostgreSQL lets go of the lock.
struct BackupLock(PgConnection);

impl BackupLock {
    async fn try_take(pool: &PgPool) -> Result<Option<BackupLock>, sqlx::Error> {
        let mut conn = PgConnection::connect_with(&pool.connect_options()).await?;
        let taken: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
            .bind(BACKUP_LOCK)
            .fetch_one(&mut conn)
            .await?;
        if taken {
            Ok(Some(BackupLock(conn)))
        } else {
            conn.close().await.ok();
            Ok(None)
        }
    }

    async fn release(mut self) {
        let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(BACKUP_LOCK)
            .execute(&mut self.0)
            .await;
        self.0.close().await.ok();
    }
}
