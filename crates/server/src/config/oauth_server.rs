//! Pleat as an OAuth 2.1 provider: `PLEAT_OAUTH_SERVER_ENABLED`,
//! `PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH` and
//! `PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION` (GoTrue's
//! `GOTRUE_OAUTH_SERVER_*`). The consent page's path must be a path of the
//! site: the browser is sent to `{PLEAT_SITE_URL}{path}`, so anything else
//! (a full URL, a `//host` that a browser reads as another site) stops Pleat.

use pleat_auth::oauth_server::OAuthServerSettings;

use super::values::boolean;
use super::{invalid, ConfigError};

pub(super) const VARIABLES: [&str; 3] = [
    "PLEAT_OAUTH_SERVER_ENABLED",
    "PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH",
    "PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION",
];

pub(super) fn parse<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
) -> Result<OAuthServerSettings, ConfigError> {
    let defaults = OAuthServerSettings::default();
    let path_name = "PLEAT_OAUTH_SERVER_AUTHORIZATION_PATH";
    let authorization_path = match get(path_name) {
        None => defaults.authorization_path,
        Some(path) => {
            let plain = path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains(['?', '#', '\\'])
                && !path.chars().any(|c| c.is_whitespace() || c.is_control());
            if !plain {
                return Err(invalid(
                    path_name,
                    format!("`{path}` is not a path of the site like /oauth/consent"),
                ));
            }
            path.to_string()
        }
    };
    Ok(OAuthServerSettings {
        enabled: boolean(
            get("PLEAT_OAUTH_SERVER_ENABLED"),
            "PLEAT_OAUTH_SERVER_ENABLED",
            false,
        )?,
        authorization_path,
        allow_dynamic_registration: boolean(
            get("PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION"),
            "PLEAT_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION",
            false,
        )?,
    })
}
