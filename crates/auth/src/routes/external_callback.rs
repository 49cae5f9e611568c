//! `GET|POST /callback`: where the provider sends the browser back (Apple
//! posts a form). The `state` names the flow (taken out once, see
//! [`crate::oauth::flow`]); the code is exchanged with the provider, its
//! answer checked, and the user signed in, linked or made. The browser then
//! goes back to the app: with `?code=` for an app using PKCE, with the
//! session in the URL fragment otherwise, or with `error`, `error_code` and
//! `error_description` in the query and the fragment when anything failed,
//! as GoTrue sends them.

use actix_web::http::header::LOCATION;
use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;
use uuid::Uuid;

use super::external_authorize::callback_url;
use super::unsupported::oauth_disabled;
use crate::oauth::flow::{self, Flow};
use crate::oauth::provider::{self, ProfileError};
use crate::oauth::{accounts, refusal, ProviderName};
use crate::session::{self, Client};
use crate::{redirect, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    body: Bytes,
) -> Result<HttpResponse, Error> {
    if state.external.providers.is_empty() {
        return Err(oauth_disabled());
    }
    let form = if req.method() == actix_web::http::Method::POST {
        body.to_vec()
    } else {
        req.query_string().as_bytes().to_vec()
    };
    let params: Vec<(String, String)> = url::form_urlencoded::parse(&form).into_owned().collect();
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_empty())
    };
    let mut back_to = redirect::site_url(&state);
    let outcome = callback(&state, &req, &param, &mut back_to).await;
    let location = match outcome {
        Ok(location) => location,
        Err(e) => error_location(&back_to, &e),
    };
    Ok(HttpResponse::Found()
        .insert_header((LOCATION, location))
        .finish())
}

async fn callback(
    state: &AuthState,
    req: &HttpRequest,
    param: &impl Fn(&str) -> Option<String>,
    back_to: &mut String,
) -> Result<String, Error> {
    let state_param = param("state")
        .ok_or_else(|| refusal(400, "bad_oauth_callback", "OAuth state parameter missing"))?;
    let id = Uuid::parse_str(&state_param)
        .map_err(|_| refusal(400, "bad_oauth_state", "OAuth state parameter is invalid"))?;
    let flow = {
        let mut conn = state.pool.acquire().await?;
        flow::claim(&mut conn, id).await?
    }
    .ok_or_else(|| refusal(400, "bad_oauth_state", "OAuth state not found or expired"))?;
    *back_to = flow.referrer.clone();
    if flow.expired() {
        return Err(refusal(400, "bad_oauth_state", "OAuth state has expired"));
    }
    if let Some(error) = param("error") {
        // The person declined, or the provider refused the request.
        let description = param("error_description").unwrap_or_else(|| error.clone());
        return Err(Error::NotSupported {
            status: 403,
            code: "provider_refused",
            message: format!("{error}: {description}"),
        });
    }
    let code =
        param("code").ok_or_else(|| refusal(400, "bad_oauth_callback", "OAuth code missing"))?;
    let settings = ProviderName::parse(&flow.provider)
        .and_then(|p| state.external.get(p))
        .ok_or_else(|| {
            refusal(
                400,
                "provider_disabled",
                "Unsupported provider: provider is not enabled",
            )
        })?;
    let provider = provider::load(state, settings).await?;
    let tokens = provider
        .exchange(
            &state.http,
            &code,
            &callback_url(state, settings),
            flow.provider_code_verifier.as_deref(),
        )
        .await?;
    let profile = match provider.profile(state, &tokens, &flow.nonce).await {
        Ok(profile) => profile,
        Err(ProfileError::Refused(why)) => return Err(refusal(400, "bad_oauth_callback", why)),
        Err(ProfileError::Failed(e)) => return Err(e),
    };

    let mut tx = state.pool.begin().await?;
    let user_id = match flow.linking_user_id {
        Some(user_id) => {
            accounts::link(&mut tx, user_id, &flow.provider, &profile).await?;
            user_id
        }
        None => accounts::sign_in(&mut tx, state, &flow.provider, &profile).await?,
    };
    if flow.is_pkce() {
        let code = flow::store_code(&mut tx, &flow, user_id, &tokens).await?;
        tx.commit().await?;
        return Ok(with_code(&flow, code));
    }
    let client = Client {
        ip: state.client_ip(req),
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok()),
    };
    let answer = session::sign_in(&mut tx, user_id, "oauth", &client, None)
        .await?
        .response(state)?;
    tx.commit().await?;
    let mut fragment = url::form_urlencoded::Serializer::new(String::new());
    fragment.append_pair("provider_token", &tokens.access_token);
    if let Some(refresh) = &tokens.refresh_token {
        fragment.append_pair("provider_refresh_token", refresh);
    }
    for key in [
        "access_token",
        "token_type",
        "expires_in",
        "expires_at",
        "refresh_token",
    ] {
        let value = match &answer[key] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        fragment.append_pair(key, &value);
    }
    fragment.append_pair("sb", "");
    Ok(format!("{}#{}", flow.referrer, fragment.finish()))
}

/// GoTrue's `prepPKCERedirectURL`: `code` added to the app's query.
fn with_code(flow: &Flow, code: Uuid) -> String {
    match url::Url::parse(&flow.referrer) {
        Ok(mut url) => {
            url.query_pairs_mut().append_pair("code", &code.to_string());
            url.to_string()
        }
        Err(_) => format!("{}?code={code}", flow.referrer),
    }
}

/// GoTrue's `redirectErrors`: the error in the query and, for clients that
/// read it there, in the fragment too.
fn error_location(back_to: &str, e: &Error) -> String {
    let status = e.status().as_u16();
    let error = match (e.code(), status) {
        ("signup_disabled" | "provider_email_needs_verification" | "provider_refused", _) => {
            "access_denied"
        }
        (_, 400) => "invalid_request",
        (_, 401) => "unauthorized_client",
        (_, 403) => "access_denied",
        (_, 503) => "temporarily_unavailable",
        _ => "server_error",
    };
    if let Error::Unexpected(cause) = e {
        // The cause names the provider's URL and status, never a token.
        tracing::warn!(error = %format!("{cause:#}"), "external sign-in failed");
    }
    let description = match e {
        Error::Unexpected(_) => "Error signing in with the provider".to_string(),
        other => other.to_string(),
    };
    let pairs = [
        ("error", error),
        ("error_code", e.code()),
        ("error_description", description.as_str()),
    ];
    let mut url = match url::Url::parse(back_to) {
        Ok(url) => url,
        Err(_) => return back_to.to_string(),
    };
    url.set_fragment(None);
    url.query_pairs_mut().extend_pairs(pairs);
    let mut fragment = url::form_urlencoded::Serializer::new(String::new());
    fragment.extend_pairs(pairs);
    fragment.append_pair("sb", "");
    url.set_fragment(Some(&fragment.finish()));
    url.to_string()
}
