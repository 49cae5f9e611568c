//! OAuth clients (`auth.oauth_clients`): registration (by the admin API or,
//! when allowed, by anyone through RFC 7591), their checks as GoTrue makes
//! them, the JSON GoTrue answers with, and authenticating a client at the
//! token endpoint. A secret is shown once, at registration or regeneration,
//! and kept only as its SHA-256; it is 256 random bits, so a fast hash is
//! enough and a guess is hopeless.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use uuid::Uuid;

use super::{not_found, validation};
use crate::model::timestamp;
use crate::{constant_time, Error};

pub const PUBLIC: &str = "public";
pub const CONFIDENTIAL: &str = "confidential";
const AUTH_METHODS: [&str; 3] = ["none", "client_secret_basic", "client_secret_post"];
const MAX_REDIRECT_URIS: usize = 10;
const MAX_URI_LENGTH: usize = 2048;
const MAX_NAME_LENGTH: usize = 1024;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Client {
    pub id: Uuid,
    client_secret_hash: Option<Vec<u8>>,
    pub client_name: Option<String>,
    pub client_uri: Option<String>,
    pub logo_uri: Option<String>,
    pub redirect_uris: Vec<String>,
    pub grant_types: Vec<String>,
    pub client_type: String,
    pub token_endpoint_auth_method: String,
    pub registration_type: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, client_secret_hash, client_name, client_uri, logo_uri, redirect_uris, \
    grant_types, client_type, token_endpoint_auth_method, registration_type, created_at, updated_at";

impl Client {
    /// Whether `given` is this client's secret (compared as hashes, in
    /// constant time); a public client has none.
    pub fn secret_matches(&self, given: &str) -> bool {
        let computed = Sha256::digest(given.as_bytes());
        self.client_secret_hash
            .as_deref()
            .is_some_and(|stored| constant_time::eq(stored, &computed))
    }

    pub fn is_public(&self) -> bool {
        self.client_type == PUBLIC
    }

    /// GoTrue's client object; `client_secret` only when one was just made.
    pub fn to_json(&self, secret: Option<&str>) -> Value {
        let mut body = Map::new();
        body.insert("client_id".into(), json!(self.id));
        if let Some(secret) = secret {
            body.insert("client_secret".into(), json!(secret));
        }
        body.insert("client_type".into(), json!(self.client_type));
        body.insert("redirect_uris".into(), json!(self.redirect_uris));
        body.insert(
            "token_endpoint_auth_method".into(),
            json!(self.token_endpoint_auth_method),
        );
        body.insert("grant_types".into(), json!(self.grant_types));
        body.insert("response_types".into(), json!(["code"]));
        for (key, value) in [
            ("client_name", &self.client_name),
            ("client_uri", &self.client_uri),
            ("logo_uri", &self.logo_uri),
        ] {
            if let Some(value) = value.as_deref().filter(|v| !v.is_empty()) {
                body.insert(key.into(), json!(value));
            }
        }
        body.insert("registration_type".into(), json!(self.registration_type));
        body.insert("created_at".into(), json!(timestamp(self.created_at)));
        body.insert("updated_at".into(), json!(timestamp(self.updated_at)));
        Value::Object(body)
    }

    /// The app as the consent page and the grants list show it.
    pub fn summary(&self) -> Value {
        let mut body = Map::new();
        body.insert("id".into(), json!(self.id));
        for (key, value) in [
            ("name", &self.client_name),
            ("uri", &self.client_uri),
            ("logo_uri", &self.logo_uri),
        ] {
            if let Some(value) = value.as_deref().filter(|v| !v.is_empty()) {
                body.insert(key.into(), json!(value));
            }
        }
        Value::Object(body)
    }
}

/// The body of a registration (admin or dynamic), RFC 7591's names.
#[derive(Deserialize, Default)]
pub struct RegisterParams {
    #[serde(default)]
    redirect_uris: Vec<String>,
    client_type: Option<String>,
    token_endpoint_auth_method: Option<String>,
    grant_types: Option<Vec<String>>,
    client_name: Option<String>,
    client_uri: Option<String>,
    logo_uri: Option<String>,
}

/// The body of `PUT /admin/oauth/clients/{id}`: only what is given changes.
#[derive(Deserialize, Default)]
pub struct UpdateParams {
    redirect_uris: Option<Vec<String>>,
    grant_types: Option<Vec<String>>,
    client_name: Option<String>,
    client_uri: Option<String>,
    logo_uri: Option<String>,
    token_endpoint_auth_method: Option<String>,
}

/// RFC 6749 section 3.1.2 and GoTrue's rules: absolute, no fragment, never a
/// scheme that runs code or reads local data, plain http only to this
/// machine. Matching at `/oauth/authorize` is then exact, character for
/// character.
fn check_redirect_uri(uri: &str) -> Result<(), String> {
    if uri.is_empty() {
        return Err("redirect URI cannot be empty".into());
    }
    if uri.len() > MAX_URI_LENGTH {
        return Err(format!("cannot exceed {MAX_URI_LENGTH} characters"));
    }
    let url = url::Url::parse(uri).map_err(|_| "invalid URL format".to_string())?;
    if url.host_str().is_none_or(str::is_empty) {
        return Err("must have scheme and host".into());
    }
    let scheme = url.scheme();
    if ["javascript", "data", "file", "vbscript", "about", "blob"].contains(&scheme) {
        return Err(format!(
            "scheme '{scheme}' is not allowed for security reasons"
        ));
    }
    if scheme == "http" {
        let loopback = match url.host() {
            Some(url::Host::Domain(name)) => name == "localhost",
            Some(url::Host::Ipv4(ip)) => ip == std::net::Ipv4Addr::LOCALHOST,
            Some(url::Host::Ipv6(ip)) => ip == std::net::Ipv6Addr::LOCALHOST,
            None => false,
        };
        if !loopback {
            return Err("HTTP scheme only allowed for localhost".into());
        }
    }
    if url.fragment().is_some() {
        return Err("fragment not allowed in redirect URI".into());
    }
    Ok(())
}

fn check_redirect_uris(uris: &[String]) -> Result<(), Error> {
    if uris.is_empty() {
        return Err(validation("redirect_uris is required"));
    }
    if uris.len() > MAX_REDIRECT_URIS {
        return Err(validation(format!(
            "redirect_uris cannot exceed {MAX_REDIRECT_URIS} items"
        )));
    }
    for uri in uris {
        check_redirect_uri(uri)
            .map_err(|why| validation(format!("invalid redirect_uri '{uri}': {why}")))?;
    }
    Ok(())
}

fn check_grant_types(grant_types: &[String]) -> Result<(), Error> {
    if grant_types.is_empty() {
        return Err(validation("grant_types cannot be empty"));
    }
    if grant_types
        .iter()
        .any(|g| g != "authorization_code" && g != "refresh_token")
    {
        return Err(validation(
            "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
        ));
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), Error> {
    if name.chars().count() > MAX_NAME_LENGTH {
        return Err(validation(format!(
            "client_name cannot exceed {MAX_NAME_LENGTH} characters"
        )));
    }
    Ok(())
}

/// `client_uri` and `logo_uri` become a link and an image on the consent
/// page, so only http(s) URLs are taken (a `javascript:` link would run in
/// the site's origin).
fn check_page_uri(field: &str, uri: &str) -> Result<(), Error> {
    if uri.is_empty() {
        return Ok(());
    }
    if uri.len() > MAX_URI_LENGTH {
        return Err(validation(format!(
            "{field} cannot exceed {MAX_URI_LENGTH} characters"
        )));
    }
    match url::Url::parse(uri) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() => Ok(()),
        _ => Err(validation(format!("{field} must be a valid URL"))),
    }
}

fn check_auth_method(method: &str) -> Result<(), Error> {
    if AUTH_METHODS.contains(&method) {
        Ok(())
    } else {
        Err(validation(format!(
            "token_endpoint_auth_method must be one of: [{}]",
            AUTH_METHODS.join(" ")
        )))
    }
}

fn type_of_method(method: &str) -> &'static str {
    if method == "none" {
        PUBLIC
    } else {
        CONFIDENTIAL
    }
}

