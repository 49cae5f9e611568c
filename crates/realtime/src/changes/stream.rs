//! The change stream of this process: a temporary logical slot (pgoutput, the
//! `supabase_realtime` publication) on a connection of its own, polled with
//! `pg_logical_slot_get_binary_changes`. Each change that some binding
//! matches is typed by PostgreSQL (`jsonb_populate_record` on the table's own
//! row type, the same JSON PostgREST returns), filtered there, and sent to a
//! subscriber only when its role may select the row: its column privileges
//! (`catalog`) and, for a table with row-level security, the policies
//! (`policies`, after each poll).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pleat_auth::caller::Caller;
use serde_json::{json, Map, Value};
use sqlx::{Connection, PgConnection, PgPool};

use super::catalog::{Catalog, Table};
use super::filter;
use super::pgoutput::{self, Message};
use super::policies::{self, Check, Pending};
use super::{Binding, Subscriber, Unavailable};
use crate::hub::{ConnId, Outbox};
use crate::protocol::Frame;

type Subscribers = Arc<Mutex<HashMap<(ConnId, String), Subscriber>>>;

/// The pause after an empty poll: 10 ms, doubling while the slot stays quiet, to
/// at most 100 ms (Supabase's own idle interval), so a change after a quiet spell
/// waits a little and one in a busy spell hardly at all.
fn idle_pause(empty_polls: u32) -> Duration {
    Duration::from_millis((10u64 << empty_polls.min(4)).min(100))
}

pub async fn start(
    owner: PgPool,
    api: PgPool,
    subscribers: Subscribers,
) -> Result<(), Unavailable> {
    let level: String = sqlx::query_scalar("SHOW wal_level")
        .fetch_one(&owner)
        .await
        .map_err(|e| Unavailable(format!("cannot read wal_level: {e}")))?;
    if level != "logical" {
        return Err(Unavailable(format!(
            "the database runs with wal_level={level}; postgres_changes need wal_level=logical (set it and restart PostgreSQL)"
        )));
    }
    let (conn, slot) = open_slot(&owner)
        .await
        .map_err(|e| Unavailable(format!("cannot open a logical replication slot: {e}")))?;
    tokio::spawn(run(conn, slot, owner, api, subscribers));
    Ok(())
}

async fn open_slot(owner: &PgPool) -> Result<(PgConnection, String), sqlx::Error> {
    let options = owner.connect_options();
    let mut conn = PgConnection::connect_with(&options).await?;
    let slot = format!("pleat_realtime_{}", uuid::Uuid::new_v4().simple());
    sqlx::query("SELECT pg_create_logical_replication_slot($1, 'pgoutput', true)")
        .bind(&slot)
        .execute(&mut conn)
        .await?;
    Ok((conn, slot))
}

struct Stream {
    /// The changes of the current poll, sent once their policies are checked.
    pending: Vec<Pending>,
    owner: PgPool,
    api: PgPool,
    subscribers: Subscribers,
    catalog: Catalog,
    commit_time: i64,
}

async fn run(
    mut conn: PgConnection,
    mut slot: String,
    owner: PgPool,
    api: PgPool,
    subscribers: Subscribers,
) {
    let mut stream = Stream {
        pending: Vec::new(),
        catalog: Catalog::new(owner.clone()),
        owner,
        api,
        subscribers,
        commit_time: 0,
    };
    let mut empty_polls = 0u32;
    loop {
        if stream.owner.is_closed() {
            return;
        }
        let polled: Result<Vec<Vec<u8>>, sqlx::Error> = sqlx::query_scalar(
            "SELECT data FROM pg_logical_slot_get_binary_changes($1, NULL, 1000, \
             'proto_version', '1', 'publication_names', 'supabase_realtime')",
        )
        .bind(&slot)
        .fetch_all(&mut conn)
        .await;
        match polled {
            Ok(messages) if messages.is_empty() => {
                tokio::time::sleep(idle_pause(empty_polls)).await;
                empty_polls = empty_polls.saturating_add(1);
            }
            Ok(messages) => {
                empty_polls = 0;
                for data in messages {
                    match pgoutput::decode(&data) {
                        Ok(message) => stream.take(message).await,
                        Err(e) => tracing::warn!(
                            error = e.0,
                            "realtime: an unreadable change was skipped"
                        ),
                    }
                }
                let pending = std::mem::take(&mut stream.pending);
                if let Err(e) = policies::send_visible(&stream.api, pending).await {
                    tracing::warn!(error = %e, "realtime: changes could not be checked against their policies");
                }
            }
            Err(e) => {
                if stream.owner.is_closed() {
                    return;
                }
                // The slot lived on that connection: changes until a new one
                // is made are lost, as when Supabase's slot is dropped.
                tracing::warn!(error = %e, "realtime: lost the change stream; opening a new slot");
                tokio::time::sleep(Duration::from_secs(1)).await;
                match open_slot(&stream.owner).await {
                    Ok((c, s)) => (conn, slot) = (c, s),
                    Err(e) => tracing::warn!(error = %e, "realtime: cannot open a new slot yet"),
                }
            }
        }
    }
}

