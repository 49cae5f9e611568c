//! Logging: `RUST_LOG` (default `info`) and one line per request with method,
//! path (never the query string, which may carry keys, nor a backup's
//! one-time download token), status and duration.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,actix_server=warn"));
    // try_init: tests build many apps in one process.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
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

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let start = Instant::now();
    let method = req.method().clone();
    let path = loggable_path(req.path());
    let res = next.call(req).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    match &res {
        Ok(r) => {
            tracing::info!(%method, %path, status = r.status().as_u16(), ms = format_args!("{ms:.1}"), "request")
        }
        Err(e) => {
            tracing::warn!(%method, %path, error = %e, ms = format_args!("{ms:.1}"), "request failed")
        }
    }
    res
}

#[cfg(test)]
mod tests {
    #[test]
    fn download_tokens_stay_out_of_the_log() {
        assert_eq!(
            super::loggable_path("/backup/v1/download/0b7c3f0e-4a55-4c1e-9a49-6f1e2b8b9d10"),
            "/backup/v1/download/…"
        );
        assert_eq!(super::loggable_path("/rest/v1/notes"), "/rest/v1/notes");
    }
}
