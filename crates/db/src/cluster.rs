//! The managed local cluster used when `DATABASE_URL` is unset: created with the
//! system's `initdb` in `$PLEAT_DATA_DIR/pg` on first start, started with
//! `pg_ctl` on a unix socket inside that directory plus a free loopback port,
//! and stopped (fast shutdown) when Pleat exits. As root, every server program
//! runs as the `postgres` OS user, since initdb and postgres refuse root.
//!
//! The pleat process that started the cluster holds an exclusive lock on
//! `$PLEAT_DATA_DIR/pleat.lock`. Another pleat (e.g. `pleat user add` while
//! `pleat serve` runs) finds the lock taken and shares the running server
//! without stopping it; a running server with nobody holding the lock is an
//! orphan from a crash and is restarted.
//!
//! Nobody else on the machine may read the data directory or the server's
//! log (which can hold statements and their values): the data directory is
//! 0700, or as root 0710 with the `postgres` group so that the server can
//! pass through to its own `pg` directory (0700, owned by `postgres`);
//! `postgres.log` is 0600, owned by whoever runs the server.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use nix::fcntl::{Flock, FlockArg};
use sqlx::postgres::PgConnectOptions;

use crate::bins::BinLookup;
use crate::Error;

/// Longest unix socket path the kernel accepts (`sun_path` is 108 bytes).
const MAX_SOCKET_PATH: usize = 107;

#[derive(Debug)]
pub struct ManagedCluster {
    bin: PathBuf,
    pgdata: PathBuf,
    port: u16,
    as_postgres: bool,
    /// True when this process started the server and must stop it.
    running: bool,
    _lock: Option<Flock<std::fs::File>>,
}

impl ManagedCluster {
    /// Create the cluster if needed, recover from a crash, start it and wait
    /// until it accepts connections. Blocking: call from `spawn_blocking`.
    pub fn start(data_dir: &Path, lookup: &BinLookup) -> Result<Self, Error> {
        let bin = lookup.find()?;
        std::fs::create_dir_all(data_dir).map_err(Error::io("cannot create", data_dir))?;
        let data_dir = data_dir
            .canonicalize()
            .map_err(Error::io("cannot resolve", data_dir))?;
        let as_postgres = nix::unistd::geteuid().is_root();
        make_private(&data_dir, as_postgres)?;
        let Some(lock) = lock_data_dir(&data_dir)? else {
            return ManagedCluster::share(bin, data_dir.join("pg"), as_postgres);
        };
        let mut cluster = ManagedCluster {
            bin,
            pgdata: data_dir.join("pg"),
            port: 0,
            as_postgres,
            running: false,
            _lock: Some(lock),
        };
        if as_postgres {
            cluster.prepare_for_postgres_user()?;
        }
        if cluster.pgdata.join("PG_VERSION").is_file() {
            crate::upgrade::check_major(&cluster.pgdata, &cluster.bin)?;
        } else {
            cluster.initdb()?;
        }
        cluster.recover_after_crash()?;
        cluster.port = free_port()?;
        let socket = cluster.pgdata.join(format!(".s.PGSQL.{}", cluster.port));
        if socket.as_os_str().len() > MAX_SOCKET_PATH {
            return Err(anyhow::anyhow!(
                "the socket path {} is too long for a unix socket; choose a shorter PLEAT_DATA_DIR",
                socket.display()
            )
            .into());
        }
        let log = data_dir.join("postgres.log");
        cluster.ensure_log_file(&log)?;
        // Logical decoding feeds /realtime/v1's postgres_changes: one
        // temporary slot per pleat process.
        let opts = format!(
            "-p {} -k '{}' -c listen_addresses=127.0.0.1 -c wal_level=logical -c max_replication_slots=20",
            cluster.port,
            cluster.pgdata.display()
        );
        cluster.run(
            "pg_ctl",
            &[
                "start".as_ref(),
                "-w".as_ref(),
                "-t".as_ref(),
                "60".as_ref(),
                "-D".as_ref(),
                cluster.pgdata.as_os_str(),
                "-l".as_ref(),
                log.as_os_str(),
                "-o".as_ref(),
                opts.as_ref(),
            ],
        )?;
        cluster.running = true;
        tracing::info!(port = cluster.port, dir = %cluster.pgdata.display(), "managed PostgreSQL started");
        Ok(cluster)
    }

