//! What the passkey endpoints check before a ceremony: the body of a
//! verification, and who may add or remove a passkey.

use actix_web::web::Bytes;
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use crate::bearer::Principal;
use crate::{body, AuthState, Error};

#[derive(Deserialize)]
struct VerifyParams {
    challenge_id: Option<String>,
    credential: Option<Value>,
}

/// GoTrue's checks of `{challenge_id, credential}`, in its order.
pub(crate) fn verify_params(payload: &Bytes) -> Result<(Uuid, Value), Error> {
    let params: VerifyParams = body::json(payload)?;
    let challenge_id = params
        .challenge_id
        .filter(|c| !c.is_empty())
        .ok_or_else(|| Error::Validation("challenge_id is required".into()))?;
    let credential = params
        .credential
        .ok_or_else(|| Error::Validation("credential is required".into()))?;
    let challenge_id = Uuid::parse_str(&challenge_id)
        .map_err(|_| Error::Validation("challenge_id must be a valid UUID".into()))?;
    Ok((challenge_id, credential))
}

/// Registration by a user who is not anonymous, at aal2 when the account has
/// a verified second factor.
pub(crate) async fn may_register(state: &AuthState, principal: &Principal) -> Result<(), Error> {
    if principal.user.is_anonymous
        || principal.claims.value.get("is_anonymous") == Some(&Value::Bool(true))
    {
        return Err(Error::NotSupported {
            status: 403,
            code: "no_authorization",
            message: "Anonymous user not allowed to perform these actions".into(),
        });
    }
    require_aal2_if_enrolled(state, principal).await
}

/// GoTrue's `requirePasskeyManagementAAL`: once an account has a verified
/// second factor, a stolen password alone (an aal1 session) must neither add
/// a way in nor remove the owner's.
pub(crate) async fn require_aal2_if_enrolled(
    state: &AuthState,
    principal: &Principal,
) -> Result<(), Error> {
    let enrolled: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM auth.mfa_factors WHERE user_id = $1 AND status = 'verified')",
    )
    .bind(principal.user.id)
    .fetch_one(&state.pool)
    .await?;
    let aal2 = principal.session.as_ref().is_some_and(|s| s.aal == "aal2");
    if enrolled && !aal2 {
        return Err(Error::NotSupported {
            status: 403,
            code: "insufficient_aal",
            message: "AAL2 session is required to manage passkeys when MFA is enabled".into(),
        });
    }
    Ok(())
}