/// A subscriber's part in one change: where to send it and which bindings match.
struct Target {
    outbox: Outbox,
    topic: String,
    caller: Caller,
    bindings: Vec<Binding>,
}

/// A tuple as `jsonb_populate_record` input: text values by column name
/// (JSON columns parsed); only the key columns of a key-only old tuple.
fn as_input(table: &Table, values: &[pgoutput::Value], key_only: bool) -> Value {
    let mut row = Map::new();
    for ((column, value), typname) in table
        .relation
        .columns
        .iter()
        .zip(values)
        .zip(&table.typnames)
    {
        if key_only && !column.key {
            continue;
        }
        let json = match value {
            pgoutput::Value::Null => Value::Null,
            pgoutput::Value::Unchanged => continue,
            pgoutput::Value::Text(text) if typname == "json" || typname == "jsonb" => {
                serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.clone()))
            }
            pgoutput::Value::Text(text) => Value::String(text.clone()),
        };
        row.insert(column.name.clone(), json);
    }
    Value::Object(row)
}

/// Keeps the keys the input had (and the role may select).
fn only(record: &Value, input: &Value, allowed: &[String]) -> Value {
    let (Some(record), Some(input)) = (record.as_object(), input.as_object()) else {
        return json!({});
    };
    Value::Object(
        record
            .iter()
            .filter(|(k, _)| input.contains_key(*k) && allowed.iter().any(|a| a == *k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    )
}

impl Stream {
    async fn take(&mut self, message: Message) {
        let (relation, kind, new, old, old_key_only) = match message {
            Message::Begin { commit_time } => {
                self.commit_time = commit_time;
                return;
            }
            Message::Relation(relation) => {
                self.catalog.describe(relation);
                return;
            }
            Message::Insert { relation, new } => (relation, "INSERT", Some(new), None, false),
            Message::Update {
                relation,
                old,
                old_key_only,
                new,
            } => (relation, "UPDATE", Some(new), old, old_key_only),
            Message::Delete {
                relation,
                old,
                old_key_only,
            } => (relation, "DELETE", None, Some(old), old_key_only),
            Message::Commit | Message::Other => return,
        };
        if let Err(e) = self.deliver(relation, kind, new, old, old_key_only).await {
            tracing::warn!(error = %e, "realtime: a change could not be delivered");
        }
    }

    fn targets(&self, schema: &str, table: &str, kind: &str) -> Vec<Target> {
        let subscribers = self.subscribers.lock().unwrap_or_else(|e| e.into_inner());
        subscribers
            .values()
            .filter_map(|s| {
                let bindings: Vec<Binding> = s
                    .bindings
                    .iter()
                    .filter(|b| b.matches(schema, table, kind))
                    .cloned()
                    .collect();
                (!bindings.is_empty()).then(|| Target {
                    outbox: s.outbox.clone(),
                    topic: s.topic.clone(),
                    caller: s.caller.clone(),
                    bindings,
                })
            })
            .collect()
    }

    async fn deliver(
        &mut self,
        id: u32,
        kind: &str,
        new: Option<Vec<pgoutput::Value>>,
        old: Option<Vec<pgoutput::Value>>,
        old_key_only: bool,
    ) -> Result<(), sqlx::Error> {
        let Some(relation) = self.catalog.relation(id) else {
            return Ok(());
        };
        let targets = self.targets(&relation.schema, &relation.table, kind);
        if targets.is_empty() {
            return Ok(());
        }
        let Some(table) = self.catalog.table(id).await? else {
            return Ok(());
        };
        let new_input = new.as_deref().map(|v| as_input(&table, v, false));
        let old_input = old.as_deref().map(|v| as_input(&table, v, old_key_only));
        let tested = new_input
            .clone()
            .or_else(|| old_input.clone())
            .unwrap_or_else(|| json!({}));

        // Type the rows and test every distinct filter in one statement.
        let mut filter_sets: Vec<Vec<filter::Condition>> = Vec::new();
        for target in &targets {
            for binding in &target.bindings {
                if !binding.filters.is_empty() && !filter_sets.contains(&binding.filters) {
                    filter_sets.push(binding.filters.clone());
                }
            }
        }
        let mut params: Vec<String> = Vec::new();
        let mut tests = Vec::new();
        let mut unknown_column = false;
        for set in &filter_sets {
            let mut parts = Vec::new();
            for condition in set {
                let Some(i) = table
                    .relation
                    .columns
                    .iter()
                    .position(|c| c.name == condition.column)
                else {
                    unknown_column = true;
                    parts.push("false".to_string());
                    continue;
                };
                let param = if condition.has_param() {
                    params.push(condition.value.clone());
                    params.len() + 2
                } else {
                    0
                };
                parts.push(condition.sql(&table.sql_types[i], param));
            }
            tests.push(format!("({})", parts.join(" AND ")));
        }
        if unknown_column {
            tracing::debug!("realtime: a filter names a column the table does not have");
        }
        let sql = format!(
            "SELECT to_jsonb(r), (SELECT to_jsonb(o) FROM jsonb_populate_record(NULL::{t}, $2) o), \
             ARRAY[{tests}]::boolean[] FROM jsonb_populate_record(NULL::{t}, $1) r",
            t = table.qualified,
            tests = if tests.is_empty() { "true".to_string() } else { tests.join(", ") },
        );
        let mut query = sqlx::query_as::<_, (Value, Option<Value>, Vec<bool>)>(&sql)
            .bind(&tested)
            .bind(old_input.clone().unwrap_or_else(|| json!({})));
        for p in &params {
            query = query.bind(p);
        }
        let (typed, typed_old, passes) = query.fetch_one(&self.owner).await?;
        let passed = |filters: &[filter::Condition]| {
            filters.is_empty()
                || filter_sets
                    .iter()
                    .position(|s| *s == filters)
                    .is_some_and(|i| passes.get(i).copied().unwrap_or(false))
        };

        let keys: Vec<&pgoutput::Column> =
            table.relation.columns.iter().filter(|c| c.key).collect();
        let commit_timestamp = pgoutput::commit_timestamp(self.commit_time);
        for target in targets {
            let ids: Vec<u32> = target
                .bindings
                .iter()
                .filter(|b| passed(&b.filters))
                .map(|b| b.id)
                .collect();
            if ids.is_empty() {
                continue;
            }
            let access = self.catalog.access(&target.caller.role, id).await?;
            let allowed = &access.columns;
            if keys.is_empty() || keys.iter().any(|k| !allowed.contains(&k.name)) {
                continue;
            }
            let check =
                (access.rls && kind != "DELETE" && !target.caller.is_service()).then(|| Check {
                    table: table.clone(),
                    caller: target.caller.clone(),
                    key: keys
                        .iter()
                        .map(|k| policies::text_of(&typed[&k.name]))
                        .collect(),
                });
            let columns: Vec<Value> = table
                .relation
                .columns
                .iter()
                .zip(&table.typnames)
                .filter(|(c, _)| allowed.contains(&c.name))
                .map(|(c, t)| json!({"name": c.name, "type": t}))
                .collect();
            let mut data = json!({
                "schema": table.relation.schema,
                "table": table.relation.table,
                "commit_timestamp": commit_timestamp,
                "type": kind,
                "columns": columns,
                "errors": null,
            });
            if let Some(input) = &new_input {
                data["record"] = only(&typed, input, allowed);
            }
            if kind != "INSERT" {
                data["old_record"] = match (&typed_old, &old_input) {
                    (Some(typed_old), Some(input)) if kind == "DELETE" && access.rls => {
                        let key_names: Vec<String> = keys.iter().map(|k| k.name.clone()).collect();
                        only(typed_old, input, &key_names)
                    }
                    (Some(typed_old), Some(input)) => only(typed_old, input, allowed),
                    _ => json!({}),
                };
            }
            let frame = Frame::new(
                &target.topic,
                "postgres_changes",
                json!({ "ids": ids, "data": data }),
            );
            self.pending.push(Pending {
                outbox: target.outbox,
                frame,
                check,
            });
        }
        Ok(())
    }
}
