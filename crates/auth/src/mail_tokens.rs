//! Emailed tokens as GoTrue shapes them: a 6-digit code and its token hash
//! (56 hex digits), which links carry and `verifyOtp` takes. GoTrue's hash is
//! SHA-224 of address + code, which anyone who knows the address can compute
//! for all 10^6 codes and try as links, where no guess names an account to
//! count it against; Pleat's is HMAC-SHA-224 under a key derived from the JWT
//! secret, so a link cannot be guessed and every guess is a code sent with its
//! address (see `crate::code_guesses`). Clients only pass the hash back.
//! `auth.one_time_tokens` stores SHA-256 of the token hash only; a token is
//! used up by the DELETE that finds it, so it works once, and one older than
//! `PLEAT_MAILER_OTP_EXP` is deleted without being accepted. Also builds the
//! `/verify` links and queues the mails through `pleat_mail.enqueue`.

use hmac::{Hmac, Mac};
use rand::Rng;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{json, Value};
use sha2::{Digest, Sha224, Sha256};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::model::User;
use crate::pkce;
use crate::{AuthState, Error};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Confirmation,
    Recovery,
    Invite,
    MagicLink,
    EmailChangeCurrent,
    EmailChangeNew,
    /// The nonce `GET /reauthenticate` mails, which a password change may
    /// need (`PUT /user`); never a `/verify` type.
    Reauthentication,
}

impl Kind {
    pub(crate) fn column(self) -> &'static str {
        match self {
            Kind::Confirmation => "confirmation_token",
            Kind::Recovery => "recovery_token",
            Kind::Invite => "invite_token",
            Kind::MagicLink => "magiclink_token",
            Kind::EmailChangeCurrent => "email_change_token_current",
            Kind::EmailChangeNew => "email_change_token_new",
            Kind::Reauthentication => "reauthentication_token",
        }
    }

    fn from_column(column: &str) -> Option<Kind> {
        [
            Kind::Confirmation,
            Kind::Recovery,
            Kind::Invite,
            Kind::MagicLink,
            Kind::EmailChangeCurrent,
            Kind::EmailChangeNew,
            Kind::Reauthentication,
        ]
        .into_iter()
        .find(|k| k.column() == column)
    }

    /// The `type` of the `/verify` link for this token.
    pub fn verification_type(self) -> &'static str {
        match self {
            Kind::Confirmation => "signup",
            Kind::Recovery => "recovery",
            Kind::Invite => "invite",
            Kind::MagicLink => "magiclink",
            Kind::EmailChangeCurrent | Kind::EmailChangeNew => "email_change",
            Kind::Reauthentication => "reauthentication",
        }
    }

    /// The mail template that carries it.
    pub fn template(self) -> &'static str {
        match self {
            Kind::Confirmation => "confirmation",
            Kind::Recovery => "recovery",
            Kind::Invite => "invite",
            Kind::MagicLink => "magic_link",
            Kind::EmailChangeCurrent | Kind::EmailChangeNew => "email_change",
            Kind::Reauthentication => "reauthentication",
        }
    }

    /// The tokens a `/verify` of `type` may use (GoTrue's `email` type takes
    /// any sign-in token).
    pub fn for_verify_type(verify_type: &str) -> Option<&'static [Kind]> {
        Some(match verify_type {
            "signup" => &[Kind::Confirmation],
            "recovery" => &[Kind::Recovery],
            "invite" => &[Kind::Invite],
            "magiclink" => &[Kind::MagicLink, Kind::Confirmation],
            "email" => &[Kind::MagicLink, Kind::Confirmation, Kind::Invite],
            "email_change" => &[Kind::EmailChangeCurrent, Kind::EmailChangeNew],
            _ => return None,
        })
    }
}

/// What a mail or `generate_link` hands out; never stored as such.
pub struct Issued {
    pub otp: String,
    pub token_hash: String,
    /// Its link belongs to a PKCE flow (`crate::pkce`): the mailed token
    /// hash carries GoTrue's `pkce_` prefix.
    pub pkce: bool,
}

impl Issued {
    /// The token hash as the mail hands it out.
    fn mailed_hash(&self) -> String {
        match self.pkce {
            true => format!("{}{}", pkce::PREFIX, self.token_hash),
            false => self.token_hash.clone(),
        }
    }
}

/// The key of [`token_hash`], derived from the JWT secret.
pub fn derivation_key(secret: &SecretString) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(b"pleat mailed token hash");
    mac.finalize().into_bytes().into()
}

