//! The refresh_token grant: rotation and reuse detection live in
//! [`crate::rotation`]; this parses the body and answers the new session.

use actix_web::web::Bytes;
use serde::Deserialize;
use serde_json::Value;

use crate::body::{self, present};
use crate::session::{self, Client};
use crate::{rotation, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    refresh_token: Option<String>,
}

pub async fn grant(
    state: &AuthState,
    payload: &Bytes,
    client: &Client<'_>,
) -> Result<Value, Error> {
    let params: Params = body::json(payload)?;
    let token = present(params.refresh_token)
        .ok_or_else(|| Error::Validation("refresh_token required".into()))?;
    let refreshed = rotation::refresh(state, &token, client, None).await?;
    session::response(
        state,
        &refreshed.user,
        &refreshed.session,
        refreshed.refresh_token,
    )
}
