//! Row-level security for the change stream: whether each subscriber may select
//! each changed row, asked of PostgreSQL as the subscriber's role with its claims.
//! The rows of one poll are checked together: one transaction per (table, role,
//! claims), a few side by side, so subscribers that share claims (every
//! anonymous visitor) share one check, and a burst of changes costs no more
//! transactions than a single change.

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::StreamExt;
use pleat_auth::caller::Caller;
use serde_json::Value;
use sqlx::PgPool;

use super::catalog::Table;
use super::filter::ident;
use super::pgoutput;
use crate::hub::Outbox;
use crate::protocol::Frame;

/// Policy checks of one batch run on this many connections at once.
const CHECKS_AT_ONCE: usize = 4;

/// A change ready for one subscriber, sent once the batch's checks are done.
pub struct Pending {
    pub outbox: Outbox,
    pub frame: Frame,
    /// For a table with RLS: the row to check, as this caller.
    pub check: Option<Check>,
}

pub struct Check {
    pub table: Arc<Table>,
    pub caller: Caller,
    /// The row's key values as text, in key column order.
    pub key: Vec<String>,
}

/// (table oid, role, claims): callers whose checks have the same answers.
type Group = (u32, String, String);

/// A group's table, one of its callers, and the keys to check.
struct Batch {
    table: Arc<Table>,
    caller: Caller,
    keys: Vec<Vec<String>>,
}

/// Checks a batch's rows against their policies, one transaction per
/// (table, role, claims) whatever the number of rows, then sends what
/// each subscriber may see, in commit order.
pub async fn send_visible(api: &PgPool, pending: Vec<Pending>) -> Result<(), sqlx::Error> {
    let mut groups: HashMap<Group, Batch> = HashMap::new();
    for check in pending.iter().filter_map(|p| p.check.as_ref()) {
        let batch = groups
            .entry((
                check.table.relation.id,
                check.caller.role.clone(),
                check.caller.claims.to_string(),
            ))
            .or_insert_with(|| Batch {
                table: check.table.clone(),
                caller: check.caller.clone(),
                keys: Vec::new(),
            });
        if !batch.keys.contains(&check.key) {
            batch.keys.push(check.key.clone());
        }
    }
    let mut seen: HashMap<Group, Vec<Vec<String>>> = HashMap::with_capacity(groups.len());
    // Each group is its own transaction, so they may run side by side.
    let checks = futures_util::stream::iter(groups.into_iter().map(|(group, batch)| async move {
        let visible = visible_rows(api, &batch.table, &batch.keys, &batch.caller).await;
        (group, visible)
    }))
    .buffer_unordered(CHECKS_AT_ONCE)
    .collect::<Vec<_>>()
    .await;
    for (group, visible) in checks {
        seen.insert(group, visible?);
    }
    for item in pending {
        if let Some(check) = &item.check {
            let group = (
                check.table.relation.id,
                check.caller.role.clone(),
                check.caller.claims.to_string(),
            );
            if !seen
                .get(&group)
                .is_some_and(|rows| rows.contains(&check.key))
            {
                continue;
            }
        }
        item.outbox.send(Arc::new(item.frame));
    }
    Ok(())
}

/// Which of `keys` (key values as text) `caller` may select under the
/// table's policies, read as that role with its claims.
async fn visible_rows(
    api: &PgPool,
    table: &Table,
    keys: &[Vec<String>],
    caller: &Caller,
) -> Result<Vec<Vec<String>>, sqlx::Error> {
    let columns: Vec<(usize, &pgoutput::Column)> = table
        .relation
        .columns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.key)
        .collect();
    let mut tx = api.begin().await?;
    crate::private::as_caller(&mut tx, caller, "").await?;
    // The keys as one text array per key column, unnested side by side and
    // cast to the columns' types; the rows the policies let through come back.
    let unnest: Vec<String> = (1..=columns.len())
        .map(|i| format!("${i}::text[]"))
        .collect();
    let names: Vec<String> = (1..=columns.len()).map(|i| format!("k{i}")).collect();
    let matches: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(i, (at, c))| {
            format!(
                "t.{} = (k.k{})::{}",
                ident(&c.name),
                i + 1,
                table.sql_types[*at]
            )
        })
        .collect();
    let returned: Vec<String> = (1..=columns.len()).map(|i| format!("k.k{i}")).collect();
    let sql = format!(
        "SELECT ARRAY[{}] FROM unnest({}) AS k({}) WHERE EXISTS (SELECT 1 FROM {} t WHERE {})",
        returned.join(", "),
        unnest.join(", "),
        names.join(", "),
        table.qualified,
        matches.join(" AND "),
    );
    let mut query = sqlx::query_scalar::<_, Vec<String>>(&sql);
    for i in 0..columns.len() {
        query = query.bind(
            keys.iter()
                .map(|k| k.get(i).cloned().unwrap_or_default())
                .collect::<Vec<String>>(),
        );
    }
    let rows = query.fetch_all(&mut *tx).await;
    tx.rollback().await?;
    match rows {
        Ok(rows) => Ok(rows),
        // A role the table refuses outright sees nothing.
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42501") => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// A JSON value as the text PostgreSQL would read back as the same value.
pub fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
