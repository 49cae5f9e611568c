//! The caller of any API (`/rest/v1`, `/storage/v1`, `/auth/v1`'s limits): who
//! it is (the verified token's role and claims, [`role`], remembered per token
//! by [`verified_tokens`]), where it calls from ([`address`]) and whether an
//! anonymous caller may go to the database now ([`client_limit`]). Each API
//! renders a refusal in its own client's format.

pub mod address;
pub mod client_limit;
pub mod role;
pub mod verified_tokens;

pub use client_limit::{Admitted, ClientLimit, Refused};
pub use role::{token, Caller, TokenError};
pub use verified_tokens::VerifiedTokens;
