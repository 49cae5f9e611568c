//! `POST /verify` (`verifyOtp`): `{type, token_hash}` or `{type, email,
//! token}` with the 6-digit code. Answers the session, or for the first half
//! of an email change `{msg, code: 200}` as GoTrue does. Refused tokens
//! (unknown, used, expired) are 403 `otp_expired`. Each request first takes
//! one from the client's `/verify` rate (429 `over_request_rate_limit`).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use super::unsupported::valid_phone;
use crate::body::{self, present};
use crate::rate_limit::Bucket;
use crate::session::Client;
use crate::verify::{self, Proof, Verified, PENDING_MESSAGE};
use crate::{validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    #[serde(rename = "type")]
    verify_type: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let ip = state.client_ip(&req);
    state.limiter.check(Bucket::Verify, ip).await?;
    let params: Params = body::json(&payload)?;
    let verify_type = present(params.verify_type)
        .ok_or_else(|| Error::Validation("Verify requires a verification type".into()))?;
    // A code for a phone: no account has one without SMS, so once the number
    // is well formed the answer is GoTrue's for any code that matches nothing.
    if let (Some(phone), None, Some(_), None) = (
        present(params.phone.clone()),
        present(params.email.clone()),
        present(params.token.clone()),
        present(params.token_hash.clone()),
    ) {
        valid_phone(&phone)?;
        return Err(verify::invalid());
    }
    let proof = match (
        present(params.token_hash),
        present(params.token),
        present(params.email),
    ) {
        (Some(hash), _, _) => Proof::Hash(hash),
        (None, Some(otp), Some(email)) => Proof::Code {
            email: code_address(&email)?,
            otp,
        },
        (None, Some(_), None) => {
            return Err(Error::Validation(
                "Only an email address or phone number should be provided on verify".into(),
            ))
        }
        (None, None, _) => {
            return Err(Error::Validation(
                "Verify requires either a token or a token hash".into(),
            ))
        }
    };
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let client = Client { ip, user_agent };
    match verify::verify(&state, &client, &verify_type, proof, false).await? {
        Verified::Session(body, _) => Ok(HttpResponse::Ok().json(body)),
        // Only a followed link answers a code.
        Verified::Code(_) => Err(verify::invalid()),
        Verified::Pending => {
            Ok(HttpResponse::Ok().json(json!({"msg": PENDING_MESSAGE, "code": 200})))
        }
    }
}

/// GoTrue refuses a malformed address beside a code with its own status and
/// message, unlike every other entry point's 400.
fn code_address(email: &str) -> Result<String, Error> {
    validate::email(email).map_err(|_| Error::NotSupported {
        status: 422,
        code: "validation_failed",
        message: "Invalid email format".into(),
    })
}
