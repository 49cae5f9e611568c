//! `GET /oauth/authorize`: an app sends the user here (OAuth 2.1 section
//! 4.1.1). A missing or unknown `client_id`, or a `redirect_uri` that is not
//! exactly one the client registered, is answered here in GoTrue's JSON: the
//! URI cannot be trusted with a redirect. Every other mistake goes back to
//! the app's `redirect_uri` as `error=invalid_request` with its `state`.
//! PKCE is required of every request (S256 of public clients, which have
//! no secret to fall back on). A good request is stored and the browser goes
//! to the site's consent page with `?authorization_id=`.

use actix_web::http::header::LOCATION;
use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use uuid::Uuid;

use crate::oauth_server::authorizations::{self, NewAuthorization};
use crate::oauth_server::clients::{self, Client};
use crate::oauth_server::{self, scopes};
use crate::pkce::{self, Challenge};
use crate::rate_limit::Bucket;
use crate::{redirect, AuthState, Error};

fn found(location: String) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((LOCATION, location))
        .finish()
}

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    let query: Vec<(String, String)> = url::form_urlencoded::parse(req.query_string().as_bytes())
        .into_owned()
        .collect();
    let param = |key: &str| get(&query, key);
    // Each request stores a row: it takes from the address's budget.
    state
        .limiter
        .check(Bucket::Token, state.client_ip(&req))
        .await?;
    let client_id =
        param("client_id").ok_or_else(|| Error::Validation("client_id is required".into()))?;
    let redirect_uri = param("redirect_uri")
        .ok_or_else(|| Error::Validation("redirect_uri is required".into()))?;
    let unknown = |message: &str| Error::NotSupported {
        status: 400,
        code: "oauth_client_not_found",
        message: message.into(),
    };
    let id = Uuid::parse_str(client_id).map_err(|_| unknown("invalid client_id format"))?;
    let client = {
        let mut conn = state.pool.acquire().await?;
        clients::find(&mut conn, id).await?
    }
    .ok_or_else(|| unknown("invalid client_id"))?;
    if !client.redirect_uris.iter().any(|uri| uri == redirect_uri) {
        return Err(Error::Validation("invalid redirect_uri".into()));
    }
    let app_state = param("state");
    let (scope, challenge) = match check(&client, &query) {
        Ok(checked) => checked,
        Err(why) => {
            return Ok(found(authorizations::error_redirect(
                redirect_uri,
                "invalid_request",
                &why,
                app_state,
            )))
        }
    };
    let stored = {
        let mut conn = state.pool.acquire().await?;
        authorizations::create(
            &mut conn,
            NewAuthorization {
                client_id: client.id,
                redirect_uri,
                scope: &scope,
                state: app_state,
                nonce: param("nonce"),
                challenge: &challenge,
            },
        )
        .await
    };
    let authorization_id = match stored {
        Ok(id) => id,
        Err(e) => {
            tracing::error!(error = %e, "oauth server: storing an authorization failed");
            return Ok(found(authorizations::error_redirect(
                redirect_uri,
                "server_error",
                "error creating authorization",
                app_state,
            )));
        }
    };
    let mut consent = url::form_urlencoded::Serializer::new(String::new());
    consent.append_pair("authorization_id", &authorization_id);
    Ok(found(format!(
        "{}{}?{}",
        redirect::site_url(&state).trim_end_matches('/'),
        consent_path(&state.oauth_server.authorization_path),
        consent.finish()
    )))
}

fn consent_path(path: &str) -> String {
    if path.starts_with('/') {
        path.to_string()
    } else {
        format!("/{path}")
    }
}

/// The first non-empty value of `key`.
fn get<'q>(query: &'q [(String, String)], key: &str) -> Option<&'q str> {
    query
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty())
}

/// The checks whose failure the app hears about at its `redirect_uri`.
fn check(client: &Client, query: &[(String, String)]) -> Result<(String, Challenge), String> {
    let param = |key: &str| get(query, key);
    let response_type = param("response_type").unwrap_or("code");
    if response_type != "code" {
        return Err("only response_type=code is supported".into());
    }
    let requested = param("scope").unwrap_or(scopes::DEFAULT);
    let list = scopes::parse(requested);
    if list.is_empty() {
        return Err("scope parameter cannot be empty".into());
    }
    if let Some(unknown) = list.iter().find(|s| !scopes::SUPPORTED.contains(s)) {
        return Err(format!("unsupported scope: {unknown}"));
    }
    let (Some(challenge), Some(method)) = (param("code_challenge"), param("code_challenge_method"))
    else {
        return Err("PKCE flow requires both code_challenge and code_challenge_method".into());
    };
    let challenge = pkce::check(Some(challenge), Some(method))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            "PKCE flow requires both code_challenge and code_challenge_method".to_string()
        })?;
    if client.is_public() && challenge.method() != "s256" {
        return Err("code_challenge_method must be S256 for public clients".into());
    }
    Ok((list.join(" "), challenge))
}