    /// Another pleat owns the running server: use it, never stop it.
    fn share(bin: PathBuf, pgdata: PathBuf, as_postgres: bool) -> Result<Self, Error> {
        let pid_file = pgdata.join("postmaster.pid");
        let text = std::fs::read_to_string(&pid_file).map_err(|_| {
            anyhow::anyhow!(
                "another pleat is using {} but its PostgreSQL is not running yet; try again in a moment",
                pgdata.display()
            )
        })?;
        // postmaster.pid: pid, data dir, start time, port, socket dir, …
        let port = text
            .lines()
            .nth(3)
            .and_then(|l| l.trim().parse::<u16>().ok())
            .ok_or_else(|| anyhow::anyhow!("cannot read the port from {}", pid_file.display()))?;
        tracing::info!(
            port,
            "sharing the managed PostgreSQL of the pleat already running"
        );
        Ok(ManagedCluster {
            bin,
            pgdata,
            port,
            as_postgres,
            running: false,
            _lock: None,
        })
    }

    /// Leave the server running and release the lock, as a crash would
    /// (for tests of crash recovery).
    #[doc(hidden)]
    pub fn abandon(mut self) {
        self.running = false;
        self._lock = None;
    }

    /// Superuser connection over the unix socket (trust authentication).
    pub fn connect_options(&self) -> PgConnectOptions {
        PgConnectOptions::new()
            .socket(&self.pgdata)
            .port(self.port)
            .username("postgres")
            .database("postgres")
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pgdata(&self) -> &Path {
        &self.pgdata
    }

    /// The directory of the server programs this cluster runs (its
    /// `pg_dump` and `pg_restore` match the server).
    pub fn bin_dir(&self) -> &Path {
        &self.bin
    }

    /// False when another pleat started the server and this one shares it
    /// (so that pleat is running).
    pub fn started_here(&self) -> bool {
        self.running
    }

    /// Fast shutdown: disconnect clients, stop, keep the data.
    pub fn stop(&mut self) -> Result<(), Error> {
        if !self.running {
            return Ok(());
        }
        self.running = false;
        let stopped = self.pg_ctl_stop();
        self._lock = None;
        stopped?;
        tracing::info!("managed PostgreSQL stopped");
        Ok(())
    }

    fn pg_ctl_stop(&self) -> Result<(), Error> {
        self.run(
            "pg_ctl",
            &[
                "stop".as_ref(),
                "-w".as_ref(),
                "-m".as_ref(),
                "fast".as_ref(),
                "-D".as_ref(),
                self.pgdata.as_os_str(),
            ],
        )
        .map(|_| ())
    }

    fn initdb(&self) -> Result<(), Error> {
        tracing::info!(dir = %self.pgdata.display(), "creating the managed PostgreSQL cluster");
        initdb(&self.bin, &self.pgdata, self.as_postgres)
    }

    /// A `postmaster.pid` left by a crash either names a server still running
    /// (our orphan: stop it, we pick a new port) or a dead process (remove it).
    fn recover_after_crash(&self) -> Result<(), Error> {
        let pid_file = self.pgdata.join("postmaster.pid");
        if !pid_file.exists() {
            return Ok(());
        }
        let status = self
            .command("pg_ctl")
            .arg("status")
            .arg("-D")
            .arg(&self.pgdata)
            .output()
            .map_err(Error::io("cannot run", self.bin.join("pg_ctl")))?;
        if status.status.success() {
            tracing::warn!("a PostgreSQL server from an earlier run is still up; stopping it");
            self.pg_ctl_stop()
        } else {
            tracing::warn!("removing a stale postmaster.pid");
            std::fs::remove_file(&pid_file).map_err(Error::io("cannot remove", &pid_file))
        }
    }

    fn prepare_for_postgres_user(&self) -> Result<(), Error> {
        if nix::unistd::User::from_name("postgres")
            .ok()
            .flatten()
            .is_none()
        {
            return Err(Error::NoPostgresUser);
        }
        std::fs::create_dir_all(&self.pgdata).map_err(Error::io("cannot create", &self.pgdata))?;
        std::fs::set_permissions(&self.pgdata, std::fs::Permissions::from_mode(0o700))
            .map_err(Error::io("cannot change permissions of", &self.pgdata))?;
        run_checked(
            Command::new("chown")
                .arg("-R")
                .arg("postgres:postgres")
                .arg(&self.pgdata),
            "chown",
        )?;
        let reachable = Command::new("runuser")
            .args(["-u", "postgres", "--", "test", "-w"])
            .arg(&self.pgdata)
            .current_dir("/")
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !reachable {
            return Err(anyhow::anyhow!(
                "PostgreSQL runs as the `postgres` user, which cannot reach {}; choose a PLEAT_DATA_DIR it can reach (e.g. under /var/lib) or set DATABASE_URL",
                self.pgdata.display()
            )
            .into());
        }
        Ok(())
    }

    fn ensure_log_file(&self, log: &Path) -> Result<(), Error> {
        if !log.exists() {
            std::fs::write(log, b"").map_err(Error::io("cannot create", log))?;
        }
        // Also tightens a log made 0644 by an earlier version.
        std::fs::set_permissions(log, std::fs::Permissions::from_mode(0o600))
            .map_err(Error::io("cannot change permissions of", log))?;
        if self.as_postgres {
            run_checked(
                Command::new("chown").arg("postgres:postgres").arg(log),
                "chown",
            )?;
        }
        Ok(())
    }

    fn command(&self, program: &str) -> Command {
        command(&self.bin, program, self.as_postgres)
    }

    fn run(&self, program: &str, args: &[&std::ffi::OsStr]) -> Result<String, Error> {
        run_checked(self.command(program).args(args), program)
    }
}

impl Drop for ManagedCluster {
    fn drop(&mut self) {
        if let Err(e) = self.stop() {
            tracing::error!(error = %e, "stopping the managed PostgreSQL failed");
        }
    }
}

/// The lock every pleat holds while it runs the data dir's cluster; `None`
/// when another process holds it.
pub(crate) fn lock_data_dir(data_dir: &Path) -> Result<Option<Flock<std::fs::File>>, Error> {
    let lock_path = data_dir.join("pleat.lock");
    let lock_file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(Error::io("cannot open", &lock_path))?;
    Ok(Flock::lock(lock_file, FlockArg::LockExclusiveNonblock).ok())
}

/// A new cluster in `pgdata` (also the target of `pleat upgrade-db`, which
/// must make it exactly like the first one).
pub(crate) fn initdb(bin: &Path, pgdata: &Path, as_postgres: bool) -> Result<(), Error> {
    run_checked(
        command(bin, "initdb", as_postgres).args([
            "-D".as_ref(),
            pgdata.as_os_str(),
            "-U".as_ref(),
            "postgres".as_ref(),
            "-E".as_ref(),
            "UTF8".as_ref(),
            "--locale=C".as_ref(),
            "--auth-local=trust".as_ref(),
            "--auth-host=scram-sha-256".as_ref(),
        ]),
        "initdb",
    )
    .map(|_| ())
}

/// `program` of `bin`, run as the `postgres` OS user when we are root.
pub(crate) fn command(bin: &Path, program: &str, as_postgres: bool) -> Command {
    let path = bin.join(program);
    let mut cmd = if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(path);
        c
    } else {
        Command::new(path)
    };
    cmd.current_dir("/");
    cmd
}

