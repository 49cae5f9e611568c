//! The rooms of this process: who joined which topic, what each room's
//! presence is, and delivery to the members. A room is `(private, name)`:
//! public `room1` and private `room1` are different rooms, as on Supabase.
//! Delivery never waits for a client: each socket has a bounded queue, and a
//! socket whose queue is full is told to close (a slow consumer never holds
//! the others back).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use base64::Engine;
use serde_json::{json, Map, Value};
use tokio::sync::{mpsc, Notify};

use crate::protocol::Frame;

pub type ConnId = u64;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoomKey {
    pub private: bool,
    /// The topic without its `realtime:` prefix.
    pub name: String,
}

impl RoomKey {
    pub fn topic(&self) -> String {
        format!("realtime:{}", self.name)
    }
}

/// The sending half of a socket's queue.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<Frame>>,
    overflow: Arc<Notify>,
}

impl Outbox {
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Arc<Frame>>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(capacity);
        let overflow = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                overflow: overflow.clone(),
            },
            rx,
            overflow,
        )
    }

    /// Queues a frame; a full queue tells the socket to close.
    pub fn send(&self, frame: Arc<Frame>) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(frame) {
            self.overflow.notify_one();
        }
    }
}

struct Member {
    outbox: Outbox,
    join_ref: Option<String>,
}

struct Meta {
    /// The local socket that tracked it; `None` for one of another process.
    owner: Option<ConnId>,
    phx_ref: String,
    payload: Map<String, Value>,
}

impl Meta {
    fn json(&self) -> Value {
        let mut meta = self.payload.clone();
        meta.insert("phx_ref".into(), Value::String(self.phx_ref.clone()));
        Value::Object(meta)
    }
}

#[derive(Default)]
struct Room {
    members: HashMap<ConnId, Member>,
    /// Presence key → one meta per socket that tracked it, here or in
    /// another process.
    presence: HashMap<String, Vec<Meta>>,
}

/// What a track did.
#[derive(Debug, PartialEq, Eq)]
pub enum Tracked {
    New,
    Updated,
    Unchanged,
}

#[derive(Default)]
pub struct Hub {
    rooms: Mutex<HashMap<RoomKey, Room>>,
    next_conn: AtomicU64,
}

