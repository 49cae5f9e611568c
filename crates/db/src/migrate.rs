//! The migrations in `migrations/`, embedded at build time and applied with
//! sqlx's migrator (it records what ran, so applying twice is a no-op).

use sqlx::PgPool;

use crate::Error;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

/// Apply pending migrations as the owner, then tell schema caches to reload.
pub async fn run(owner: &PgPool) -> Result<(), Error> {
    MIGRATOR.run(owner).await?;
    sqlx::query("NOTIFY pgrst, 'reload schema'")
        .execute(owner)
        .await?;
    Ok(())
}

/// A fingerprint of the embedded migrations (names test templates).
pub fn fingerprint() -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for m in MIGRATOR.iter() {
        m.version.hash(&mut h);
        m.checksum.hash(&mut h);
    }
    h.finish()
}
