//! GoTrue-compatible `/auth/v1`: password sign-in, rotating refresh tokens with
//! reuse detection, sessions and logout scopes, the user and admin APIs, and
//! brute-force limits, over the `auth` tables through the owner pool.
//!
//! The server mounts it with
//! `web::scope("/auth/v1").app_data(web::Data::new(state)).configure(pleat_auth::configure)`.

pub mod accounts;
pub mod api_version;
mod bearer;
mod body;
pub mod client_ip;
pub mod error;
pub mod jwt;
pub mod model;
mod password;
pub mod rate_limit;
mod refresh_token;
mod rotation;
mod routes;
mod session;
mod state;
mod users;
pub mod validate;

use actix_web::middleware::from_fn;
use actix_web::web;

pub use accounts::Accounts;
pub use error::Error;
pub use model::{Identity, User};
pub use rate_limit::RateLimits;
pub use state::{AuthSettings, AuthState};

/// Register every `/auth/v1` route, relative to the enclosing scope. Errors are
/// rendered in the format the request's `X-Supabase-Api-Version` asks for, and
/// any other path answers a JSON 404.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("")
            .wrap(from_fn(api_version::middleware))
            .configure(routes::register)
            .default_service(web::to(routes::not_found::handle)),
    );
}
