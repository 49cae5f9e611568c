//! Finding the PostgreSQL server binaries: `pg_config --bindir`, then `PATH`,
//! then the newest `/usr/lib/postgresql/*/bin` (Debian keeps them off `PATH`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Error;

/// Where to look; `BinLookup::system()` in production, an empty place in tests.
#[derive(Debug, Clone)]
pub struct BinLookup {
    pub pg_config: PathBuf,
    pub path_var: OsString,
    pub versions_root: PathBuf,
}

impl BinLookup {
    pub fn system() -> Self {
        BinLookup {
            pg_config: PathBuf::from("pg_config"),
            path_var: std::env::var_os("PATH").unwrap_or_default(),
            versions_root: PathBuf::from("/usr/lib/postgresql"),
        }
    }

    /// The directory holding `initdb`, `pg_ctl` and `postgres`.
    pub fn find(&self) -> Result<PathBuf, Error> {
        self.via_pg_config()
            .or_else(|| self.via_path())
            .or_else(|| self.via_versions_root())
            .ok_or(Error::BinariesNotFound)
    }

    fn via_pg_config(&self) -> Option<PathBuf> {
        // pg_config is found through the same PATH we were given.
        let program = if self.pg_config.components().count() > 1 {
            self.pg_config.clone()
        } else {
            search_path(&self.path_var, self.pg_config.as_os_str())?
        };
        let out = Command::new(program).arg("--bindir").output().ok()?;
        if !out.status.success() {
            return None;
        }
        let dir = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
        has_server(&dir).then_some(dir)
    }

    fn via_path(&self) -> Option<PathBuf> {
        let initdb = search_path(&self.path_var, "initdb".as_ref())?;
        let dir = initdb.parent()?.to_path_buf();
        has_server(&dir).then_some(dir)
    }

    fn via_versions_root(&self) -> Option<PathBuf> {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(&self.versions_root)
            .ok()?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let major = e.file_name().to_str()?.parse::<u32>().ok()?;
                Some((major, e.path().join("bin")))
            })
            .filter(|(_, dir)| has_server(dir))
            .collect();
        versions.sort();
        versions.pop().map(|(_, dir)| dir)
    }
}

fn has_server(dir: &Path) -> bool {
    ["initdb", "pg_ctl", "postgres"]
        .iter()
        .all(|b| dir.join(b).is_file())
}

fn search_path(path_var: &std::ffi::OsStr, name: &std::ffi::OsStr) -> Option<PathBuf> {
    std::env::split_paths(path_var)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_places_give_the_install_hint() {
        let empty = tempfile::tempdir().unwrap();
        let lookup = BinLookup {
            pg_config: empty.path().join("pg_config"),
            path_var: empty.path().as_os_str().to_owned(),
            versions_root: empty.path().to_path_buf(),
        };
        let err = lookup.find().unwrap_err();
        assert!(err.to_string().contains("apt-get install postgresql"));
        assert!(err.to_string().contains("DATABASE_URL"));
    }

    #[test]
    fn newest_version_dir_wins() {
        let root = tempfile::tempdir().unwrap();
        for v in ["13", "15", "9"] {
            let bin = root.path().join(v).join("bin");
            std::fs::create_dir_all(&bin).unwrap();
            for b in ["initdb", "pg_ctl", "postgres"] {
                std::fs::write(bin.join(b), "").unwrap();
            }
        }
        let lookup = BinLookup {
            pg_config: root.path().join("none"),
            path_var: OsString::new(),
            versions_root: root.path().to_path_buf(),
        };
        assert_eq!(lookup.find().unwrap(), root.path().join("15").join("bin"));
    }
}
