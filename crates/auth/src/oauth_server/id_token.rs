//! The OpenID Connect ID token of a code exchange whose scope has `openid`:
//! who signed in, for which app (`aud`), when, with the request's `nonce`,
//! and the claims the granted scopes allow (OIDC Core section 5.4), as
//! GoTrue fills them. Signed with the project's current asymmetric key, so
//! the app verifies it against `/.well-known/jwks.json`.

use chrono::Utc;
use serde_json::{json, Map, Value};
use uuid::Uuid;

use super::scopes;
use crate::model::User;
use crate::AuthState;

/// ID tokens live an hour, as GoTrue's.
const LIFETIME_SECS: i64 = 3600;

/// The claims the granted scopes allow, shared with `/oauth/userinfo`.
pub fn profile_claims(user: &User, scope: &str, out: &mut Map<String, Value>) {
    if scopes::has(scope, "email") {
        if !user.email_str().is_empty() {
            out.insert("email".into(), json!(user.email_str()));
        }
        out.insert("email_verified".into(), json!(user.is_confirmed()));
    }
    if scopes::has(scope, "phone") {
        if !user.phone_str().is_empty() {
            out.insert("phone_number".into(), json!(user.phone_str()));
        }
        out.insert(
            "phone_number_verified".into(),
            json!(user.phone_confirmed_at.is_some()),
        );
    }
    if scopes::has(scope, "profile") {
        let meta = |key: &str| {
            user.user_metadata
                .get(key)
                .and_then(Value::as_str)
                .filter(|v| !v.is_empty())
        };
        match meta("name") {
            Some(name) => out.insert("name".into(), json!(name)),
            None if !user.email_str().is_empty() => {
                out.insert("name".into(), json!(user.email_str()))
            }
            None => None,
        };
        if let Some(picture) = meta("picture").or_else(|| meta("avatar_url")) {
            out.insert("picture".into(), json!(picture));
        }
        if let Some(username) = meta("preferred_username").or_else(|| meta("username")) {
            out.insert("preferred_username".into(), json!(username));
        }
        out.insert("updated_at".into(), json!(user.updated_at.timestamp()));
    }
}

/// `None` when no asymmetric key signs (only the JWT secret): the app could
/// not verify the token, so none is issued.
pub fn issue(
    state: &AuthState,
    user: &User,
    client_id: Uuid,
    scope: &str,
    nonce: Option<&str>,
) -> Option<anyhow::Result<String>> {
    let now = Utc::now().timestamp();
    let mut claims = Map::new();
    claims.insert("iss".into(), json!(state.issuer()));
    claims.insert("sub".into(), json!(user.id));
    claims.insert("aud".into(), json!([client_id]));
    claims.insert("iat".into(), json!(now));
    claims.insert("exp".into(), json!(now + LIFETIME_SECS));
    let auth_time = user.last_sign_in_at.map_or(now, |t| t.timestamp());
    claims.insert("auth_time".into(), json!(auth_time));
    if let Some(nonce) = nonce.filter(|n| !n.is_empty()) {
        claims.insert("nonce".into(), json!(nonce));
    }
    claims.insert("client_id".into(), json!(client_id));
    profile_claims(user, scope, &mut claims);
    state.keyring.sign_asymmetric(&Value::Object(claims))
}