fn new_secret() -> (String, Vec<u8>) {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret = URL_SAFE_NO_PAD.encode(bytes);
    let hash = Sha256::digest(secret.as_bytes()).to_vec();
    (secret, hash)
}

/// Register a client; returns it with its secret (confidential clients).
pub async fn register(
    conn: &mut PgConnection,
    params: RegisterParams,
    registration_type: &str,
) -> Result<(Client, Option<String>), Error> {
    check_redirect_uris(&params.redirect_uris)?;
    let grant_types = params
        .grant_types
        .filter(|g| !g.is_empty())
        .unwrap_or_else(|| vec!["authorization_code".into(), "refresh_token".into()]);
    check_grant_types(&grant_types)?;
    let name = params.client_name.filter(|n| !n.is_empty());
    let client_uri = params.client_uri.filter(|u| !u.is_empty());
    let logo_uri = params.logo_uri.filter(|u| !u.is_empty());
    check_name(name.as_deref().unwrap_or(""))?;
    check_page_uri("client_uri", client_uri.as_deref().unwrap_or(""))?;
    check_page_uri("logo_uri", logo_uri.as_deref().unwrap_or(""))?;
    let explicit_type = params.client_type.filter(|t| !t.is_empty());
    if let Some(t) = &explicit_type {
        if t != PUBLIC && t != CONFIDENTIAL {
            return Err(validation("client_type must be 'public' or 'confidential'"));
        }
    }
    let method = params.token_endpoint_auth_method.filter(|m| !m.is_empty());
    if let Some(m) = &method {
        check_auth_method(m)?;
    }
    if let (Some(t), Some(m)) = (&explicit_type, &method) {
        let expected = type_of_method(m);
        if t != expected {
            return Err(validation(format!(
                "client_type '{t}' is inconsistent with token_endpoint_auth_method '{m}' (expected client_type '{expected}')"
            )));
        }
    }
    let client_type = match (&explicit_type, &method) {
        (Some(t), _) => t.clone(),
        (None, Some(m)) => type_of_method(m).to_string(),
        (None, None) => CONFIDENTIAL.to_string(),
    };
    let method = method.unwrap_or_else(|| {
        if client_type == PUBLIC {
            "none".into()
        } else {
            "client_secret_basic".into()
        }
    });
    let secret = (client_type == CONFIDENTIAL).then(new_secret);
    let sql = format!(
        "INSERT INTO auth.oauth_clients (id, client_secret_hash, client_name, client_uri, logo_uri, \
           redirect_uris, grant_types, client_type, token_endpoint_auth_method, registration_type) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {COLUMNS}"
    );
    let client: Client = sqlx::query_as(&sql)
        .bind(Uuid::new_v4())
        .bind(secret.as_ref().map(|s| &s.1))
        .bind(name)
        .bind(client_uri)
        .bind(logo_uri)
        .bind(&params.redirect_uris)
        .bind(&grant_types)
        .bind(&client_type)
        .bind(&method)
        .bind(registration_type)
        .fetch_one(conn)
        .await?;
    Ok((client, secret.map(|s| s.0)))
}

