//! The external providers: `PLEAT_EXTERNAL_<PROVIDER>_{ENABLED,CLIENT_ID,
//! SECRET,REDIRECT_URI,URL}` for each provider Pleat speaks to (GoTrue's
//! `GOTRUE_EXTERNAL_*`), and `PLEAT_SECURITY_MANUAL_LINKING_ENABLED`. An
//! enabled provider without its client id or secret, or with an address
//! that is not an absolute URL, stops Pleat.

use pleat_auth::oauth::{ExternalSettings, ProviderName, ProviderSettings};
use secrecy::SecretString;

use super::values::boolean;
use super::{invalid, ConfigError};

const SUFFIXES: [&str; 5] = ["ENABLED", "CLIENT_ID", "SECRET", "REDIRECT_URI", "URL"];

/// Whether `name` is one of these variables.
pub(super) fn is_variable(name: &str) -> bool {
    name == "PLEAT_SECURITY_MANUAL_LINKING_ENABLED"
        || ProviderName::ALL.iter().any(|p| {
            SUFFIXES
                .iter()
                .any(|s| name == format!("PLEAT_EXTERNAL_{}_{s}", p.env_name()))
        })
}

fn absolute_url(name: &str, value: &str) -> Result<String, ConfigError> {
    match url::Url::parse(value) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() => {
            Ok(value.trim_end_matches('/').to_string())
        }
        _ => Err(invalid(
            name,
            format!("`{value}` is not an absolute http(s) URL"),
        )),
    }
}

pub(super) fn parse<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
) -> Result<ExternalSettings, ConfigError> {
    let mut providers = Vec::new();
    for provider in ProviderName::ALL {
        let var = |suffix: &str| format!("PLEAT_EXTERNAL_{}_{suffix}", provider.env_name());
        let enabled_name = var("ENABLED");
        if !boolean(get(&enabled_name), &enabled_name, false)? {
            continue;
        }
        let client_ids: Vec<String> = get(&var("CLIENT_ID"))
            .unwrap_or("")
            .split(',')
            .map(|id| id.trim().to_string())
            .filter(|id| !id.is_empty())
            .collect();
        if client_ids.is_empty() {
            return Err(invalid(
                &var("CLIENT_ID"),
                format!("must be set when {enabled_name} is true"),
            ));
        }
        let secret = get(&var("SECRET"))
            .map(|s| SecretString::from(s.to_string()))
            .ok_or_else(|| {
                invalid(
                    &var("SECRET"),
                    format!("must be set when {enabled_name} is true"),
                )
            })?;
        let redirect_uri = get(&var("REDIRECT_URI"))
            .map(|v| absolute_url(&var("REDIRECT_URI"), v))
            .transpose()?;
        let url = get(&var("URL"))
            .map(|v| absolute_url(&var("URL"), v))
            .transpose()?;
        if provider.needs_url() && url.is_none() {
            return Err(invalid(
                &var("URL"),
                format!("must be set to the issuer's URL when {enabled_name} is true"),
            ));
        }
        providers.push(ProviderSettings {
            name: provider,
            client_ids,
            secret,
            redirect_uri,
            url,
        });
    }
    Ok(ExternalSettings {
        providers,
        manual_linking: boolean(
            get("PLEAT_SECURITY_MANUAL_LINKING_ENABLED"),
            "PLEAT_SECURITY_MANUAL_LINKING_ENABLED",
            false,
        )?,
    })
}
