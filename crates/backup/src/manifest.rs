//! `manifest.json`, the first entry of every backup: what made it, when,
//! which migrations its database had, and where its files are.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Bumped when an older Pleat could not read what a newer one writes.
pub const FORMAT: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub pleat_version: String,
    pub created_at: DateTime<Utc>,
    /// Applied migration versions per set (`pleat.schema_migrations`), so a
    /// restore can refuse a backup made by a newer Pleat before touching
    /// anything.
    pub migrations: BTreeMap<String, Vec<i64>>,
    pub storage: StorageManifest,
    /// Key files of the data directory, under `keys/` in the archive.
    pub keys: Vec<String>,
    /// The JWT secret came from `PLEAT_JWT_SECRET`, so it is not in `keys/`:
    /// the restored installation needs the same variable.
    #[serde(default)]
    pub jwt_secret_from_env: bool,
    /// The cluster's roles (not its superusers, not the one that made the
    /// backup), which no database dump holds: a restore into another
    /// cluster makes the missing ones, without passwords, so the grants to
    /// them come back.
    #[serde(default)]
    pub roles: Vec<RoleSpec>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoleSpec {
    pub name: String,
    pub login: bool,
    pub inherit: bool,
    pub bypassrls: bool,
    /// Roles it is a member of (among those recorded).
    #[serde(default)]
    pub member_of: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum StorageManifest {
    /// The files are in the archive, under `storage/`.
    Local,
    /// The files stayed in the bucket; these are the versions the backup's
    /// rows refer to.
    S3 { url: String, objects: Vec<S3Object> },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct S3Object {
    pub key: String,
    pub version: Option<String>,
    pub e_tag: Option<String>,
    pub size: u64,
}
