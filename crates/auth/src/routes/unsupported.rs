//! GoTrue features this server does not have, or has switched off: SMS,
//! phone factors (see `crate::mfa`), identity linking unless
//! `PLEAT_SECURITY_MANUAL_LINKING_ENABLED`, external providers that are not
//! enabled, OAuth as a server, custom providers and SSO. Each answers a JSON error with the status and code
//! GoTrue uses when that feature is switched off, and in GoTrue's order: where
//! its router checks the session or the service role first, so does this
//! (see [`Gate`]), so a caller without one learns that before anything else.

use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse, Route};

use super::{refuse, Gate};
use crate::{AuthState, Error};

pub(crate) fn phone_disabled() -> Error {
    phone_provider_disabled(422, "Phone logins are disabled")
}

/// GoTrue's refusal of a phone sign-in without an SMS provider, whose status
/// and words differ by endpoint (`/otp`: 400 "Unsupported phone provider",
/// `/signup`: 400 "Phone signups are disabled", `/resend`: 400 and
/// `/token`: 422 "Phone logins are disabled").
pub(crate) fn phone_provider_disabled(status: u16, message: &str) -> Error {
    Error::NotSupported {
        status,
        code: "phone_provider_disabled",
        message: message.into(),
    }
}

/// GoTrue's `validatePhone`: a leading `+` and spaces dropped, then E.164's
/// digits, or 400.
pub(crate) fn valid_phone(phone: &str) -> Result<String, Error> {
    let phone = phone.strip_prefix('+').unwrap_or(phone).replace(' ', "");
    let e164 = (2..=15).contains(&phone.len())
        && phone.bytes().all(|b| b.is_ascii_digit())
        && !phone.starts_with('0');
    if !e164 {
        return Err(Error::Validation(
            "Invalid phone number format (E.164 required)".into(),
        ));
    }
    Ok(phone)
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

/// The providers GoTrue's `/authorize` knows; those Pleat does not speak to
/// (see `crate::oauth::ProviderName`) are always off.
const OAUTH_PROVIDERS: [&str; 25] = [
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "kakao",
    "keycloak",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "snapchat",
    "spotify",
    "slack",
    "slack_oidc",
    "twitch",
    "twitter",
    "x",
    "vercel_marketplace",
    "workos",
    "zoom",
];

/// GoTrue's answer for a `provider=` that is not enabled here, or not known
/// at all.
pub(crate) fn unsupported_provider(name: &str) -> Error {
    let reason = if name.starts_with("custom:") {
        "custom OAuth providers are disabled".to_string()
    } else if OAUTH_PROVIDERS.contains(&name) || crate::oauth::ProviderName::parse(name).is_some() {
        "provider is not enabled".to_string()
    } else {
        format!("Provider {name} could not be found")
    };
    Error::Validation(format!("Unsupported provider: {reason}"))
}

fn saml_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "saml_provider_disabled",
        message: "SAML 2.0 is disabled".into(),
    }
}

/// A path under one of the OAuth server's prefixes that is no endpoint:
/// after the gate GoTrue's router puts first there, the server's 404 while
/// it is off, else the 404 of an unknown path.
fn oauth_server_path(gate: Gate) -> Route {
    web::to(move |state: Data<AuthState>, req: HttpRequest| async move {
        gate.check(&state, &req).await?;
        crate::oauth_server::require_enabled(&state)?;
        Err::<HttpResponse, _>(no_endpoint(&req))
    })
}

fn custom_providers_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "feature_disabled",
        message: "Custom OAuth providers are disabled".into(),
    }
}

pub(crate) fn manual_linking_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "manual_linking_disabled",
        message: "Manual linking is disabled".into(),
    }
}

/// The 404 of a path that is no endpoint, said only to a caller the gate of
/// the paths around it lets through (GoTrue's routers check before routing).
fn no_endpoint(req: &HttpRequest) -> Error {
    Error::NotFound(req.path().to_string())
}

/// A path under `/user` or `/admin` that is no endpoint.
fn unknown_path(gate: Gate) -> Route {
    web::to(move |state: Data<AuthState>, req: HttpRequest| async move {
        gate.check(&state, &req).await?;
        Err::<HttpResponse, _>(no_endpoint(&req))
    })
}

pub fn register(cfg: &mut web::ServiceConfig) {
    // Features whose switch GoTrue's router checks before any session.
    cfg.service(web::resource(["/sso", "/sso/{tail:.*}"]).route(refuse(Gate::Open, saml_disabled)))
        .service(web::resource("/oauth/{tail:.*}").route(oauth_server_path(Gate::Open)));
    // Behind GoTrue's `requireAuthentication`.
    cfg.service(web::resource("/factors/{tail:.*}").route(unknown_path(Gate::Session)))
        .service(
            web::resource(["/user/identities", "/user/identities/{tail:.*}"])
                .route(refuse(Gate::Session, manual_linking_disabled)),
        )
        .service(
            web::resource(["/user/oauth/grants", "/user/oauth/grants/{tail:.*}"])
                .route(oauth_server_path(Gate::Session)),
        )
        .service(web::resource("/user/{tail:.*}").route(unknown_path(Gate::Session)));
    // Behind GoTrue's `requireAdminCredentials`, like every path under /admin.
    cfg.service(
        web::resource(["/admin/sso", "/admin/sso/{tail:.*}"])
            .route(refuse(Gate::Admin, saml_disabled)),
    )
    .service(
        web::resource(["/admin/oauth", "/admin/oauth/{tail:.*}"])
            .route(oauth_server_path(Gate::Admin)),
    )
    .service(
        web::resource([
            "/admin/custom-providers",
            "/admin/custom-providers/{tail:.*}",
        ])
        .route(refuse(Gate::Admin, custom_providers_disabled)),
    )
    .service(web::resource("/admin/{tail:.*}").route(unknown_path(Gate::Admin)));
}
