//! The relying party (rp id = the host of `PLEAT_SITE_URL`, origin = its
//! origin) and the ceremonies on it, in GoTrue's shapes: options as the JSON
//! `navigator.credentials` takes (base64url binaries), a user handle that is
//! the user id's text, and the credential's public key kept as the COSE bytes
//! the authenticator sent, as GoTrue stores them.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use url::Url;
use uuid::Uuid;
use webauthn_rs_core::proto::{
    AttestationFormat, AuthenticationResult, AuthenticationState, AuthenticatorTransport, COSEKey,
    Credential, ParsedAttestation, PublicKeyCredential, RegisterPublicKeyCredential,
    RegisteredExtensions, RegistrationState, UserVerificationPolicy,
};
use webauthn_rs_core::WebauthnCore;

use super::{invalid_response, verification_failed};
use crate::model::User;
use crate::{AuthSettings, Error};

/// How long a ceremony may take (GoTrue's `WEBAUTHN_CHALLENGE_EXPIRY_DURATION`
/// default); also the timeout the browser is given.
pub(crate) const CHALLENGE_LIFETIME: Duration = Duration::from_secs(300);

/// GoTrue's answer when passkeys are off; here, when there is no site URL to
/// be the relying party.
pub(crate) fn passkeys_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "passkey_disabled",
        message: "Passkeys are disabled".into(),
    }
}

pub(crate) struct RelyingParty {
    core: WebauthnCore,
}

/// A credential as stored: what verifying an assertion needs.
#[derive(Debug, Clone)]
pub(crate) struct StoredKey {
    pub credential_id: Vec<u8>,
    /// COSE_Key bytes.
    pub public_key: Vec<u8>,
    pub sign_count: u32,
    pub backup_eligible: bool,
    pub backed_up: bool,
}

/// A credential a registration ceremony just proved.
#[derive(Debug, Clone)]
pub(crate) struct NewCredential {
    pub key: StoredKey,
    pub aaguid: Option<Uuid>,
    pub attestation_type: String,
    pub transports: Vec<String>,
}

/// Ceremony state as kept in a challenge row (`session_data`).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Ceremony {
    Registration(RegistrationState),
    Authentication(AuthenticationState),
}

impl RelyingParty {
    pub(crate) fn from_settings(settings: &AuthSettings) -> Result<RelyingParty, Error> {
        let site = settings
            .site_url
            .as_deref()
            .and_then(|s| Url::parse(s).ok())
            .ok_or_else(passkeys_disabled)?;
        let host = site.host_str().ok_or_else(passkeys_disabled)?;
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let origin =
            Url::parse(&site.origin().ascii_serialization()).map_err(|_| passkeys_disabled())?;
        Ok(RelyingParty {
            core: WebauthnCore::new_unsafe_experts_only(
                host,
                host,
                vec![origin],
                CHALLENGE_LIFETIME,
                Some(false),
                Some(false),
            ),
        })
    }

    /// Options for `navigator.credentials.create()`: user verification
    /// preferred, no attestation, the user's own credentials excluded; a
    /// passkey must be `discoverable` (it signs in without a name), a second
    /// factor need not be.
    pub(crate) fn start_registration(
        &self,
        user: &User,
        exclude: Vec<Vec<u8>>,
        discoverable: bool,
    ) -> Result<(Value, Ceremony), Error> {
        let handle = user_handle(user.id);
        let name = match (user.email_str(), user.phone_str()) {
            ("", "") => user.id.to_string(),
            ("", phone) => phone.to_string(),
            (email, _) => email.to_string(),
        };
        let display = user
            .user_metadata
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.is_empty())
            .unwrap_or(&name)
            .to_string();
        let builder = self
            .core
            .new_challenge_register_builder(&handle, &name, &display)
            .map_err(unexpected)?
            .user_verification_policy(UserVerificationPolicy::Preferred)
            .require_resident_key(discoverable)
            .exclude_credentials((!exclude.is_empty()).then_some(exclude));
        let (options, state) = self
            .core
            .generate_challenge_register(builder)
            .map_err(unexpected)?;
        let json = serde_json::to_value(&options.public_key).map_err(unexpected)?;
        Ok((json, Ceremony::Registration(state)))
    }

    pub(crate) fn finish_registration(
        &self,
        response: &Value,
        state: &RegistrationState,
    ) -> Result<NewCredential, Error> {
        let reg: RegisterPublicKeyCredential =
            serde_json::from_value(response.clone()).map_err(|_| invalid_response())?;
        let credential = self
            .core
            .register_credential(&reg, state, None)
            .map_err(|e| {
                tracing::debug!(error = %e, "webauthn registration refused");
                verification_failed()
            })?;
        // The crate checked the attestation; the key bytes and AAGUID are
        // read from the same authenticator data.
        let attested =
            attested_data(&reg.response.attestation_object).ok_or_else(invalid_response)?;
        if attested.credential_id != credential.cred_id {
            return Err(verification_failed());
        }
        let transports = reg
            .response
            .transports
            .unwrap_or_default()
            .iter()
            .filter_map(|t| serde_json::to_value(t).ok())
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        Ok(NewCredential {
            key: StoredKey {
                credential_id: credential.cred_id,
                public_key: attested.public_key,
                sign_count: credential.counter,
                backup_eligible: credential.backup_eligible,
                backed_up: credential.backup_state,
            },
            aaguid: attested.aaguid,
            attestation_type: attestation_type(&credential.attestation_format),
            transports,
        })
    }

    /// Options for `navigator.credentials.get()`; `allow` empty is GoTrue's
    /// discoverable flow (the authenticator offers its credentials for this
    /// rp id and says whose they are).
    pub(crate) fn start_authentication(
        &self,
        allow: &[StoredKey],
    ) -> Result<(Value, Ceremony), Error> {
        let creds = allow
            .iter()
            .map(core_credential)
            .collect::<Result<Vec<_>, _>>()?;
        let builder = self
            .core
            .new_challenge_authenticate_builder(creds, Some(UserVerificationPolicy::Preferred))
            .map_err(unexpected)?;
        let (options, state) = self
            .core
            .generate_challenge_authenticate(builder)
            .map_err(unexpected)?;
        let json = serde_json::to_value(&options.public_key).map_err(unexpected)?;
        Ok((json, Ceremony::Authentication(state)))
    }

    /// Check an assertion against the stored credential it names: challenge,
    /// origin, rp id, signature, and the sign counter (a counter that did not
    /// grow is refused as a cloned authenticator).
    pub(crate) fn finish_authentication(
        &self,
        assertion: &PublicKeyCredential,
        state: &AuthenticationState,
        stored: &StoredKey,
    ) -> Result<AuthenticationResult, Error> {
        let credential = core_credential(stored)?;
        self.core
            .authenticate_single_credential(assertion, state, &credential)
            .map_err(|e| {
                tracing::debug!(error = %e, "webauthn assertion refused");
                verification_failed()
            })
    }
}

