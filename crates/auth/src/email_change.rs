//! Starting an email change (`PUT /user` with a new `email`, resend,
//! `generate_link`): the new address waits in `email_change` until both
//! addresses confirmed it (GoTrue's default
//! `GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=true`); each gets its own token.

use sqlx::PgConnection;

use crate::mail_tokens::{self, Issued, Kind};
use crate::model::User;
use crate::{AuthState, Error};

/// Record `new_email` as pending and issue both tokens, without mailing them.
pub async fn start(
    conn: &mut PgConnection,
    state: &AuthState,
    user: &User,
    new_email: &str,
) -> Result<(Issued, Issued), Error> {
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
    let current = mail_tokens::issue(
        conn,
        state,
        user.id,
        Kind::EmailChangeCurrent,
        user.email_str(),
    )
    .await?;
    let new = mail_tokens::issue(conn, state, user.id, Kind::EmailChangeNew, new_email).await?;
    Ok((current, new))
}

/// Start the change and queue one mail to each address.
pub async fn send(
    conn: &mut PgConnection,
    state: &AuthState,
    user: &User,
    new_email: &str,
    redirect_to: &str,
) -> Result<(), Error> {
    let (current, new) = start(conn, state, user, new_email).await?;
    let email = user.email_str();
    let data = &user.user_metadata;
    mail_tokens::send(
        conn,
        state,
        Kind::EmailChangeCurrent,
        &current,
        email,
        email,
        Some(new_email),
        redirect_to,
        data,
    )
    .await?;
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
