//! WebAuthn as a second factor (`factor_type: "webauthn"`). Not offered yet:
//! each step answers what GoTrue answers while `MFA_WEB_AUTHN_*_ENABLED` is
//! off, so clients learn the server's limits instead of a half-working flow.

use actix_web::web::Bytes;
use actix_web::HttpRequest;
use serde_json::Value;

use super::Factor;
use crate::bearer::Principal;
use crate::{AuthState, Error};

fn disabled(code: &'static str, message: &str) -> Error {
    Error::NotSupported {
        status: 422,
        code,
        message: message.into(),
    }
}

/// `POST /factors` with `factor_type: "webauthn"`.
pub async fn enroll(
    _state: &AuthState,
    _principal: &Principal,
    _friendly_name: &str,
) -> Result<Value, Error> {
    Err(disabled(
        "mfa_webauthn_enroll_not_enabled",
        "MFA enroll is disabled for WebAuthn",
    ))
}

/// `POST /factors/{id}/challenge` for a WebAuthn factor.
pub async fn challenge(
    _state: &AuthState,
    _req: &HttpRequest,
    _principal: &Principal,
    _factor: &Factor,
    _body: &Bytes,
) -> Result<Value, Error> {
    Err(disabled(
        "mfa_webauthn_verify_not_enabled",
        "MFA verification is disabled for WebAuthn",
    ))
}

/// `POST /factors/{id}/verify` for a WebAuthn factor. GoTrue answers this one
/// with its enroll code.
pub async fn verify(
    _state: &AuthState,
    _req: &HttpRequest,
    _principal: &Principal,
    _factor: &Factor,
    _body: &Bytes,
) -> Result<Value, Error> {
    Err(disabled(
        "mfa_webauthn_enroll_not_enabled",
        "MFA verification is disabled for WebAuthn",
    ))
}