/// GoTrue's answers for a `{client_id}` in a path: 400 when it is no UUID.
pub fn parse_id(raw: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(raw).map_err(|_| validation("invalid client_id format"))
}

/// A client that has not been deleted.
pub async fn find(conn: &mut PgConnection, id: Uuid) -> Result<Option<Client>, Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM auth.oauth_clients WHERE id = $1 AND deleted_at IS NULL");
    Ok(sqlx::query_as(&sql).bind(id).fetch_optional(conn).await?)
}

/// [`find`], or GoTrue's 404 `oauth_client_not_found`.
pub async fn get(conn: &mut PgConnection, id: Uuid) -> Result<Client, Error> {
    find(conn, id)
        .await?
        .ok_or_else(|| not_found("oauth_client_not_found", "OAuth client not found"))
}

pub async fn list(conn: &mut PgConnection) -> Result<Vec<Client>, Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM auth.oauth_clients WHERE deleted_at IS NULL ORDER BY created_at DESC, id"
    );
    Ok(sqlx::query_as(&sql).fetch_all(conn).await?)
}

pub async fn update(
    conn: &mut PgConnection,
    id: Uuid,
    params: UpdateParams,
) -> Result<Client, Error> {
    let nothing = params.redirect_uris.is_none()
        && params.grant_types.is_none()
        && params.client_name.is_none()
        && params.client_uri.is_none()
        && params.logo_uri.is_none()
        && params.token_endpoint_auth_method.is_none();
    if nothing {
        return Err(validation("No fields provided for update"));
    }
    if let Some(uris) = &params.redirect_uris {
        check_redirect_uris(uris)?;
    }
    if let Some(grant_types) = &params.grant_types {
        check_grant_types(grant_types)?;
    }
    if let Some(name) = &params.client_name {
        check_name(name)?;
    }
    if let Some(uri) = &params.client_uri {
        check_page_uri("client_uri", uri)?;
    }
    if let Some(uri) = &params.logo_uri {
        check_page_uri("logo_uri", uri)?;
    }
    let client = get(&mut *conn, id).await?;
    if let Some(method) = &params.token_endpoint_auth_method {
        check_auth_method(method)?;
        if type_of_method(method) != client.client_type {
            let valid = if client.is_public() {
                "[none]"
            } else {
                "[client_secret_basic client_secret_post]"
            };
            return Err(validation(format!(
                "token_endpoint_auth_method '{method}' is not valid for client_type '{}'; valid methods: {valid}",
                client.client_type
            )));
        }
    }
    let sql = format!(
        "UPDATE auth.oauth_clients SET \
           redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types), \
           client_name = CASE WHEN $4::text IS NULL THEN client_name ELSE nullif($4, '') END, \
           client_uri = CASE WHEN $5::text IS NULL THEN client_uri ELSE nullif($5, '') END, \
           logo_uri = CASE WHEN $6::text IS NULL THEN logo_uri ELSE nullif($6, '') END, \
           token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method), updated_at = now() \
         WHERE id = $1 AND deleted_at IS NULL RETURNING {COLUMNS}"
    );
    let updated: Option<Client> = sqlx::query_as(&sql)
        .bind(id)
        .bind(params.redirect_uris)
        .bind(params.grant_types)
        .bind(params.client_name)
        .bind(params.client_uri)
        .bind(params.logo_uri)
        .bind(params.token_endpoint_auth_method)
        .fetch_optional(conn)
        .await?;
    updated.ok_or_else(|| not_found("oauth_client_not_found", "OAuth client not found"))
}

