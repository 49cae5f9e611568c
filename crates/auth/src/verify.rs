//! Using an emailed token, shared by `GET /verify` (the link in the mail) and
//! `POST /verify` (`verifyOtp`): the token is used up, the address confirmed
//! and a session started, as GoTrue does for each type. An email change needs
//! both of its tokens (GoTrue's default secure email change): the first one
//! used answers that the other link is still to be followed; the second makes
//! the change. A code comes with its address and its wrong guesses are
//! counted (`crate::code_guesses`); a token hash cannot be guessed. Both
//! routes first take a request from the client's `/verify` rate. A link of a
//! PKCE flow (its token has the `pkce_` prefix, `crate::pkce`) followed in
//! the browser answers an auth code instead of a session; the same token
//! given to `verifyOtp` answers the session, as in GoTrue.

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::code_guesses;
use crate::mail_tokens::{self, Kind, Used};
use crate::session::{self, Client};
use crate::{email_change, pkce, users, AuthState, Error};

pub const PENDING_MESSAGE: &str =
    "Confirmation link accepted. Please proceed to confirm link sent to the other email";

pub enum Verified {
    /// The session object, and the `type` the link had.
    Session(Value, &'static str),
    /// One half of an email change.
    Pending,
    /// A PKCE link: the auth code to exchange.
    Code(String),
}

/// What identifies the token: its hash (from a link or `token_hash`) or the
/// code with the address it was sent to.
pub enum Proof {
    Hash(String),
    Code { email: String, otp: String },
}

impl Proof {
    /// A token hash of a PKCE flow's link.
    pub fn is_pkce(&self) -> bool {
        matches!(self, Proof::Hash(hash) if hash.starts_with(pkce::PREFIX))
    }
}

pub fn invalid() -> Error {
    Error::NotSupported {
        status: 403,
        code: "otp_expired",
        message: "Token has expired or is invalid".into(),
    }
}

pub async fn verify(
    state: &AuthState,
    client: &Client<'_>,
    verify_type: &str,
    proof: Proof,
    code_for_pkce: bool,
) -> Result<Verified, Error> {
    let pkce_flow = code_for_pkce && proof.is_pkce();
    let kinds = Kind::for_verify_type(verify_type).ok_or_else(|| {
        Error::Validation(format!("Unsupported verification type: {verify_type}"))
    })?;
    let exp = state.settings.otp_exp;
    let mut tx = state.pool.begin().await?;
    let used = match proof {
        Proof::Hash(hash) => mail_tokens::consume(&mut tx, kinds, &hash, exp).await?,
        Proof::Code { email, otp } => {
            let hash = mail_tokens::token_hash(&state.mail_key, email.trim(), otp.trim());
            code_guesses::consume(&mut tx, state.limits(), kinds, &email, &hash, exp).await?
        }
    };
    let Some(used) = used else {
        // Keep what was counted, and an expired token found here deleted.
        tx.commit().await?;
        return Err(invalid());
    };
    let Some(user) = users::lock(&mut tx, used.user_id).await? else {
        return Err(invalid());
    };
    code_guesses::clear(&mut tx, user.id).await?;
    let method = match used.kind {
        Kind::EmailChangeCurrent | Kind::EmailChangeNew => {
            if !change_email(&mut tx, &used, user.email_change.as_deref()).await? {
                tx.commit().await?;
                return Ok(Verified::Pending);
            }
            "email_change"
        }
        Kind::Recovery => "recovery",
        Kind::Invite => "invite",
        Kind::MagicLink => "magiclink",
        Kind::Confirmation => "otp",
        // Never among a /verify type's kinds; used by a password change.
        Kind::Reauthentication => return Err(invalid()),
    };
    if used.kind != Kind::EmailChangeCurrent && used.kind != Kind::EmailChangeNew {
        users::confirm_email(&mut tx, user.id).await?;
    }
    if pkce_flow {
        let code = pkce::issue_code(&mut tx, user.id, used.kind, exp).await?;
        tx.commit().await?;
        return Ok(Verified::Code(code));
    }
    let (session, refresh_token) = session::create(&mut tx, user.id, method, client).await?;
    users::touch_sign_in(&mut tx, user.id).await?;
    let user = users::find_by_id(&mut tx, user.id)
        .await?
        .ok_or_else(invalid)?;
    tx.commit().await?;
    let body = session::response(state, &user, &session, refresh_token)?;
    Ok(Verified::Session(body, used.kind.verification_type()))
}

/// `false` while the other half of the change is still unconfirmed.
async fn change_email(
    conn: &mut PgConnection,
    used: &Used,
    pending: Option<&str>,
) -> Result<bool, Error> {
    let Some(new_email) = pending else {
        return Err(invalid());
    };
    let other = match used.kind {
        Kind::EmailChangeCurrent => Kind::EmailChangeNew,
        _ => Kind::EmailChangeCurrent,
    };
    if mail_tokens::has(conn, used.user_id, other).await? {
        set_confirm_status(conn, used.user_id, 1).await?;
        return Ok(false);
    }
    email_change::apply(conn, used.user_id, new_email).await?;
    Ok(true)
}

async fn set_confirm_status(conn: &mut PgConnection, id: Uuid, status: i16) -> Result<(), Error> {
    sqlx::query("UPDATE auth.users SET email_change_confirm_status = $2 WHERE id = $1")
        .bind(id)
        .bind(status)
        .execute(conn)
        .await?;
    Ok(())
}
