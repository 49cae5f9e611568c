//! The `/auth/v1` routes, one handler per file; paths are relative to the
//! scope the server mounts this crate under.

mod admin_factors;
mod admin_oauth_client_create;
mod admin_oauth_client_delete;
mod admin_oauth_client_get;
mod admin_oauth_client_secret;
mod admin_oauth_client_update;
mod admin_oauth_clients_list;
pub(crate) mod admin_params;
mod admin_user_create;
mod admin_user_delete;
mod admin_user_get;
mod admin_user_update;
mod admin_users_list;
mod external_authorize;
mod external_callback;
mod factor_challenge;
mod factor_enroll;
mod factor_unenroll;
pub(crate) mod factor_verify;
mod generate_link;
mod health;
mod identity_link;
mod identity_unlink;
mod invite;
mod jwks;
mod logout;
pub mod not_found;
mod oauth_authorization_get;
mod oauth_authorize;
mod oauth_client_register;
mod oauth_consent;
mod oauth_grant_revoke;
mod oauth_grants_list;
mod oauth_token;
mod oauth_userinfo;
mod otp;
mod passkey_admin_delete;
mod passkey_admin_list;
mod passkey_authentication_options;
mod passkey_authentication_verify;
mod passkey_delete;
mod passkey_list;
mod passkey_registration_options;
mod passkey_registration_verify;
mod passkey_update;
mod reauthenticate;
mod recover;
mod resend;
mod settings;
mod signup;
mod token;
mod token_id_token;
mod token_oauth_pkce;
mod token_password;
mod token_pkce;
mod token_refresh;
pub(crate) mod unsupported;
mod user_get;
mod user_update;
mod verify_get;
mod verify_post;
pub(crate) mod well_known_oauth;
pub(crate) mod well_known_openid;

use actix_web::web::Data;
use actix_web::{web, HttpRequest, HttpResponse, Resource, Route};

use crate::{bearer, AuthState, Error};

/// Who GoTrue's router lets through before it says anything else about a
/// path (a feature that is off, a wrong method, an unknown path): anyone, a
/// caller with a live session (`requireAuthentication`: 401 without a token),
/// or the service role (`requireAdminCredentials`).
#[derive(Clone, Copy)]
enum Gate {
    Open,
    Session,
    Admin,
}

impl Gate {
    async fn check(self, state: &AuthState, req: &HttpRequest) -> Result<(), Error> {
        match self {
            Gate::Open => Ok(()),
            Gate::Session => bearer::authenticate(state, req).await.map(drop),
            Gate::Admin => bearer::require_admin(state, req).await.map(drop),
        }
    }
}

/// A route that answers `error` to whoever `gate` lets through.
fn refuse(gate: Gate, error: fn() -> Error) -> Route {
    web::to(move |state: Data<AuthState>, req: HttpRequest| async move {
        gate.check(&state, &req).await?;
        Err::<HttpResponse, _>(error())
    })
}

fn method_not_allowed() -> Error {
    Error::MethodNotAllowed
}

/// A resource whose other methods answer a JSON 405.
fn resource(path: &str) -> Resource {
    gated(Gate::Open, path)
}

/// A resource whose other methods answer a JSON 405 to whoever `gate` lets
/// through.
fn gated(gate: Gate, path: &str) -> Resource {
    web::resource(path).default_service(refuse(gate, method_not_allowed))
}

