//! HTTP tests of pleat-auth: `/auth/v1` of the whole app
//! (`pleat_test_support`, `Application::build` on port 0) against a throwaway
//! database (see `helpers::spawn_app`).

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod accounts;
mod addresses;
mod admin;
mod authenticator;
mod confirm;
mod editors;
mod errors;
mod feature_off;
mod hardening;
mod helpers;
mod keys;
mod logout;
mod meta;
mod mfa;
mod mfa_admin;
mod mfa_webauthn;
mod oauth_server;
mod passkeys;
mod rate_limits;
mod reauth;
mod refresh;
mod session_first;
mod signup;
mod token;
mod user;
