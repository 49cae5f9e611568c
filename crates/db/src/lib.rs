//! Everything Pleat knows about reaching PostgreSQL: the managed local cluster,
//! the migrations, the two connection pools (owner and `authenticator`) and the
//! per-request transaction that switches role.

pub mod bins;
pub mod cluster;
pub mod error;
pub mod migrate;
pub mod pool;
pub mod timeouts;
pub mod upgrade;

pub use cluster::ManagedCluster;
pub use error::Error;
pub use pool::{begin_as, Database, Role};
pub use timeouts::StatementTimeouts;
