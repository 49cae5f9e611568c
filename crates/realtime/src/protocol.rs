//! The Phoenix channel frames realtime-js speaks: serializer 1.0.0 (a JSON
//! object per frame) and 2.0.0 (a JSON array `[join_ref, ref, topic, event,
//! payload]`, plus the binary "user broadcast" push supabase-js sends for
//! `channel.send({type: 'broadcast'})` and the binary broadcast it decodes).
//! Pure: no sockets here, so every shape is unit-tested.

use serde_json::{json, Value};

/// The serializer a socket asked for with `vsn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vsn {
    V1,
    V2,
}

impl Vsn {
    /// Phoenix's default is 1.0.0 when the client names none.
    pub fn parse(value: Option<&str>) -> Option<Vsn> {
        match value {
            None | Some("1.0.0") => Some(Vsn::V1),
            Some("2.0.0") => Some(Vsn::V2),
            Some(_) => None,
        }
    }
}

/// One frame, either way.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub join_ref: Option<String>,
    pub reference: Option<String>,
    pub topic: String,
    pub event: String,
    pub payload: Payload,
}

/// A frame's payload: JSON, or the raw bytes of a binary user broadcast.
#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    Json(Value),
    /// A broadcast whose payload is bytes (`enc` 0): its user event and the bytes.
    Binary {
        event: String,
        bytes: bytes::Bytes,
    },
}

impl Frame {
    pub fn new(topic: &str, event: &str, payload: Value) -> Frame {
        Frame {
            join_ref: None,
            reference: None,
            topic: topic.to_string(),
            event: event.to_string(),
            payload: Payload::Json(payload),
        }
    }

    pub fn with_refs(mut self, join_ref: Option<&str>, reference: Option<&str>) -> Frame {
        self.join_ref = join_ref.map(str::to_string);
        self.reference = reference.map(str::to_string);
        self
    }

    /// The reply to a push: `phx_reply` with the push's refs.
    pub fn reply(to: &Frame, status: &str, response: Value) -> Frame {
        Frame::new(
            &to.topic,
            "phx_reply",
            json!({"status": status, "response": response}),
        )
        .with_refs(to.join_ref.as_deref(), to.reference.as_deref())
    }

    pub fn json(&self) -> Option<&Value> {
        match &self.payload {
            Payload::Json(v) => Some(v),
            Payload::Binary { .. } => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub String);

fn opt_string(value: &Value) -> Result<Option<String>, DecodeError> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        Value::Number(n) => Ok(Some(n.to_string())),
        _ => Err(DecodeError("refs must be strings or null".into())),
    }
}

fn string(value: &Value, what: &str) -> Result<String, DecodeError> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| DecodeError(format!("{what} must be a string")))
}

/// A text frame in the socket's serializer.
pub fn decode_text(vsn: Vsn, text: &str) -> Result<Frame, DecodeError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| DecodeError(format!("not JSON: {e}")))?;
    match (vsn, value) {
        (Vsn::V2, Value::Array(items)) if items.len() == 5 => Ok(Frame {
            join_ref: opt_string(&items[0])?,
            reference: opt_string(&items[1])?,
            topic: string(&items[2], "topic")?,
            event: string(&items[3], "event")?,
            payload: Payload::Json(items[4].clone()),
        }),
        (Vsn::V1, Value::Object(map)) => {
            let get = |k: &str| map.get(k).cloned().unwrap_or(Value::Null);
            Ok(Frame {
                join_ref: opt_string(&get("join_ref"))?,
                reference: opt_string(&get("ref"))?,
                topic: string(&get("topic"), "topic")?,
                event: string(&get("event"), "event")?,
                payload: Payload::Json(get("payload")),
            })
        }
        (Vsn::V2, _) => Err(DecodeError(
            "a frame is [join_ref, ref, topic, event, payload]".into(),
        )),
        (Vsn::V1, _) => Err(DecodeError("a frame is a JSON object".into())),
    }
}

