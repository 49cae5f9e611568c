//! GoTrue-compatible `/auth/v1`: password sign-in, rotating refresh tokens with
//! reuse detection, sessions and logout scopes, the user and admin APIs,
//! brute-force limits, second factors (TOTP) with the `aal`/`amr` claims,
//! and the mail flows (recovery, magic link, invite, email
//! change, verify), whose mails go into `pleat_mail.outbox` in the same
//! transaction, over the `auth` tables through the owner pool.
//!
//! The server mounts it with
//! `web::scope("/auth/v1").app_data(web::Data::new(state)).configure(pleat_auth::configure)`.

pub mod accounts;
mod anonymous;
pub mod api_version;
mod bearer;
mod body;
pub mod caller;
mod code_guesses;
mod constant_time;
mod email_change;
pub mod error;
mod invited;
pub mod jwt;
pub mod keyring;
mod mail_limits;
mod mail_tokens;
pub mod mfa;
pub mod model;
pub mod oauth;
pub mod oauth_server;
mod passkeys;
mod password;
mod pkce;
pub mod rate_limit;
mod redirect;
mod refresh_token;
mod rotation;
pub(crate) mod routes;
mod session;
mod state;
mod timing;
mod users;
pub mod validate;
mod verify;

use actix_web::http::header::{CACHE_CONTROL, PRAGMA};
use actix_web::middleware::{from_fn, DefaultHeaders};
use actix_web::web;

pub use accounts::Accounts;
pub use error::Error;
pub use model::{Identity, User};
pub use rate_limit::RateLimits;
pub use state::{AuthSettings, AuthState};

/// The `auth` schema (helpers such as `auth.uid()`, users, identities,
/// sessions, refresh tokens), applied by `pleat` before the app's migrations.
pub static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Register every `/auth/v1` route, relative to the enclosing scope. Errors are
/// rendered in the format the request's `X-Supabase-Api-Version` asks for, and
/// any other path answers a JSON 404. No answer may be stored by a browser or
/// a proxy: most carry a token or a user, and a rule per endpoint would be
/// forgotten on the next one.
/// The OAuth server's metadata at the site root, where RFC 8414 and OpenID
/// Discovery put it for the issuer `{site}/auth/v1` (the issuer's path after
/// the well-known name), as Supabase's gateway serves it.
pub fn configure_root(cfg: &mut web::ServiceConfig, state: web::Data<AuthState>) {
    cfg.service(
        web::resource("/.well-known/oauth-authorization-server/auth/v1")
            .app_data(state.clone())
            .route(web::get().to(routes::well_known_oauth::handle)),
    )
    .service(
        web::resource("/.well-known/openid-configuration/auth/v1")
            .app_data(state)
            .route(web::get().to(routes::well_known_openid::handle)),
    );
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("")
            .wrap(from_fn(api_version::middleware))
            .wrap(
                DefaultHeaders::new()
                    .add((CACHE_CONTROL, "no-store"))
                    .add((PRAGMA, "no-cache")),
            )
            .configure(routes::register)
            .default_service(web::to(routes::not_found::handle)),
    );
}
