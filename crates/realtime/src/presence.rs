//! Presence shared by every pleat process on one database: the hub keeps a
//! room's presence for its sockets, the database keeps each process's
//! entries (so a socket joining anywhere gets the whole state), and the bus
//! carries each diff to the other processes. A process that stops without
//! saying so (a crash) stops refreshing `realtime.nodes`; after 30 seconds
//! another removes its entries and sends their leaves, as Phoenix.Tracker
//! drops a silent replica.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use sqlx::PgPool;

use crate::bus::Bus;
use crate::hub::{ConnId, Hub, RoomKey};

const HEARTBEAT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct Presence {
    owner: PgPool,
    bus: Bus,
}

impl Presence {
    pub fn start(owner: PgPool, bus: Bus) -> Presence {
        tokio::spawn(heartbeat(owner.clone(), bus.clone()));
        Presence { owner, bus }
    }

    /// Stores a tracked (or updated) presence and tells the other processes.
    pub async fn tracked(&self, room: &RoomKey, conn: ConnId, key: &str, joins: &Value) {
        let Some(meta) = joins[key]["metas"][0].as_object() else {
            return;
        };
        let phx_ref = meta
            .get("phx_ref")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let stored = sqlx::query(
            "INSERT INTO realtime.presence (node, conn, private, topic, key, phx_ref, meta) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (node, conn, private, topic) DO UPDATE \
             SET key = excluded.key, phx_ref = excluded.phx_ref, meta = excluded.meta",
        )
        .bind(self.bus.node())
        .bind(conn as i64)
        .bind(room.private)
        .bind(&room.name)
        .bind(key)
        .bind(phx_ref)
        .bind(Value::Object(meta.clone()))
        .execute(&self.owner)
        .await;
        if let Err(e) = stored {
            tracing::warn!(error = %e, "realtime: a presence could not be shared with the other processes");
        }
        self.bus.publish_presence(room, joins, &json!({}));
    }

    /// Removes a socket's presence in a room, here and for the others.
    pub fn left(&self, room: &RoomKey, conn: ConnId, leaves: Value) {
        let this = self.clone();
        let room = room.clone();
        tokio::spawn(async move {
            let removed = sqlx::query("DELETE FROM realtime.presence WHERE node = $1 AND conn = $2 AND private = $3 AND topic = $4")
                .bind(this.bus.node())
                .bind(conn as i64)
                .bind(room.private)
                .bind(&room.name)
                .execute(&this.owner)
                .await;
            if let Err(e) = removed {
                tracing::warn!(error = %e, "realtime: a presence that left could not be removed");
            }
            this.bus.publish_presence(&room, &json!({}), &leaves);
        });
    }

    /// The room's presence held by the other processes: (key, meta with its ref).
    pub async fn elsewhere(&self, room: &RoomKey) -> Result<Vec<(String, Value)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT key, meta FROM realtime.presence p \
             WHERE private = $1 AND topic = $2 AND node <> $3 \
             AND EXISTS (SELECT 1 FROM realtime.nodes n WHERE n.node = p.node)",
        )
        .bind(room.private)
        .bind(&room.name)
        .bind(self.bus.node())
        .fetch_all(&self.owner)
        .await
    }

    /// Loads the room's presence from elsewhere into the hub (at a join).
    pub async fn load(&self, hub: &Arc<Hub>, room: &RoomKey) {
        match self.elsewhere(room).await {
            Ok(remote) => hub.set_remote(room, remote),
            Err(e) => {
                tracing::warn!(error = %e, "realtime: the presence of the other processes could not be read")
            }
        }
    }
}

async fn heartbeat(owner: PgPool, bus: Bus) {
    loop {
        if owner.is_closed() {
            return;
        }
        if let Err(e) = beat(&owner, &bus).await {
            if owner.is_closed() {
                return;
            }
            tracing::warn!(error = %e, "realtime: the presence heartbeat failed");
        }
        tokio::time::sleep(HEARTBEAT).await;
    }
}

async fn beat(owner: &PgPool, bus: &Bus) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO realtime.nodes (node) VALUES ($1) ON CONFLICT (node) DO UPDATE SET seen_at = now()")
        .bind(bus.node())
        .execute(owner)
        .await?;
    let gone: Vec<(bool, String, String, Value)> = sqlx::query_as(
        "WITH dead AS (DELETE FROM realtime.nodes WHERE seen_at < now() - interval '30 seconds' RETURNING node) \
         DELETE FROM realtime.presence p USING dead WHERE p.node = dead.node \
         RETURNING p.private, p.topic, p.key, p.meta",
    )
    .fetch_all(owner)
    .await?;
    for (private, topic, key, meta) in gone {
        let room = RoomKey {
            private,
            name: topic,
        };
        bus.publish_presence_to_all(&room, &json!({}), &json!({ key: {"metas": [meta]} }));
    }
    Ok(())
}