const USER_BROADCAST_PUSH: u8 = 3;
const USER_BROADCAST: u8 = 4;

/// A binary frame: only realtime-js's user broadcast push (kind 3) is defined
/// from client to server. Its JSON form becomes the same frame a text
/// `broadcast` push is; raw bytes stay bytes.
pub fn decode_binary(data: &[u8]) -> Result<Frame, DecodeError> {
    let bad = || DecodeError("malformed binary frame".into());
    let (&kind, rest) = data.split_first().ok_or_else(bad)?;
    if kind != USER_BROADCAST_PUSH {
        return Err(DecodeError(format!(
            "binary frames of kind {kind} are not accepted"
        )));
    }
    let header = rest.get(..6).ok_or_else(bad)?;
    let (join_ref_len, ref_len, topic_len, event_len, meta_len, enc) = (
        header[0], header[1], header[2], header[3], header[4], header[5],
    );
    let mut at = 7usize;
    let mut take = |len: u8| -> Result<&[u8], DecodeError> {
        let end = at + usize::from(len);
        let part = data.get(at..end).ok_or_else(bad)?;
        at = end;
        Ok(part)
    };
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|_| bad());
    let join_ref = text(take(join_ref_len)?)?;
    let reference = text(take(ref_len)?)?;
    let topic = text(take(topic_len)?)?;
    let event = text(take(event_len)?)?;
    let meta = take(meta_len)?.to_vec();
    let body = data.get(at..).ok_or_else(bad)?;
    let payload = match enc {
        1 => {
            let inner: Value = serde_json::from_slice(body).map_err(|_| bad())?;
            let mut outer = json!({"type": "broadcast", "event": event, "payload": inner});
            if !meta.is_empty() {
                if let Ok(meta) = serde_json::from_slice::<Value>(&meta) {
                    outer["meta"] = meta;
                }
            }
            Payload::Json(outer)
        }
        0 => Payload::Binary {
            event,
            bytes: bytes::Bytes::copy_from_slice(body),
        },
        other => return Err(DecodeError(format!("unknown payload encoding {other}"))),
    };
    Ok(Frame {
        join_ref: Some(join_ref).filter(|s| !s.is_empty()),
        reference: Some(reference).filter(|s| !s.is_empty()),
        topic,
        event: "broadcast".into(),
        payload,
    })
}

/// What goes on the wire for a frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Encoded {
    Text(String),
    Binary(bytes::Bytes),
}

/// A frame in the socket's serializer. Binary payloads go as realtime-js's
/// user broadcast (kind 4); a 1.0.0 socket cannot carry them and gets none.
pub fn encode(vsn: Vsn, frame: &Frame) -> Option<Encoded> {
    match &frame.payload {
        Payload::Json(payload) => {
            let text = match vsn {
                Vsn::V2 => json!([
                    frame.join_ref,
                    frame.reference,
                    frame.topic,
                    frame.event,
                    payload
                ]),
                Vsn::V1 => json!({
                    "topic": frame.topic,
                    "event": frame.event,
                    "payload": payload,
                    "ref": frame.reference,
                }),
            };
            Some(Encoded::Text(text.to_string()))
        }
        Payload::Binary { event, bytes } => {
            if vsn == Vsn::V1 || frame.topic.len() > 255 || event.len() > 255 {
                return None;
            }
            let mut out = Vec::with_capacity(5 + frame.topic.len() + event.len() + bytes.len());
            out.push(USER_BROADCAST);
            out.push(u8::try_from(frame.topic.len()).ok()?);
            out.push(u8::try_from(event.len()).ok()?);
            out.push(0); // no metadata
            out.push(0); // raw bytes
            out.extend_from_slice(frame.topic.as_bytes());
            out.extend_from_slice(event.as_bytes());
            out.extend_from_slice(bytes);
            Some(Encoded::Binary(out.into()))
        }
    }
}

#[cfg(test)]
mod tests;
