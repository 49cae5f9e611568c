//! Where blobs live: any `object_store` store, a local directory by
//! default or an S3-compatible bucket (`s3://bucket/prefix`, see `s3.rs`),
//! so several `pleat` replicas on one database can share files. A blob is
//! named by its version id, never by its key, so a key may hold any
//! character, a move is only a row update, and a replacement writes a new
//! blob beside the one still being served.

mod s3;
mod writer;

use std::ops::Range;
use std::path::Path as FsPath;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::StreamExt;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{GetOptions, GetRange, GetResultPayload, ObjectStore, ObjectStoreExt};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use crate::error::StorageError;
/// The S3 store for an `s3://bucket/prefix` URL with the AWS variables of
/// `env`, for other places that keep files in S3 the same way (backups).
pub use s3::build as s3_store;
pub use writer::BlobWriter;

#[derive(Clone, Debug)]
pub struct Backend {
    store: Arc<dyn ObjectStore>,
    /// Bytes buffered per part of an upload: small for a local directory
    /// (parts are plain writes), S3's 5 MiB minimum there.
    part_size: usize,
    /// S3: a body smaller than one part goes up as one PUT.
    buffer_first_part: bool,
    /// What `check` names in its error: a directory or a bucket.
    described: String,
}

/// S3's smallest part but the last.
const S3_PART_SIZE: usize = 5 * 1024 * 1024;

/// How long `check` waits for the store before giving up.
const CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

impl Backend {
    /// `file:///dir`, a plain directory path, or `s3://bucket/prefix` (with
    /// the standard AWS variables of the process environment).
    pub fn from_url(url: &str) -> anyhow::Result<Backend> {
        let env: Vec<(String, String)> = std::env::vars().collect();
        Self::from_url_with_env(url, &env)
    }

    /// As [`Backend::from_url`], with the AWS variables taken from `env`.
    pub fn from_url_with_env(url: &str, env: &[(String, String)]) -> anyhow::Result<Backend> {
        if url.starts_with("s3://") {
            let (store, described) = s3::build(url, env)?;
            return Ok(Backend {
                store,
                part_size: S3_PART_SIZE,
                buffer_first_part: true,
                described,
            });
        }
        if url.contains("://") && !url.starts_with("file://") {
            anyhow::bail!("`{url}`: expected file:///directory or s3://bucket/prefix");
        }
        Self::local(FsPath::new(url.strip_prefix("file://").unwrap_or(url)))
    }

