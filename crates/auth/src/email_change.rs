//! Starting an email change (`PUT /user` with a new `email`, resend,
//! `generate_link`): the new address waits in `email_change` until both
//! addresses confirmed it (GoTrue's default
//! `GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=true`); each gets its own token.

use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::mail_tokens::{self, Issued, Kind};
use crate::model::User;
use crate::pkce;
use crate::{anonymous, users, AuthState, Error};

/// Record `new_email` as pending and issue both tokens, without mailing them;
/// an account without an address (an anonymous user) has only the new one
/// to confirm, as in GoTrue.
pub async fn start(
    conn: &mut PgConnection,
    state: &AuthState,
    user: &User,
    new_email: &str,
) -> Result<(Option<Issued>, Issued), Error> {
    let taken: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM auth.users WHERE lower(email) = lower($1) AND id <> $2)",
    )
    .bind(new_email)
    .bind(user.id)
    .fetch_one(&mut *conn)
    .await?;
    if taken {
        return Err(Error::EmailExists);
    }
    sqlx::query(
        "UPDATE auth.users SET email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() WHERE id = $1",
    )
    .bind(user.id)
    .bind(new_email)
    .execute(&mut *conn)
    .await?;
    let current = match user.email.as_deref() {
        Some(email) => Some(
            mail_tokens::issue(&mut *conn, state, user.id, Kind::EmailChangeCurrent, email).await?,
        ),
        None => None,
    };
    let new = mail_tokens::issue(conn, state, user.id, Kind::EmailChangeNew, new_email).await?;
    Ok((current, new))
}

/// Make the change (both addresses confirmed it, or an anonymous user adds
/// one while sign-ups are confirmed at once): the address is the account's,
/// confirmed, with its email identity; an anonymous user becomes a permanent
/// one (GoTrue clears `is_anonymous` and names the email provider).
pub async fn apply(conn: &mut PgConnection, user_id: Uuid, new_email: &str) -> Result<(), Error> {
    if !users::set_email(conn, user_id, new_email, true).await? {
        return Err(Error::EmailExists);
    }
    sqlx::query(
        "UPDATE auth.users SET email_change = NULL, email_change_sent_at = NULL, email_change_confirm_status = 0, \
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() WHERE id = $1",
    )
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    let identity_data = json!({
        "sub": user_id.to_string(),
        "email": new_email,
        "email_verified": true,
        "phone_verified": false,
    });
    sqlx::query(
        "INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) \
         VALUES ($1, $2, $3, 'email', now()) ON CONFLICT ON CONSTRAINT identities_provider_id_provider_key DO NOTHING",
    )
    .bind(user_id.to_string())
    .bind(user_id)
    .bind(identity_data)
    .execute(&mut *conn)
    .await?;
    anonymous::make_permanent(conn, user_id, "email").await
}

/// Start the change and queue one mail to each address (with a challenge,
/// both links start one PKCE flow).
pub async fn send(
    conn: &mut PgConnection,
    state: &AuthState,
    user: &User,
    new_email: &str,
    redirect_to: &str,
    challenge: Option<&pkce::Challenge>,
) -> Result<(), Error> {
    let (mut current, mut new) = start(conn, state, user, new_email).await?;
    if let Some(challenge) = challenge {
        pkce::start(
            &mut *conn,
            user.id,
            Kind::EmailChangeNew,
            challenge,
            state.settings.otp_exp,
        )
        .await?;
        if let Some(current) = &mut current {
            current.pkce = true;
        }
        new.pkce = true;
    }
    let email = user.email_str();
    let data = &user.user_metadata;
    if let Some(current) = &current {
        mail_tokens::send(
            conn,
            state,
            Kind::EmailChangeCurrent,
            current,
            email,
            email,
            Some(new_email),
            redirect_to,
            data,
        )
        .await?;
    }
    mail_tokens::send(
        conn,
        state,
        Kind::EmailChangeNew,
        &new,
        new_email,
        email,
        Some(new_email),
        redirect_to,
        data,
    )
    .await?;
    Ok(())
}
