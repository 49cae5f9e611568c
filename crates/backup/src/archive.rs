//! One backup is one tar file (`.tar`, or `.tar.age` when encrypted with
//! `PLEAT_BACKUP_PASSPHRASE`): `manifest.json`, `db.dump` (`pg_dump
//! --format=custom` of the whole database, one snapshot), `storage/` (the
//! local storage directory) and `keys/` (the data directory's key files).
//! Written and read as streams: nothing of it is held in memory whole.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use age::secrecy::SecretString as AgeSecret;
use secrecy::{ExposeSecret, SecretString};

use crate::manifest::Manifest;

pub const MANIFEST: &str = "manifest.json";
pub const DUMP: &str = "db.dump";
pub const STORAGE: &str = "storage";
pub const KEYS: &str = "keys";

/// What goes into one archive.
pub struct Contents<'a> {
    pub manifest: &'a Manifest,
    pub dump: &'a Path,
    pub storage_dir: Option<&'a Path>,
    pub keys: &'a [(String, PathBuf)],
}

/// Write the archive to `out`, encrypted when there is a passphrase.
pub fn write(
    out: File,
    contents: &Contents,
    passphrase: Option<&SecretString>,
) -> anyhow::Result<()> {
    let out = BufWriter::with_capacity(1 << 20, out);
    match passphrase {
        Some(p) => {
            let encryptor = age::Encryptor::with_user_passphrase(AgeSecret::from(
                p.expose_secret().to_string(),
            ));
            let writer = encryptor.wrap_output(out)?;
            let writer = write_tar(writer, contents)?;
            writer
                .finish()?
                .into_inner()
                .map_err(|e| e.into_error())?
                .sync_all()?;
        }
        None => {
            write_tar(out, contents)?
                .into_inner()
                .map_err(|e| e.into_error())?
                .sync_all()?;
        }
    }
    Ok(())
}

fn write_tar<W: Write>(out: W, contents: &Contents) -> anyhow::Result<W> {
    let mut tar = tar::Builder::new(out);
    tar.mode(tar::HeaderMode::Deterministic);
    tar.follow_symlinks(false);
    let manifest = serde_json::to_vec_pretty(contents.manifest)?;
    let mut header = tar::Header::new_gnu();
    header.set_size(manifest.len() as u64);
    header.set_mode(0o600);
    header.set_mtime(contents.manifest.created_at.timestamp().max(0) as u64);
    tar.append_data(&mut header, MANIFEST, manifest.as_slice())?;
    tar.append_path_with_name(contents.dump, DUMP)?;
    if let Some(dir) = contents.storage_dir.filter(|d| d.is_dir()) {
        tar.append_dir_all(STORAGE, dir)?;
    }
    for (name, path) in contents.keys {
        tar.append_path_with_name(path, format!("{KEYS}/{name}"))?;
    }
    Ok(tar.into_inner()?)
}

/// The archive at `path` as a plain tar stream (decrypted if `encrypted`).
pub fn open(
    path: &Path,
    encrypted: bool,
    passphrase: Option<&SecretString>,
) -> anyhow::Result<Box<dyn Read>> {
    let file = BufReader::with_capacity(1 << 20, File::open(path)?);
    if !encrypted {
        return Ok(Box::new(file));
    }
    let Some(passphrase) = passphrase else {
        anyhow::bail!("this backup is encrypted: set PLEAT_BACKUP_PASSPHRASE to the passphrase it was made with");
    };
    let decryptor = age::Decryptor::new_buffered(file)
        .map_err(|e| anyhow::anyhow!("this backup is not a readable age file: {e}"))?;
    let identity =
        age::scrypt::Identity::new(AgeSecret::from(passphrase.expose_secret().to_string()));
    let reader = decryptor
        .decrypt(std::iter::once(&identity as &dyn age::Identity))
        .map_err(|e| match e {
            age::DecryptError::DecryptionFailed | age::DecryptError::NoMatchingKeys => anyhow::anyhow!(
                "cannot decrypt this backup: PLEAT_BACKUP_PASSPHRASE is not the passphrase it was made with"
            ),
            e => anyhow::anyhow!("cannot decrypt this backup: {e}"),
        })?;
    Ok(Box::new(reader))
}

/// Unpack the archive into `dir` (new, private) and read its manifest.
/// Entries are checked to stay inside `dir`.
pub fn unpack(reader: Box<dyn Read>, dir: &Path) -> anyhow::Result<Manifest> {
    let mut tar = tar::Archive::new(reader);
    tar.set_preserve_permissions(false);
    tar.set_overwrite(false);
    for entry in tar.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.into_owned();
        let top = path.components().next().map(|c| c.as_os_str().to_owned());
        let known = matches!(
            top.as_ref().and_then(|t| t.to_str()),
            Some(MANIFEST | DUMP | STORAGE | KEYS)
        );
        if !known {
            anyhow::bail!("unexpected entry {} in the backup", path.display());
        }
        // Files and directories only: a link could point a later entry, or
        // a file served from storage, outside the directories restored.
        let kind = entry.header().entry_type();
        if !(kind.is_file() || kind.is_dir()) {
            anyhow::bail!("the backup's entry {} is not a plain file", path.display());
        }
        // unpack_in refuses paths that leave `dir` (.., absolute, symlinks).
        if !entry.unpack_in(dir)? {
            anyhow::bail!("the backup's entry {} points outside it", path.display());
        }
    }
    let text = std::fs::read(dir.join(MANIFEST))
        .map_err(|_| anyhow::anyhow!("this file is not a Pleat backup (no manifest.json)"))?;
    let manifest: Manifest = serde_json::from_slice(&text)
        .map_err(|e| anyhow::anyhow!("the backup's manifest.json cannot be read: {e}"))?;
    if manifest.format > crate::manifest::FORMAT {
        anyhow::bail!(
            "this backup was made by Pleat {} in format {}, which this Pleat ({}) cannot read; restore it with that version or newer",
            manifest.pleat_version,
            manifest.format,
            env!("CARGO_PKG_VERSION")
        );
    }
    if !dir.join(DUMP).is_file() {
        anyhow::bail!("the backup holds no database dump");
    }
    Ok(manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tar_with(entries: impl FnOnce(&mut tar::Builder<Vec<u8>>)) -> Vec<u8> {
        let mut b = tar::Builder::new(Vec::new());
        entries(&mut b);
        b.into_inner().unwrap()
    }

    #[test]
    fn links_and_strangers_in_an_archive_are_refused() {
        let link = tar_with(|b| {
            let mut h = tar::Header::new_gnu();
            h.set_entry_type(tar::EntryType::Symlink);
            h.set_size(0);
            b.append_link(&mut h, "storage/objects", "/etc").unwrap();
        });
        let out = tempfile::tempdir().unwrap();
        let err = unpack(Box::new(std::io::Cursor::new(link)), out.path()).unwrap_err();
        assert!(err.to_string().contains("not a plain file"), "{err}");
        assert!(!out.path().join("storage/objects").exists());

        let stranger = tar_with(|b| {
            let mut h = tar::Header::new_gnu();
            h.set_size(1);
            b.append_data(&mut h, "etc/cron.d/x", &b"x"[..]).unwrap();
        });
        let err = unpack(Box::new(std::io::Cursor::new(stranger)), out.path()).unwrap_err();
        assert!(err.to_string().contains("unexpected entry"), "{err}");
    }
}
