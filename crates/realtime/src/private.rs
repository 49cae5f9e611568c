//! Private channels (`config.private = true`), authorised as on Supabase by the
//! RLS policies on `realtime.messages`: in a transaction that is rolled back,
//! probe rows for the topic are written, then, as the caller with its claims
//! and `realtime.topic()` set, reading them (receive) or inserting one
//! (send, per extension) shows what the policies allow.

use pleat_auth::caller::Caller;
use sqlx::{Postgres, Transaction};

use crate::RealtimeState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Receive broadcasts or presence: the policies let the caller read a probe row.
    Read,
    /// Send on this extension (`broadcast` or `presence`).
    Send(&'static str),
}

/// Runs the rest of `tx` as the caller, with the claims and (empty when
/// `topic` is) `realtime.topic()` its policies read.
pub(crate) async fn as_caller(
    tx: &mut Transaction<'_, Postgres>,
    caller: &Caller,
    topic: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "SELECT set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), \
         set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true), \
         set_config('realtime.topic', $4, true)",
    )
    .bind(&caller.role)
    .bind(caller.claims.to_string())
    .bind(caller.sub().unwrap_or_default())
    .bind(topic)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn may(
    state: &RealtimeState,
    caller: &Caller,
    topic: &str,
    access: Access,
) -> Result<bool, sqlx::Error> {
    if caller.is_service() {
        return Ok(true);
    }
    let mut tx = state.pool.begin().await?;
    let answer = match access {
        Access::Read => {
            let probes: Vec<uuid::Uuid> = sqlx::query_scalar("SELECT realtime.probe($1)")
                .bind(topic)
                .fetch_all(&mut *tx)
                .await?;
            as_caller(&mut tx, caller, topic).await?;
            sqlx::query_scalar::<_, bool>(
                "SELECT exists (SELECT 1 FROM realtime.messages WHERE id = ANY($1))",
            )
            .bind(&probes)
            .fetch_one(&mut *tx)
            .await?
        }
        Access::Send(extension) => {
            as_caller(&mut tx, caller, topic).await?;
            let inserted = sqlx::query(
                "INSERT INTO realtime.messages (topic, extension, private) VALUES ($1, $2, true)",
            )
            .bind(topic)
            .bind(extension)
            .execute(&mut *tx)
            .await;
            match inserted {
                Ok(_) => true,
                Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42501") => false,
                Err(e) => return Err(e),
            }
        }
    };
    tx.rollback().await?;
    Ok(answer)
}
