//! The server's metadata (RFC 8414, and OpenID Connect Discovery, which
//! extends it): one document for both well-known paths, as GoTrue serves it,
//! with every URL under the issuer `{PLEAT_SITE_URL}/auth/v1`.

use serde_json::{json, Value};

use super::scopes;
use crate::AuthState;

pub fn document(state: &AuthState) -> Value {
    let issuer = state.issuer();
    let base = issuer.trim_end_matches('/');
    let mut doc = json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{base}/oauth/authorize"),
        "token_endpoint": format!("{base}/oauth/token"),
        "jwks_uri": format!("{base}/.well-known/jwks.json"),
        "userinfo_endpoint": format!("{base}/oauth/userinfo"),
        "scopes_supported": scopes::SUPPORTED,
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "subject_types_supported": ["public"],
        // ID tokens are only ever signed with an asymmetric key.
        "id_token_signing_alg_values_supported": ["ES256", "RS256"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        "claims_supported": [
            "sub", "aud", "iss", "exp", "iat", "auth_time", "nonce", "email", "email_verified",
            "phone_number", "phone_number_verified", "name", "picture", "preferred_username", "updated_at"
        ],
        "code_challenge_methods_supported": ["S256", "plain"],
    });
    if state.oauth_server.enabled && state.oauth_server.allow_dynamic_registration {
        doc["registration_endpoint"] = json!(format!("{base}/oauth/clients/register"));
    }
    doc
}
