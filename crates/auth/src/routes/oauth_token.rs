//! `POST /oauth/token`: the app's side of the OAuth server (OAuth 2.1
//! section 3.2), form-encoded or JSON. The client authenticates first, by
//! the method it registered; then `authorization_code` exchanges a one-time
//! code (same client, same `redirect_uri` if one is sent, the PKCE verifier
//! of the request's challenge) for a session bound to the client, with an
//! ID token when `openid` was granted; `refresh_token` rotates that session's
//! refresh token as `/token` does, and only for the client it was issued
//! to. Errors are OAuth's `{error, error_description}`.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::oauth_server::clients::Client;
use crate::oauth_server::{self, authorizations, client_auth, id_token, oauth_error, scopes};
use crate::rate_limit::Bucket;
use crate::session::{self, OAuthGrant};
use crate::{body, pkce, rotation, AuthState, Error};

#[derive(Deserialize, Default)]
struct Params {
    grant_type: Option<String>,
    code: Option<String>,
    refresh_token: Option<String>,
    redirect_uri: Option<String>,
    client_id: Option<String>,
    client_secret: Option<String>,
    code_verifier: Option<String>,
}

fn parse(req: &HttpRequest, payload: &Bytes) -> Result<Params, Error> {
    let json = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.contains("application/json"));
    let params = if json {
        serde_json::from_slice(payload)
            .map_err(|_| oauth_error("invalid_request", "Invalid JSON body"))?
    } else {
        let mut params = Params::default();
        for (key, value) in url::form_urlencoded::parse(payload) {
            let slot = match &*key {
                "grant_type" => &mut params.grant_type,
                "code" => &mut params.code,
                "refresh_token" => &mut params.refresh_token,
                "redirect_uri" => &mut params.redirect_uri,
                "client_id" => &mut params.client_id,
                "client_secret" => &mut params.client_secret,
                "code_verifier" => &mut params.code_verifier,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(value.into_owned());
            }
        }
        params
    };
    Ok(Params {
        grant_type: body::present(params.grant_type),
        code: body::present(params.code),
        refresh_token: body::present(params.refresh_token),
        redirect_uri: body::present(params.redirect_uri),
        client_id: body::present(params.client_id),
        client_secret: body::present(params.client_secret),
        code_verifier: body::present(params.code_verifier),
    })
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    oauth_server::require_enabled(&state)?;
    let mut params = parse(&req, &payload)?;
    let ip = state.client_ip(&req);
    let credentials = client_auth::credentials(
        req.headers()
            .get("authorization")
            .and_then(|v| v.to_str().ok()),
        params.client_id.take(),
        params.client_secret.take(),
    )?;
    let authenticated = {
        let mut conn = state.pool.acquire().await?;
        client_auth::authenticate(&mut conn, &credentials).await
    };
    let client = match authenticated {
        Ok(client) => client,
        Err(e) => {
            // Failed authentications take from the address's budget, so
            // secrets and client ids are not tried at leisure.
            state.limiter.check(Bucket::Token, ip).await?;
            return Err(e);
        }
    };
    let grant_type = params
        .grant_type
        .take()
        .ok_or_else(|| oauth_error("invalid_request", "grant_type is required"))?;
    if !client.grant_types.contains(&grant_type) {
        return Err(oauth_error(
            "unsupported_grant_type",
            format!("Client is not allowed to use grant type: {grant_type}"),
        ));
    }
    let from = session::Client {
        ip,
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok()),
    };
    let answer = match grant_type.as_str() {
        "authorization_code" => {
            state.limiter.check(Bucket::Token, ip).await?;
            authorization_code(&state, &client, params, &from).await?
        }
        "refresh_token" => refresh(&state, &client, params, &from).await?,
        other => {
            return Err(oauth_error(
                "unsupported_grant_type",
                format!("Unsupported grant type: {other}"),
            ))
        }
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// OAuth's token response from GoTrue's session object.
fn token_response(session: &Value) -> Value {
    json!({
        "access_token": session["access_token"],
        "token_type": session["token_type"],
        "expires_in": session["expires_in"],
        "refresh_token": session["refresh_token"],
    })
}

async fn authorization_code(
    state: &AuthState,
    client: &Client,
    params: Params,
    from: &session::Client<'_>,
) -> Result<Value, Error> {
    let code = params.code.ok_or_else(|| {
        oauth_error(
            "invalid_request",
            "code is required for authorization_code grant",
        )
    })?;
    let invalid_grant = |why: &str| oauth_error("invalid_grant", why);
    let mut tx = state.pool.begin().await?;
    let authorization = authorizations::lock_by_code(&mut tx, &code)
        .await?
        .ok_or_else(|| invalid_grant("Invalid authorization code"))?;
    if authorization.expired {
        authorizations::delete(&mut tx, authorization.id).await?;
        tx.commit().await?;
        return Err(invalid_grant("Authorization code has expired"));
    }
    if authorization.client_id != client.id {
        return Err(invalid_grant(
            "Authorization code was not issued for this client",
        ));
    }
    if params
        .redirect_uri
        .is_some_and(|uri| uri != authorization.redirect_uri)
    {
        return Err(invalid_grant("Invalid redirect_uri"));
    }
    let verifier = params.code_verifier.ok_or_else(|| {
        invalid_grant(
            "PKCE verification failed: code_verifier is required when PKCE challenge is present",
        )
    })?;
    if !pkce::verifier_matches(
        &authorization.code_challenge,
        &authorization.code_challenge_method,
        &verifier,
    ) {
        return Err(invalid_grant(
            "PKCE verification failed: code challenge does not match previously saved code verifier",
        ));
    }
    let user_id = authorization
        .user_id
        .ok_or_else(|| invalid_grant("Authorization code has no associated user"))?;
    let signed_in = session::sign_in(
        &mut tx,
        user_id,
        "oauth_provider/authorization_code",
        from,
        Some(&OAuthGrant {
            client_id: client.id,
            scopes: &authorization.scope,
        }),
    )
    .await?;
    let id_token = if scopes::has(&authorization.scope, "openid") {
        match id_token::issue(
            state,
            &signed_in.user,
            client.id,
            &authorization.scope,
            authorization.nonce.as_deref(),
        ) {
            Some(signed) => Some(signed?),
            None => {
                tracing::warn!(
                    "oauth server: no asymmetric signing key, so no ID token (see `pleat keys`)"
                );
                None
            }
        }
    } else {
        None
    };
    let mut answer = token_response(&signed_in.response(state)?);
    if let Some(id_token) = id_token {
        answer["id_token"] = json!(id_token);
    }
    authorizations::delete(&mut tx, authorization.id).await?;
    tx.commit().await?;
    Ok(answer)
}

async fn refresh(
    state: &AuthState,
    client: &Client,
    params: Params,
    from: &session::Client<'_>,
) -> Result<Value, Error> {
    let token = params.refresh_token.ok_or_else(|| {
        oauth_error(
            "invalid_request",
            "refresh_token is required for refresh_token grant",
        )
    })?;
    let refreshed = rotation::refresh(state, &token, from, Some(client.id))
        .await
        .map_err(|e| match e {
            Error::RefreshTokenNotFound | Error::RefreshTokenAlreadyUsed => {
                oauth_error("invalid_grant", e.to_string())
            }
            other => other,
        })?;
    let session = session::response(
        state,
        &refreshed.user,
        &refreshed.session,
        refreshed.refresh_token,
    )?;
    Ok(token_response(&session))
}
