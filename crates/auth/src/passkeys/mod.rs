//! WebAuthn as GoTrue speaks it, for passkeys (a credential that signs a user
//! in on its own) and for the `webauthn` MFA factor: the relying party built
//! from `PLEAT_SITE_URL`, the ceremonies of `webauthn-rs-core`, and the
//! stored credentials and challenges.
//!
//! Ceremony state lives in `auth.webauthn_challenges` (passkeys) or
//! `auth.mfa_challenges` (factors), never in process memory, so any replica
//! can finish a ceremony another one started. A challenge is deleted by the
//! statement that reads it: used once, whatever the outcome.

pub(crate) mod admin;
pub(crate) mod checks;
pub(crate) mod credentials;
pub(crate) mod rp;

use crate::Error;

/// GoTrue's `webauthn_challenge_not_found`: an unknown id, one already used,
/// or one of another user or kind.
pub(crate) fn challenge_not_found() -> Error {
    Error::NotSupported {
        status: 400,
        code: "webauthn_challenge_not_found",
        message: "Challenge not found or already used".into(),
    }
}

pub(crate) fn challenge_expired() -> Error {
    Error::NotSupported {
        status: 400,
        code: "webauthn_challenge_expired",
        message: "Challenge has expired".into(),
    }
}

/// The response does not parse as a WebAuthn credential.
pub(crate) fn invalid_response() -> Error {
    Error::NotSupported {
        status: 400,
        code: "webauthn_verification_failed",
        message: "Invalid credential response".into(),
    }
}

/// A signature, challenge, origin or counter that does not check out.
pub(crate) fn verification_failed() -> Error {
    Error::NotSupported {
        status: 400,
        code: "webauthn_verification_failed",
        message: "Credential verification failed".into(),
    }
}

pub(crate) fn not_found() -> Error {
    Error::NotSupported {
        status: 404,
        code: "validation_failed",
        message: "Passkey not found".into(),
    }
}
