//! Image transformation (`/render/image/...`), built in where Supabase runs
//! an imgproxy sidecar: options parsed and clamped as Supabase does
//! ([`options`]), decoding, resizing and encoding ([`image_ops`]) on a
//! bounded pool off the async executor ([`pool`]), and renderings cached in
//! the storage backend under the object's version ([`respond`]).

pub mod image_ops;
pub mod options;
pub mod pool;
pub mod respond;

pub use options::{Format, TransformOptions};
pub use pool::RenderPool;
