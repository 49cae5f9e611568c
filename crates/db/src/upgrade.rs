//! PostgreSQL major versions and the managed cluster. A cluster's files can
//! only be opened by the major version that made them (its `PG_VERSION`), so
//! after the machine's PostgreSQL is upgraded (say Debian 12's 15 to 13's 17)
//! `pleat` must not try to start the old data on the new server: it stops with
//! one line saying what happened and how to go on, and `pleat upgrade-db`
//! moves the data over with `pg_upgrade` (copy mode: the old cluster stays
//! as it was, beside the new one, until the owner deletes it).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::bins::BinLookup;
use crate::cluster::{command, initdb, lock_data_dir, make_private, run_checked};
use crate::Error;

/// The major version of the server programs in `bin`, from
/// `postgres --version` ("postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)").
pub fn installed_major(bin: &Path) -> Result<u32, Error> {
    let out = Command::new(bin.join("postgres"))
        .arg("--version")
        .output()
        .map_err(Error::io("cannot run", bin.join("postgres")))?;
    let text = String::from_utf8_lossy(&out.stdout);
    parse_version_output(&text).ok_or_else(|| {
        anyhow::anyhow!(
            "cannot read the version of {}: {:?}",
            bin.join("postgres").display(),
            text.trim()
        )
        .into()
    })
}

fn parse_version_output(text: &str) -> Option<u32> {
    let version = text.split(')').nth(1)?.split_whitespace().next()?;
    version.split('.').next()?.parse().ok()
}

/// The major version that made the cluster in `pgdata`, if there is one.
pub fn cluster_major(pgdata: &Path) -> Result<Option<u32>, Error> {
    let path = pgdata.join("PG_VERSION");
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(Error::io("cannot read", &path))?;
    text.trim().parse().map(Some).map_err(|_| {
        anyhow::anyhow!(
            "{} does not hold a version: {:?}",
            path.display(),
            text.trim()
        )
        .into()
    })
}

/// Refuses a cluster another major version made, saying how to go on; the
/// data is not touched.
pub fn check_major(pgdata: &Path, bin: &Path) -> Result<(), Error> {
    let Some(made_by) = cluster_major(pgdata)? else {
        return Ok(());
    };
    let installed = installed_major(bin)?;
    if made_by == installed {
        return Ok(());
    }
    let dir = pgdata.display();
    Err(if made_by < installed {
        anyhow::anyhow!(
            "the database in {dir} was made by PostgreSQL {made_by}, and this machine's PostgreSQL is {installed}, \
             which cannot open it (nothing was changed); upgrade it with `pleat upgrade-db`, which needs PostgreSQL \
             {made_by}'s programs installed too (e.g. `apt-get install postgresql-{made_by}`) and keeps the old files"
        )
    } else {
        anyhow::anyhow!(
            "the database in {dir} was made by PostgreSQL {made_by}, newer than this machine's PostgreSQL \
             {installed} (nothing was changed); install PostgreSQL {made_by} (pleat uses the newest under \
             /usr/lib/postgresql) or start pleat with that version's programs on PATH"
        )
    }
    .into())
}

/// What `pleat upgrade-db` did.
#[derive(Debug)]
pub enum Outcome {
    /// The cluster was made by the installed version already.
    Current { version: u32 },
    /// There is no managed cluster in the data directory.
    NoCluster,
    Upgraded {
        from: u32,
        to: u32,
        /// The old cluster, kept as it was.
        old: PathBuf,
    },
}

/// Upgrades the managed cluster in `data_dir` to the installed PostgreSQL.
/// `old_bin` is the old version's programs (default:
/// `/usr/lib/postgresql/<old>/bin`). Pleat must not be running.
pub fn upgrade(
    data_dir: &Path,
    lookup: &BinLookup,
    old_bin: Option<&Path>,
) -> Result<Outcome, Error> {
    let pgdata = data_dir.join("pg");
    let Some(from) = cluster_major(&pgdata)? else {
        return Ok(Outcome::NoCluster);
    };
    let new_bin = lookup.find()?;
    let to = installed_major(&new_bin)?;
    if from == to {
        return Ok(Outcome::Current { version: to });
    }
    if from > to {
        return Err(anyhow::anyhow!(
            "the database in {} was made by PostgreSQL {from}, newer than the installed {to}; it cannot be downgraded",
            pgdata.display()
        )
        .into());
    }
    let old_bin = match old_bin {
        Some(dir) => dir.to_path_buf(),
        None => lookup.versions_root.join(from.to_string()).join("bin"),
    };
    if !old_bin.join("postgres").is_file() {
        return Err(anyhow::anyhow!(
            "PostgreSQL {from}'s programs are not in {} (nothing was changed); install them \
             (e.g. `apt-get install postgresql-{from}`) or name their directory with \
             `pleat upgrade-db --old-bindir DIR`, then run it again",
            old_bin.display()
        )
        .into());
    }
    let old_major = installed_major(&old_bin)?;
    if old_major != from {
        return Err(anyhow::anyhow!(
            "{} holds PostgreSQL {old_major}'s programs, but the database was made by PostgreSQL {from}",
            old_bin.display()
        )
        .into());
    }
    let old = run_pg_upgrade(data_dir, &old_bin, &new_bin)?;
    Ok(Outcome::Upgraded { from, to, old })
}

