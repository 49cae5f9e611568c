//! Keeping the schema cache fresh: a listener on the `pgrst` channel reloads it
//! on `NOTIFY pgrst, 'reload schema'` (and after a lost connection, since
//! notifications may have been missed meanwhile), as PostgREST does.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use sqlx::postgres::PgListener;
use sqlx::PgPool;

use crate::execute::load_schema_cache;
use crate::schema_cache::SchemaCache;

pub type SharedCache = Arc<RwLock<Arc<SchemaCache>>>;

pub async fn load_shared(pool: &PgPool, schemas: &[String]) -> anyhow::Result<SharedCache> {
    let cache = load_schema_cache(pool, schemas).await?;
    Ok(Arc::new(RwLock::new(Arc::new(cache))))
}

pub fn current(cache: &SharedCache) -> Arc<SchemaCache> {
    cache.read().unwrap_or_else(|e| e.into_inner()).clone()
}

async fn reload(pool: &PgPool, schemas: &[String], cache: &SharedCache) {
    match load_schema_cache(pool, schemas).await {
        Ok(fresh) => {
            *cache.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(fresh);
            tracing::info!("schema cache reloaded");
        }
        Err(e) => tracing::error!(error = %e, "schema cache reload failed"),
    }
}

/// Run until the pool closes.
pub async fn listen(pool: PgPool, schemas: Vec<String>, cache: SharedCache) {
    loop {
        if pool.is_closed() {
            return;
        }
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "schema cache listener cannot connect; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        if let Err(e) = listener.listen("pgrst").await {
            tracing::warn!(error = %e, "LISTEN pgrst failed; retrying");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        // Anything may have changed while we were not listening.
        reload(&pool, &schemas, &cache).await;
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) if matches!(n.payload(), "" | "reload schema") => {
                    reload(&pool, &schemas, &cache).await
                }
                Ok(Some(_)) => {}
                // None: the connection was lost; reconnect above.
                Ok(None) | Err(_) => break,
            }
        }
    }
}
