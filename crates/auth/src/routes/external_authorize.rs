//! `GET /authorize?provider=…` (`signInWithOAuth`): a new flow in
//! `auth.oauth_flows` whose id is the `state`, then a 302 to the provider's
//! consent page. The app's own PKCE (`code_challenge`) is kept for
//! `/token?grant_type=pkce`; toward the provider Pleat uses PKCE itself where
//! the provider takes it, and a nonce its ID token must carry back.

use actix_web::http::header::LOCATION;
use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::unsupported::unsupported_provider;
use crate::oauth::flow::{self, NewFlow};
use crate::oauth::{provider, ProviderName, ProviderSettings};
use crate::{pkce, redirect, AuthState, Error};

/// Query keys that are Pleat's (or OAuth's own, which a client must not
/// override); any other key is passed to the provider, as GoTrue passes an
/// app's `queryParams` (`prompt`, `access_type`, `login_hint`, …).
const RESERVED: &[&str] = &[
    "provider",
    "scopes",
    "redirect_to",
    "code_challenge",
    "code_challenge_method",
    "skip_http_redirect",
    "client_id",
    "client_secret",
    "redirect_uri",
    "response_type",
    "response_mode",
    "state",
    "scope",
    "nonce",
    "code_verifier",
    "invite_token",
];

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let url = provider_url(&state, &req, None).await?;
    Ok(HttpResponse::Found()
        .insert_header((LOCATION, url))
        .finish())
}

/// Where the browser goes to sign in with the provider of `req`'s query,
/// for a sign-in or (with `linking_user`) for `linkIdentity()`.
pub(super) async fn provider_url(
    state: &AuthState,
    req: &HttpRequest,
    linking_user: Option<Uuid>,
) -> Result<String, Error> {
    let query: Vec<(String, String)> = url::form_urlencoded::parse(req.query_string().as_bytes())
        .into_owned()
        .collect();
    let param = |key: &str| {
        query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    };
    // Each start writes a row and may ask the provider for its discovery
    // document: it takes from the address's budget like a sign-in.
    let ip = state.client_ip(req);
    state
        .limiter
        .check(crate::rate_limit::Bucket::Token, ip)
        .await?;
    let name = param("provider").unwrap_or("").to_lowercase();
    let settings = ProviderName::parse(&name)
        .and_then(|p| state.external.get(p))
        .ok_or_else(|| unsupported_provider(&name))?;
    let challenge = pkce::check(param("code_challenge"), param("code_challenge_method"))?;
    let referrer = redirect::resolve(state, param("redirect_to"));
    let provider = provider::load(state, settings).await?;

    let nonce = match param("nonce") {
        Some(nonce) => nonce.to_string(),
        None => random_token(),
    };
    let verifier = provider.pkce.then(random_token);
    let mut conn = state.pool.acquire().await?;
    let flow_id = flow::create(
        &mut conn,
        NewFlow {
            provider: settings.name.as_str(),
            referrer: &referrer,
            nonce: &nonce,
            provider_code_verifier: verifier.as_deref(),
            code_challenge: challenge.as_ref().map(|c| (c.as_str(), c.method())),
            linking_user_id: linking_user,
        },
    )
    .await?;

    let mut url = url::Url::parse(&provider.authorize_url)
        .map_err(|e| anyhow::anyhow!("provider authorization URL: {e}"))?;
    {
        let mut pairs = url.query_pairs_mut();
        pairs
            .append_pair(
                "client_id",
                settings.client_ids.first().map_or("", String::as_str),
            )
            .append_pair("redirect_uri", &callback_url(state, settings))
            .append_pair("response_type", "code")
            .append_pair("scope", &scopes(provider.scopes, param("scopes")))
            .append_pair("state", &flow_id.to_string());
        if matches!(provider.kind, provider::Kind::Oidc(_)) {
            pairs.append_pair("nonce", &nonce);
        }
        if let Some(verifier) = &verifier {
            let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
            pairs
                .append_pair("code_challenge", &challenge)
                .append_pair("code_challenge_method", "S256");
        }
        for (k, v) in provider.extra_params() {
            pairs.append_pair(k, v);
        }
        for (k, v) in &query {
            if !RESERVED.contains(&k.to_ascii_lowercase().as_str()) {
                pairs.append_pair(k, v);
            }
        }
    }
    Ok(url.to_string())
}

/// `{site}/auth/v1/callback` unless the provider's redirect URI is set.
pub(crate) fn callback_url(state: &AuthState, settings: &ProviderSettings) -> String {
    settings.redirect_uri.clone().unwrap_or_else(|| {
        format!(
            "{}/auth/v1/callback",
            redirect::site_url(state).trim_end_matches('/')
        )
    })
}

/// Pleat's scopes and the app's (`scopes`, space or comma separated).
fn scopes(own: &str, extra: Option<&str>) -> String {
    let mut all: Vec<&str> = own.split(' ').collect();
    for scope in extra.unwrap_or("").split([' ', ',']) {
        if !scope.is_empty() && !all.contains(&scope) {
            all.push(scope);
        }
    }
    all.join(" ")
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_scopes_join_pleats_once() {
        assert_eq!(
            scopes("openid email", Some("email repo,gist")),
            "openid email repo gist"
        );
        assert_eq!(scopes("user:email", None), "user:email");
    }
}
