//! `POST /token?grant_type=id_token` (`signInWithIdToken`): an ID token the
//! app got from Google, Apple, Microsoft or an OpenID issuer itself (a native
//! sign-in button), verified against that issuer's keys, for one of the
//! provider's client ids, and with the nonce check GoTrue makes: the token's
//! `nonce` is the SHA-256 (hex) of the `nonce` the app sends.

use actix_web::web::Bytes;
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::oauth::oidc::{self, IdTokenError};
use crate::oauth::provider::{self, Kind};
use crate::oauth::{accounts, refusal, ProviderName};
use crate::session::{self, Client};
use crate::{body, AuthState, Error};

#[derive(Deserialize, Default)]
struct Params {
    id_token: Option<String>,
    provider: Option<String>,
    nonce: Option<String>,
}

fn invalid(message: impl Into<String>) -> Error {
    refusal(400, "validation_failed", message)
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    let params: Params = body::json_or_default(payload)?;
    let id_token = body::present(params.id_token).ok_or_else(|| invalid("id_token required"))?;
    let name = body::present(params.provider).ok_or_else(|| invalid("provider required"))?;
    let provider_name = ProviderName::parse(&name)
        .filter(|p| provider::issuer_of(*p))
        .ok_or_else(|| invalid(format!("Custom OIDC provider \"{name}\" not allowed")))?;
    let settings = state.external.get(provider_name).ok_or_else(|| {
        refusal(
            400,
            "provider_disabled",
            format!("Provider ({}) is not enabled", provider_name.as_str()),
        )
    })?;
    let provider = provider::load(state, settings).await?;
    let Kind::Oidc(discovery) = &provider.kind else {
        return Err(invalid(format!(
            "Custom OIDC provider \"{name}\" not allowed"
        )));
    };
    let claims = oidc::verify(
        &state.oidc,
        &state.http,
        discovery,
        &id_token,
        &settings.client_ids,
    )
    .await
    .map_err(|e| match e {
        IdTokenError::Invalid(why) => invalid(why),
        IdTokenError::Provider(e) => e,
    })?;
    let token_nonce = claims
        .get("nonce")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty());
    match (token_nonce, body::present(params.nonce)) {
        (None, None) => {}
        (Some(expected), Some(nonce)) => {
            if hex::encode(Sha256::digest(nonce.as_bytes())) != expected {
                return Err(invalid("Nonces mismatch"));
            }
        }
        _ => {
            return Err(invalid(
                "Passed nonce and nonce in id_token should either both exist or not.",
            ))
        }
    }
    let profile = provider::from_claims(&claims);
    let mut tx = state.pool.begin().await?;
    let user_id = accounts::sign_in(&mut tx, state, provider_name.as_str(), &profile).await?;
    let answer = session::sign_in(&mut tx, user_id, "oauth", client, None)
        .await?
        .response(state)?;
    tx.commit().await?;
    Ok(answer)
}
