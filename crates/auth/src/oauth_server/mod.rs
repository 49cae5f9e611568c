//! Pleat as an OAuth 2.1 provider, as GoTrue's OAuth server: third-party
//! apps registered as clients ([`clients`]) send users to `/oauth/authorize`;
//! the site's consent page shows the request ([`authorizations`]) and
//! approves or denies it for the signed-in user, whose grant is remembered
//! ([`consents`]); the app exchanges the one-time code (with its PKCE
//! verifier) at `/oauth/token` for a session bound to it, and refreshes it
//! there. Everything is off unless `PLEAT_OAUTH_SERVER_ENABLED`.

pub mod authorizations;
pub mod client_auth;
pub mod clients;
pub mod consents;
pub mod id_token;
pub mod metadata;
pub mod scopes;

use actix_web::HttpRequest;

use crate::{redirect, AuthState, Error};

/// `PLEAT_OAUTH_SERVER_*` (GoTrue's `GOTRUE_OAUTH_SERVER_*`).
#[derive(Debug, Clone)]
pub struct OAuthServerSettings {
    /// The whole OAuth server answers only when on.
    pub enabled: bool,
    /// The site's consent page, joined to the site URL; `/oauth/authorize`
    /// sends the browser there with `?authorization_id=`.
    pub authorization_path: String,
    /// `POST /oauth/clients/register` (RFC 7591) open to anyone.
    pub allow_dynamic_registration: bool,
}

impl Default for OAuthServerSettings {
    fn default() -> Self {
        OAuthServerSettings {
            enabled: false,
            authorization_path: "/oauth/consent".into(),
            allow_dynamic_registration: false,
        }
    }
}

/// GoTrue's answer on every OAuth server path while the server is off.
pub fn disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "feature_disabled",
        message: "OAuth server is disabled".into(),
    }
}

/// `Ok` when the server is on, else [`disabled`].
pub fn require_enabled(state: &AuthState) -> Result<(), Error> {
    if state.oauth_server.enabled {
        Ok(())
    } else {
        Err(disabled())
    }
}

/// The admin client API's gate: the service role first, then the switch, in
/// the order GoTrue's router checks them.
pub async fn require_admin(state: &AuthState, req: &HttpRequest) -> Result<(), Error> {
    crate::bearer::require_admin(state, req).await?;
    require_enabled(state)
}

/// An OAuth error in OAuth's body, status 400 (as GoTrue sends them).
pub fn oauth_error(error: &'static str, description: impl Into<String>) -> Error {
    Error::OAuth {
        status: 400,
        error,
        description: description.into(),
    }
}

/// The client could not be authenticated: 401, as RFC 6749 section 5.2 asks,
/// so that an OAuth library reports the credentials and not the request.
pub fn invalid_client(description: impl Into<String>) -> Error {
    Error::OAuth {
        status: 401,
        error: "invalid_client",
        description: description.into(),
    }
}

pub(crate) fn validation(message: impl Into<String>) -> Error {
    Error::Validation(message.into())
}

pub(crate) fn not_found(code: &'static str, message: &str) -> Error {
    Error::NotSupported {
        status: 404,
        code,
        message: message.into(),
    }
}

/// GoTrue's origin check of the consent calls: a browser's `Origin` must be
/// one the site may send users to (`PLEAT_REDIRECT_URLS`), so another site's
/// page cannot drive the consent API with the user's token; requests without
/// an `Origin` (servers, native apps) pass.
pub fn check_origin(state: &AuthState, req: &HttpRequest) -> Result<(), Error> {
    let Some(origin) = req.headers().get("origin") else {
        return Ok(());
    };
    match origin.to_str() {
        Ok(origin) if redirect::allowed(state, origin) => Ok(()),
        _ => Err(validation("unauthorized request origin")),
    }
}
