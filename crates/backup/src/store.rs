//! The place backups are kept (`PLEAT_BACKUP_URL`): a local directory or an
//! S3 prefix, each backup one file named by the time it was made.

use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, NaiveDateTime, Utc};
use futures_util::stream::BoxStream;
use futures_util::{StreamExt, TryStreamExt};
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};
use secrecy::SecretString;
use tokio::io::AsyncReadExt;

use crate::keep::{retained, Keep};
use crate::source::Source;

/// A backup just made.
#[derive(Debug, Clone)]
pub struct Made {
    pub name: String,
    pub size_bytes: u64,
    pub created_at: DateTime<Utc>,
}

/// A backup at the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub name: String,
    pub size_bytes: u64,
    pub created_at: DateTime<Utc>,
}

#[derive(Clone)]
enum Place {
    Dir(PathBuf),
    S3 {
        store: Arc<dyn ObjectStore>,
        url: String,
    },
}

#[derive(Clone)]
pub struct Store {
    place: Place,
    passphrase: Option<SecretString>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("url", &self.describe())
            .field("encrypted", &self.passphrase.is_some())
            .finish()
    }
}

/// S3's smallest part but the last; uploads go in parts of this size.
const PART: usize = 8 * 1024 * 1024;

impl Store {
    /// `file:///dir` (or a plain path) or `s3://bucket/prefix` with the
    /// standard AWS variables, as `PLEAT_STORAGE_URL` takes them.
    pub fn open(url: &str, passphrase: Option<SecretString>) -> anyhow::Result<Store> {
        let env: Vec<(String, String)> = std::env::vars().collect();
        Self::open_with_env(url, passphrase, &env)
    }

    /// As [`Store::open`], with the AWS variables taken from `env`.
    pub fn open_with_env(
        url: &str,
        passphrase: Option<SecretString>,
        env: &[(String, String)],
    ) -> anyhow::Result<Store> {
        let place = if url.starts_with("s3://") {
            let (store, _) = pleat_storage::backend::s3_store(url, env)?;
            Place::S3 {
                store,
                url: url.to_string(),
            }
        } else if url.contains("://") && !url.starts_with("file://") {
            anyhow::bail!("`{url}`: expected file:///directory or s3://bucket/prefix");
        } else {
            Place::Dir(PathBuf::from(url.strip_prefix("file://").unwrap_or(url)))
        };
        Ok(Store { place, passphrase })
    }

    pub fn encrypted(&self) -> bool {
        self.passphrase.is_some()
    }

    pub fn passphrase(&self) -> Option<&SecretString> {
        self.passphrase.as_ref()
    }

    /// The directory, or `s3://bucket/prefix`.
    pub fn describe(&self) -> String {
        match &self.place {
            Place::Dir(d) => d.display().to_string(),
            Place::S3 { url, .. } => url.clone(),
        }
    }

    /// Make a backup of `source` named for `now`, and store it.
    pub async fn create(&self, source: &Source, now: DateTime<Utc>) -> anyhow::Result<Made> {
        let mut name = self.free_name(now).await?;
        let work = source.work_dir()?;
        let size_bytes = match &self.place {
            Place::Dir(dir) => {
                ensure_private_dir(dir)?;
                crate::source::remove_stale(dir, ".partial-");
                // Written under a hidden name beside the target, then
                // renamed, so a listing never shows half a backup.
                let partial =
                    dir.join(format!(".partial-{}-{name}", uuid::Uuid::new_v4().simple()));
                let made = crate::source::make_archive(
                    source,
                    work.path(),
                    now,
                    self.passphrase.clone(),
                    &partial,
                )
                .await;
                if let Err(e) = made {
                    let _ = std::fs::remove_file(&partial);
                    return Err(e);
                }
                // A link never replaces: of two backups made in the same
                // second (another replica, the command line), the second
                // takes the next free name.
                let mut name_taken = name.clone();
                let mut n = 1;
                loop {
                    match std::fs::hard_link(&partial, dir.join(&name_taken)) {
                        Ok(()) => break,
                        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => {
                            name_taken = numbered(&name, n);
                            n += 1;
                        }
                        Err(e) => {
                            let _ = std::fs::remove_file(&partial);
                            anyhow::bail!("cannot store {}: {e}", dir.join(&name_taken).display());
                        }
                    }
                }
                std::fs::remove_file(&partial)?;
                name = name_taken;
                std::fs::metadata(dir.join(&name))?.len()
            }
            Place::S3 { store, .. } => {
                let archive = work.path().join(&name);
                crate::source::make_archive(
                    source,
                    work.path(),
                    now,
                    self.passphrase.clone(),
                    &archive,
                )
                .await?;
                upload(store.as_ref(), &archive, &name).await?
            }
        };
        Ok(Made {
            name,
            size_bytes,
            created_at: now,
        })
    }