/// The data dir readable by this user only; as root also passable (not
/// readable) by the `postgres` group, whose server must reach `pg/` inside.
pub(crate) fn make_private(data_dir: &Path, as_postgres: bool) -> Result<(), Error> {
    let mode = if as_postgres {
        let group = nix::unistd::Group::from_name("postgres")
            .ok()
            .flatten()
            .ok_or(Error::NoPostgresUser)?;
        nix::unistd::chown(data_dir, None, Some(group.gid))
            .map_err(|e| Error::io("cannot change the group of", data_dir)(e.into()))?;
        0o710
    } else {
        0o700
    };
    std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(mode))
        .map_err(Error::io("cannot change permissions of", data_dir))
}

pub(crate) fn run_checked(cmd: &mut Command, name: &str) -> Result<String, Error> {
    let out = cmd.output().map_err(Error::io("cannot run", name))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        Ok(text)
    } else {
        Err(Error::Command {
            command: name.to_string(),
            output: text.trim().to_string(),
        })
    }
}

/// A port the OS considers free right now; ephemeral ports are never 5432.
fn free_port() -> Result<u16, Error> {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
        .map_err(Error::io("cannot bind", "127.0.0.1:0"))?;
    let port = listener
        .local_addr()
        .map_err(Error::io("cannot read the address of", "127.0.0.1:0"))?
        .port();
    Ok(port)
}
