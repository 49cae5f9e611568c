//! postgres_changes: the bindings joined channels asked for, and the stream
//! that delivers the changes of the tables in the `supabase_realtime`
//! publication to them (`stream`), read from a temporary logical slot of
//! this process (`pgoutput`), filtered (`filter`) and checked against each
//! subscriber's row-level security in PostgreSQL.

mod catalog;
pub mod filter;
pub mod pgoutput;
mod policies;
mod stream;

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

use pleat_auth::caller::Caller;
use serde_json::Value;
use sqlx::PgPool;
use tokio::sync::OnceCell;

use crate::hub::{ConnId, Outbox};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    All,
    Insert,
    Update,
    Delete,
}

impl Event {
    /// realtime-js's `event`, case-insensitive; anything else means all.
    pub fn parse(text: Option<&str>) -> Event {
        match text.map(str::to_ascii_uppercase).as_deref() {
            Some("INSERT") => Event::Insert,
            Some("UPDATE") => Event::Update,
            Some("DELETE") => Event::Delete,
            _ => Event::All,
        }
    }

    fn matches(self, kind: &str) -> bool {
        match self {
            Event::All => true,
            Event::Insert => kind == "INSERT",
            Event::Update => kind == "UPDATE",
            Event::Delete => kind == "DELETE",
        }
    }
}

/// One `postgres_changes` entry of a join.
#[derive(Debug, Clone)]
pub struct Binding {
    /// Echoed in the join reply and named in each change (`ids`).
    pub id: u32,
    pub event: Event,
    pub schema: String,
    pub table: String,
    pub filters: Vec<filter::Condition>,
}

impl Binding {
    /// Parses a join's entry; the error is the message the client gets.
    pub fn parse(entry: &Value) -> Result<Binding, String> {
        let schema = entry["schema"].as_str().unwrap_or("public").to_string();
        let table = entry["table"].as_str().unwrap_or("*").to_string();
        let filter_text = entry["filter"].as_str().unwrap_or("");
        let filters = filter::parse(filter_text)?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        entry["event"].as_str().unwrap_or("*").hash(&mut hasher);
        schema.hash(&mut hasher);
        table.hash(&mut hasher);
        filter_text.hash(&mut hasher);
        Ok(Binding {
            id: (hasher.finish() & 0x7fff_ffff) as u32,
            event: Event::parse(entry["event"].as_str()),
            schema,
            table,
            filters,
        })
    }

    fn matches(&self, schema: &str, table: &str, kind: &str) -> bool {
        (self.schema == "*" || self.schema == schema)
            && (self.table == "*" || self.table == table)
            && self.event.matches(kind)
    }
}

pub struct Subscriber {
    pub outbox: Outbox,
    pub topic: String,
    pub caller: Caller,
    pub bindings: Vec<Binding>,
}

/// Why postgres_changes cannot be had here.
#[derive(Debug, Clone)]
pub struct Unavailable(pub String);

pub struct Changes {
    owner: PgPool,
    api: PgPool,
    subscribers: Arc<Mutex<HashMap<(ConnId, String), Subscriber>>>,
    started: OnceCell<Result<(), Unavailable>>,
}

impl Changes {
    pub fn new(owner: PgPool, api: PgPool) -> Changes {
        Changes {
            owner,
            api,
            subscribers: Arc::default(),
            started: OnceCell::new(),
        }
    }

    fn subscribers(&self) -> MutexGuard<'_, HashMap<(ConnId, String), Subscriber>> {
        self.subscribers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts this process's slot on first use; once it returns Ok, every
    /// change committed afterwards is read.
    pub async fn ready(&self) -> Result<(), Unavailable> {
        self.started
            .get_or_init(|| {
                stream::start(
                    self.owner.clone(),
                    self.api.clone(),
                    self.subscribers.clone(),
                )
            })
            .await
            .clone()
    }

    /// Whether a binding's table is in the publication (`*` matches any).
    pub async fn published(&self, binding: &Binding) -> Result<bool, sqlx::Error> {
        let like = |s: &str| {
            if s == "*" {
                "%".to_string()
            } else {
                s.replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            }
        };
        sqlx::query_scalar(
            "SELECT exists (SELECT 1 FROM pg_publication_tables \
             WHERE pubname = 'supabase_realtime' AND schemaname LIKE $1 AND tablename LIKE $2)",
        )
        .bind(like(&binding.schema))
        .bind(like(&binding.table))
        .fetch_one(&self.owner)
        .await
    }

    pub fn subscribe(&self, conn: ConnId, subscriber: Subscriber) {
        self.subscribers()
            .insert((conn, subscriber.topic.clone()), subscriber);
    }

    pub fn unsubscribe(&self, conn: ConnId, topic: &str) {
        self.subscribers().remove(&(conn, topic.to_string()));
    }

    /// A refreshed token: later changes are checked as the new caller.
    pub fn set_caller(&self, conn: ConnId, topic: &str, caller: Caller) {
        if let Some(sub) = self.subscribers().get_mut(&(conn, topic.to_string())) {
            sub.caller = caller;
        }
    }
}
