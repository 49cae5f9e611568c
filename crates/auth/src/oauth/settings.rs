//! Which external providers are on and with which credentials: what the
//! server's `PLEAT_EXTERNAL_<PROVIDER>_*` variables decide (after GoTrue's
//! `GOTRUE_EXTERNAL_*`), and whether a signed-in user may link and unlink
//! identities (`PLEAT_SECURITY_MANUAL_LINKING_ENABLED`).

use secrecy::SecretString;

/// The providers Pleat speaks to. `oidc` is any OpenID Connect issuer found by
/// discovery; `keycloak` is the same with GoTrue's name for it (its realm URL
/// is its issuer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProviderName {
    Apple,
    Azure,
    Discord,
    Github,
    Gitlab,
    Google,
    Keycloak,
    Oidc,
}

impl ProviderName {
    pub const ALL: [ProviderName; 8] = [
        ProviderName::Apple,
        ProviderName::Azure,
        ProviderName::Discord,
        ProviderName::Github,
        ProviderName::Gitlab,
        ProviderName::Google,
        ProviderName::Keycloak,
        ProviderName::Oidc,
    ];

    /// The name in `provider=`, in `identities[].provider` and in `/settings`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderName::Apple => "apple",
            ProviderName::Azure => "azure",
            ProviderName::Discord => "discord",
            ProviderName::Github => "github",
            ProviderName::Gitlab => "gitlab",
            ProviderName::Google => "google",
            ProviderName::Keycloak => "keycloak",
            ProviderName::Oidc => "oidc",
        }
    }

    pub fn parse(name: &str) -> Option<ProviderName> {
        let name = name.to_ascii_lowercase();
        ProviderName::ALL.into_iter().find(|p| p.as_str() == name)
    }

    /// The `<PROVIDER>` of its variables.
    pub fn env_name(self) -> String {
        self.as_str().to_ascii_uppercase()
    }

    /// Providers that have no address of their own: the URL names the issuer.
    pub fn needs_url(self) -> bool {
        matches!(self, ProviderName::Keycloak | ProviderName::Oidc)
    }
}

/// One enabled provider.
#[derive(Debug, Clone)]
pub struct ProviderSettings {
    pub name: ProviderName,
    /// The first is sent to the provider; an ID token for any of them is
    /// accepted (an app's web and mobile client ids), as GoTrue's list.
    pub client_ids: Vec<String>,
    pub secret: SecretString,
    /// Where the provider sends the browser back; `None`:
    /// `{site URL}/auth/v1/callback`.
    pub redirect_uri: Option<String>,
    /// The provider's address where it may differ: GitHub Enterprise or a
    /// GitLab of one's own, an Azure tenant, and the issuer of an OpenID
    /// provider (`keycloak`, `oidc`, and Google or Apple behind a proxy).
    pub url: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct ExternalSettings {
    pub providers: Vec<ProviderSettings>,
    /// `linkIdentity()` / `unlinkIdentity()` (GoTrue's
    /// `GOTRUE_SECURITY_MANUAL_LINKING_ENABLED`, off by default).
    pub manual_linking: bool,
}

impl ExternalSettings {
    pub fn get(&self, name: ProviderName) -> Option<&ProviderSettings> {
        self.providers.iter().find(|p| p.name == name)
    }

    pub fn enabled(&self, name: ProviderName) -> bool {
        self.get(name).is_some()
    }
}
