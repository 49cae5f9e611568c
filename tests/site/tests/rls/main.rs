//! The site's row-level security, grants, constraints and guards, exercised the way requests reach the database:
//! a transaction opened by `begin_as`, which switches role and sets the JWT
//! claims transaction-locally. Every statement that should fail runs in its own
//! transaction, because a failed statement aborts the transaction it is in.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

mod anon;
mod constraints;
mod contact_limits;
mod editors;
mod helpers;
mod signed_in;