/// Moves the cluster in `data_dir/pg` to a new one made by `new_bin` with
/// `pg_upgrade` in copy mode; the old cluster is renamed `pg.old-<version>`
/// and left as it was. Returns where it is. (Exposed so that tests can run
/// it between two installations of one major version, all this machine has.)
pub fn run_pg_upgrade(data_dir: &Path, old_bin: &Path, new_bin: &Path) -> Result<PathBuf, Error> {
    let data_dir = data_dir
        .canonicalize()
        .map_err(Error::io("cannot resolve", data_dir))?;
    let pgdata = data_dir.join("pg");
    let from = cluster_major(&pgdata)?
        .ok_or_else(|| anyhow::anyhow!("there is no database in {}", pgdata.display()))?;
    // No pleat may run on the data dir meanwhile.
    let _lock = lock_data_dir(&data_dir)?.ok_or_else(|| {
        anyhow::anyhow!("pleat is running on {}; stop it first", data_dir.display())
    })?;
    if pgdata.join("postmaster.pid").exists() {
        return Err(anyhow::anyhow!(
            "the database in {} was not shut down cleanly (postmaster.pid is there); start pleat once \
             with PostgreSQL {from}'s programs and stop it, then upgrade",
            pgdata.display()
        )
        .into());
    }
    let as_postgres = nix::unistd::geteuid().is_root();
    make_private(&data_dir, as_postgres)?;
    let new_pgdata = data_dir.join("pg.upgrading");
    if new_pgdata.exists() {
        // What an interrupted attempt left: never the live data.
        std::fs::remove_dir_all(&new_pgdata).map_err(Error::io("cannot remove", &new_pgdata))?;
    }
    let work = tempfile_dir(as_postgres)?;
    let result = (|| {
        std::fs::create_dir(&new_pgdata).map_err(Error::io("cannot create", &new_pgdata))?;
        std::fs::set_permissions(&new_pgdata, std::fs::Permissions::from_mode(0o700))
            .map_err(Error::io("cannot change permissions of", &new_pgdata))?;
        if as_postgres {
            run_checked(
                Command::new("chown")
                    .arg("-R")
                    .arg("postgres:postgres")
                    .arg(&new_pgdata)
                    .arg(&pgdata),
                "chown",
            )?;
        }
        tracing::info!(dir = %new_pgdata.display(), "creating the new cluster");
        initdb(new_bin, &new_pgdata, as_postgres)?;
        tracing::info!("running pg_upgrade (copy mode; the old cluster is left as it was)");
        let mut cmd = command(new_bin, "pg_upgrade", as_postgres);
        cmd.current_dir(&work)
            .arg("--old-bindir")
            .arg(old_bin)
            .arg("--new-bindir")
            .arg(new_bin)
            .arg("--old-datadir")
            .arg(&pgdata)
            .arg("--new-datadir")
            .arg(&new_pgdata)
            .arg("--socketdir")
            .arg(&work)
            .args(["--username", "postgres"]);
        run_checked(&mut cmd, "pg_upgrade")?;
        Ok::<(), Error>(())
    })();
    let _ = std::fs::remove_dir_all(&work);
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&new_pgdata);
        return Err(e);
    }
    let mut old = data_dir.join(format!("pg.old-{from}"));
    let mut n = 1;
    while old.exists() {
        n += 1;
        old = data_dir.join(format!("pg.old-{from}-{n}"));
    }
    std::fs::rename(&pgdata, &old).map_err(Error::io("cannot rename", &pgdata))?;
    std::fs::rename(&new_pgdata, &pgdata).map_err(Error::io("cannot rename", &new_pgdata))?;
    Ok(old)
}

/// A short private directory for pg_upgrade's sockets and logs, which the
/// `postgres` user can write when we are root.
fn tempfile_dir(as_postgres: bool) -> Result<PathBuf, Error> {
    let dir = std::env::temp_dir().join(format!("pleat-upgrade-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(Error::io("cannot remove", &dir))?;
    }
    std::fs::create_dir(&dir).map_err(Error::io("cannot create", &dir))?;
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))
        .map_err(Error::io("cannot change permissions of", &dir))?;
    if as_postgres {
        run_checked(
            Command::new("chown").arg("postgres:postgres").arg(&dir),
            "chown",
        )?;
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_major_version_from_postgres_version() {
        assert_eq!(
            parse_version_output("postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)\n"),
            Some(15)
        );
        assert_eq!(
            parse_version_output("postgres (PostgreSQL) 17.2\n"),
            Some(17)
        );
        assert_eq!(
            parse_version_output("postgres (PostgreSQL) 18beta1\n"),
            None,
            "not a number: refused rather than guessed"
        );
        assert_eq!(parse_version_output("garbage"), None);
    }
}
