//! Broadcasts over HTTP, as realtime-js sends them when a channel is not
//! joined (`POST /api/broadcast`, a batch) and with `channel.httpSend`
//! (`POST /api/broadcast/{topic}/events/{event}`, one payload as the body).
//! The token is checked like every other request's; a private message is
//! sent only when the policies on `realtime.messages` let the caller send.

use actix_web::http::header::CONTENT_TYPE;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use pleat_auth::caller::{self, Caller};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::bus::broadcast_frame;
use crate::hub::RoomKey;
use crate::protocol::{Frame, Payload};
use crate::{private, token, RealtimeState};

fn answer(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "message": message }))
}

/// The verified caller; `None` answers 401.
async fn authorise(req: &HttpRequest, state: &RealtimeState) -> Option<Caller> {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    let query_key =
        web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
            .ok()
            .and_then(|q| q.get("apikey").cloned());
    let apikey = header("apikey").map(str::to_string).or(query_key);
    let found = caller::token(header("authorization"), apikey.as_deref());
    token::verify(found, &state.settings.keyring).await.ok()
}

/// The database could not answer whether the caller may send.
struct PoliciesUnchecked;

impl PoliciesUnchecked {
    fn answer() -> HttpResponse {
        answer(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Unable to check the channel's policies",
        )
    }
}

#[derive(Deserialize)]
pub struct Batch {
    messages: Vec<Message>,
}

#[derive(Deserialize)]
struct Message {
    topic: String,
    event: String,
    #[serde(default)]
    payload: Value,
    #[serde(default)]
    private: bool,
}

async fn send(
    state: &RealtimeState,
    caller: &Caller,
    room: RoomKey,
    event: &str,
    payload: Payload,
) -> Result<(), PoliciesUnchecked> {
    if room.private {
        let allowed = private::may(state, caller, &room.name, private::Access::Send("broadcast"))
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "realtime: a private channel's policies could not be checked");
                PoliciesUnchecked
            })?;
        if !allowed {
            return Ok(());
        }
    }
    match payload {
        Payload::Json(payload) => {
            let event = Value::String(event.to_string());
            state
                .hub
                .broadcast(&room, broadcast_frame(&room, &event, &payload, None), None);
            state.bus.publish(&room, &event, &payload);
        }
        Payload::Binary { bytes, .. } => {
            let frame = Frame {
                join_ref: None,
                reference: None,
                topic: room.topic(),
                event: "broadcast".into(),
                payload: Payload::Binary {
                    event: event.to_string(),
                    bytes,
                },
            };
            state.hub.broadcast(&room, frame, None);
        }
    }
    Ok(())
}

pub async fn batch(
    req: HttpRequest,
    body: web::Bytes,
    state: web::Data<RealtimeState>,
) -> HttpResponse {
    let Some(caller) = authorise(&req, &state).await else {
        return answer(StatusCode::UNAUTHORIZED, "Unauthorized");
    };
    if body.len() > state.settings.limits.max_payload_bytes {
        return answer(StatusCode::PAYLOAD_TOO_LARGE, "Payload too large");
    }
    let batch: Batch = match serde_json::from_slice(&body) {
        Ok(batch) => batch,
        Err(e) => {
            return answer(
                StatusCode::UNPROCESSABLE_ENTITY,
                &format!("Invalid body: {e}"),
            )
        }
    };
    for message in batch.messages {
        let name = message
            .topic
            .strip_prefix("realtime:")
            .unwrap_or(&message.topic)
            .to_string();
        let room = RoomKey {
            private: message.private,
            name,
        };
        if let Err(PoliciesUnchecked) = send(
            &state,
            &caller,
            room,
            &message.event,
            Payload::Json(message.payload),
        )
        .await
        {
            return PoliciesUnchecked::answer();
        }
    }
    HttpResponse::Accepted().finish()
}

#[derive(Deserialize)]
pub struct Single {
    #[serde(default)]
    private: Option<String>,
}

pub async fn single(
    req: HttpRequest,
    path: web::Path<(String, String)>,
    query: web::Query<Single>,
    body: web::Bytes,
    state: web::Data<RealtimeState>,
) -> HttpResponse {
    let Some(caller) = authorise(&req, &state).await else {
        return answer(StatusCode::UNAUTHORIZED, "Unauthorized");
    };
    if body.len() > state.settings.limits.max_payload_bytes {
        return answer(StatusCode::PAYLOAD_TOO_LARGE, "Payload too large");
    }
    let (topic, event) = path.into_inner();
    let content_type = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let payload = match content_type.as_str() {
        "application/json" => match serde_json::from_slice(&body) {
            Ok(value) => Payload::Json(value),
            Err(e) => {
                return answer(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    &format!("Invalid JSON body: {e}"),
                )
            }
        },
        "application/octet-stream" => Payload::Binary {
            event: event.clone(),
            bytes: body,
        },
        _ => {
            return answer(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "Content-Type must be application/json or application/octet-stream",
            )
        }
    };
    let room = RoomKey {
        private: query.private.as_deref() == Some("true"),
        name: topic
            .strip_prefix("realtime:")
            .unwrap_or(&topic)
            .to_string(),
    };
    match send(&state, &caller, room, &event, payload).await {
        Ok(()) => HttpResponse::Accepted().finish(),
        Err(PoliciesUnchecked) => PoliciesUnchecked::answer(),
    }
}
