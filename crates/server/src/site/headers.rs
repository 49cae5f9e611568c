//! The security headers of every page and file the site serves. The CSP lets
//! the app's own files run and nothing else: scripts from the site plus the one
//! inline runtime-config script (by its hash; the inlined data and JSON-LD are
//! data blocks, never run), styles from the site (inline style attributes too,
//! which the admin's rich-text editor and sanitised content use), images from
//! the site and any https URL the owner pastes, and requests only to the site
//! itself (crawlers' tools fetch robots.txt from the page) and the public URL's
//! `/rest/`, `/auth/`, `/storage/`, `/realtime/` (its websocket too) and
//! `/backup/` (an admin may fetch a backup download). No page may be framed.

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::HttpResponse;
use base64::Engine;
use sha2::{Digest, Sha256};

pub struct SecurityHeaders {
    csp: HeaderValue,
}

impl SecurityHeaders {
    /// `config_script` is the exact text of the inline config script.
    pub fn new(site_url: &str, config_script: &str) -> SecurityHeaders {
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(config_script));
        // supabase-js opens /realtime/v1's socket at the same URL with ws(s).
        let socket_url = site_url
            .strip_prefix("https://")
            .map(|rest| format!("wss://{rest}"))
            .or_else(|| {
                site_url
                    .strip_prefix("http://")
                    .map(|rest| format!("ws://{rest}"))
            })
            .unwrap_or_else(|| site_url.to_string());
        let csp = format!(
            "default-src 'self'; script-src 'self' 'sha256-{hash}'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
             font-src 'self'; connect-src 'self' {site_url}/rest/ {site_url}/auth/ {site_url}/storage/ \
             {site_url}/realtime/ {socket_url}/realtime/ {site_url}/backup/; \
             frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
        );
        SecurityHeaders {
            // The site URL was validated as a URL, so the value is plain ASCII.
            csp: HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(
                "default-src 'self'; frame-ancestors 'none'",
            )),
        }
    }

    pub fn apply(&self, res: &mut HttpResponse) {
        let headers = res.headers_mut();
        headers.insert(
            HeaderName::from_static("content-security-policy"),
            self.csp.clone(),
        );
        headers.insert(
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("DENY"),
        );
    }
}
