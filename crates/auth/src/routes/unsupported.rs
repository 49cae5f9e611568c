//! GoTrue features this server does not have: SMS, phone and WebAuthn
//! factors (see `crate::mfa`), passkeys, identity linking, OAuth (as client and as server), custom
//! providers and SSO. Each answers a JSON error with the status and code
//! GoTrue uses when that feature is switched off, and in GoTrue's order: where
//! its router checks the session or the service role first, so does this
//! (see [`Gate`]), so a caller without one learns that before anything else.
//! The admin list of a user's passkeys is empty, as GoTrue answers for a
//! user who has none.

use actix_web::http::Method;
use actix_web::web::{self, Data};
use actix_web::{HttpRequest, HttpResponse, Route};
use serde_json::json;

use super::{admin_params, method_not_allowed, refuse, Gate};
use crate::{bearer, users, AuthState, Error};

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

fn passkeys_disabled() -> Error {
    Error::NotSupported {
        status: 404,
        code: "passkey_disabled",
        message: "Passkeys are disabled".into(),
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

fn passkey_not_found() -> Error {
    Error::NotSupported {
        status: 404,
        code: "validation_failed",
        message: "Passkey not found".into(),
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

/// The admin check, then the `{user_id}` of the path, which must name a user
/// (GoTrue's `loadUser`: 404 either way).
async fn admin_and_user(state: &AuthState, req: &HttpRequest) -> Result<(), Error> {
    bearer::require_admin(state, req)?;
    let id = admin_params::user_id(req.match_info().query("user_id"))?;
    let mut conn = state.pool.acquire().await?;
    users::find_by_id(&mut conn, id)
        .await?
        .ok_or(Error::UserNotFound)?;
    Ok(())
}

/// `GET /admin/users/{user_id}/passkeys`: nobody has any.
async fn admin_empty_list(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    admin_and_user(&state, &req).await?;
    Ok(HttpResponse::Ok().json(json!([])))
}

/// Anything else under a user's factors or passkeys, once the user is known.
fn admin_user_refusal(error: fn() -> Error) -> Route {
    web::to(move |state: Data<AuthState>, req: HttpRequest| async move {
        admin_and_user(&state, &req).await?;
        Err::<HttpResponse, _>(error())
    })
}

pub fn register(cfg: &mut web::ServiceConfig) {
    // Features whose switch GoTrue's router checks before any session.
    cfg.service(
        web::resource(["/authorize", "/callback"]).route(refuse(Gate::Open, oauth_disabled)),
    )
    .service(web::resource(["/sso", "/sso/{tail:.*}"]).route(refuse(Gate::Open, saml_disabled)))
    .service(
        web::resource(["/passkeys", "/passkeys/{tail:.*}"])
            .route(refuse(Gate::Open, passkeys_disabled)),
    )
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
    .service(
        web::resource("/admin/users/{user_id}/passkeys")
            .route(web::get().to(admin_empty_list))
            .default_service(admin_user_refusal(method_not_allowed)),
    )
    .service(
        web::resource("/admin/users/{user_id}/passkeys/{passkey_id}")
            .route(admin_user_refusal(passkey_not_found).method(Method::DELETE))
            .default_service(admin_user_refusal(method_not_allowed)),
    )
    .service(web::resource("/admin/{tail:.*}").route(unknown_path(Gate::Admin)));
}