/// Soft-delete (the id is never reused), and end what the app holds: its
/// sessions (with their refresh tokens) and its pending requests, so a
/// removed app loses access at once.
pub async fn delete(conn: &mut PgConnection, id: Uuid) -> Result<(), Error> {
    let deleted = sqlx::query(
        "UPDATE auth.oauth_clients SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(id)
    .execute(&mut *conn)
    .await?;
    if deleted.rows_affected() == 0 {
        return Err(not_found(
            "oauth_client_not_found",
            "OAuth client not found",
        ));
    }
    sqlx::query("DELETE FROM auth.sessions WHERE oauth_client_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM auth.oauth_authorizations WHERE client_id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A new secret for a confidential client; the old one stops working.
pub async fn regenerate_secret(
    conn: &mut PgConnection,
    id: Uuid,
) -> Result<(Client, String), Error> {
    let client = get(&mut *conn, id).await?;
    if client.is_public() {
        return Err(validation("Cannot regenerate secret for public client"));
    }
    let (secret, hash) = new_secret();
    let sql = format!(
        "UPDATE auth.oauth_clients SET client_secret_hash = $2, updated_at = now() \
         WHERE id = $1 AND deleted_at IS NULL RETURNING {COLUMNS}"
    );
    let updated: Client = sqlx::query_as(&sql)
        .bind(id)
        .bind(&hash)
        .fetch_optional(conn)
        .await?
        .ok_or_else(|| not_found("oauth_client_not_found", "OAuth client not found"))?;
    Ok((updated, secret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirect_uris_follow_rfc6749_and_gotrue() {
        assert!(check_redirect_uri("https://app.example/callback").is_ok());
        assert!(check_redirect_uri("http://localhost:3000/cb").is_ok());
        assert!(check_redirect_uri("http://127.0.0.1:3000/cb").is_ok());
        assert!(check_redirect_uri("myapp://callback").is_ok());
        assert!(check_redirect_uri("http://app.example/cb").is_err());
        assert!(check_redirect_uri("https://app.example/cb#x").is_err());
        assert!(check_redirect_uri("javascript://alert(1)").is_err());
        assert!(check_redirect_uri("/relative").is_err());
        assert!(check_redirect_uri("").is_err());
    }

    #[test]
    fn page_uris_are_http_only() {
        assert!(check_page_uri("logo_uri", "https://cdn.example/logo.png").is_ok());
        assert!(check_page_uri("client_uri", "javascript:alert(1)").is_err());
        assert!(check_page_uri("client_uri", "").is_ok());
    }
}
