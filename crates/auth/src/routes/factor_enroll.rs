//! `POST /factors`: enrol a second factor. TOTP answers its secret, key URI
//! and QR code (an SVG, which supabase-js turns into a `data:` URI); the
//! factor stays unverified until its first code is verified. Phone factors
//! answer as GoTrue does without SMS; WebAuthn goes to `mfa::webauthn`.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::bearer::Principal;
use crate::body;
use crate::mfa::{self, seal, totp};
use crate::{AuthState, Error};

#[derive(Deserialize)]
struct Params {
    friendly_name: Option<String>,
    factor_type: Option<String>,
    issuer: Option<String>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let principal = mfa::caller(&state, &req).await?;
    mfa::session_of(
        &principal,
        "A valid session and a registered user are required to enroll a factor",
    )?;
    let params: Params = body::json(&payload)?;
    let name = params.friendly_name.unwrap_or_default();
    let body = match params.factor_type.as_deref().unwrap_or_default() {
        mfa::PHONE => {
            return Err(Error::NotSupported {
                status: 422,
                code: "mfa_phone_enroll_not_enabled",
                message: "MFA enroll is disabled for Phone".into(),
            })
        }
        mfa::TOTP => enroll_totp(&state, &principal, &name, params.issuer).await?,
        mfa::WEBAUTHN => mfa::webauthn::enroll(&state, &principal, &name).await?,
        _ => {
            return Err(Error::Validation(
                "factor_type needs to be totp, phone, or webauthn".into(),
            ))
        }
    };
    Ok(HttpResponse::Ok().json(body))
}

/// The issuer apps show beside the code: the one asked for, else the site's
/// host (GoTrue's rule).
fn issuer(state: &AuthState, asked: Option<String>) -> String {
    if let Some(asked) = asked.filter(|i| !i.is_empty()) {
        return asked;
    }
    state
        .settings
        .site_url
        .as_deref()
        .and_then(|u| url::Url::parse(u).ok())
        .and_then(|u| {
            let host = u.host_str()?.to_string();
            Some(match u.port() {
                Some(port) => format!("{host}:{port}"),
                None => host,
            })
        })
        .unwrap_or_else(|| "localhost".to_string())
}

async fn enroll_totp(
    state: &AuthState,
    principal: &Principal,
    name: &str,
    asked_issuer: Option<String>,
) -> Result<Value, Error> {
    let session = mfa::session_of(principal, "A valid session is required")?;
    let user = &principal.user;
    let issuer = issuer(state, asked_issuer);
    let secret = totp::new_secret();
    let uri = totp::uri(&issuer, user.email_str(), &secret);
    let qr_code = totp::qr_svg(&uri)?;
    let id = Uuid::new_v4();
    let sealed = seal::seal(
        &seal::derivation_key(&state.settings.jwt_secret),
        id,
        &secret,
    )?;

    let mut tx = state.pool.begin().await?;
    // Enrolments of one user run one at a time, so the checks hold.
    sqlx::query("SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    mfa::check_new_factor(&mut tx, user.id, name, &session).await?;
    sqlx::query(
        "INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret) \
         VALUES ($1, $2, $3, 'totp', 'unverified', $4)",
    )
    .bind(id)
    .bind(user.id)
    .bind(name)
    .bind(sealed)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(json!({
        "id": id,
        "type": mfa::TOTP,
        "friendly_name": name,
        "totp": {"qr_code": qr_code, "secret": secret, "uri": uri},
    }))
}
