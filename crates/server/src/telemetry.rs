//! Logging and the request's own telemetry: `RUST_LOG` (default `info`) in
//! the format `PLEAT_LOG_FORMAT` names (text for a person, one JSON object a
//! line for a collector), and per request an id (`X-Request-Id`, sent back
//! and carried by every line the request logs), one line when it is
//! answered (method, route, status, duration, client address) and, when
//! metrics are on, its count and latency.
//!
//! Never logged: the query string (API keys, tokens and signed URLs travel
//! in it), any header, and a matched route's parameters (a path may carry a
//! one-time token): a route is logged as its pattern, and only a path no
//! route matched (the site's pages, `/rest/v1`'s tables) is logged as sent.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;
use ipnet::IpNet;
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

use crate::metrics::{Api, Metrics};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    /// One JSON object per line: `timestamp`, `level`, `message`, the
    /// event's fields, and `span` with the request id of the request it
    /// belongs to.
    Json,
}

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,actix_server=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // try_init: tests build many apps in one process.
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
}

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// An incoming request id longer than this is not believed (a new one is
/// made), so a log line stays bounded.
const MAX_REQUEST_ID: usize = 128;

/// What the request middleware needs: whom to believe about the client's
/// address and request id, and where to count (when metrics are on).
pub struct RequestTelemetry {
    pub trusted_proxies: Vec<IpNet>,
    pub metrics: Option<Arc<Metrics>>,
}

/// The request's id: the one a trusted proxy sent, when it is short and
/// plain (letters, digits, `-_.:`), else a new random UUID.
fn request_id(req: &ServiceRequest, trusted: &[IpNet]) -> HeaderValue {
    let incoming = req
        .headers()
        .get(&REQUEST_ID)
        .filter(|v| acceptable_id(v.as_bytes()));
    match incoming {
        Some(v) if pleat_auth::caller::address::from_trusted_proxy(req.request(), trusted) => {
            v.clone()
        }
        _ => {
            let id = uuid::Builder::from_random_bytes(rand::random()).into_uuid();
            let mut buf = uuid::Uuid::encode_buffer();
            HeaderValue::from_str(id.hyphenated().encode_lower(&mut buf))
                .unwrap_or_else(|_| HeaderValue::from_static("invalid"))
        }
    }
}

fn acceptable_id(id: &[u8]) -> bool {
    !id.is_empty()
        && id.len() <= MAX_REQUEST_ID
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'))
}

/// A download link works once, but one whose backup could not be read yet
/// still works: its token stays out of the log like any key.
fn loggable_path(path: &str) -> String {
    const DOWNLOAD: &str = "/backup/v1/download/";
    match path.strip_prefix(DOWNLOAD) {
        Some(token) if !token.is_empty() => format!("{DOWNLOAD}…"),
        _ => path.to_owned(),
    }
}

pub async fn observe_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let start = Instant::now();
    let telemetry = req.app_data::<web::Data<RequestTelemetry>>().cloned();
    let trusted = telemetry
        .as_deref()
        .map_or(&[][..], |t| t.trusted_proxies.as_slice());
    let id = request_id(&req, trusted);
    let client: Option<IpAddr> = pleat_auth::caller::address::of_request(req.request(), trusted);
    let api = Api::of_path(req.path());
    let method = req.method().clone();
    // Kept for an error no service turned into a response (the request
    // itself cannot be kept: routing needs it unshared).
    let path = loggable_path(req.path());
    let span = tracing::info_span!("request", request_id = %id.to_str().unwrap_or_default());
    let called = next.call(req).instrument(span.clone()).await;
    let elapsed = start.elapsed();
    let ms = (elapsed.as_secs_f64() * 10_000.0).round() / 10.0;
    let request_id = id.to_str().unwrap_or_default();
    let method = method.as_str();
    let client = client.map(tracing::field::display);
    let _entered = span.enter();
    let status = match &called {
        Ok(res) => {
            let status = res.status().as_u16();
            let route = res.request().match_pattern();
            let route = route.as_deref().unwrap_or(&path);
            tracing::info!(
                %request_id,
                %method,
                %route,
                status,
                duration_ms = ms,
                client,
                "request"
            );
            status
        }
        Err(e) => {
            // actix answers it with the error's own response.
            let status = e.as_response_error().status_code().as_u16();
            let route = path.as_str();
            tracing::warn!(%request_id, %method, %route, status, duration_ms = ms, client, error = %e, "request failed");
            status
        }
    };
    if let Some(metrics) = telemetry.as_ref().and_then(|t| t.metrics.as_ref()) {
        metrics.requests.record(api, status, elapsed);
    }
    called.map(|mut res| {
        res.headers_mut().insert(REQUEST_ID, id);
        res
    })
}

#[cfg(test)]
mod tests {
    use super::acceptable_id;

    #[test]
    fn only_short_plain_request_ids_are_believed() {
        assert!(acceptable_id(b"7c9e6679-7425-40de-944b-e07fc1f90ae7"));
        assert!(acceptable_id(b"req_01.a:b"));
        assert!(!acceptable_id(b""));
        assert!(!acceptable_id(&[b'a'; MAX + 1]));
        assert!(!acceptable_id(b"a b"));
        assert!(!acceptable_id(b"a\"b"));
        assert!(!acceptable_id(b"line\nbreak"));
        assert!(!acceptable_id("caf\u{e9}".as_bytes()));
    }

    const MAX: usize = super::MAX_REQUEST_ID;

    #[test]
    fn download_tokens_stay_out_of_the_log() {
        assert_eq!(
            super::loggable_path("/backup/v1/download/0b7c3f0e-4a55-4c1e-9a49-6f1e2b8b9d10"),
            "/backup/v1/download/…"
        );
        assert_eq!(super::loggable_path("/rest/v1/notes"), "/rest/v1/notes");
    }
}
