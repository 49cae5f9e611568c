//! `BlobWriter`: one upload streaming into the store. Nothing is visible
//! under the blob's name until `finish`: a local directory writes a staging
//! file and renames it; on S3 a body that fits in one part is a single PUT
//! (atomic there), a larger one a multipart upload, completed at `finish` and
//! aborted on any failure, also when the writer is dropped mid-way (a client
//! that went away), so the store keeps no orphaned parts.

use std::sync::Arc;

use md5::{Digest, Md5};
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};

use crate::error::StorageError;

/// Parts handed to the store at once while streaming an upload, so one
/// upload holds at most about (this + 1) × the part size in memory.
const PARTS_IN_FLIGHT: usize = 2;

enum Upload {
    /// The first part, still in memory: the upload has not started.
    Buffered(Vec<u8>),
    Parts(WriteMultipart),
}

pub struct BlobWriter {
    store: Arc<dyn ObjectStore>,
    path: Path,
    part_size: usize,
    upload: Option<Upload>,
    md5: Md5,
    size: u64,
    limit: u64,
}

impl BlobWriter {
    /// `buffer_first_part`: hold up to one part before starting a multipart
    /// upload (S3, where a multipart upload costs three requests); otherwise
    /// start writing at once (a local directory, where parts are plain writes).
    pub(super) async fn start(
        store: Arc<dyn ObjectStore>,
        path: Path,
        part_size: usize,
        buffer_first_part: bool,
        limit: u64,
    ) -> Result<BlobWriter, StorageError> {
        let upload = if buffer_first_part {
            Upload::Buffered(Vec::new())
        } else {
            Upload::Parts(multipart(&store, &path, part_size).await?)
        };
        Ok(BlobWriter {
            store,
            path,
            part_size,
            upload: Some(upload),
            md5: Md5::new(),
            size: 0,
            limit,
        })
    }

    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), StorageError> {
        self.size += chunk.len() as u64;
        if self.size > self.limit {
            return Err(StorageError::too_large());
        }
        self.md5.update(chunk);
        if let Some(Upload::Buffered(buffer)) = &mut self.upload {
            if buffer.len() + chunk.len() <= self.part_size {
                buffer.extend_from_slice(chunk);
                return Ok(());
            }
            let first = std::mem::take(buffer);
            let mut parts = multipart(&self.store, &self.path, self.part_size).await?;
            parts.write(&first);
            self.upload = Some(Upload::Parts(parts));
        }
        if let Some(Upload::Parts(parts)) = &mut self.upload {
            parts.wait_for_capacity(PARTS_IN_FLIGHT).await?;
            parts.write(chunk);
        }
        Ok(())
    }

    /// Publish the blob; returns its size and MD5 (hex), Supabase's ETag.
    pub async fn finish(mut self) -> Result<(u64, String), StorageError> {
        match self.upload.take() {
            Some(Upload::Buffered(buffer)) => {
                self.store.put(&self.path, PutPayload::from(buffer)).await?;
            }
            // On failure WriteMultipart aborts the upload itself.
            Some(Upload::Parts(parts)) => {
                parts.finish().await?;
            }
            None => {}
        }
        Ok((self.size, hex(&self.md5.clone().finalize())))
    }

    pub async fn abort(mut self) {
        if let Some(Upload::Parts(parts)) = self.upload.take() {
            if let Err(e) = parts.abort().await {
                tracing::warn!(error = %e, "could not abort a storage upload");
            }
        }
    }
}

/// A writer dropped without `finish` or `abort` (the request was cancelled)
/// still aborts its upload, in the background.
impl Drop for BlobWriter {
    fn drop(&mut self) {
        if let Some(Upload::Parts(parts)) = self.upload.take() {
            if let Ok(handle) = tokio::runtime::Handle::try_current() {
                handle.spawn(async move {
                    if let Err(e) = parts.abort().await {
                        tracing::warn!(error = %e, "could not abort a storage upload");
                    }
                });
            }
        }
    }
}

async fn multipart(
    store: &Arc<dyn ObjectStore>,
    path: &Path,
    part_size: usize,
) -> Result<WriteMultipart, StorageError> {
    let upload = store.put_multipart(path).await?;
    Ok(WriteMultipart::new_with_chunk_size(upload, part_size))
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
