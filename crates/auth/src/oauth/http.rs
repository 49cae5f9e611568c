//! The one HTTP client that speaks to providers (discovery, keys, code
//! exchange, user info), with timeouts so a provider that does not answer
//! fails the sign-in instead of holding it. Failures name the URL and the
//! status, never a token: they end up in the log.

use std::time::Duration;

use anyhow::{anyhow, Context};
use serde_json::Value;

use crate::Error;

#[derive(Clone)]
pub(crate) struct Client {
    http: reqwest::Client,
}

/// Largest answer read from a provider: discovery documents, key sets and
/// user records are a few kilobytes.
const MAX_ANSWER: usize = 1024 * 1024;

impl Client {
    pub fn new() -> Client {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(15))
            .user_agent("pleat")
            .build()
            .unwrap_or_default();
        Client { http }
    }

    pub async fn get_json(&self, url: &str, bearer: Option<&str>) -> Result<Value, Error> {
        let mut request = self.http.get(url).header("accept", "application/json");
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        read(request.send().await, url).await
    }

    pub async fn post_form(&self, url: &str, form: &[(&str, &str)]) -> Result<Value, Error> {
        let request = self
            .http
            .post(url)
            .header("accept", "application/json")
            .form(form);
        read(request.send().await, url).await
    }
}

async fn read(answer: reqwest::Result<reqwest::Response>, url: &str) -> Result<Value, Error> {
    // A reqwest error prints the URL only; these URLs carry no secret.
    let answer = answer.with_context(|| format!("provider request to {url}"))?;
    let status = answer.status();
    let body = answer
        .bytes()
        .await
        .with_context(|| format!("provider answer from {url}"))?;
    if body.len() > MAX_ANSWER {
        return Err(anyhow!("provider answer from {url} is larger than {MAX_ANSWER} bytes").into());
    }
    if !status.is_success() {
        // The body of a refusal (`invalid_grant`) says why and holds no token.
        let reason: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let reason = reason
            .get("error_description")
            .or_else(|| reason.get("error"))
            .and_then(Value::as_str)
            .unwrap_or("")
            .chars()
            .take(200)
            .collect::<String>();
        return Err(anyhow!("provider {url} answered {status} {reason}").into());
    }
    serde_json::from_slice(&body)
        .with_context(|| format!("provider answer from {url} is not JSON"))
        .map_err(Error::from)
}
