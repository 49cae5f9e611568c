//! `GET /verify?token=…&type=…&redirect_to=…`: the link in a mail. Redirects
//! (303) to `redirect_to` when the allow-list admits it, else to the site URL,
//! with the session in the URL fragment (`access_token`, `expires_at`,
//! `expires_in`, `refresh_token`, `token_type`, `type`), where supabase-js's
//! `detectSessionInUrl` reads it and emits `PASSWORD_RECOVERY` for
//! `type=recovery`. A refused link redirects with `error`, `error_code` and
//! `error_description` in the fragment instead. A client over its `/verify`
//! rate gets GoTrue's 429 before anything else, as GoTrue's limiter answers.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::body;
use crate::rate_limit::Bucket;
use crate::session::Client;
use crate::verify::{self, Proof, Verified, PENDING_MESSAGE};
use crate::{redirect, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    token: Option<String>,
    #[serde(rename = "type")]
    verify_type: Option<String>,
    redirect_to: Option<String>,
}

fn fragment(pairs: &[(&str, String)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())))
        .finish()
}

fn to(target: &str, fragment: String) -> HttpResponse {
    let base = target.split('#').next().unwrap_or(target);
    HttpResponse::SeeOther()
        .insert_header(("Location", format!("{base}#{fragment}")))
        .finish()
}

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let ip = state.client_ip(&req);
    state.limiter.check(Bucket::Verify, ip).await?;
    let params: Params = body::query(req.query_string())?;
    let target = redirect::resolve(&state, params.redirect_to.as_deref());
    let user_agent = req
        .headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok());
    let client = Client { ip, user_agent };
    let outcome = match (params.token.filter(|t| !t.is_empty()), params.verify_type) {
        (Some(token), Some(t)) => verify::verify(&state, &client, &t, Proof::Hash(token)).await,
        _ => Err(verify::invalid()),
    };
    match outcome {
        Ok(Verified::Session(body, verify_type)) => {
            let field = |k: &str| match &body[k] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            Ok(to(
                &target,
                fragment(&[
                    ("access_token", field("access_token")),
                    ("expires_at", field("expires_at")),
                    ("expires_in", field("expires_in")),
                    ("refresh_token", field("refresh_token")),
                    ("token_type", "bearer".into()),
                    ("type", verify_type.into()),
                ]),
            ))
        }
        Ok(Verified::Pending) => Ok(to(
            &target,
            fragment(&[("message", PENDING_MESSAGE.into())]),
        )),
        Err(Error::Unexpected(e)) => Err(Error::Unexpected(e)),
        Err(e) => {
            let description = match e.code() {
                "otp_expired" => "Email link is invalid or has expired".to_string(),
                _ => e.to_string(),
            };
            let error = if e.status().as_u16() == 403 {
                "access_denied"
            } else {
                "invalid_request"
            };
            Ok(to(
                &target,
                fragment(&[
                    ("error", error.into()),
                    ("error_code", e.code().into()),
                    ("error_description", description),
                ]),
            ))
        }
    }
}