pub fn register(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/token").route(web::post().to(token::handle)))
        .service(resource("/logout").route(web::post().to(logout::handle)))
        .service(
            gated(Gate::Session, "/user")
                .route(web::get().to(user_get::handle))
                .route(web::put().to(user_update::handle)),
        )
        .service(resource("/signup").route(web::post().to(signup::handle)))
        .service(resource("/recover").route(web::post().to(recover::handle)))
        .service(resource("/otp").route(web::post().to(otp::handle)))
        .service(resource("/magiclink").route(web::post().to(otp::handle)))
        .service(resource("/resend").route(web::post().to(resend::handle)))
        .service(
            resource("/verify")
                .route(web::get().to(verify_get::handle))
                .route(web::post().to(verify_post::handle)),
        )
        .service(resource("/invite").route(web::post().to(invite::handle)))
        .service(
            gated(Gate::Admin, "/admin/generate_link").route(web::post().to(generate_link::handle)),
        )
        .service(resource("/settings").route(web::get().to(settings::handle)))
        .service(resource("/authorize").route(web::get().to(external_authorize::handle)))
        .service(
            resource("/callback")
                .route(web::get().to(external_callback::handle))
                .route(web::post().to(external_callback::handle)),
        )
        .service(
            gated(Gate::Session, "/user/identities/authorize")
                .route(web::get().to(identity_link::handle)),
        )
        .service(
            gated(Gate::Session, "/user/identities/{identity_id}")
                .route(web::delete().to(identity_unlink::handle)),
        )
        .service(resource("/health").route(web::get().to(health::handle)))
        .service(resource("/.well-known/jwks.json").route(web::get().to(jwks::handle)))
        .service(
            gated(Gate::Admin, "/admin/users")
                .route(web::get().to(admin_users_list::handle))
                .route(web::post().to(admin_user_create::handle)),
        )
        .service(
            gated(Gate::Admin, "/admin/users/{user_id}")
                .route(web::get().to(admin_user_get::handle))
                .route(web::put().to(admin_user_update::handle))
                .route(web::delete().to(admin_user_delete::handle)),
        )
        .service(
            resource("/passkeys/authentication/options")
                .route(web::post().to(passkey_authentication_options::handle)),
        )
        .service(
            resource("/passkeys/authentication/verify")
                .route(web::post().to(passkey_authentication_verify::handle)),
        )
        .service(
            gated(Gate::Session, "/passkeys/registration/options")
                .route(web::post().to(passkey_registration_options::handle)),
        )
        .service(
            gated(Gate::Session, "/passkeys/registration/verify")
                .route(web::post().to(passkey_registration_verify::handle)),
        )
        .service(gated(Gate::Session, "/passkeys").route(web::get().to(passkey_list::handle)))
        .service(
            gated(Gate::Session, "/passkeys/{passkey_id}")
                .route(web::patch().to(passkey_update::handle))
                .route(web::delete().to(passkey_delete::handle)),
        )
        .service(
            gated(Gate::Admin, "/admin/users/{user_id}/passkeys")
                .route(web::get().to(passkey_admin_list::handle)),
        )
        .service(
            gated(Gate::Admin, "/admin/users/{user_id}/passkeys/{passkey_id}")
                .route(web::delete().to(passkey_admin_delete::handle)),
        )
        .service(
            gated(Gate::Session, "/reauthenticate").route(web::get().to(reauthenticate::handle)),
        )
        .service(gated(Gate::Session, "/factors").route(web::post().to(factor_enroll::handle)))
        .service(
            gated(Gate::Session, "/factors/{factor_id}")
                .route(web::delete().to(factor_unenroll::handle)),
        )
        .service(
            gated(Gate::Session, "/factors/{factor_id}/challenge")
                .route(web::post().to(factor_challenge::handle)),
        )
        .service(
            gated(Gate::Session, "/factors/{factor_id}/verify")
                .route(web::post().to(factor_verify::handle)),
        )
        .service(
            web::resource("/admin/users/{user_id}/factors")
                .route(web::get().to(admin_factors::list))
                .default_service(web::to(admin_factors::method_not_allowed)),
        )
        .service(
            web::resource("/admin/users/{user_id}/factors/{factor_id}")
                .route(web::delete().to(admin_factors::delete))
                .route(web::put().to(admin_factors::update))
                .default_service(web::to(admin_factors::factor_method_not_allowed)),
        )
        .configure(oauth_server);
    cfg.configure(unsupported::register);
}

/// Pleat as an OAuth 2.1 provider: the admin's client API, the app's
/// endpoints, the consent page's calls and the user's grants.
fn oauth_server(cfg: &mut web::ServiceConfig) {
    cfg.service(
        gated(Gate::Admin, "/admin/oauth/clients")
            .route(web::get().to(admin_oauth_clients_list::handle))
            .route(web::post().to(admin_oauth_client_create::handle)),
    )
    .service(
        gated(Gate::Admin, "/admin/oauth/clients/{client_id}")
            .route(web::get().to(admin_oauth_client_get::handle))
            .route(web::put().to(admin_oauth_client_update::handle))
            .route(web::delete().to(admin_oauth_client_delete::handle)),
    )
    .service(
        gated(
            Gate::Admin,
            "/admin/oauth/clients/{client_id}/regenerate_secret",
        )
        .route(web::post().to(admin_oauth_client_secret::handle)),
    )
    .service(
        resource("/oauth/clients/register").route(web::post().to(oauth_client_register::handle)),
    )
    .service(resource("/oauth/authorize").route(web::get().to(oauth_authorize::handle)))
    .service(
        resource("/oauth/authorizations/{authorization_id}")
            .route(web::get().to(oauth_authorization_get::handle)),
    )
    .service(
        resource("/oauth/authorizations/{authorization_id}/consent")
            .route(web::post().to(oauth_consent::handle)),
    )
    .service(resource("/oauth/token").route(web::post().to(oauth_token::handle)))
    .service(resource("/oauth/userinfo").route(web::get().to(oauth_userinfo::handle)))
    .service(
        gated(Gate::Session, "/user/oauth/grants")
            .route(web::get().to(oauth_grants_list::handle))
            .route(web::delete().to(oauth_grant_revoke::handle)),
    )
    .service(
        resource("/.well-known/oauth-authorization-server")
            .route(web::get().to(well_known_oauth::handle)),
    )
    .service(
        resource("/.well-known/openid-configuration")
            .route(web::get().to(well_known_openid::handle)),
    );
}
