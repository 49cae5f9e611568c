//! WebAuthn as a second factor (`factor_type: "webauthn"`), as GoTrue does
//! it: enrolling makes an unverified factor; its challenge answers creation
//! options (`webauthn.type: "create"`) and verifying the new credential
//! verifies the factor; a verified factor's challenge answers request options
//! (`"request"`) naming its credential. A verified response raises the
//! session to aal2 with the amr method `mfa/webauthn`, through the same path
//! as a TOTP code. The relying party is the passkeys' (`PLEAT_SITE_URL`).
//!
//! The ceremony state is kept in the challenge row
//! (`auth.mfa_challenges.web_authn_session_data`), so any replica can finish
//! it; a challenge is used by one verification, whether or not it succeeds.
//! The credential is kept in `auth.mfa_factors.web_authn_credential` in
//! GoTrue's JSON shape (go-webauthn's `Credential`), so factors exported from
//! Supabase keep working.

use actix_web::web::Bytes;
use actix_web::HttpRequest;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::types::Json;
use uuid::Uuid;

use super::Factor;
use crate::bearer::Principal;
use crate::passkeys::rp::{parse_assertion, Ceremony, RelyingParty, StoredKey};
use crate::passkeys::verification_failed;
use crate::routes::factor_verify::usable_challenge;
use crate::session;
use crate::{body, users, AuthState, Error};

fn disabled(code: &'static str, message: &str) -> Error {
    Error::NotSupported {
        status: 422,
        code,
        message: message.into(),
    }
}

/// The relying party, or GoTrue's answer while WebAuthn factors are off
/// (there is no site URL to be the relying party).
fn relying_party(
    state: &AuthState,
    code: &'static str,
    message: &str,
) -> Result<RelyingParty, Error> {
    RelyingParty::from_settings(&state.settings).map_err(|_| disabled(code, message))
}

/// `POST /factors` with `factor_type: "webauthn"`: an unverified factor;
/// its credential comes with its first verification.
pub async fn enroll(
    state: &AuthState,
    principal: &Principal,
    friendly_name: &str,
) -> Result<Value, Error> {
    relying_party(
        state,
        "mfa_webauthn_enroll_not_enabled",
        "MFA enroll is disabled for WebAuthn",
    )?;
    let session = super::session_of(principal, "A valid session is required")?;
    let user_id = principal.user.id;
    let mut tx = state.pool.begin().await?;
    // Enrolments of one user run one at a time, so the checks hold.
    sqlx::query("SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    super::check_new_factor(&mut tx, user_id, friendly_name, &session).await?;
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status) \
         VALUES ($1, $2, $3, 'webauthn', 'unverified')",
    )
    .bind(id)
    .bind(user_id)
    .bind(friendly_name)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(json!({"id": id, "type": super::WEBAUTHN, "friendly_name": friendly_name}))
}

