//! `GET /realtime/v1/websocket?apikey=…&vsn=…`: the API key is checked before
//! the upgrade (a refusal is Supabase's JSON `{"error": …}`), then one task per
//! socket reads frames, hands pushes to its channels, and writes what its
//! queue holds. The socket closes when the client goes quiet for the idle
//! timeout, when its queue overflows (too slow to keep up), or when it leaves.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::{AggregatedMessage, CloseCode, CloseReason};
use serde_json::json;
use tokio::time::{sleep_until, Instant};

use crate::channel::Channels;
use crate::hub::Outbox;
use crate::protocol::{self, Encoded, Frame, Vsn};
use crate::{token, RealtimeState};

fn refuse(status: actix_web::http::StatusCode, error: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "error": error }))
}

/// Counts a socket while it is open.
struct Counted(web::Data<RealtimeState>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

pub async fn websocket(
    req: HttpRequest,
    body: web::Payload,
    query: web::Query<HashMap<String, String>>,
    state: web::Data<RealtimeState>,
) -> Result<HttpResponse, actix_web::Error> {
    use actix_web::http::StatusCode;
    let Some(vsn) = Vsn::parse(query.get("vsn").map(String::as_str)) else {
        return Ok(refuse(
            StatusCode::BAD_REQUEST,
            "Unsupported vsn; use 1.0.0 or 2.0.0",
        ));
    };
    let header_key = req.headers().get("x-api-key").and_then(|v| v.to_str().ok());
    let apikey = query.get("apikey").map(String::as_str).or(header_key);
    let caller = match token::verify(apikey, &state.settings.keyring).await {
        Ok(caller) => caller,
        Err(token::Refused(message)) => return Ok(refuse(StatusCode::UNAUTHORIZED, &message)),
    };
    let limits = state.settings.limits;
    if state.connections.fetch_add(1, Ordering::Relaxed) >= limits.max_connections {
        state.connections.fetch_sub(1, Ordering::Relaxed);
        return Ok(refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many connected users",
        ));
    }
    let counted = Counted(state.clone());
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream
        .max_frame_size(limits.max_payload_bytes + 64 * 1024)
        .aggregate_continuations()
        .max_continuation_size(limits.max_payload_bytes + 64 * 1024);
    actix_web::rt::spawn(async move {
        run(state, vsn, caller, session, stream).await;
        drop(counted);
    });
    Ok(response)
}

async fn run(
    state: web::Data<RealtimeState>,
    vsn: Vsn,
    caller: pleat_auth::caller::Caller,
    mut session: actix_ws::Session,
    mut stream: actix_ws::AggregatedMessageStream,
) {
    let conn = state.hub.connection_id();
    let (outbox, mut queue, overflow) = Outbox::new(state.settings.limits.queue);
    let mut channels = Channels::new(state.clone().into_inner(), conn, caller, outbox);
    let idle = state.settings.idle_timeout;
    let mut deadline = Instant::now() + idle;
    let reason = loop {
        tokio::select! {
            message = stream.recv() => {
                let Some(message) = message else { break None };
                deadline = Instant::now() + idle;
                let frame = match message {
                    Ok(AggregatedMessage::Text(text)) => protocol::decode_text(vsn, &text),
                    Ok(AggregatedMessage::Binary(bytes)) => protocol::decode_binary(&bytes),
                    Ok(AggregatedMessage::Ping(bytes)) => {
                        if session.pong(&bytes).await.is_err() { break None }
                        continue;
                    }
                    Ok(AggregatedMessage::Pong(_)) => continue,
                    Ok(AggregatedMessage::Close(_)) => break None,
                    Err(e) => break Some(CloseReason {
                        code: CloseCode::Size,
                        description: Some(e.to_string()),
                    }),
                };
                match frame {
                    Ok(frame) => channels.handle(frame).await,
                    // Realtime ignores what it cannot read; the client learns
                    // nothing from a reply it cannot match to a push anyway.
                    Err(e) => tracing::debug!(error = %e.0, "realtime: unreadable frame ignored"),
                }
            }
            Some(frame) = queue.recv() => {
                if write(&mut session, vsn, &frame).await.is_err() { break None }
            }
            () = overflow.notified() => break Some(CloseReason {
                code: CloseCode::Policy,
                description: Some("too slow to keep up: messages were queued past the limit".into()),
            }),
            () = sleep_until(deadline) => break Some(CloseReason {
                code: CloseCode::Normal,
                description: Some("idle".into()),
            }),
        }
        channels.check_tokens();
    };
    channels.leave_all();
    let _ = session.close(reason).await;
}

async fn write(
    session: &mut actix_ws::Session,
    vsn: Vsn,
    frame: &Arc<Frame>,
) -> Result<(), actix_ws::Closed> {
    match protocol::encode(vsn, frame) {
        Some(Encoded::Text(text)) => session.text(text).await,
        Some(Encoded::Binary(bytes)) => session.binary(bytes).await,
        None => Ok(()),
    }
}
