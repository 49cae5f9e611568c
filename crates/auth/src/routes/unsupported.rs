//! GoTrue features this server does not have: SMS, phone factors (see
//! `crate::mfa`), identity linking, OAuth (as client and as server), custom
//! providers and SSO. Each answers a JSON error with the status and code
//! GoTrue uses when that feature is switched off, and in GoTrue's order: where
//! its router checks the session or the service role first, so does this
//! (see [`Gate`]), so a caller without one learns that before anything else.

use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse, Route};

use super::{refuse, Gate};
use crate::{AuthState, Error};

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

fn saml_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "saml_provider_disabled",
        message: "SAML 2.0 is disabled".into(),
    }
}

fn oauth_server_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "feature_disabled",
        message: "OAuth server is disabled".into(),
    }
}

fn custom_providers_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "feature_disabled",
        message: "Custom OAuth providers are disabled".into(),
    }
}

fn manual_linking_disabled() -> Error {
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
    cfg.service(
        web::resource(["/authorize", "/callback"]).route(refuse(Gate::Open, oauth_disabled)),
    )
    .service(web::resource(["/sso", "/sso/{tail:.*}"]).route(refuse(Gate::Open, saml_disabled)))
    .service(web::resource("/oauth/{tail:.*}").route(refuse(Gate::Open, oauth_server_disabled)));
    // Behind GoTrue's `requireAuthentication`.
    cfg.service(web::resource("/factors/{tail:.*}").route(unknown_path(Gate::Session)))
        .service(
            web::resource(["/user/identities", "/user/identities/{tail:.*}"])
                .route(refuse(Gate::Session, manual_linking_disabled)),
        )
        .service(
            web::resource(["/user/oauth/grants", "/user/oauth/grants/{tail:.*}"])
                .route(refuse(Gate::Session, oauth_server_disabled)),
        )
        .service(web::resource("/user/{tail:.*}").route(unknown_path(Gate::Session)));
    // Behind GoTrue's `requireAdminCredentials`, like every path under /admin.
    cfg.service(
        web::resource(["/admin/sso", "/admin/sso/{tail:.*}"])
            .route(refuse(Gate::Admin, saml_disabled)),
    )
    .service(
        web::resource(["/admin/oauth", "/admin/oauth/{tail:.*}"])
            .route(refuse(Gate::Admin, oauth_server_disabled)),
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
