//! One transaction per storage operation, as the caller's role with the
//! claims Supabase sets (`request.jwt.claims`, `request.jwt.claim.sub`/`role`
//! and `storage.operation`), so RLS policies and `auth.uid()` decide, and
//! with the role's statement timeout.

use sqlx::{Postgres, Transaction};

use crate::caller::Caller;
use crate::error::StorageError;
use crate::StorageState;

pub async fn begin<'c>(
    state: &StorageState,
    caller: &Caller,
    operation: &str,
) -> Result<Transaction<'c, Postgres>, StorageError> {
    let mut tx = state.pool.begin().await?;
    let sub = caller.sub().unwrap_or_default();
    sqlx::query(
        "SELECT set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), \
         set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), \
         set_config('storage.operation', $4, true), set_config('storage.allow_delete_query', 'true', true), \
         set_config('statement_timeout', $5, true)",
    )
    .bind(&caller.role)
    .bind(caller.claims.to_string())
    .bind(sub)
    .bind(operation)
    .bind(state.settings.timeouts.setting(&caller.role))
    .execute(&mut *tx)
    .await?;
    Ok(tx)
}