    /// A name for `now` that no stored backup has.
    async fn free_name(&self, now: DateTime<Utc>) -> anyhow::Result<String> {
        let ext = if self.encrypted() { ".tar.age" } else { ".tar" };
        let stamp = now.format("pleat-%Y%m%d-%H%M%SZ").to_string();
        let taken: Vec<String> = self.list().await?.into_iter().map(|l| l.name).collect();
        for n in 0..100 {
            let name = numbered(&format!("{stamp}{ext}"), n);
            let stem = name.split('.').next().unwrap_or_default().to_string();
            if !taken
                .iter()
                .any(|t| t.split('.').next() == Some(stem.as_str()))
            {
                return Ok(name);
            }
        }
        anyhow::bail!("too many backups made at {now}")
    }

    /// Every backup kept, newest first.
    pub async fn list(&self) -> anyhow::Result<Vec<Listed>> {
        let mut listed = Vec::new();
        match &self.place {
            Place::Dir(dir) => {
                let entries = match std::fs::read_dir(dir) {
                    Ok(e) => e,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(listed),
                    Err(e) => anyhow::bail!("cannot list {}: {e}", dir.display()),
                };
                for entry in entries {
                    let entry = entry?;
                    let Some(name) = entry.file_name().to_str().map(str::to_string) else {
                        continue;
                    };
                    if let Some(created_at) = parse_name(&name) {
                        let meta = entry.metadata()?;
                        if meta.is_file() {
                            listed.push(Listed {
                                name,
                                size_bytes: meta.len(),
                                created_at,
                            });
                        }
                    }
                }
            }
            Place::S3 { store, url } => {
                let metas: Vec<object_store::ObjectMeta> = store
                    .list(None)
                    .try_collect()
                    .await
                    .map_err(|e| anyhow::anyhow!("cannot list {url}: {e}"))?;
                for meta in metas {
                    let mut parts = meta.location.parts();
                    let (Some(name), None) = (parts.next(), parts.next()) else {
                        continue;
                    };
                    let name = name.as_ref().to_string();
                    if let Some(created_at) = parse_name(&name) {
                        listed.push(Listed {
                            name,
                            size_bytes: meta.size,
                            created_at,
                        });
                    }
                }
            }
        }
        // Of two made in the same second, the numbered one (`…Z-1.tar`) is
        // the later.
        listed.sort_by(|a, b| {
            (b.created_at, sequence(&b.name)).cmp(&(a.created_at, sequence(&a.name)))
        });
        Ok(listed)
    }

    /// Delete the backups `keep` does not retain at `now`; their names.
    pub async fn prune(&self, keep: &Keep, now: DateTime<Utc>) -> anyhow::Result<Vec<String>> {
        let listed = self.list().await?;
        let all: Vec<(String, DateTime<Utc>)> = listed
            .iter()
            .map(|l| (l.name.clone(), l.created_at))
            .collect();
        let kept = retained(&all, keep, now);
        let mut deleted = Vec::new();
        for l in listed {
            if kept.contains(&l.name) {
                continue;
            }
            match &self.place {
                Place::Dir(dir) => std::fs::remove_file(dir.join(&l.name))
                    .map_err(|e| anyhow::anyhow!("cannot delete {}: {e}", l.name))?,
                Place::S3 { store, .. } => {
                    store
                        .delete(&ObjectPath::from(l.name.as_str()))
                        .await
                        .map_err(|e| anyhow::anyhow!("cannot delete {}: {e}", l.name))?
                }
            }
            deleted.push(l.name);
        }
        Ok(deleted)
    }

    /// The backup file as stored (encrypted if it was): its size and bytes.
    pub async fn read(
        &self,
        name: &str,
    ) -> anyhow::Result<(u64, BoxStream<'static, anyhow::Result<Bytes>>)> {
        check_name(name)?;
        match &self.place {
            Place::Dir(dir) => {
                let path = dir.join(name);
                let file = tokio::fs::File::open(&path)
                    .await
                    .map_err(|_| anyhow::anyhow!("there is no backup named {name}"))?;
                let size = file.metadata().await?.len();
                let stream = tokio_util_stream(file);
                Ok((size, stream))
            }
            Place::S3 { store, .. } => {
                let got = store
                    .get(&ObjectPath::from(name))
                    .await
                    .map_err(|e| match e {
                        object_store::Error::NotFound { .. } => {
                            anyhow::anyhow!("there is no backup named {name}")
                        }
                        e => anyhow::anyhow!("cannot read {name}: {e}"),
                    })?;
                let size = got.meta.size;
                Ok((size, got.into_stream().map_err(anyhow::Error::from).boxed()))
            }
        }
    }

