//! How each provider is spoken to: where its consent page and token endpoint
//! are (fixed for GitHub, GitLab and Discord, discovered for the OpenID
//! providers), which scopes Pleat asks for, whether PKCE is sent to it, and how
//! its answer becomes a profile: the verified ID token of an OpenID provider,
//! or the user API of GitHub, GitLab and Discord.

use serde_json::{json, Map, Value};

use super::oidc::{self, Discovery, IdTokenError};
use super::{Client, ProviderName, ProviderSettings};
use crate::{AuthState, Error};

pub(crate) enum Kind {
    Oidc(Discovery),
    Github { api: String },
    Gitlab { api: String },
    Discord { api: String },
}

/// A provider ready to be sent to.
pub(crate) struct Provider<'a> {
    pub settings: &'a ProviderSettings,
    pub authorize_url: String,
    pub token_url: String,
    pub scopes: &'static str,
    pub pkce: bool,
    pub kind: Kind,
}

/// What a provider says about the person who signed in.
#[derive(Debug, Clone)]
pub(crate) struct Profile {
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    /// `identities[].identity_data`, merged into `user_metadata` as GoTrue does.
    pub data: Map<String, Value>,
}

/// The token endpoint's answer; secrets, never logged.
pub(crate) struct Tokens {
    pub access_token: String,
    pub refresh_token: Option<String>,
    pub id_token: Option<String>,
}

/// The issuer an OpenID provider is discovered at.
pub(crate) fn issuer(settings: &ProviderSettings) -> Option<String> {
    let url = settings.url.clone();
    match settings.name {
        ProviderName::Google => Some(url.unwrap_or_else(|| "https://accounts.google.com".into())),
        ProviderName::Apple => Some(url.unwrap_or_else(|| "https://appleid.apple.com".into())),
        ProviderName::Azure => {
            Some(url.unwrap_or_else(|| "https://login.microsoftonline.com/common/v2.0".into()))
        }
        ProviderName::Keycloak | ProviderName::Oidc => url,
        ProviderName::Github | ProviderName::Gitlab | ProviderName::Discord => None,
    }
}

/// Whether a provider is an OpenID issuer (its ID tokens can sign in).
pub(crate) fn issuer_of(name: ProviderName) -> bool {
    !matches!(
        name,
        ProviderName::Github | ProviderName::Gitlab | ProviderName::Discord
    )
}

fn host(settings: &ProviderSettings, default: &str) -> String {
    settings
        .url
        .clone()
        .unwrap_or_else(|| default.to_string())
        .trim_end_matches('/')
        .to_string()
}

pub(crate) async fn load<'a>(
    state: &AuthState,
    settings: &'a ProviderSettings,
) -> Result<Provider<'a>, Error> {
    let provider = match settings.name {
        ProviderName::Github => {
            let web = host(settings, "https://github.com");
            let api = match &settings.url {
                Some(_) => format!("{web}/api/v3"),
                None => "https://api.github.com".into(),
            };
            Provider {
                settings,
                authorize_url: format!("{web}/login/oauth/authorize"),
                token_url: format!("{web}/login/oauth/access_token"),
                scopes: "user:email",
                pkce: true,
                kind: Kind::Github { api },
            }
        }
        ProviderName::Gitlab => {
            let web = host(settings, "https://gitlab.com");
            Provider {
                settings,
                authorize_url: format!("{web}/oauth/authorize"),
                token_url: format!("{web}/oauth/token"),
                scopes: "read_user",
                pkce: true,
                kind: Kind::Gitlab {
                    api: format!("{web}/api/v4"),
                },
            }
        }
        ProviderName::Discord => {
            let api = format!("{}/api", host(settings, "https://discord.com"));
            Provider {
                settings,
                authorize_url: format!("{api}/oauth2/authorize"),
                token_url: format!("{api}/oauth2/token"),
                scopes: "email identify",
                pkce: true,
                kind: Kind::Discord { api },
            }
        }
        ProviderName::Apple
        | ProviderName::Azure
        | ProviderName::Google
        | ProviderName::Keycloak
        | ProviderName::Oidc => {
            let issuer = issuer(settings).unwrap_or_default();
            let discovery = state.oidc.discover(&state.http, &issuer).await?;
            Provider {
                settings,
                authorize_url: discovery.authorization_endpoint.clone(),
                token_url: discovery.token_endpoint.clone(),
                // Apple's scopes are its own words; it sends the name once.
                scopes: if settings.name == ProviderName::Apple {
                    "name email"
                } else {
                    "openid email profile"
                },
                // Apple does not take PKCE; the others say whether they do.
                pkce: settings.name != ProviderName::Apple
                    && discovery
                        .code_challenge_methods_supported
                        .iter()
                        .any(|m| m == "S256"),
                kind: Kind::Oidc(discovery),
            }
        }
    };
    Ok(provider)
}

