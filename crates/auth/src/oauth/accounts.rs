//! A provider's identity becomes a user as GoTrue decides it: the identity
//! already known signs in its user; otherwise an address the provider has
//! verified joins the user who has it; otherwise a new user is made (when
//! sign-ups are open). An address the provider has not verified never joins
//! an existing user, and does not make a user either: whoever typed it at the
//! provider has not shown that the mailbox is theirs.

use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use super::provider::Profile;
use super::refusal;
use crate::{AuthState, Error};

/// The user a provider's sign-in is for, made or joined as needed.
pub(crate) async fn sign_in(
    conn: &mut PgConnection,
    state: &AuthState,
    provider: &str,
    profile: &Profile,
) -> Result<Uuid, Error> {
    let data = Value::Object(profile.data.clone());
    let known: Option<Uuid> = sqlx::query_scalar(
        "UPDATE auth.identities SET identity_data = $3, last_sign_in_at = now(), updated_at = now() \
         WHERE provider_id = $1 AND provider = $2 RETURNING user_id",
    )
    .bind(&profile.subject)
    .bind(provider)
    .bind(&data)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(user_id) = known {
        refresh_user(conn, user_id, &data).await?;
        return Ok(user_id);
    }
    let Some(email) = profile.email.as_deref() else {
        return Err(refusal(
            500,
            "unexpected_failure",
            "Error getting user email from external provider",
        ));
    };
    if !profile.email_verified {
        return Err(refusal(
            422,
            "provider_email_needs_verification",
            format!("Unverified email with {provider}. Verify the email with {provider} in order to sign in"),
        ));
    }
    let existing: Option<Uuid> =
        sqlx::query_scalar("SELECT id FROM auth.users WHERE lower(email) = lower($1) FOR UPDATE")
            .bind(email)
            .fetch_optional(&mut *conn)
            .await?;
    if let Some(user_id) = existing {
        add_identity(conn, user_id, provider, profile).await?;
        // The provider vouched for the address: a user still waiting to
        // confirm it has now done so.
        sqlx::query(
            "UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1",
        )
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
        refresh_user(conn, user_id, &data).await?;
        return Ok(user_id);
    }
    if state.settings.disable_signup {
        return Err(Error::SignupDisabled);
    }
    let user_id = Uuid::new_v4();
    let app_metadata = json!({"provider": provider, "providers": [provider]});
    let inserted = sqlx::query(
        "INSERT INTO auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data) \
         VALUES ($1, $2, now(), $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(user_id)
    .bind(email)
    .bind(&app_metadata)
    .bind(&data)
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 0 {
        // Someone took the address between the look-up and now.
        return Err(Error::UserAlreadyExists);
    }
    add_identity(conn, user_id, provider, profile).await?;
    Ok(user_id)
}

/// `linkIdentity()`: the identity joins the signed-in user, unless it is
/// already someone's.
pub(crate) async fn link(
    conn: &mut PgConnection,
    user_id: Uuid,
    provider: &str,
    profile: &Profile,
) -> Result<(), Error> {
    let owner: Option<Uuid> = sqlx::query_scalar(
        "SELECT user_id FROM auth.identities WHERE provider_id = $1 AND provider = $2",
    )
    .bind(&profile.subject)
    .bind(provider)
    .fetch_optional(&mut *conn)
    .await?;
    match owner {
        Some(owner) if owner == user_id => Err(refusal(
            422,
            "identity_already_exists",
            "Identity is already linked",
        )),
        Some(_) => Err(refusal(
            422,
            "identity_already_exists",
            "Identity is already linked to another user",
        )),
        None => {
            add_identity(conn, user_id, provider, profile).await?;
            // An anonymous user linking a provider becomes a permanent one.
            crate::anonymous::make_permanent(conn, user_id, provider).await?;
            refresh_user(conn, user_id, &Value::Object(profile.data.clone())).await
        }
    }
}

/// `unlinkIdentity()`: never a user's last way in.
pub(crate) async fn unlink(
    conn: &mut PgConnection,
    user_id: Uuid,
    identity_id: Uuid,
) -> Result<(), Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT 1 FROM auth.identities WHERE user_id = $1 FOR UPDATE) i",
    )
    .bind(user_id)
    .fetch_one(&mut *conn)
    .await?;
    if count <= 1 {
        return Err(refusal(
            422,
            "single_identity_not_deletable",
            "User must have at least 1 identity after unlinking",
        ));
    }
    let deleted = sqlx::query("DELETE FROM auth.identities WHERE id = $1 AND user_id = $2")
        .bind(identity_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(refusal(422, "identity_not_found", "Identity doesn't exist"));
    }
    refresh_user(conn, user_id, &Value::Object(Map::new())).await
}

async fn add_identity(
    conn: &mut PgConnection,
    user_id: Uuid,
    provider: &str,
    profile: &Profile,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) \
         VALUES ($1, $2, $3, $4, now())",
    )
    .bind(&profile.subject)
    .bind(user_id)
    .bind(Value::Object(profile.data.clone()))
    .bind(provider)
    .execute(conn)
    .await?;
    Ok(())
}

/// The provider's data merged into `user_metadata`, and `app_metadata.providers`
/// listing the user's identities' providers, as GoTrue keeps them.
async fn refresh_user(conn: &mut PgConnection, user_id: Uuid, data: &Value) -> Result<(), Error> {
    sqlx::query(
        "UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2, \
         raw_app_meta_data = raw_app_meta_data || jsonb_build_object('providers', \
           (SELECT coalesce(jsonb_agg(DISTINCT provider), '[]') FROM auth.identities WHERE user_id = $1)), \
         updated_at = now() WHERE id = $1",
    )
    .bind(user_id)
    .bind(data)
    .execute(conn)
    .await?;
    Ok(())
}
