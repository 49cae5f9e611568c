//! The channels one socket has joined and what each push does: join (with
//! its config, token and, for a private channel, the policies' answer),
//! leave, broadcast (with `self` and `ack`), presence track/untrack, token
//! refresh, heartbeat. Replies and everything the socket receives go through
//! its one queue, so they reach the client in order.

use std::collections::HashMap;
use std::sync::Arc;

use pleat_auth::caller::Caller;
use serde_json::{json, Map, Value};

use crate::changes::{Binding, Subscriber, Unavailable};
use crate::hub::{ConnId, Outbox, RoomKey, Tracked};
use crate::limits::PerSecond;
use crate::protocol::{Frame, Payload};
use crate::{private, token, RealtimeState};

struct Joined {
    room: RoomKey,
    join_ref: Option<String>,
    caller: Caller,
    broadcast_self: bool,
    ack: bool,
    presence_key: String,
    /// A private channel's right to send per extension, asked of the policies on first use.
    may_send: HashMap<&'static str, bool>,
}

pub struct Channels {
    state: Arc<RealtimeState>,
    conn: ConnId,
    /// The socket's own token: a join without `access_token` runs as it.
    caller: Caller,
    outbox: Outbox,
    joined: HashMap<String, Joined>,
    events: PerSecond,
    joins: PerSecond,
}

fn system(topic: &str, extension: &str, status: &str, message: &str) -> Frame {
    Frame::new(
        topic,
        "system",
        json!({"extension": extension, "status": status, "message": message, "channel": topic.trim_start_matches("realtime:")}),
    )
}

impl Channels {
    pub fn new(
        state: Arc<RealtimeState>,
        conn: ConnId,
        caller: Caller,
        outbox: Outbox,
    ) -> Channels {
        let limits = state.settings.limits;
        Channels {
            state,
            conn,
            caller,
            outbox,
            joined: HashMap::new(),
            events: PerSecond::new(limits.max_events_per_second),
            joins: PerSecond::new(limits.max_joins_per_second),
        }
    }

    fn send(&self, frame: Frame) {
        self.outbox.send(Arc::new(frame));
    }

    fn reply(&self, to: &Frame, status: &str, response: Value) {
        self.send(Frame::reply(to, status, response));
    }

    fn error(&self, to: &Frame, reason: &str) {
        self.reply(to, "error", json!({ "reason": reason }));
    }

    pub async fn handle(&mut self, frame: Frame) {
        match (frame.topic.as_str(), frame.event.as_str()) {
            ("phoenix", "heartbeat") => self.reply(&frame, "ok", json!({})),
            (_, "phx_join") => self.join(frame).await,
            (topic, _) if !self.joined.contains_key(topic) => self.error(&frame, "unmatched topic"),
            (_, "phx_leave") => {
                self.reply(&frame, "ok", json!({}));
                self.close(&frame.topic);
            }
            (_, "access_token") => self.refresh(&frame).await,
            _ if !self.events.allow() => self.too_many(&frame.topic),
            (_, "broadcast") => self.broadcast(frame).await,
            (_, "presence") => self.presence(&frame).await,
            _ => tracing::debug!(event = %frame.event, "realtime: unknown event ignored"),
        }
    }