    pub fn local(dir: &FsPath) -> anyhow::Result<Backend> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true);
        Ok(Backend {
            store: Arc::new(store),
            part_size: 1024 * 1024,
            buffer_first_part: false,
            described: dir.display().to_string(),
        })
    }

    /// Reach the store once (a listing of our prefix), so a wrong bucket,
    /// wrong credentials or a store that is down stop `pleat` at start with
    /// a clear message rather than fail the first upload.
    pub async fn check(&self) -> anyhow::Result<()> {
        let prefix = Path::from("objects");
        match tokio::time::timeout(CHECK_TIMEOUT, self.store.list_with_delimiter(Some(&prefix)))
            .await
        {
            Ok(Ok(_)) => Ok(()),
            // S3 answers a listing of a missing bucket with a 404 that
            // object_store passes on as a generic error carrying S3's code.
            Ok(Err(e))
                if matches!(e, object_store::Error::NotFound { .. })
                    || e.to_string().contains("<Code>NoSuchBucket</Code>") =>
            {
                anyhow::bail!("{} does not exist", self.described)
            }
            Ok(Err(e)) => anyhow::bail!("cannot reach {}: {e}", self.described),
            Err(_) => anyhow::bail!(
                "{} did not answer within {}s",
                self.described,
                CHECK_TIMEOUT.as_secs()
            ),
        }
    }

    fn path(version: &str) -> Path {
        Path::from(format!("objects/{version}"))
    }

    /// Image renderings (the render cache) live beside the blobs under a
    /// prefix of their own, so listing or auditing blobs never meets them.
    fn render_path(key: &str) -> Path {
        Path::from(format!("renders/{key}"))
    }

    /// Start writing the blob of a new version; nothing is visible under its
    /// name until [`BlobWriter::finish`].
    pub async fn writer(&self, version: &str, limit: u64) -> Result<BlobWriter, StorageError> {
        self.writer_at(Self::path(version), limit).await
    }

    /// Start writing a rendering into the render cache.
    pub async fn render_writer(&self, key: &str) -> Result<BlobWriter, StorageError> {
        self.writer_at(Self::render_path(key), u64::MAX).await
    }

    async fn writer_at(&self, path: Path, limit: u64) -> Result<BlobWriter, StorageError> {
        BlobWriter::start(
            self.store.clone(),
            path,
            self.part_size,
            self.buffer_first_part,
            limit,
        )
        .await
    }

    /// The bytes of a blob (or of `range` of it), as a stream.
    pub async fn read(
        &self,
        version: &str,
        range: Option<Range<u64>>,
    ) -> Result<BoxStream<'static, Result<Bytes, StorageError>>, StorageError> {
        self.read_at(Self::path(version), range).await
    }

    /// The bytes of a cached rendering, as a stream; `NoSuchKey` when the
    /// file is gone (evicted by another replica since its row was read).
    pub async fn read_render(
        &self,
        key: &str,
    ) -> Result<BoxStream<'static, Result<Bytes, StorageError>>, StorageError> {
        self.read_at(Self::render_path(key), None).await
    }

    async fn read_at(
        &self,
        path: Path,
        range: Option<Range<u64>>,
    ) -> Result<BoxStream<'static, Result<Bytes, StorageError>>, StorageError> {
        let options = GetOptions {
            range: range.map(GetRange::Bounded),
            ..Default::default()
        };
        let result = self.store.get_opts(&path, options).await?;
        if let GetResultPayload::File(file, _) = result.payload {
            return Ok(file_stream(file, result.range));
        }
        Ok(result
            .into_stream()
            .map(|r| r.map_err(StorageError::from))
            .boxed())
    }

    pub async fn copy(&self, from: &str, to: &str) -> Result<(), StorageError> {
        Ok(self.store.copy(&Self::path(from), &Self::path(to)).await?)
    }

    /// Remove a blob; one already gone is fine (deletes are retried by nobody).
    pub async fn delete(&self, version: &str) {
        match self.store.delete(&Self::path(version)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => tracing::warn!(error = %e, "could not delete a storage blob"),
        }
    }

    /// Remove a cached rendering; one already gone is fine.
    pub async fn delete_render(&self, key: &str) {
        match self.store.delete(&Self::render_path(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            Err(e) => tracing::warn!(error = %e, "could not delete a cached rendering"),
        }
    }

    /// The keys of every cached rendering file (for tests and audits: a
    /// file the render index does not name is a leak).
    pub async fn render_keys(&self) -> Result<Vec<String>, StorageError> {
        let prefix = Path::from("renders");
        let listed: Vec<_> = self
            .store
            .list(Some(&prefix))
            .map(|m| {
                m.map(|m| {
                    m.location
                        .prefix_match(&prefix)
                        .map(|parts| {
                            parts
                                .map(|p| p.as_ref().to_string())
                                .collect::<Vec<_>>()
                                .join("/")
                        })
                        .unwrap_or_default()
                })
            })
            .collect()
            .await;
        listed
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(StorageError::from)
    }

    /// Delete the renderings cached by earlier versions of pleat, which kept
    /// them unindexed among the blobs (`objects/render/…`); nothing reads
    /// them any more. Returns how many files went.
    pub async fn delete_legacy_renders(&self) -> Result<usize, StorageError> {
        let prefix = Path::from("objects/render");
        let mut listed = self.store.list(Some(&prefix));
        let mut deleted = 0;
        while let Some(meta) = listed.next().await {
            match self.store.delete(&meta?.location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => deleted += 1,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(deleted)
    }

    pub async fn exists(&self, version: &str) -> bool {
        self.store.head(&Self::path(version)).await.is_ok()
    }

    /// The version ids of every published blob (for tests and audits: a
    /// blob no row names is a leak).
    pub async fn versions(&self) -> Result<Vec<String>, StorageError> {
        let listed: Vec<_> = self
            .store
            .list(Some(&Path::from("objects")))
            .map(|m| m.map(|m| m.location.filename().unwrap_or("").to_string()))
            .collect()
            .await;
        listed
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(StorageError::from)
    }
}

/// Bytes read from a local file per chunk. object_store's own stream reads
/// 8 KiB per blocking task, which caps a large download far below the disk.
const FILE_CHUNK: usize = 256 * 1024;

fn file_stream(
    file: std::fs::File,
    range: Range<u64>,
) -> BoxStream<'static, Result<Bytes, StorageError>> {
    let open = async move {
        let mut file = tokio::fs::File::from_std(file);
        file.seek(std::io::SeekFrom::Start(range.start)).await?;
        Ok::<_, std::io::Error>(tokio_util::io::ReaderStream::with_capacity(
            file.take(range.end - range.start),
            FILE_CHUNK,
        ))
    };
    futures_util::stream::once(open)
        .map(|opened| match opened {
            Ok(s) => s.boxed(),
            Err(e) => futures_util::stream::once(async move { Err(e) }).boxed(),
        })
        .flatten()
        .map(|r| r.map_err(StorageError::internal))
        .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use md5::Digest;

    #[tokio::test]
    async fn finished_blobs_read_back_and_aborted_ones_vanish() {
        let dir = tempfile::tempdir().unwrap();
        let backend = Backend::local(dir.path()).unwrap();
        let mut w = backend.writer("v1", 100).await.unwrap();
        w.write(b"hello ").await.unwrap();
        w.write(b"world").await.unwrap();
        let (size, md5) = w.finish().await.unwrap();
        assert_eq!(size, 11);
        assert_eq!(md5, "5eb63bbbe01eeed093cb22bb8f5acdc3");
        let mut s = backend.read("v1", Some(6..11)).await.unwrap();
        assert_eq!(
            s.next().await.unwrap().unwrap(),
            Bytes::from_static(b"world")
        );

        let mut w = backend.writer("v2", 4).await.unwrap();
        assert_eq!(w.write(b"too long").await.unwrap_err().status, 413);
        w.abort().await;
        assert!(!backend.exists("v2").await);
        let files: Vec<_> = walk(dir.path());
        assert_eq!(files.len(), 1, "{files:?}");
    }

    #[tokio::test]
    async fn blobs_larger_than_a_part_are_assembled_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let backend = Backend::local(dir.path()).unwrap();
        let data: Vec<u8> = (0..2_621_440u32).map(|i| (i % 251) as u8).collect();
        let mut w = backend.writer("big", u64::MAX).await.unwrap();
        for chunk in data.chunks(65_536) {
            w.write(chunk).await.unwrap();
        }
        let (size, md5) = w.finish().await.unwrap();
        assert_eq!(size, data.len() as u64);
        assert_eq!(md5, writer::hex(&md5::Md5::digest(&data)));
        let mut read = Vec::new();
        let mut s = backend.read("big", None).await.unwrap();
        while let Some(chunk) = s.next().await {
            read.extend_from_slice(&chunk.unwrap());
        }
        assert!(read == data);
        let mut s = backend
            .read("big", Some(1_048_570..1_048_580))
            .await
            .unwrap();
        assert_eq!(
            s.next().await.unwrap().unwrap(),
            &data[1_048_570..1_048_580]
        );
    }

    fn walk(dir: &FsPath) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }
}