impl Provider<'_> {
    /// Parameters the provider needs beyond OAuth's own.
    pub fn extra_params(&self) -> &'static [(&'static str, &'static str)] {
        match self.settings.name {
            // Apple posts the answer back when names or addresses are asked.
            ProviderName::Apple => &[("response_mode", "form_post")],
            _ => &[],
        }
    }

    pub async fn exchange(
        &self,
        client: &Client,
        code: &str,
        redirect_uri: &str,
        verifier: Option<&str>,
    ) -> Result<Tokens, Error> {
        let client_id = self.settings.client_ids.first().map_or("", String::as_str);
        let secret = secrecy::ExposeSecret::expose_secret(&self.settings.secret);
        let mut form = vec![
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", client_id),
            ("client_secret", secret),
        ];
        if let Some(verifier) = verifier {
            form.push(("code_verifier", verifier));
        }
        let answer = client.post_form(&self.token_url, &form).await?;
        let text = |key: &str| answer.get(key).and_then(Value::as_str).map(str::to_string);
        let access_token = text("access_token").ok_or_else(|| {
            // GitHub answers 200 with an `error` for a bad code.
            let reason = text("error").unwrap_or_default();
            Error::from(anyhow::anyhow!(
                "the provider's token endpoint gave no access token ({reason})"
            ))
        })?;
        Ok(Tokens {
            access_token,
            refresh_token: text("refresh_token").filter(|t| !t.is_empty()),
            id_token: text("id_token"),
        })
    }

    /// Who signed in. An OpenID provider's ID token must verify and carry the
    /// nonce this sign-in sent.
    pub async fn profile(
        &self,
        state: &AuthState,
        tokens: &Tokens,
        nonce: &str,
    ) -> Result<Profile, ProfileError> {
        let client = &state.http;
        match &self.kind {
            Kind::Oidc(discovery) => {
                let id_token = tokens
                    .id_token
                    .as_deref()
                    .ok_or(ProfileError::Refused("The provider sent no ID token"))?;
                let mut claims = oidc::verify(
                    &state.oidc,
                    client,
                    discovery,
                    id_token,
                    &self.settings.client_ids,
                )
                .await
                .map_err(|e| match e {
                    IdTokenError::Invalid(_) => ProfileError::Refused("Bad ID token"),
                    IdTokenError::Provider(e) => ProfileError::Failed(e),
                })?;
                if claims.get("nonce").and_then(Value::as_str) != Some(nonce) {
                    return Err(ProfileError::Refused("Nonces mismatch"));
                }
                if !claims.contains_key("email") {
                    if let Some(userinfo) = &discovery.userinfo_endpoint {
                        let info = client
                            .get_json(userinfo, Some(&tokens.access_token))
                            .await?;
                        let same_subject = info.get("sub") == claims.get("sub");
                        if let (true, Value::Object(info)) = (same_subject, info) {
                            for (k, v) in info {
                                claims.entry(k).or_insert(v);
                            }
                        }
                    }
                }
                Ok(from_claims(&claims))
            }
            Kind::Github { api } => {
                let user = client
                    .get_json(&format!("{api}/user"), Some(&tokens.access_token))
                    .await?;
                let emails = client
                    .get_json(&format!("{api}/user/emails"), Some(&tokens.access_token))
                    .await?;
                let emails = emails.as_array().cloned().unwrap_or_default();
                let chosen = emails
                    .iter()
                    .find(|e| e["primary"] == true)
                    .or_else(|| emails.iter().find(|e| e["verified"] == true));
                let email = chosen.and_then(|e| e["email"].as_str()).map(str::to_string);
                let verified = chosen.is_some_and(|e| e["verified"] == true);
                Ok(profile(
                    number_or_text(&user["id"]),
                    email,
                    verified,
                    json!({
                        "iss": api,
                        "name": user["name"],
                        "full_name": user["name"],
                        "avatar_url": user["avatar_url"],
                        "picture": user["avatar_url"],
                        "user_name": user["login"],
                        "preferred_username": user["login"],
                    }),
                )?)
            }
            Kind::Gitlab { api } => {
                let user = client
                    .get_json(&format!("{api}/user"), Some(&tokens.access_token))
                    .await?;
                let verified = user["confirmed_at"].as_str().is_some_and(|t| !t.is_empty());
                Ok(profile(
                    number_or_text(&user["id"]),
                    user["email"].as_str().map(str::to_string),
                    verified,
                    json!({
                        "iss": api,
                        "name": user["name"],
                        "full_name": user["name"],
                        "avatar_url": user["avatar_url"],
                        "picture": user["avatar_url"],
                        "user_name": user["username"],
                        "preferred_username": user["username"],
                    }),
                )?)
            }
            Kind::Discord { api } => {
                let user = client
                    .get_json(&format!("{api}/users/@me"), Some(&tokens.access_token))
                    .await?;
                let name = user["global_name"].as_str().or(user["username"].as_str());
                Ok(profile(
                    number_or_text(&user["id"]),
                    user["email"].as_str().map(str::to_string),
                    user["verified"] == true,
                    json!({
                        "iss": api,
                        "name": name,
                        "full_name": name,
                        "user_name": user["username"],
                        "preferred_username": user["username"],
                    }),
                )?)
            }
        }
    }
}

