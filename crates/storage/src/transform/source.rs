//! A fresh rendering, from a place in the render queue to the encoded
//! bytes, reading the source no earlier and no more than needed: its header
//! first (a small ranged read, or for a JPEG a walk over its segments that
//! keeps none of them), which prices the rendering; then, once admitted
//! against the memory budget, the file itself. A PNG or GIF streams from the
//! backend into the decoder through a small channel, so its file is never
//! whole in memory; a JPEG or WebP, whose decoders need the whole file, is
//! read into memory, and that is part of its price.

use std::io::{self, BufReader, Read, Seek, SeekFrom};

use bytes::Bytes;
use futures_util::StreamExt;
use image::ImageFormat;
use tokio::sync::mpsc;

use super::image_ops::{self, Estimate, RenderError, Rendered};
use super::options::TransformOptions;
use super::probe::{self, JpegWalk, Probe};
use crate::backend::Backend;
use crate::error::StorageError;
use crate::StorageState;

/// The first read of a source: enough for every header but a JPEG's with
/// large segments before its frame.
const PROBE_BYTES: u64 = 64 * 1024;
/// Chunks in flight between the backend and a streaming decoder.
const STREAM_CHUNKS: usize = 2;
/// What a streamed source holds: the chunks in flight (a local file is read
/// 256 KiB at a time), the one being decoded, and the reader's buffer.
const STREAM_HELD: u64 = (STREAM_CHUNKS as u64 + 1) * 256 * 1024 + READ_BUFFER as u64;
const READ_BUFFER: usize = 64 * 1024;

fn unsupported() -> StorageError {
    StorageError::invalid_request(RenderError::Unsupported.message())
}

fn refused(e: RenderError) -> StorageError {
    StorageError::invalid_request(e.message())
}

fn streamed(format: ImageFormat) -> bool {
    matches!(format, ImageFormat::Png | ImageFormat::Gif)
}

/// What the source's first bytes say it is.
async fn header(
    backend: &Backend,
    version: &str,
    size: u64,
) -> Result<probe::Header, StorageError> {
    let mut stream = backend
        .read(version, Some(0..size.min(PROBE_BYTES)))
        .await?;
    let mut prefix = Vec::new();
    while let Some(chunk) = stream.next().await {
        prefix.extend_from_slice(&chunk?);
    }
    match probe::probe(&prefix) {
        Probe::Found(h) => return Ok(h),
        Probe::NeedMore(ImageFormat::Jpeg) if size > PROBE_BYTES => {}
        Probe::NeedMore(_) | Probe::NotAnImage => return Err(unsupported()),
    }
    let mut walk = JpegWalk::default();
    let mut stream = backend.read(version, None).await?;
    while let Some(chunk) = stream.next().await {
        match walk.feed(&chunk?) {
            Some(Probe::Found(h)) => return Ok(h),
            Some(_) => return Err(unsupported()),
            None => {}
        }
    }
    Err(unsupported())
}

/// Render the blob `version` (`size` bytes) with `options`.
pub async fn render(
    state: &StorageState,
    version: &str,
    size: u64,
    options: TransformOptions,
    webp: bool,
) -> Result<Rendered, StorageError> {
    if size == 0 {
        return Err(unsupported());
    }
    let place = state.renderer.enter()?;
    let h = header(&state.backend, version, size).await?;
    if u64::from(h.width) * u64::from(h.height) > image_ops::MAX_PIXELS {
        return Err(refused(RenderError::TooManyPixels));
    }
    let stream = streamed(h.format);
    let estimate = Estimate {
        raw: (h.width, h.height),
        bytes_per_pixel: h.bytes_per_pixel,
        scratch_per_pixel: h.scratch_per_pixel,
        // The file, and the decoder's own copy of it.
        held_source: if stream { STREAM_HELD } else { 2 * size },
    };
    let cost = estimate.cost(&options, None);
    let admitted = place.admit(cost).await?;
    let format = h.format;
    let done = if stream {
        let (tx, rx) = mpsc::channel(STREAM_CHUNKS);
        let mut source = state.backend.read(version, None).await?;
        // Returns the backend's error, if reading failed: that, not the
        // decoder's complaint about a cut-off file, is the request's answer.
        let pump = async move {
            while let Some(chunk) = source.next().await {
                let failed = chunk.as_ref().err().cloned();
                let chunk = chunk.map_err(|e| io::Error::other(e.to_string()));
                // The decoder stopped (done or failed): nothing more to send.
                if tx.send(chunk).await.is_err() || failed.is_some() {
                    return failed;
                }
            }
            None
        };
        let work = tokio::task::spawn_blocking(move || {
            let reader = BufReader::with_capacity(READ_BUFFER, ChannelReader::new(rx));
            let out = image_ops::render(reader, format, &options, webp, &estimate, cost);
            drop(admitted);
            out
        });
        let (failed, done) = futures_util::future::join(pump, work).await;
        if let Some(e) = failed {
            return Err(e);
        }
        done
    } else {
        let file = read_all(&state.backend, version, size).await?;
        tokio::task::spawn_blocking(move || {
            let out = image_ops::render(
                io::Cursor::new(file),
                format,
                &options,
                webp,
                &estimate,
                cost,
            );
            drop(admitted);
            out
        })
        .await
    };
    done.map_err(StorageError::internal)?.map_err(refused)
}

/// The whole blob, which must be the `size` its row says.
async fn read_all(backend: &Backend, version: &str, size: u64) -> Result<Vec<u8>, StorageError> {
    let mut stream = backend.read(version, None).await?;
    let mut buf = Vec::with_capacity(size as usize);
    while let Some(chunk) = stream.next().await {
        let chunk = chunk?;
        if (buf.len() + chunk.len()) as u64 > size {
            return Err(unsupported());
        }
        buf.extend_from_slice(&chunk);
    }
    Ok(buf)
}

/// A blocking reader over the chunks the async side sends; it cannot seek,
/// and the PNG and GIF decoders never do.
struct ChannelReader {
    rx: mpsc::Receiver<io::Result<Bytes>>,
    current: Bytes,
    position: u64,
}

impl ChannelReader {
    fn new(rx: mpsc::Receiver<io::Result<Bytes>>) -> ChannelReader {
        ChannelReader {
            rx,
            current: Bytes::new(),
            position: 0,
        }
    }
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.current.is_empty() {
            match self.rx.blocking_recv() {
                Some(chunk) => self.current = chunk?,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current.split_to(n));
        self.position += n as u64;
        Ok(n)
    }
}

impl Seek for ChannelReader {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match to {
            SeekFrom::Current(0) => Ok(self.position),
            _ => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a streamed source cannot seek",
            )),
        }
    }
}
