//! What Supabase's API gateway checks before any API sees a request: an
//! opaque key (`sb_publishable_…`, `sb_secret_…`) in the `apikey` header,
//! in `Authorization: Bearer` or in the socket's `?apikey=` must be one of
//! this server's keys and not revoked (401 "Invalid API key"), and a secret
//! key is refused from a browser (401: a browser's `User-Agent` starts with
//! `Mozilla/`), since a secret key there is a leaked one. The check runs
//! even when `Authorization` carries a user's JWT, as Supabase's does.
//! Legacy JWT keys are verified by each API, as before.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse};
use pleat_auth::keyring::api_keys::{self, ApiKeyKind};
use pleat_auth::keyring::{ApiKeyCheck, Keyring};
use serde_json::json;

/// The keys a request carries that are opaque ones.
fn opaque_keys(req: &ServiceRequest) -> Vec<String> {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let bearer = header("authorization").and_then(|v| {
        v.split_once(char::is_whitespace)
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map(|(_, token)| token.trim())
    });
    let query = url::form_urlencoded::parse(req.query_string().as_bytes())
        .filter(|(name, _)| name == "apikey")
        .map(|(_, value)| value.into_owned());
    [header("apikey"), header("x-api-key"), bearer]
        .into_iter()
        .flatten()
        .map(str::to_string)
        .chain(query)
        .filter(|k| api_keys::is_opaque(k))
        .collect()
}

fn from_browser(req: &ServiceRequest) -> bool {
    req.headers()
        .get("user-agent")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ua| ua.trim_start().starts_with("Mozilla/"))
}

pub async fn check_api_keys(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let keys = opaque_keys(&req);
    if let (false, Some(keyring)) = (keys.is_empty(), req.app_data::<web::Data<Keyring>>()) {
        let keyring = keyring.clone();
        for key in &keys {
            let refusal = match keyring.check_api_key(key).await {
                ApiKeyCheck::Valid(ApiKeyKind::Secret) if from_browser(&req) => Some(json!({
                    "message": "Forbidden use of secret API key in browser",
                })),
                ApiKeyCheck::Valid(_) => None,
                ApiKeyCheck::Revoked | ApiKeyCheck::Invalid => Some(json!({
                    "message": "Invalid API key",
                    "hint": "Double check your Supabase `anon` or `service_role` API key.",
                })),
            };
            if let Some(body) = refusal {
                let answer = HttpResponse::Unauthorized().json(body);
                return Ok(req.into_response(answer).map_into_right_body());
            }
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}
