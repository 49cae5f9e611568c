//! Deadlines for slow clients, for every route: a client that sends a body a
//! byte at a time would otherwise hold a worker's request, and whatever the
//! handler took before reading (a pooled connection, a rate-limit place), for
//! as long as it likes. The head is bounded by actix's
//! `client_request_timeout` (`PLEAT_HEADER_TIMEOUT`, answered 408 by actix);
//! the body here: every request's payload stream fails once
//! `PLEAT_BODY_TIMEOUT` has passed since the request arrived, extended by the
//! time the bytes received so far would take at [`MIN_RATE`] (so a large photo
//! uploaded over a slow phone connection still arrives, while a client
//! trickling a byte at a time gains nothing), and whatever
//! the handler answered to that failure becomes a 408 in the API's own error
//! format, with the connection closed (the rest of the body is never read).

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes};
use actix_web::{HttpMessage, HttpResponse};
use futures_util::{Stream, StreamExt};
use serde_json::json;
use tokio::time::Sleep;

/// Bytes per second a body is allowed beyond the fixed deadline: 16 KiB/s,
/// about a 128 kbit/s uplink.
pub const MIN_RATE: f64 = 16.0 * 1024.0;

/// How long a request's body may take to arrive (app data of the server).
#[derive(Debug, Clone, Copy)]
pub struct BodyDeadline(pub Duration);

/// A payload that fails with `TimedOut` once its deadline has passed.
struct Deadlined {
    inner: Payload,
    deadline: Pin<Box<Sleep>>,
    expired: Arc<AtomicBool>,
    finished: bool,
}

impl Stream for Deadlined {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.finished {
            return Poll::Ready(None);
        }
        if let Poll::Ready(item) = self.inner.poll_next_unpin(cx) {
            self.finished = item.is_none();
            if let Some(Ok(bytes)) = &item {
                let earned = Duration::from_secs_f64(bytes.len() as f64 / MIN_RATE);
                let later = self.deadline.deadline() + earned;
                self.deadline.as_mut().reset(later);
            }
            return Poll::Ready(item);
        }
        if self.deadline.as_mut().poll(cx).is_ready() {
            self.finished = true;
            self.expired.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err(PayloadError::Io(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request body did not arrive in time",
            )))));
        }
        Poll::Pending
    }
}

pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let limit = req.app_data::<web::Data<BodyDeadline>>().map(|d| d.0);
    // Without either header HTTP/1.1 has no body to wait for.
    let has_body = [header::CONTENT_LENGTH, header::TRANSFER_ENCODING]
        .iter()
        .any(|h| req.headers().contains_key(h));
    let Some(limit) = limit.filter(|_| has_body) else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    };
    let expired = Arc::new(AtomicBool::new(false));
    let stream = Deadlined {
        inner: req.take_payload(),
        deadline: Box::pin(tokio::time::sleep(limit)),
        expired: expired.clone(),
        finished: false,
    };
    req.set_payload(Payload::from(
        Box::pin(stream) as Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>
    ));
    let res = next.call(req).await?;
    if !expired.load(Ordering::Relaxed) {
        return Ok(res.map_into_left_body());
    }
    let (req, _) = res.into_parts();
    let answer = timed_out(req.path(), limit);
    Ok(ServiceResponse::new(req, answer).map_into_right_body())
}

/// 408 in the format of the API the path belongs to.
fn timed_out(path: &str, limit: Duration) -> HttpResponse {
    let message = format!(
        "The request body was not received within {} ms",
        limit.as_millis()
    );
    let body = if path.starts_with("/auth/v1") {
        json!({"code": 408, "error_code": "request_timeout", "msg": message})
    } else {
        json!({
            "code": "PGRST408",
            "message": message,
            "details": null,
            "hint": "Send the body faster, or in smaller requests",
        })
    };
    HttpResponse::RequestTimeout()
        .insert_header(("connection", "close"))
        .json(body)
}
