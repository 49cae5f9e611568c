//! One transaction per storage operation, as the caller's role with the
//! claims Supabase sets (`request.jwt.claims`, `request.jwt.claim.sub`/`role`
//! and `storage.operation`), so RLS policies and `auth.uid()` decide.

use sqlx::{PgPool, Postgres, Transaction};

use crate::caller::Caller;
use crate::error::StorageError;

pub async fn begin<'c>(
    pool: &PgPool,
    caller: &Caller,
    operation: &str,
) -> Result<Transaction<'c, Postgres>, StorageError> {
    let mut tx = pool.begin().await?;
    let sub = caller.sub().unwrap_or_default();
    sqlx::query(
        "SELECT set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), \
         set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), \
         set_config('storage.operation', $4, true), set_config('storage.allow_delete_query', 'true', true)",
    )
    .bind(&caller.role)
    .bind(caller.claims.to_string())
    .bind(sub)
    .bind(operation)
    .execute(&mut *tx)
    .await?;
    Ok(tx)
}