fn phx_ref() -> String {
    let bytes: [u8; 12] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn diff(topic: &str, joins: Value, leaves: Value) -> Arc<Frame> {
    Arc::new(Frame::new(
        topic,
        "presence_diff",
        json!({"joins": joins, "leaves": leaves}),
    ))
}

impl Hub {
    pub fn connection_id(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    fn rooms(&self) -> MutexGuard<'_, HashMap<RoomKey, Room>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn join(&self, room: &RoomKey, conn: ConnId, join_ref: Option<String>, outbox: Outbox) {
        self.rooms()
            .entry(room.clone())
            .or_default()
            .members
            .insert(conn, Member { outbox, join_ref });
    }

    /// Leaves the room, with this socket's presence in it; the presence
    /// that left, as a diff's `leaves`.
    pub fn leave(&self, room: &RoomKey, conn: ConnId) -> Option<Value> {
        let mut rooms = self.rooms();
        let state = rooms.get_mut(room)?;
        state.members.remove(&conn);
        let left = untrack_in(state, conn);
        if let Some(leaves) = &left {
            let frame = diff(&room.topic(), json!({}), leaves.clone());
            for member in state.members.values() {
                member.outbox.send(frame.clone());
            }
        }
        // Without local members nothing here needs the room's presence.
        if state.members.is_empty() {
            rooms.remove(room);
        }
        left
    }

    /// Sends `frame` to every member of the room but `except`.
    pub fn broadcast(&self, room: &RoomKey, frame: Frame, except: Option<ConnId>) -> usize {
        let frame = Arc::new(frame);
        let rooms = self.rooms();
        let Some(state) = rooms.get(room) else {
            return 0;
        };
        let mut sent = 0;
        for (id, member) in &state.members {
            if Some(*id) != except {
                member.outbox.send(frame.clone());
                sent += 1;
            }
        }
        sent
    }

    /// The room's presence as `presence_state` wants it: key → {metas}.
    pub fn presence_state(&self, room: &RoomKey) -> Value {
        let rooms = self.rooms();
        let mut state = Map::new();
        if let Some(room) = rooms.get(room) {
            for (key, metas) in &room.presence {
                state.insert(
                    key.clone(),
                    json!({"metas": metas.iter().map(Meta::json).collect::<Vec<_>>()}),
                );
            }
        }
        Value::Object(state)
    }

    /// Records this socket's presence under `key`; every member (the sender
    /// too) gets the diff, also returned as its `joins` with the meta's ref.
    pub fn track(
        &self,
        room: &RoomKey,
        conn: ConnId,
        key: &str,
        payload: Map<String, Value>,
    ) -> (Tracked, Value) {
        let mut rooms = self.rooms();
        let state = rooms.entry(room.clone()).or_default();
        let metas = state.presence.entry(key.to_string()).or_default();
        let existing = metas.iter().position(|m| m.owner == Some(conn));
        if let Some(i) = existing {
            if metas[i].payload == payload {
                return (Tracked::Unchanged, Value::Null);
            }
        }
        // An update keeps its meta's `phx_ref` and is sent as a join alone:
        // realtime-js merges a join into the key's metas by `phx_ref`, while a
        // join-and-leave pair (Phoenix's usual update) leaves a stale meta
        // behind in 2.109 (its presence adapter rewrites the current metas'
        // refs before the leave is applied).
        let (joins, leaves, tracked) = match existing {
            Some(i) => {
                metas[i].payload = payload;
                (
                    json!({ key: {"metas": [metas[i].json()]} }),
                    json!({}),
                    Tracked::Updated,
                )
            }
            None => {
                let meta = Meta {
                    owner: Some(conn),
                    phx_ref: phx_ref(),
                    payload,
                };
                let new = meta.json();
                metas.push(meta);
                (json!({ key: {"metas": [new]} }), json!({}), Tracked::New)
            }
        };
        let frame = diff(&room.topic(), joins.clone(), leaves);
        for member in state.members.values() {
            member.outbox.send(frame.clone());
        }
        (tracked, joins)
    }

    /// Drops this socket's presence in the room; the diff's `leaves`, if any.
    pub fn untrack(&self, room: &RoomKey, conn: ConnId) -> Option<Value> {
        let mut rooms = self.rooms();
        let state = rooms.get_mut(room)?;
        let leaves = untrack_in(state, conn)?;
        let frame = diff(&room.topic(), json!({}), leaves.clone());
        for member in state.members.values() {
            member.outbox.send(frame.clone());
        }
        Some(leaves)
    }

    /// A diff from another process: applied to the room's presence (if any
    /// socket here is in it) and passed on to the members.
    pub fn apply_remote(&self, room: &RoomKey, joins: &Value, leaves: &Value) {
        let mut rooms = self.rooms();
        let Some(state) = rooms.get_mut(room) else {
            return;
        };
        for (key, entry) in leaves.as_object().into_iter().flatten() {
            let gone: Vec<&str> = entry["metas"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["phx_ref"].as_str())
                .collect();
            if let Some(metas) = state.presence.get_mut(key) {
                metas.retain(|m| m.owner.is_some() || !gone.contains(&m.phx_ref.as_str()));
                if metas.is_empty() {
                    state.presence.remove(key);
                }
            }
        }
        for (key, entry) in joins.as_object().into_iter().flatten() {
            for meta in entry["metas"].as_array().into_iter().flatten() {
                let Some(mut payload) = meta.as_object().cloned() else {
                    continue;
                };
                let Some(Value::String(phx_ref)) = payload.remove("phx_ref") else {
                    continue;
                };
                payload.remove("phx_ref_prev");
                let metas = state.presence.entry(key.clone()).or_default();
                match metas
                    .iter_mut()
                    .find(|m| m.owner.is_none() && m.phx_ref == phx_ref)
                {
                    Some(existing) => existing.payload = payload,
                    None => metas.push(Meta {
                        owner: None,
                        phx_ref,
                        payload,
                    }),
                }
            }
        }
        let frame = diff(&room.topic(), joins.clone(), leaves.clone());
        for member in state.members.values() {
            member.outbox.send(frame.clone());
        }
    }

    /// Sets the room's presence from other processes to `remote` (key →
    /// metas with their refs), as the database has it.
    pub fn set_remote(&self, room: &RoomKey, remote: Vec<(String, Value)>) {
        let mut rooms = self.rooms();
        let state = rooms.entry(room.clone()).or_default();
        for metas in state.presence.values_mut() {
            metas.retain(|m| m.owner.is_some());
        }
        state.presence.retain(|_, metas| !metas.is_empty());
        for (key, meta) in remote {
            let Some(mut payload) = meta.as_object().cloned() else {
                continue;
            };
            let Some(Value::String(phx_ref)) = payload.remove("phx_ref") else {
                continue;
            };
            state.presence.entry(key).or_default().push(Meta {
                owner: None,
                phx_ref,
                payload,
            });
        }
    }

    /// The number of presence keys in a room (a limit counts them).
    pub fn presence_keys(&self, room: &RoomKey) -> usize {
        self.rooms().get(room).map_or(0, |r| r.presence.len())
    }

    /// The join ref a member joined with (tests and diagnostics).
    pub fn member_join_ref(&self, room: &RoomKey, conn: ConnId) -> Option<String> {
        self.rooms()
            .get(room)
            .and_then(|r| r.members.get(&conn))
            .and_then(|m| m.join_ref.clone())
    }
}

/// Removes a socket's metas from a room; the leaves of a diff, if any went.
fn untrack_in(state: &mut Room, conn: ConnId) -> Option<Value> {
    let mut leaves = Map::new();
    state.presence.retain(|key, metas| {
        let (gone, kept): (Vec<Meta>, Vec<Meta>) =
            metas.drain(..).partition(|m| m.owner == Some(conn));
        if !gone.is_empty() {
            leaves.insert(
                key.clone(),
                json!({"metas": gone.iter().map(Meta::json).collect::<Vec<_>>()}),
            );
        }
        *metas = kept;
        !metas.is_empty()
    });
    (!leaves.is_empty()).then_some(Value::Object(leaves))
}

#[cfg(test)]
mod tests;
