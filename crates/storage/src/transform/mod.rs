//! Image transformation (`/render/image/...`), built in where Supabase runs
//! an imgproxy sidecar: options parsed and clamped as Supabase does
//! ([`options`]); the source's header read first ([`probe`]) to price the
//! rendering, which is admitted against a count and a memory budget
//! ([`pool`]) before its file is read, streamed where the format allows
//! ([`source`]); decoding, resizing and encoding ([`image_ops`]) off the
//! async executor; renderings kept in a bounded cache shared by replicas
//! ([`cache`]) and answered by [`respond`].

pub mod cache;
pub mod geometry;
pub mod image_ops;
pub mod options;
pub mod pool;
pub mod probe;
pub mod respond;
pub mod source;

pub use cache::RenderCache;
pub use options::{Format, TransformOptions};
pub use pool::RenderPool;