    async fn join(&mut self, frame: Frame) {
        let Some(name) = frame.topic.strip_prefix("realtime:") else {
            return self.error(&frame, "unmatched topic");
        };
        if name.is_empty() {
            return self.error(&frame, "You must provide a topic name");
        }
        if !self.joins.allow() {
            return self.error(&frame, "Too many joins per second");
        }
        let payload = frame.json().cloned().unwrap_or(Value::Null);
        let config = &payload["config"];
        let caller = match payload.get("access_token").and_then(Value::as_str) {
            Some(access_token) => {
                match token::verify(Some(access_token), &self.state.settings.keyring).await {
                    Ok(caller) => caller,
                    Err(token::Refused(reason)) => return self.error(&frame, &reason),
                }
            }
            None => self.caller.clone(),
        };
        if let Some(seconds) = token::expired_for(&caller) {
            return self.error(&frame, &format!("Token has expired {seconds} seconds ago"));
        }
        let private = config["private"].as_bool().unwrap_or(false);
        let room = RoomKey {
            private,
            name: name.to_string(),
        };
        // A second join of an open topic replaces the first.
        if let Some(old) = self.joined.get(&frame.topic) {
            let close = Frame::new(&frame.topic, "phx_close", json!({}))
                .with_refs(old.join_ref.as_deref(), old.join_ref.as_deref());
            self.close(&frame.topic);
            self.send(close);
        } else if self.joined.len() >= self.state.settings.limits.max_channels_per_client {
            return self.error(&frame, "ChannelRateLimitReached: Too many channels");
        }
        if private {
            match private::may(&self.state, &caller, name, private::Access::Read).await {
                Ok(true) => {}
                Ok(false) => {
                    return self.error(
                        &frame,
                        &format!(
                            "You do not have permissions to read from this Channel topic: {name}"
                        ),
                    )
                }
                Err(e) => {
                    tracing::warn!(error = %e, "realtime: a private channel's policies could not be checked");
                    return self.error(&frame, "Unable to check the channel's policies");
                }
            }
        }
        let entries = config["postgres_changes"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut bindings = Vec::with_capacity(entries.len());
        let mut echoed = Vec::with_capacity(entries.len());
        for entry in &entries {
            match Binding::parse(entry) {
                Ok(binding) => {
                    let mut entry = entry.clone();
                    entry["id"] = json!(binding.id);
                    echoed.push(entry);
                    bindings.push(binding);
                }
                Err(message) => return self.error(&frame, &message),
            }
        }
        // Registered before the reply: no change committed after SUBSCRIBED is missed.
        let changes_status = if bindings.is_empty() {
            None
        } else {
            Some(
                self.subscribe_changes(&frame.topic, &caller, bindings)
                    .await,
            )
        };
        let presence_key = match config["presence"]["key"].as_str() {
            Some(key) if !key.is_empty() => key.to_string(),
            _ => uuid::Uuid::new_v4().to_string(),
        };
        let presence_enabled = config["presence"]["enabled"].as_bool().unwrap_or(false);
        self.state.hub.join(
            &room,
            self.conn,
            frame.join_ref.clone(),
            self.outbox.clone(),
        );
        self.reply(&frame, "ok", json!({ "postgres_changes": echoed }));
        if let Some(status) = changes_status {
            let (state, message) = match &status {
                Ok(()) => ("ok", "Subscribed to PostgreSQL".to_string()),
                Err(reason) => ("error", reason.clone()),
            };
            self.send(
                system(&frame.topic, "postgres_changes", state, &message)
                    .with_refs(frame.join_ref.as_deref(), None),
            );
        }
        if presence_enabled {
            self.state.presence.load(&self.state.hub, &room).await;
            let presence = self.state.hub.presence_state(&room);
            self.send(
                Frame::new(&frame.topic, "presence_state", presence)
                    .with_refs(frame.join_ref.as_deref(), None),
            );
        }
        self.joined.insert(
            frame.topic.clone(),
            Joined {
                room,
                join_ref: frame.join_ref.clone(),
                caller,
                broadcast_self: config["broadcast"]["self"].as_bool().unwrap_or(false),
                ack: config["broadcast"]["ack"].as_bool().unwrap_or(false),
                presence_key,
                may_send: HashMap::new(),
            },
        );
    }

    async fn subscribe_changes(
        &self,
        topic: &str,
        caller: &Caller,
        bindings: Vec<Binding>,
    ) -> Result<(), String> {
        let unable = |detail: &str| {
            format!("Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: {detail}")
        };
        if let Err(Unavailable(reason)) = self.state.changes.ready().await {
            return Err(unable(&reason));
        }
        for binding in &bindings {
            match self.state.changes.published(binding).await {
                Ok(true) => {}
                Ok(false) => {
                    return Err(unable(&format!(
                        "[schema: {}, table: {}, filters: {}] is not in the supabase_realtime publication",
                        binding.schema,
                        binding.table,
                        binding.filters.len()
                    )))
                }
                Err(e) => return Err(unable(&e.to_string())),
            }
        }
        self.state.changes.subscribe(
            self.conn,
            Subscriber {
                outbox: self.outbox.clone(),
                topic: topic.to_string(),
                caller: caller.clone(),
                bindings,
            },
        );
        Ok(())
    }

    /// Leaves a channel without a reply (the caller sends what it needs).
    fn close(&mut self, topic: &str) {
        self.state.changes.unsubscribe(self.conn, topic);
        if let Some(joined) = self.joined.remove(topic) {
            if let Some(leaves) = self.state.hub.leave(&joined.room, self.conn) {
                self.state.presence.left(&joined.room, self.conn, leaves);
            }
        }
    }

    /// Closes a channel from the server's side, telling the client why first.
    fn shut(&mut self, topic: &str, extension: &str, message: &str) {
        let Some(joined) = self.joined.get(topic) else {
            return;
        };
        let join_ref = joined.join_ref.clone();
        self.send(system(topic, extension, "error", message).with_refs(join_ref.as_deref(), None));
        self.close(topic);
        self.send(
            Frame::new(topic, "phx_close", json!({}))
                .with_refs(join_ref.as_deref(), join_ref.as_deref()),
        );
    }

    fn too_many(&mut self, topic: &str) {
        let topic = topic.to_string();
        self.shut(&topic, "system", "Too many messages per second");
    }

    pub fn leave_all(&mut self) {
        let topics: Vec<String> = self.joined.keys().cloned().collect();
        for topic in topics {
            self.close(&topic);
        }
    }

    /// Closes the channels whose token has run out.
    pub fn check_tokens(&mut self) {
        let expired: Vec<(String, i64)> = self
            .joined
            .iter()
            .filter_map(|(topic, j)| token::expired_for(&j.caller).map(|s| (topic.clone(), s)))
            .collect();
        for (topic, seconds) in expired {
            self.shut(
                &topic,
                "system",
                &format!("Token has expired {seconds} seconds ago"),
            );
        }
    }

    async fn refresh(&mut self, frame: &Frame) {
        let Some(access_token) = frame.json().and_then(|p| p["access_token"].as_str()) else {
            return;
        };
        match token::verify(Some(access_token), &self.state.settings.keyring).await {
            Ok(caller) => {
                if let Some(joined) = self.joined.get_mut(&frame.topic) {
                    if joined.caller != caller {
                        self.state
                            .changes
                            .set_caller(self.conn, &frame.topic, caller.clone());
                        joined.caller = caller;
                        joined.may_send.clear();
                    }
                }
            }
            Err(token::Refused(reason)) => self.shut(&frame.topic, "system", &reason),
        }
    }

    async fn may_send(&mut self, topic: &str, extension: &'static str) -> bool {
        let Some(joined) = self.joined.get(topic) else {
            return false;
        };
        if !joined.room.private {
            return true;
        }
        if let Some(known) = joined.may_send.get(extension) {
            return *known;
        }
        let allowed = private::may(&self.state, &joined.caller, &joined.room.name, private::Access::Send(extension))
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "realtime: a private channel's policies could not be checked");
                false
            });
        if let Some(joined) = self.joined.get_mut(topic) {
            joined.may_send.insert(extension, allowed);
        }
        allowed
    }

    async fn broadcast(&mut self, frame: Frame) {
        let size = match &frame.payload {
            Payload::Json(v) => v["payload"].to_string().len(),
            Payload::Binary { bytes, .. } => bytes.len(),
        };
        let ack = self.joined.get(&frame.topic).is_some_and(|j| j.ack);
        if size > self.state.settings.limits.max_payload_bytes {
            if ack {
                self.error(&frame, "Payload too large");
            }
            return;
        }
        if !self.may_send(&frame.topic, "broadcast").await {
            if ack {
                self.error(
                    &frame,
                    "You do not have permissions to write to this Channel topic",
                );
            }
            return;
        }
        let Some(joined) = self.joined.get(&frame.topic) else {
            return;
        };
        let except = (!joined.broadcast_self).then_some(self.conn);
        let out = Frame {
            join_ref: None,
            reference: None,
            topic: frame.topic.clone(),
            event: "broadcast".into(),
            payload: match &frame.payload {
                Payload::Json(v) => Payload::Json(json!({
                    "type": "broadcast",
                    "event": v["event"],
                    "payload": v["payload"],
                })),
                binary => binary.clone(),
            },
        };
        if let Payload::Json(body) = &out.payload {
            self.state
                .bus
                .publish(&joined.room, &body["event"], &body["payload"]);
        }
        self.state.hub.broadcast(&joined.room, out, except);
        if ack {
            self.reply(&frame, "ok", json!({}));
        }
    }

    async fn presence(&mut self, frame: &Frame) {
        let payload = frame.json().cloned().unwrap_or(Value::Null);
        let Some(joined) = self.joined.get(&frame.topic) else {
            return;
        };
        let (room, key) = (joined.room.clone(), joined.presence_key.clone());
        match payload["event"].as_str() {
            Some("track") => {
                let Some(meta) = payload["payload"].as_object().cloned() else {
                    return self.error(frame, "Presence track payload must be a map");
                };
                if Value::Object(meta.clone()).to_string().len()
                    > self.state.settings.limits.max_payload_bytes
                {
                    return self.error(frame, "Payload too large");
                }
                if !self.may_send(&frame.topic, "presence").await {
                    return self.error(
                        frame,
                        "You do not have permissions to track presence on this Channel topic",
                    );
                }
                if self.state.hub.presence_keys(&room)
                    >= self.state.settings.limits.max_presence_keys
                {
                    return self.error(frame, "Too many presence keys");
                }
                let (tracked, joins) = self.state.hub.track(&room, self.conn, &key, meta_map(meta));
                if tracked != Tracked::Unchanged {
                    self.state
                        .presence
                        .tracked(&room, self.conn, &key, &joins)
                        .await;
                }
                self.reply(frame, "ok", json!({}));
            }
            Some("untrack") => {
                if let Some(leaves) = self.state.hub.untrack(&room, self.conn) {
                    self.state.presence.left(&room, self.conn, leaves);
                }
                self.reply(frame, "ok", json!({}));
            }
            _ => self.error(frame, "Unknown presence event"),
        }
    }
}

fn meta_map(meta: Map<String, Value>) -> Map<String, Value> {
    meta.into_iter()
        .filter(|(k, _)| k != "phx_ref" && k != "phx_ref_prev")
        .collect()
}
