//! Which OAuth client a token request comes from (RFC 6749 section 2.3): its
//! credentials, read from `Authorization: Basic` or the form body, checked
//! against the method and the secret's hash the client registered with.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{clients, invalid_client};
use crate::Error;

/// How a token request named its client (RFC 6749 section 2.3).
pub struct Credentials {
    pub client_id: Option<String>,
    pub secret: Option<String>,
    pub method: &'static str,
}

/// `Authorization: Basic` first (its parts are form-encoded, RFC 6749
/// section 2.3.1), else `client_id`/`client_secret` of the body.
pub fn credentials(
    authorization: Option<&str>,
    body_id: Option<String>,
    body_secret: Option<String>,
) -> Result<Credentials, Error> {
    if let Some(encoded) = authorization.and_then(|h| {
        h.split_once(' ')
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("basic"))
            .map(|(_, v)| v.trim())
    }) {
        let decoded = STANDARD
            .decode(encoded)
            .ok()
            .and_then(|d| String::from_utf8(d).ok())
            .ok_or_else(|| invalid_client("invalid basic auth encoding"))?;
        let (id, secret) = decoded
            .split_once(':')
            .ok_or_else(|| invalid_client("invalid basic auth format"))?;
        let unescape = |s: &str| -> String {
            url::form_urlencoded::parse(format!("v={s}").as_bytes())
                .next()
                .map(|(_, v)| v.into_owned())
                .unwrap_or_default()
        };
        return Ok(Credentials {
            client_id: Some(unescape(id)),
            secret: Some(unescape(secret)),
            method: "client_secret_basic",
        });
    }
    let method = if body_secret.is_some() {
        "client_secret_post"
    } else {
        "none"
    };
    Ok(Credentials {
        client_id: body_id,
        secret: body_secret,
        method,
    })
}

/// The client a token request authenticates as, by its registered method:
/// a secret (in the header or the body, as registered) for a confidential
/// client, none for a public one. Every failure is `invalid_client`.
pub async fn authenticate(
    conn: &mut PgConnection,
    credentials: &Credentials,
) -> Result<clients::Client, Error> {
    let raw = credentials
        .client_id
        .as_deref()
        .ok_or_else(|| invalid_client("Client authentication required"))?;
    let id = Uuid::parse_str(raw).map_err(|_| invalid_client("Invalid client credentials"))?;
    let client = clients::find(conn, id)
        .await?
        .ok_or_else(|| invalid_client("Invalid client credentials"))?;
    if credentials.method != client.token_endpoint_auth_method {
        return Err(invalid_client(format!(
            "invalid authentication method: client is registered for '{}' but '{}' was used",
            client.token_endpoint_auth_method, credentials.method
        )));
    }
    if client.is_public() {
        if credentials.secret.is_some() {
            return Err(invalid_client(
                "public clients must not provide client_secret",
            ));
        }
        return Ok(client);
    }
    let given = credentials
        .secret
        .as_deref()
        .ok_or_else(|| invalid_client("confidential clients must provide client_secret"))?;
    if !client.secret_matches(given) {
        return Err(invalid_client("Invalid client credentials"));
    }
    Ok(client)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_credentials_are_form_decoded() {
        let header = format!("Basic {}", STANDARD.encode("my%20id:s%3Acret"));
        let c = credentials(Some(&header), None, None).unwrap();
        assert_eq!(c.client_id.as_deref(), Some("my id"));
        assert_eq!(c.secret.as_deref(), Some("s:cret"));
        assert_eq!(c.method, "client_secret_basic");
        let c = credentials(None, Some("id".into()), None).unwrap();
        assert_eq!(c.method, "none");
        assert!(credentials(Some("Basic !!!"), None, None).is_err());
    }
}
