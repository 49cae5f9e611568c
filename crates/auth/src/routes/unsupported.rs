//! GoTrue features this server does not have: SMS, reauthentication, MFA,
//! OAuth and SSO. Each answers
//! a JSON error with the status and code GoTrue uses when that feature is
//! switched off, and a message saying what to do instead.

use actix_web::{web, HttpResponse};

use crate::Error;

/// `reauthenticate` (a code before a password change, GoTrue's
/// `SECURE_PASSWORD_CHANGE`, off by default there) is not offered.
fn reauthentication_disabled() -> Error {
    Error::NotSupported {
        status: 422,
        code: "reauthentication_not_valid",
        message: "Reauthentication is not available on this server".into(),
    }
}

pub(crate) fn phone_disabled() -> Error {
    Error::NotSupported {
        status: 422,
        code: "phone_provider_disabled",
        message: "Phone logins are disabled".into(),
    }
}

pub(crate) fn oauth_disabled() -> Error {
    Error::NotSupported {
        status: 400,
        code: "provider_disabled",
        message:
            "Unsupported provider: OAuth and ID token sign-in are not available on this server"
                .into(),
    }
}

fn answer(
    error: impl Fn() -> Error + Clone + 'static,
) -> impl Fn() -> std::future::Ready<Result<HttpResponse, Error>> + Clone + 'static {
    move || std::future::ready(Err(error()))
}

pub fn register(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/reauthenticate").to(answer(reauthentication_disabled)))
        .service(web::resource(["/authorize", "/callback"]).to(answer(oauth_disabled)))
        .service(
            web::resource(["/user/identities", "/user/identities/{tail:.*}"]).to(answer(|| {
                Error::NotSupported {
                    status: 404,
                    code: "manual_linking_disabled",
                    message: "Manual linking is disabled".into(),
                }
            })),
        )
        .service(
            web::resource(["/sso", "/sso/{tail:.*}", "/admin/sso/{tail:.*}"]).to(answer(|| {
                Error::NotSupported {
                    status: 404,
                    code: "saml_provider_disabled",
                    message: "SAML 2.0 is disabled".into(),
                }
            })),
        )
        .service(
            web::resource("/factors")
                .route(web::post().to(answer(|| Error::NotSupported {
                    status: 422,
                    code: "mfa_totp_enroll_not_enabled",
                    message: "MFA is not available on this server".into(),
                })))
                .to(answer(factor_not_found)),
        )
        .service(
            web::resource([
                "/factors/{tail:.*}",
                "/admin/users/{user_id}/factors{tail:.*}",
            ])
            .to(answer(factor_not_found)),
        );
}

fn factor_not_found() -> Error {
    Error::NotSupported {
        status: 404,
        code: "mfa_factor_not_found",
        message: "Factor not found".into(),
    }
}
