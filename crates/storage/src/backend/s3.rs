//! The S3-compatible store behind `PLEAT_STORAGE_URL=s3://bucket/prefix`:
//! AWS, R2, MinIO, anything that speaks S3, configured by the standard AWS
//! variables (read by `AmazonS3Builder::from_env`), with timeouts so a store
//! that is down answers with an error instead of hanging a request.

use std::sync::Arc;
use std::time::Duration;

use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::prefix::PrefixStore;
use object_store::{BackoffConfig, ClientConfigKey, ClientOptions, ObjectStore, RetryConfig};

/// Time to open a connection to the store.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Longest wait for the store's next bytes (headers, or the next chunk of a
/// body). Not an overall timeout: a download to a slow client may take as
/// long as it needs, since waiting on our own reader does not count.
const READ_TIMEOUT: Duration = Duration::from_secs(30);
/// A request that failed for a retryable cause is tried again for at most
/// this long, so a store that is down fails a request in well under a minute.
const RETRY_TIMEOUT: Duration = Duration::from_secs(20);

/// Ways of finding credentials that the environment must name: without one
/// of them object_store would ask the EC2 instance metadata service, which
/// outside AWS only times out.
const CREDENTIAL_VARIABLES: &[&str] = &[
    "AWS_ACCESS_KEY_ID",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
];

/// `s3://bucket[/prefix]` split into the bucket and the prefix (no slashes
/// around it, possibly empty).
pub fn parse(url: &str) -> anyhow::Result<(String, String)> {
    let Some(rest) = url.strip_prefix("s3://") else {
        anyhow::bail!("`{url}` is not an s3:// URL");
    };
    let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    if bucket.is_empty() {
        anyhow::bail!("`{url}` names no bucket (expected s3://bucket/prefix)");
    }
    if bucket.contains(['?', '#', '@', ':']) {
        anyhow::bail!("`{url}`: `{bucket}` is not a bucket name (expected s3://bucket/prefix)");
    }
    Ok((bucket.to_string(), prefix.trim_matches('/').to_string()))
}

/// The store for `url`, with settings from `env` (the process environment
/// in `pleat`; tests pass their own).
pub fn build(
    url: &str,
    env: &[(String, String)],
) -> anyhow::Result<(Arc<dyn ObjectStore>, String)> {
    let (bucket, prefix) = parse(url)?;
    let var = |name: &str| {
        env.iter()
            .find(|(k, v)| k == name && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_string())
    };
    if !CREDENTIAL_VARIABLES.iter().any(|n| var(n).is_some())
        && var("AWS_SKIP_SIGNATURE").as_deref() != Some("true")
    {
        anyhow::bail!(
            "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY \
             (or AWS_WEB_IDENTITY_TOKEN_FILE / AWS_CONTAINER_CREDENTIALS_*)"
        );
    }
    if var("AWS_ACCESS_KEY_ID").is_some() && var("AWS_SECRET_ACCESS_KEY").is_none() {
        anyhow::bail!("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not");
    }
    let mut builder = AmazonS3Builder::new();
    for (key, value) in env {
        if key.starts_with("AWS_") {
            if let Ok(k) = key.to_ascii_lowercase().parse::<AmazonS3ConfigKey>() {
                builder = builder.with_config(k, value.trim());
            }
        }
    }
    // The client options replace those read above, so carry the one that
    // matters over (plain http for a local MinIO or test server).
    let allow_http = builder
        .get_config_value(&AmazonS3ConfigKey::Client(ClientConfigKey::AllowHttp))
        .is_some_and(|v| v.eq_ignore_ascii_case("true"));
    let store = builder
        .with_bucket_name(&bucket)
        .with_client_options(
            ClientOptions::new()
                .with_allow_http(allow_http)
                .with_connect_timeout(CONNECT_TIMEOUT)
                .with_read_timeout(READ_TIMEOUT)
                .with_timeout_disabled(),
        )
        .with_retry(RetryConfig {
            backoff: BackoffConfig::default(),
            max_retries: 3,
            retry_timeout: RETRY_TIMEOUT,
        })
        .build()
        .map_err(|e| anyhow::anyhow!("`{url}`: {e}"))?;
    let described = format!("bucket `{bucket}`");
    let store: Arc<dyn ObjectStore> = if prefix.is_empty() {
        Arc::new(store)
    } else {
        Arc::new(PrefixStore::new(store, prefix.as_str()))
    };
    Ok((store, described))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn urls_name_a_bucket_and_an_optional_prefix() {
        assert_eq!(parse("s3://b").unwrap(), ("b".into(), "".into()));
        assert_eq!(
            parse("s3://b/some/prefix/").unwrap(),
            ("b".into(), "some/prefix".into())
        );
        assert!(parse("s3://").is_err());
        assert!(parse("s3:///x").is_err());
        assert!(parse("s3://user:pw@host/x").is_err());
        assert!(parse("gs://b").is_err());
    }

    #[test]
    fn missing_credentials_are_refused_before_any_request() {
        let err = build("s3://b", &env(&[("AWS_REGION", "eu-west-1")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("AWS_ACCESS_KEY_ID"), "{err}");
        let err = build("s3://b", &env(&[("AWS_ACCESS_KEY_ID", "k")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("AWS_SECRET_ACCESS_KEY"), "{err}");
        assert!(build(
            "s3://b/p",
            &env(&[
                ("AWS_ACCESS_KEY_ID", "k"),
                ("AWS_SECRET_ACCESS_KEY", "s"),
                ("AWS_ENDPOINT_URL", "http://127.0.0.1:9"),
                ("AWS_ALLOW_HTTP", "true"),
            ])
        )
        .is_ok());
    }
}