/// `POST /factors/{id}/challenge` for a WebAuthn factor. The body's
/// `webauthn.rpId` / `rpOrigins` (supabase-js sends the page's) are not
/// taken: the relying party is the server's, never the caller's say.
pub async fn challenge(
    state: &AuthState,
    req: &HttpRequest,
    principal: &Principal,
    factor: &Factor,
    payload: &Bytes,
) -> Result<Value, Error> {
    let rp = relying_party(
        state,
        "mfa_webauthn_verify_not_enabled",
        "MFA verification is disabled for WebAuthn",
    )?;
    body::json_or_default::<Value>(payload)?;
    let mut conn = state.pool.acquire().await?;
    let (kind, options, ceremony) = if factor.is_verified() {
        let key = stored_key(&mut conn, factor.id).await?.ok_or_else(|| {
            Error::Unexpected(anyhow::anyhow!(
                "verified webauthn factor without a credential"
            ))
        })?;
        let (options, ceremony) = rp.start_authentication(&[key])?;
        ("request", options, ceremony)
    } else {
        // The user's other WebAuthn factors: the same device twice is no
        // second factor.
        let exclude: Vec<Vec<u8>> = sqlx::query_scalar::<_, Json<Value>>(
            "SELECT web_authn_credential FROM auth.mfa_factors \
             WHERE user_id = $1 AND factor_type = 'webauthn' AND web_authn_credential IS NOT NULL",
        )
        .bind(factor.user_id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .filter_map(|c| GoCredential::deserialize(&c.0).ok())
        .filter_map(|c| STANDARD.decode(c.id).ok())
        .collect();
        let (options, ceremony) = rp.start_registration(&principal.user, exclude, false)?;
        ("create", options, ceremony)
    };
    let ip = state.client_ip(req).to_string();
    let mut tx = state.pool.begin().await?;
    let (id, expires_at): (Uuid, i64) = sqlx::query_as(
        "INSERT INTO auth.mfa_challenges (factor_id, ip_address, web_authn_session_data) \
         VALUES ($1, $2::inet, $3) \
         RETURNING id, floor(extract(epoch FROM created_at))::bigint + $4",
    )
    .bind(factor.id)
    .bind(ip)
    .bind(Json(&ceremony))
    .bind(super::CHALLENGE_EXPIRY_SECS)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1")
        .bind(factor.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(json!({
        "id": id,
        "type": super::WEBAUTHN,
        "expires_at": expires_at,
        "webauthn": {"type": kind, "credential_options": {"publicKey": options}},
    }))
}

#[derive(Deserialize)]
struct VerifyParams {
    challenge_id: Option<String>,
    webauthn: Option<WebAuthnParams>,
}

#[derive(Deserialize)]
struct WebAuthnParams {
    #[serde(rename = "type", default)]
    kind: String,
    credential_response: Option<Value>,
}

/// `POST /factors/{id}/verify` for a WebAuthn factor:
/// `{challenge_id, webauthn: {type, credential_response}}`.
pub async fn verify(
    state: &AuthState,
    req: &HttpRequest,
    principal: &Principal,
    factor: &Factor,
    payload: &Bytes,
) -> Result<Value, Error> {
    let params: VerifyParams = body::json(payload)?;
    let webauthn = params
        .webauthn
        .ok_or_else(|| Error::Validation("WebAuthn config required".into()))?;
    if webauthn.kind != "create" && webauthn.kind != "request" {
        return Err(Error::Validation(
            "WebAuthn type must be create or request".into(),
        ));
    }
    let response = webauthn
        .credential_response
        .ok_or_else(|| Error::Validation("credential_response required".into()))?;
    let rp = relying_party(
        state,
        "mfa_webauthn_verify_not_enabled",
        "MFA verification is disabled for WebAuthn",
    )?;
    let challenge_id = match params.challenge_id.as_deref() {
        None | Some("") => Uuid::nil(),
        Some(raw) => Uuid::parse_str(raw)
            .map_err(|e| Error::BadJson(format!("invalid challenge_id: {e}")))?,
    };
    let current = super::session_of(principal, "Cannot read SessionId claim as UUID")?;
    let ip = state.client_ip(req).to_string();

    let mut tx = state.pool.begin().await?;
    sqlx::query("SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE")
        .bind(factor.user_id)
        .execute(&mut *tx)
        .await?;
    let challenge = match usable_challenge(&mut tx, factor, challenge_id, &ip).await? {
        Ok(challenge) => challenge,
        Err(refusal) => {
            tx.commit().await?;
            return Err(refusal);
        }
    };
    // Used up by this verification, whatever its outcome.
    let state_json: Option<Json<Value>> = sqlx::query_scalar(
        "DELETE FROM auth.mfa_challenges WHERE id = $1 RETURNING web_authn_session_data",
    )
    .bind(challenge.id)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    let ceremony = state_json
        .and_then(|j| serde_json::from_value::<Ceremony>(j.0).ok())
        .ok_or_else(verification_failed)?;

    let mut tx = state.pool.begin().await?;
    match (webauthn.kind.as_str(), ceremony) {
        ("create", Ceremony::Registration(registration)) if !factor.is_verified() => {
            let new = rp
                .finish_registration(&response, &registration)
                .map_err(invalid_as_gotrue)?;
            let credential = GoCredential::from_key(
                &new.key,
                new.aaguid,
                &new.attestation_type,
                &new.transports,
            );
            sqlx::query(
                "UPDATE auth.mfa_factors SET status = 'verified', web_authn_credential = $2, \
                 web_authn_aaguid = $3, updated_at = now() WHERE id = $1",
            )
            .bind(factor.id)
            .bind(Json(&credential))
            .bind(new.aaguid)
            .execute(&mut *tx)
            .await?;
        }
        ("request", Ceremony::Authentication(authentication)) if factor.is_verified() => {
            let assertion = parse_assertion(&response).map_err(invalid_as_gotrue)?;
            let (mut credential, key) = locked_credential(&mut tx, factor.id)
                .await?
                .ok_or_else(verification_failed)?;
            let result = rp.finish_authentication(&assertion, &authentication, &key)?;
            credential.authenticator.sign_count = result.counter();
            credential.flags.backup_eligible = result.backup_eligible();
            credential.flags.backup_state = result.backup_state();
            sqlx::query(
                "UPDATE auth.mfa_factors SET web_authn_credential = $2, updated_at = now() WHERE id = $1",
            )
            .bind(factor.id)
            .bind(Json(&credential))
            .execute(&mut *tx)
            .await?;
        }
        _ => return Err(verification_failed()),
    }
    let (session, refresh_token) = super::raise_session(&mut tx, &current, factor).await?;
    let user = users::find_by_id(&mut tx, factor.user_id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    tx.commit().await?;
    session::response(state, &user, &session, refresh_token)
}

/// A response that does not parse is GoTrue's 400 `validation_failed`.
fn invalid_as_gotrue(e: Error) -> Error {
    match e {
        Error::NotSupported { message, .. } if message == "Invalid credential response" => {
            Error::Validation("Invalid credential_response".into())
        }
        other => other,
    }
}

/// go-webauthn's `Credential` as GoTrue stores it (binaries in standard
/// base64, as Go's JSON writes `[]byte`).
#[derive(Debug, Clone, serde::Serialize, Deserialize)]
struct GoCredential {
    id: String,
    #[serde(rename = "publicKey")]
    public_key: String,
    #[serde(rename = "attestationType", default)]
    attestation_type: String,
    #[serde(default)]
    transport: Vec<String>,
    #[serde(default)]
    flags: GoFlags,
    #[serde(default)]
    authenticator: GoAuthenticator,
}

#[derive(Debug, Clone, Default, serde::Serialize, Deserialize)]
struct GoFlags {
    #[serde(rename = "userPresent", default)]
    user_present: bool,
    #[serde(rename = "userVerified", default)]
    user_verified: bool,
    #[serde(rename = "backupEligible", default)]
    backup_eligible: bool,
    #[serde(rename = "backupState", default)]
    backup_state: bool,
}

#[derive(Debug, Clone, Default, serde::Serialize, Deserialize)]
struct GoAuthenticator {
    #[serde(rename = "AAGUID", default)]
    aaguid: Option<String>,
    #[serde(rename = "signCount", default)]
    sign_count: u32,
    #[serde(rename = "cloneWarning", default)]
    clone_warning: bool,
    #[serde(default)]
    attachment: String,
}

impl GoCredential {
    fn from_key(
        key: &StoredKey,
        aaguid: Option<Uuid>,
        attestation_type: &str,
        transports: &[String],
    ) -> GoCredential {
        GoCredential {
            id: STANDARD.encode(&key.credential_id),
            public_key: STANDARD.encode(&key.public_key),
            attestation_type: attestation_type.to_string(),
            transport: transports.to_vec(),
            flags: GoFlags {
                user_present: true,
                user_verified: false,
                backup_eligible: key.backup_eligible,
                backup_state: key.backed_up,
            },
            authenticator: GoAuthenticator {
                aaguid: Some(STANDARD.encode(aaguid.unwrap_or_default().as_bytes())),
                sign_count: key.sign_count,
                clone_warning: false,
                attachment: String::new(),
            },
        }
    }

    fn key(&self) -> Option<StoredKey> {
        Some(StoredKey {
            credential_id: STANDARD.decode(&self.id).ok()?,
            public_key: STANDARD.decode(&self.public_key).ok()?,
            sign_count: self.authenticator.sign_count,
            backup_eligible: self.flags.backup_eligible,
            backed_up: self.flags.backup_state,
        })
    }
}

async fn stored_key(
    conn: &mut sqlx::PgConnection,
    factor_id: Uuid,
) -> Result<Option<StoredKey>, Error> {
    let credential: Option<Json<Value>> =
        sqlx::query_scalar("SELECT web_authn_credential FROM auth.mfa_factors WHERE id = $1")
            .bind(factor_id)
            .fetch_one(conn)
            .await?;
    Ok(credential
        .and_then(|c| GoCredential::deserialize(&c.0).ok())
        .and_then(|c| c.key()))
}

/// The factor's credential, its row locked so two assertions cannot both
/// pass the counter check.
async fn locked_credential(
    conn: &mut sqlx::PgConnection,
    factor_id: Uuid,
) -> Result<Option<(GoCredential, StoredKey)>, Error> {
    let credential: Option<Json<Value>> = sqlx::query_scalar(
        "SELECT web_authn_credential FROM auth.mfa_factors WHERE id = $1 FOR UPDATE",
    )
    .bind(factor_id)
    .fetch_one(conn)
    .await?;
    Ok(credential
        .and_then(|c| GoCredential::deserialize(&c.0).ok())
        .and_then(|c| Some((c.clone(), c.key()?))))
}
