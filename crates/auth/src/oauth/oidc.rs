//! OpenID Connect: an issuer's discovery document and key set (cached per
//! process, a cache only: every replica fetches its own), and the checks of
//! an ID token — signature by a key of the issuer's JWKS with an asymmetric
//! algorithm, issuer, audience, expiry. The nonce is the caller's check: the
//! redirect flow compares it with the one it sent, `signInWithIdToken` with
//! the hash of the one the app holds.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::anyhow;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use serde_json::{Map, Value};
use tokio::sync::Mutex;

use super::Client;
use crate::Error;

/// How long a discovery document or key set is trusted before it is fetched
/// again; a key the set does not hold makes it fetched sooner (key rotation).
const MAX_AGE: Duration = Duration::from_secs(3600);
const REFETCH_AFTER: Duration = Duration::from_secs(30);
/// Clock difference allowed with the provider.
const LEEWAY_SECS: u64 = 60;

/// Azure's multi-tenant discovery names its issuer with this placeholder; a
/// token's issuer carries the tenant (`tid`) in its place.
const TENANT_PLACEHOLDER: &str = "{tenantid}";

#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Discovery {
    pub issuer: String,
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    pub userinfo_endpoint: Option<String>,
    pub jwks_uri: String,
    #[serde(default)]
    pub code_challenge_methods_supported: Vec<String>,
}

#[derive(Default)]
pub(crate) struct Cache {
    documents: Mutex<HashMap<String, (Instant, Arc<Value>)>>,
}

impl Cache {
    async fn get(
        &self,
        client: &Client,
        url: &str,
        fresher_than: Duration,
    ) -> Result<Arc<Value>, Error> {
        if let Some((at, doc)) = self.documents.lock().await.get(url) {
            if at.elapsed() < fresher_than {
                return Ok(doc.clone());
            }
        }
        let doc = Arc::new(client.get_json(url, None).await?);
        self.documents
            .lock()
            .await
            .insert(url.to_string(), (Instant::now(), doc.clone()));
        Ok(doc)
    }

    pub async fn discover(&self, client: &Client, issuer: &str) -> Result<Discovery, Error> {
        let url = format!(
            "{}/.well-known/openid-configuration",
            issuer.trim_end_matches('/')
        );
        let doc = self.get(client, &url, MAX_AGE).await?;
        let discovery: Discovery = serde_json::from_value((*doc).clone())
            .map_err(|e| anyhow!("discovery document of {issuer}: {e}"))?;
        let same = discovery.issuer.trim_end_matches('/') == issuer.trim_end_matches('/');
        if !same && !discovery.issuer.contains(TENANT_PLACEHOLDER) {
            return Err(anyhow!(
                "discovery document of {issuer} names the issuer {}",
                discovery.issuer
            )
            .into());
        }
        Ok(discovery)
    }

    /// The key that signed a token with this `kid`, fetching the set again
    /// (not more than every 30 s) when it does not hold it.
    async fn key(
        &self,
        client: &Client,
        jwks_uri: &str,
        kid: Option<&str>,
    ) -> Result<Option<DecodingKey>, Error> {
        for fresher_than in [MAX_AGE, REFETCH_AFTER] {
            let doc = self.get(client, jwks_uri, fresher_than).await?;
            let set: JwkSet = serde_json::from_value((*doc).clone())
                .map_err(|e| anyhow!("key set {jwks_uri}: {e}"))?;
            let jwk = match kid {
                Some(kid) => set.find(kid),
                None if set.keys.len() == 1 => set.keys.first(),
                None => None,
            };
            if let Some(jwk) = jwk {
                return Ok(DecodingKey::from_jwk(jwk).ok());
            }
        }
        Ok(None)
    }
}

/// Why an ID token is refused; said to the client (it holds the token).
#[derive(Debug, thiserror::Error)]
pub(crate) enum IdTokenError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Provider(#[from] Error),
}

fn invalid(why: impl Into<String>) -> IdTokenError {
    IdTokenError::Invalid(why.into())
}

/// The claims of an ID token signed by `discovery`'s issuer for one of
/// `audiences`.
pub(crate) async fn verify(
    cache: &Cache,
    client: &Client,
    discovery: &Discovery,
    token: &str,
    audiences: &[String],
) -> Result<Map<String, Value>, IdTokenError> {
    let header = jsonwebtoken::decode_header(token).map_err(|_| invalid("Bad ID token"))?;
    let asymmetric = matches!(
        header.alg,
        Algorithm::RS256
            | Algorithm::RS384
            | Algorithm::RS512
            | Algorithm::PS256
            | Algorithm::PS384
            | Algorithm::PS512
            | Algorithm::ES256
            | Algorithm::ES384
            | Algorithm::EdDSA
    );
    if !asymmetric {
        return Err(invalid("Bad ID token: unsupported signing algorithm"));
    }
    let key = cache
        .key(client, &discovery.jwks_uri, header.kid.as_deref())
        .await?
        .ok_or_else(|| invalid("Bad ID token: not signed by a key of the issuer"))?;
    let mut validation = Validation::new(header.alg);
    validation.leeway = LEEWAY_SECS;
    validation.set_audience(audiences);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let claims = jsonwebtoken::decode::<Map<String, Value>>(token, &key, &validation)
        .map_err(|e| {
            use jsonwebtoken::errors::ErrorKind;
            match e.kind() {
                ErrorKind::InvalidAudience => invalid("Unacceptable audience in id_token"),
                ErrorKind::ExpiredSignature => invalid("Bad ID token: expired"),
                _ => invalid("Bad ID token"),
            }
        })?
        .claims;
    let issuer = claims.get("iss").and_then(Value::as_str).unwrap_or("");
    if !issuer_matches(&discovery.issuer, issuer, &claims) {
        return Err(invalid("Bad ID token: issued by another issuer"));
    }
    if claims
        .get("sub")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        return Err(invalid("Missing sub claim in id_token"));
    }
    Ok(claims)
}

fn issuer_matches(expected: &str, actual: &str, claims: &Map<String, Value>) -> bool {
    let expected = expected.trim_end_matches('/');
    let actual = actual.trim_end_matches('/');
    if expected.contains(TENANT_PLACEHOLDER) {
        let tenant = claims.get("tid").and_then(Value::as_str).unwrap_or("");
        return !tenant.is_empty()
            && !tenant.contains('/')
            && expected.replace(TENANT_PLACEHOLDER, tenant) == actual;
    }
    expected == actual
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_tenant_issuer_matches_only_its_own_tenant() {
        let claims = json!({"tid": "abc"}).as_object().unwrap().clone();
        let common = "https://login.microsoftonline.com/{tenantid}/v2.0";
        assert!(issuer_matches(
            common,
            "https://login.microsoftonline.com/abc/v2.0",
            &claims
        ));
        assert!(!issuer_matches(
            common,
            "https://login.microsoftonline.com/other/v2.0",
            &claims
        ));
        assert!(!issuer_matches(
            "https://a.example",
            "https://b.example",
            &claims
        ));
        assert!(issuer_matches(
            "https://a.example/",
            "https://a.example",
            &claims
        ));
    }
}