/// GoTrue's user handle: the user id as text.
pub(crate) fn user_handle(user_id: Uuid) -> Vec<u8> {
    user_id.to_string().into_bytes()
}

/// An assertion as `navigator.credentials.get()` serialised it.
pub(crate) fn parse_assertion(response: &Value) -> Result<PublicKeyCredential, Error> {
    serde_json::from_value(response.clone()).map_err(|_| invalid_response())
}

fn unexpected(e: impl std::fmt::Display) -> Error {
    Error::Unexpected(anyhow::anyhow!("webauthn: {e}"))
}

fn attestation_type(format: &AttestationFormat) -> String {
    serde_json::to_value(format)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn core_credential(stored: &StoredKey) -> Result<Credential, Error> {
    let value: serde_cbor_2::Value = serde_cbor_2::from_slice(&stored.public_key)
        .map_err(|e| unexpected(format!("stored COSE key: {e}")))?;
    let cred =
        COSEKey::try_from(&value).map_err(|e| unexpected(format!("stored COSE key: {e}")))?;
    Ok(Credential {
        cred_id: stored.credential_id.clone(),
        cred,
        counter: stored.sign_count,
        transports: None::<Vec<AuthenticatorTransport>>,
        user_verified: false,
        backup_eligible: stored.backup_eligible,
        backup_state: stored.backed_up,
        registration_policy: UserVerificationPolicy::Preferred,
        extensions: RegisteredExtensions::none(),
        attestation: ParsedAttestation::default(),
        attestation_format: AttestationFormat::None,
    })
}

struct Attested {
    aaguid: Option<Uuid>,
    credential_id: Vec<u8>,
    public_key: Vec<u8>,
}

/// The attested credential data of an attestation object's `authData`
/// (WebAuthn §6.5.1): AAGUID, credential id and the COSE key's own bytes.
fn attested_data(attestation_object: &[u8]) -> Option<Attested> {
    let object: serde_cbor_2::Value = serde_cbor_2::from_slice(attestation_object).ok()?;
    let serde_cbor_2::Value::Map(map) = object else {
        return None;
    };
    let auth_data = match map.get(&serde_cbor_2::Value::Text("authData".into()))? {
        serde_cbor_2::Value::Bytes(b) => b,
        _ => return None,
    };
    const AT: u8 = 0x40;
    if auth_data.get(32)? & AT == 0 {
        return None;
    }
    let aaguid = Uuid::from_slice(auth_data.get(37..53)?).ok()?;
    let id_len = u16::from_be_bytes([*auth_data.get(53)?, *auth_data.get(54)?]) as usize;
    let credential_id = auth_data.get(55..55 + id_len)?.to_vec();
    let rest = auth_data.get(55 + id_len..)?;
    let mut de = serde_cbor_2::Deserializer::from_slice(rest);
    serde_cbor_2::Value::deserialize(&mut de).ok()?;
    let public_key = rest.get(..de.byte_offset())?.to_vec();
    Some(Attested {
        aaguid: (!aaguid.is_nil()).then_some(aaguid),
        credential_id,
        public_key,
    })
}