/// A sign-in the provider's answer does not allow (said to the app), or one
/// that failed on the way (logged, opaque).
#[derive(Debug)]
pub(crate) enum ProfileError {
    Refused(&'static str),
    Failed(Error),
}

impl From<Error> for ProfileError {
    fn from(e: Error) -> Self {
        ProfileError::Failed(e)
    }
}

fn number_or_text(id: &Value) -> String {
    match id {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn profile(
    subject: String,
    email: Option<String>,
    email_verified: bool,
    extra: Value,
) -> Result<Profile, ProfileError> {
    if subject.is_empty() {
        return Err(ProfileError::Refused("The provider named no user"));
    }
    let email = email.filter(|e| e.contains('@')).map(|e| e.to_lowercase());
    let mut data = Map::new();
    if let Value::Object(extra) = extra {
        data.extend(extra.into_iter().filter(|(_, v)| !v.is_null()));
    }
    data.insert("sub".into(), json!(subject));
    data.insert("provider_id".into(), json!(subject));
    if let Some(email) = &email {
        data.insert("email".into(), json!(email));
    }
    data.insert(
        "email_verified".into(),
        json!(email_verified && email.is_some()),
    );
    data.insert("phone_verified".into(), json!(false));
    Ok(Profile {
        subject,
        email,
        email_verified: email_verified && data.contains_key("email"),
        data,
    })
}

/// An OpenID provider's claims: `email_verified` is a boolean, or Apple's
/// string `"true"`.
pub(crate) fn from_claims(claims: &Map<String, Value>) -> Profile {
    let text = |k: &str| claims.get(k).and_then(Value::as_str).map(str::to_string);
    let verified = matches!(claims.get("email_verified"), Some(Value::Bool(true)))
        || claims.get("email_verified").and_then(Value::as_str) == Some("true");
    let name = text("name");
    let subject = text("sub").unwrap_or_default();
    let extra = json!({
        "iss": text("iss"),
        "name": name,
        "full_name": name,
        "picture": text("picture"),
        "avatar_url": text("picture"),
        "preferred_username": text("preferred_username"),
    });
    profile(subject.clone(), text("email"), verified, extra).unwrap_or(Profile {
        subject,
        email: None,
        email_verified: false,
        data: Map::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apple_string_verification_counts_and_emails_are_lowered() {
        let claims = json!({"sub": "1", "iss": "https://appleid.apple.com", "email": "A@B.C", "email_verified": "true"});
        let p = from_claims(claims.as_object().unwrap());
        assert_eq!(p.email.as_deref(), Some("a@b.c"));
        assert!(p.email_verified);
        assert_eq!(p.data["provider_id"], "1");
    }

    #[test]
    fn an_unverified_address_is_not_verified() {
        let claims = json!({"sub": "1", "email": "a@b.c", "email_verified": false});
        let p = from_claims(claims.as_object().unwrap());
        assert!(!p.email_verified);
        assert_eq!(p.data["email_verified"], false);
    }
}
