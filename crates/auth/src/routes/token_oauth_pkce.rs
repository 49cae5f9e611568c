//! `POST /token?grant_type=pkce` for a provider sign-in: the app's
//! `exchangeCodeForSession(code)` with the verifier of the challenge it sent
//! to `/authorize`. The code is used once; the session comes with the
//! provider's tokens, as GoTrue answers it.

use actix_web::web::Bytes;
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::oauth::{flow, refusal};
use crate::session::{self, Client};
use crate::{body, AuthState, Error};

#[derive(Deserialize, Default)]
struct Params {
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

fn not_found() -> Error {
    refusal(
        404,
        "flow_state_not_found",
        "invalid flow state, no valid flow state found",
    )
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    let params: Params = body::json_or_default(payload)?;
    let (Some(code), Some(verifier)) = (
        body::present(params.auth_code),
        body::present(params.code_verifier),
    ) else {
        return Err(Error::Validation(
            "invalid request: both auth code and code verifier should be non-empty".into(),
        ));
    };
    let code = Uuid::parse_str(code.trim()).map_err(|_| not_found())?;
    let mut tx = state.pool.begin().await?;
    let flow = flow::lock_by_code(&mut tx, code)
        .await?
        .ok_or_else(not_found)?;
    let user_id = flow.user_id.ok_or_else(not_found)?;
    if flow.expired() {
        flow::delete(&mut tx, flow.id).await?;
        tx.commit().await?;
        return Err(refusal(
            422,
            "flow_state_expired",
            "invalid flow state, flow state has expired",
        ));
    }
    if !flow.verifier_matches(&verifier) {
        return Err(refusal(
            400,
            "bad_code_verifier",
            "code challenge does not match previously saved code verifier",
        ));
    }
    let mut answer = session::sign_in(&mut tx, user_id, "oauth", client, None)
        .await?
        .response(state)?;
    answer["provider_token"] = json!(flow.provider_access_token);
    if let Some(refresh) = &flow.provider_refresh_token {
        answer["provider_refresh_token"] = json!(refresh);
    }
    flow::delete(&mut tx, flow.id).await?;
    tx.commit().await?;
    Ok(answer)
}
