//! PostgreSQL as the bus between the pleat processes on one database:
//! a broadcast made here is delivered here at once and published as a
//! notification on `pleat_realtime` (batched, on the owner pool); every
//! process listens, and delivers what other processes, or `realtime.send`
//! in SQL, published. A body too large for a notification (8,000 bytes) goes
//! through `realtime.spill` and the notification names its row.
//!
//! Notifications are delivered at commit and lost while a listener is
//! disconnected: like Supabase's broadcast, this is at-most-once.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio::sync::mpsc;

use crate::hub::{Hub, RoomKey};
use crate::protocol::Frame;

const CHANNEL: &str = "pleat_realtime";
const MAX_NOTIFY: usize = 7_900;
const BATCH: usize = 256;

#[derive(Clone)]
pub struct Bus {
    node: uuid::Uuid,
    tx: mpsc::Sender<Value>,
}

/// The broadcast frame every subscriber of `room` gets.
pub fn broadcast_frame(
    room: &RoomKey,
    event: &Value,
    payload: &Value,
    id: Option<&Value>,
) -> Frame {
    let mut body = json!({"type": "broadcast", "event": event, "payload": payload});
    if let Some(id) = id {
        body["meta"] = json!({ "id": id });
    }
    Frame::new(&room.topic(), "broadcast", body)
}

impl Bus {
    pub fn start(owner: PgPool, hub: Arc<Hub>) -> Bus {
        let node = uuid::Uuid::new_v4();
        let (tx, rx) = mpsc::channel(10_000);
        tokio::spawn(publish(owner.clone(), rx));
        tokio::spawn(listen(owner, hub, node));
        Bus { node, tx }
    }

    /// This process's name on the bus.
    pub fn node(&self) -> uuid::Uuid {
        self.node
    }

    /// A presence diff for the other processes.
    pub fn publish_presence(&self, room: &RoomKey, joins: &Value, leaves: &Value) {
        self.send(json!({
            "node": self.node,
            "kind": "presence",
            "topic": room.name,
            "private": room.private,
            "joins": joins,
            "leaves": leaves,
        }));
    }

    /// A presence diff every process applies, this one too (the leaves of a
    /// process found dead).
    pub fn publish_presence_to_all(&self, room: &RoomKey, joins: &Value, leaves: &Value) {
        self.send(json!({
            "kind": "presence",
            "topic": room.name,
            "private": room.private,
            "joins": joins,
            "leaves": leaves,
        }));
    }

    fn send(&self, body: Value) {
        if self.tx.try_send(body).is_err() {
            tracing::warn!(
                "realtime: the bus is behind; a message did not reach the other processes"
            );
        }
    }

    /// Tells the other processes; never waits (a full bus drops the message,
    /// as a disconnected listener would).
    pub fn publish(&self, room: &RoomKey, event: &Value, payload: &Value) {
        let body = json!({
            "node": self.node,
            "topic": room.name,
            "private": room.private,
            "event": event,
            "payload": payload,
        });
        self.send(body);
    }
}

async fn publish(owner: PgPool, mut rx: mpsc::Receiver<Value>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        let mut small = Vec::with_capacity(batch.len());
        let mut large = Vec::new();
        for body in batch.drain(..) {
            let text = body.to_string();
            if text.len() > MAX_NOTIFY {
                large.push(body);
            } else {
                small.push(text);
            }
        }
        let sent = sqlx::query("SELECT pg_notify($1, body) FROM unnest($2::text[]) AS body")
            .bind(CHANNEL)
            .bind(&small)
            .execute(&owner)
            .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "realtime: broadcasts could not be published to the other processes");
        }
        for body in large {
            let node = body["node"].clone();
            let spilled = sqlx::query(
                "WITH gone AS (DELETE FROM realtime.spill WHERE created_at < now() - interval '1 minute'), \
                 row AS (INSERT INTO realtime.spill (body) VALUES ($2) RETURNING id) \
                 SELECT pg_notify($1, json_build_object('spill', id, 'node', $3::text)::text) FROM row",
            )
            .bind(CHANNEL)
            .bind(&body)
            .bind(node.as_str().unwrap_or_default())
            .execute(&owner)
            .await;
            if let Err(e) = spilled {
                tracing::warn!(error = %e, "realtime: a large broadcast could not be published");
            }
        }
    }
}

async fn listen(owner: PgPool, hub: Arc<Hub>, node: uuid::Uuid) {
    let mut delay = Duration::from_millis(100);
    loop {
        match listen_once(&owner, &hub, node).await {
            Ok(()) => return,
            Err(_) if owner.is_closed() => return,
            Err(e) => {
                tracing::warn!(error = %e, "realtime: lost the bus; listening again");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
            }
        }
    }
}

async fn listen_once(owner: &PgPool, hub: &Hub, node: uuid::Uuid) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect_with(owner).await?;
    listener.listen(CHANNEL).await?;
    loop {
        let notification = listener.recv().await?;
        let Ok(mut body) = serde_json::from_str::<Value>(notification.payload()) else {
            continue;
        };
        if body["node"].as_str() == Some(node.to_string().as_str()) {
            continue;
        }
        if let Some(id) = body["spill"].as_i64() {
            match sqlx::query_scalar::<_, Value>("SELECT body FROM realtime.spill WHERE id = $1")
                .bind(id)
                .fetch_optional(owner)
                .await?
            {
                Some(spilled) => body = spilled,
                None => continue,
            }
        } else if body["spilled"].as_bool() == Some(true) {
            // realtime.send's large message: read the row it wrote.
            let row = sqlx::query_scalar::<_, Value>(
                "SELECT json_build_object('id', id, 'topic', topic, 'event', event, \
                 'private', coalesce(private, false), 'payload', payload)::jsonb \
                 FROM realtime.messages WHERE id = $1::uuid",
            )
            .bind(body["id"].as_str().unwrap_or_default())
            .fetch_optional(owner)
            .await?;
            match row {
                Some(row) => body = row,
                None => continue,
            }
        }
        let Some(topic) = body["topic"].as_str() else {
            continue;
        };
        let room = RoomKey {
            private: body["private"].as_bool().unwrap_or(false),
            name: topic.to_string(),
        };
        if body["kind"].as_str() == Some("presence") {
            hub.apply_remote(&room, &body["joins"], &body["leaves"]);
            continue;
        }
        let id = body.get("id").filter(|v| !v.is_null());
        hub.broadcast(
            &room,
            broadcast_frame(&room, &body["event"], &body["payload"], id),
            None,
        );
    }
}
