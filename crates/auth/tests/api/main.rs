//! HTTP tests of pleat-auth: the crate mounted as the server mounts it, on
//! port 0, against a throwaway database (see `helpers::spawn_app`).

mod accounts;
mod addresses;
mod admin;
mod editors;
mod errors;
mod hardening;
mod helpers;
mod logout;
mod meta;
mod rate_limits;
mod refresh;
mod session_first;
mod signup;
mod token;
mod user;
