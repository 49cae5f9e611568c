//! `GET /verify?token=…&type=…&redirect_to=…`: the link in a mail. Redirects
//! (303) to `redirect_to` when the allow-list admits it, else to the site URL,
//! with the session in the URL fragment (`access_token`, `expires_at`,
//! `expires_in`, `refresh_token`, `token_type`, `type`), where supabase-js's
//! `detectSessionInUrl` reads it and emits `PASSWORD_RECOVERY` for
//! `type=recovery`. A refused link redirects with `error`, `error_code` and
//! `error_description` in the fragment instead. A link of a PKCE flow
//! (`crate::pkce`) redirects with `?code=` for `exchangeCodeForSession`, and
//! its errors are in the query as well, as GoTrue does. A client over its `/verify`
//! rate gets GoTrue's 429 before anything else, as GoTrue's limiter answers.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::body;
use crate::rate_limit::Bucket;
use crate::session::Client;
use crate::verify::{self, Proof, Verified, PENDING_MESSAGE};
use crate::{pkce, redirect, AuthState, Error};

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

/// `target` with `pairs` set in its query (replacing any of the same name),
/// without a fragment.
fn with_query(target: &str, pairs: &[(&str, String)]) -> String {
    let base = target.split('#').next().unwrap_or(target);
    let Ok(mut url) = url::Url::parse(base) else {
        return base.to_string();
    };
    let kept: Vec<(String, String)> = url
        .query_pairs()
        .filter(|(k, _)| !pairs.iter().any(|(name, _)| name == k))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    url.query_pairs_mut()
        .clear()
        .extend_pairs(kept)
        .extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
    url.to_string()
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
    let token = params.token.filter(|t| !t.is_empty());
    let pkce_flow = token
        .as_deref()
        .is_some_and(|t| t.starts_with(pkce::PREFIX));
    let outcome = match (token, params.verify_type) {
        (Some(token), Some(t)) => {
            verify::verify(&state, &client, &t, Proof::Hash(token), true).await
        }
        _ => Err(verify::invalid()),
    };
    match outcome {
        Ok(Verified::Code(code)) => Ok(HttpResponse::SeeOther()
            .insert_header(("Location", with_query(&target, &[("code", code)])))
            .finish()),
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
        Ok(Verified::Pending) => {
            let message = [("message", PENDING_MESSAGE.to_string())];
            let target = match pkce_flow {
                true => with_query(&target, &message),
                false => target,
            };
            Ok(to(&target, fragment(&message)))
        }
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
            let pairs = [
                ("error", error.to_string()),
                ("error_code", e.code().to_string()),
                ("error_description", description),
            ];
            let target = match pkce_flow {
                true => with_query(&target, &pairs),
                false => target,
            };
            Ok(to(&target, fragment(&pairs)))
        }
    }
}
