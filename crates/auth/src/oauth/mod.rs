//! Sign-in through external OAuth 2.0 / OpenID Connect providers, as GoTrue's
//! `/authorize`, `/callback`, `grant_type=id_token|pkce` and identity linking
//! do it: which providers are on ([`settings`]), how each is spoken to
//! ([`provider`], [`oidc`]), the sign-ins in progress in PostgreSQL
//! ([`flow`]), and how a provider's identity becomes a user ([`accounts`]).
//! The provider's tokens are secrets: they are never logged, and are kept only
//! between the callback and the app's code exchange.

pub(crate) mod accounts;
pub(crate) mod flow;
mod http;
pub(crate) mod oidc;
pub(crate) mod provider;
pub mod settings;

pub use settings::{ExternalSettings, ProviderName, ProviderSettings};

use crate::Error;

pub(crate) use http::Client;

/// A GoTrue refusal with its own status and code.
pub(crate) fn refusal(status: u16, code: &'static str, message: impl Into<String>) -> Error {
    Error::NotSupported {
        status,
        code,
        message: message.into(),
    }
}