pub fn token_hash(key: &[u8; 32], address: &str, otp: &str) -> String {
    let mut mac = Hmac::<Sha224>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(address.to_lowercase().as_bytes());
    mac.update(otp.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

fn stored(token_hash: &str) -> Vec<u8> {
    Sha256::digest(token_hash.as_bytes()).to_vec()
}

/// A new token for `user_id`, replacing one of the same kind (and with it
/// that one's count of wrong tries).
pub async fn issue(
    conn: &mut PgConnection,
    state: &AuthState,
    user_id: Uuid,
    kind: Kind,
    address: &str,
) -> Result<Issued, Error> {
    let otp = format!("{:06}", rand::rng().random_range(0..1_000_000u32));
    let hash = token_hash(&state.mail_key, address, &otp);
    sqlx::query(
        "INSERT INTO auth.one_time_tokens (user_id, token_type, token_hash, relates_to) VALUES ($1, $2, $3, $4) \
         ON CONFLICT ON CONSTRAINT one_time_tokens_user_type_key \
         DO UPDATE SET token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(), \
         failed_attempts = 0",
    )
    .bind(user_id)
    .bind(kind.column())
    .bind(stored(&hash))
    .bind(address.to_lowercase())
    .execute(conn)
    .await?;
    Ok(Issued {
        otp,
        token_hash: hash,
        pkce: false,
    })
}

/// A used token: whose, and which kind.
pub struct Used {
    pub user_id: Uuid,
    pub kind: Kind,
}

/// Use up the token with this hash among `kinds`; `None` when there is none
/// or it expired (an expired one is deleted as well).
pub async fn consume(
    conn: &mut PgConnection,
    kinds: &[Kind],
    token_hash: &str,
    exp_secs: u64,
) -> Result<Option<Used>, Error> {
    let token_hash = token_hash.strip_prefix(pkce::PREFIX).unwrap_or(token_hash);
    let columns: Vec<&str> = kinds.iter().map(|k| k.column()).collect();
    let row: Option<(Uuid, String, bool)> = sqlx::query_as(
        "DELETE FROM auth.one_time_tokens WHERE token_hash = $1 AND token_type = ANY($2) \
         RETURNING user_id, token_type, created_at > now() - make_interval(secs => $3)",
    )
    .bind(stored(token_hash))
    .bind(&columns)
    .bind(exp_secs as f64)
    .fetch_optional(conn)
    .await?;
    Ok(row.and_then(|(user_id, column, fresh)| {
        Some(Used {
            user_id,
            kind: Kind::from_column(&column)?,
        })
        .filter(|_| fresh)
    }))
}

pub async fn has(conn: &mut PgConnection, user_id: Uuid, kind: Kind) -> Result<bool, Error> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2)",
    )
    .bind(user_id)
    .bind(kind.column())
    .fetch_one(conn)
    .await?)
}

/// `{site}/auth/v1/verify?token=…&type=…&redirect_to=…`, as GoTrue's mails link.
pub fn action_link(state: &AuthState, token_hash: &str, kind: Kind, redirect_to: &str) -> String {
    let mut url = url::Url::parse(&format!("{}/verify", state.issuer())).unwrap_or_else(|_| {
        url::Url::parse("http://localhost/auth/v1/verify").expect("a valid URL")
    });
    url.query_pairs_mut()
        .append_pair("token", token_hash)
        .append_pair("type", kind.verification_type())
        .append_pair("redirect_to", redirect_to);
    url.to_string()
}

/// Queue the mail for a new token in the caller's transaction.
#[allow(clippy::too_many_arguments)]
pub async fn send(
    conn: &mut PgConnection,
    state: &AuthState,
    kind: Kind,
    issued: &Issued,
    recipient: &str,
    email: &str,
    new_email: Option<&str>,
    redirect_to: &str,
    data: &Value,
) -> Result<(), Error> {
    let mailed_hash = issued.mailed_hash();
    let vars = json!({
        "link": action_link(state, &mailed_hash, kind, redirect_to),
        "token": issued.otp,
        "token_hash": mailed_hash,
        "email": email,
        "new_email": new_email,
        "redirect_to": redirect_to,
        "data": data,
        "type": kind.verification_type(),
    });
    sqlx::query("SELECT pleat_mail.enqueue($1, $2, $3)")
        .bind(kind.template())
        .bind(recipient)
        .bind(vars)
        .execute(conn)
        .await?;
    Ok(())
}

/// A new token of `kind` for `user`, mailed to `email`, the user's own address
/// (every mail but the two of an email change, which `email_change` sends);
/// with a challenge its link starts a PKCE flow.
pub async fn issue_and_send(
    conn: &mut PgConnection,
    state: &AuthState,
    user: &User,
    kind: Kind,
    email: &str,
    redirect_to: &str,
    challenge: Option<&pkce::Challenge>,
) -> Result<(), Error> {
    let mut issued = issue(&mut *conn, state, user.id, kind, email).await?;
    if let Some(challenge) = challenge {
        pkce::start(&mut *conn, user.id, kind, challenge, state.settings.otp_exp).await?;
        issued.pkce = true;
    }
    send(
        &mut *conn,
        state,
        kind,
        &issued,
        email,
        email,
        None,
        redirect_to,
        &user.user_metadata,
    )
    .await?;
    // GoTrue's record of the last mail of the kinds that have one.
    let stamp = match kind {
        Kind::Confirmation => "UPDATE auth.users SET confirmation_sent_at = now() WHERE id = $1",
        Kind::Recovery => "UPDATE auth.users SET recovery_sent_at = now() WHERE id = $1",
        _ => return Ok(()),
    };
    sqlx::query(stamp).bind(user.id).execute(conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_hashes_are_keyed_and_as_long_as_gotrues() {
        let key = derivation_key(&SecretString::from("s".repeat(32)));
        let h = token_hash(&key, "A@b.c", "123456");
        assert_eq!(h.len(), 56);
        assert_eq!(h, token_hash(&key, "a@b.c", "123456"));
        assert_ne!(
            h,
            hex::encode(Sha224::digest(b"a@b.c123456")),
            "not computable from the address and code"
        );
        let other = derivation_key(&SecretString::from("t".repeat(32)));
        assert_ne!(h, token_hash(&other, "a@b.c", "123456"));
    }

    #[test]
    fn verify_types_map_to_tokens() {
        assert_eq!(
            Kind::for_verify_type("recovery"),
            Some(&[Kind::Recovery][..])
        );
        assert!(Kind::for_verify_type("sms").is_none());
        assert_eq!(Kind::EmailChangeNew.verification_type(), "email_change");
    }
}