    /// The backup as a local file to read (downloaded into `work` from S3).
    pub async fn fetch(&self, name: &str, work: &Path) -> anyhow::Result<PathBuf> {
        check_name(name)?;
        if let Place::Dir(dir) = &self.place {
            let path = dir.join(name);
            if !path.is_file() {
                anyhow::bail!("there is no backup named {name} in {}", dir.display());
            }
            return Ok(path);
        }
        let (_, mut stream) = self.read(name).await?;
        let path = work.join(name);
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)?;
        while let Some(chunk) = stream.next().await {
            std::io::Write::write_all(&mut file, &chunk?)?;
        }
        Ok(path)
    }
}

/// The `n` of a name made by [`numbered`] (0 for the first of its second).
fn sequence(name: &str) -> u32 {
    name.split_once('Z')
        .and_then(|(_, rest)| rest.strip_prefix('-'))
        .and_then(|rest| rest.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `pleat-…Z.tar` with `-n` after the time (n > 0).
fn numbered(name: &str, n: u32) -> String {
    if n == 0 {
        return name.to_string();
    }
    match name.split_once('Z') {
        Some((stamp, ext)) => format!("{stamp}Z-{n}{ext}"),
        None => name.to_string(),
    }
}

/// `pleat-YYYYMMDD-HHMMSSZ[-n].tar[.age]`: the time it was made.
pub fn parse_name(name: &str) -> Option<DateTime<Utc>> {
    let stem = name
        .strip_suffix(".tar.age")
        .or_else(|| name.strip_suffix(".tar"))?
        .strip_prefix("pleat-")?;
    let (stamp, extra) = stem.split_once('Z')?;
    if !(extra.is_empty()
        || extra.strip_prefix('-').is_some_and(|n| {
            !n.is_empty() && n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit())
        }))
    {
        return None;
    }
    if stamp.len() != 15 {
        return None;
    }
    NaiveDateTime::parse_from_str(stamp, "%Y%m%d-%H%M%S")
        .ok()
        .map(|t| t.and_utc())
}

fn check_name(name: &str) -> anyhow::Result<()> {
    if parse_name(name).is_none() {
        anyhow::bail!("`{name}` is not a backup name (like pleat-20260101-030000Z.tar); see `pleat backup list`");
    }
    Ok(())
}

fn ensure_private_dir(dir: &Path) -> anyhow::Result<()> {
    if !dir.is_dir() {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

fn tokio_util_stream(file: tokio::fs::File) -> BoxStream<'static, anyhow::Result<Bytes>> {
    futures_util::stream::unfold(Some(file), |file| async move {
        let mut file = file?;
        let mut buf = vec![0u8; 256 * 1024];
        match file.read(&mut buf).await {
            Ok(0) => None,
            Ok(n) => {
                buf.truncate(n);
                Some((Ok(Bytes::from(buf)), Some(file)))
            }
            Err(e) => Some((Err(e.into()), None)),
        }
    })
    .boxed()
}

/// Upload `file` to `name` in parts; aborted on failure.
async fn upload(store: &dyn ObjectStore, file: &Path, name: &str) -> anyhow::Result<u64> {
    let upload = store
        .put_multipart(&ObjectPath::from(name))
        .await
        .map_err(|e| anyhow::anyhow!("cannot upload {name}: {e}"))?;
    let mut writer = WriteMultipart::new_with_chunk_size(upload, PART);
    let result = async {
        let mut src = tokio::fs::File::open(file).await?;
        let mut total = 0u64;
        let mut buf = vec![0u8; 1024 * 1024];
        loop {
            let n = src.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            writer.wait_for_capacity(2).await?;
            writer.write(&buf[..n]);
            total += n as u64;
        }
        anyhow::Ok(total)
    }
    .await;
    match result {
        Ok(total) => {
            writer
                .finish()
                .await
                .map_err(|e| anyhow::anyhow!("cannot upload {name}: {e}"))?;
            Ok(total)
        }
        Err(e) => {
            let _ = writer.abort().await;
            Err(anyhow::anyhow!("cannot upload {name}: {e}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_their_time() {
        let t = parse_name("pleat-20260102-030405Z.tar").unwrap();
        assert_eq!(t.to_rfc3339(), "2026-01-02T03:04:05+00:00");
        assert!(parse_name("pleat-20260102-030405Z-2.tar.age").is_some());
        for bad in [
            "pleat-20260102-030405Z.tar.gz",
            "pleat-2026010-030405Z.tar",
            "../pleat-20260102-030405Z.tar",
            "pleat-20260102-030405Z-x.tar",
            ".partial-pleat-20260102-030405Z.tar",
        ] {
            assert!(parse_name(bad).is_none(), "{bad}");
        }
    }
}
