//! Where blobs live: any `object_store` store (a local directory today; an
//! S3-compatible bucket plugs in by building an `AmazonS3` in
//! [`Backend::from_url`]). A blob is named by its version id, never by its
//! key, so a key may hold any character, a move is only a row update, and a
//! replacement writes a new blob beside the one still being served.

use std::ops::Range;
use std::path::Path as FsPath;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::StreamExt;
use md5::{Digest, Md5};
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{
    GetOptions, GetRange, GetResultPayload, ObjectStore, ObjectStoreExt, WriteMultipart,
};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

use crate::error::StorageError;

#[derive(Clone, Debug)]
pub struct Backend {
    store: Arc<dyn ObjectStore>,
    /// Bytes buffered per part of an upload: small for a local directory
    /// (parts are plain writes); S3 will need its 5 MiB minimum.
    part_size: usize,
}

/// Parts handed to the store at once while streaming an upload, so one
/// upload holds at most about (this + 1) × `part_size` in memory.
const PARTS_IN_FLIGHT: usize = 2;

impl Backend {
    /// `file:///dir` or a plain directory path.
    pub fn from_url(url: &str) -> anyhow::Result<Backend> {
        let dir = url.strip_prefix("file://").unwrap_or(url);
        if url.contains("://") && !url.starts_with("file://") {
            anyhow::bail!("`{url}`: only file:// storage is supported so far");
        }
        Self::local(FsPath::new(dir))
    }

    pub fn local(dir: &FsPath) -> anyhow::Result<Backend> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true);
        Ok(Backend {
            store: Arc::new(store),
            part_size: 1024 * 1024,
        })
    }

    fn path(version: &str) -> Path {
        Path::from(format!("objects/{version}"))
    }

    /// Start writing the blob of a new version; nothing is visible under its
    /// name until [`BlobWriter::finish`].
    pub async fn writer(&self, version: &str, limit: u64) -> Result<BlobWriter, StorageError> {
        let upload = self.store.put_multipart(&Self::path(version)).await?;
        Ok(BlobWriter {
            inner: WriteMultipart::new_with_chunk_size(upload, self.part_size),
            md5: Md5::new(),
            size: 0,
            limit,
        })
    }

    /// The bytes of a blob (or of `range` of it), as a stream.
    pub async fn read(
        &self,
        version: &str,
        range: Option<Range<u64>>,
    ) -> Result<BoxStream<'static, Result<Bytes, StorageError>>, StorageError> {
        let options = GetOptions {
            range: range.map(GetRange::Bounded),
            ..Default::default()
        };
        let result = self.store.get_opts(&Self::path(version), options).await?;
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

    pub async fn exists(&self, version: &str) -> bool {
        self.store.head(&Self::path(version)).await.is_ok()
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

/// An upload in progress. Dropping it without `finish` discards what was
/// written (the store removes its staging data).
pub struct BlobWriter {
    inner: WriteMultipart,
    md5: Md5,
    size: u64,
    limit: u64,
}

impl BlobWriter {
    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), StorageError> {
        self.size += chunk.len() as u64;
        if self.size > self.limit {
            return Err(StorageError::too_large());
        }
        self.md5.update(chunk);
        self.inner.wait_for_capacity(PARTS_IN_FLIGHT).await?;
        self.inner.write(chunk);
        Ok(())
    }

    /// Publish the blob; returns its size and MD5 (hex), Supabase's ETag.
    pub async fn finish(self) -> Result<(u64, String), StorageError> {
        self.inner.finish().await?;
        Ok((self.size, hex(&self.md5.finalize())))
    }

    pub async fn abort(self) {
        if let Err(e) = self.inner.abort().await {
            tracing::warn!(error = %e, "could not abort a storage upload");
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(md5, hex(&Md5::digest(&data)));
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
