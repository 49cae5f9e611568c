//! Anonymous users (`signInAnonymously()`, `PLEAT_ENABLE_ANONYMOUS_SIGN_INS`):
//! made by `POST /signup` without an address, and made permanent when they
//! get an identity: a confirmed address (`crate::email_change::apply`), or a
//! provider's identity (`linkIdentity()`, `crate::oauth::accounts::link`,
//! in the same transaction as the identity row).

use sqlx::PgConnection;
use uuid::Uuid;

use crate::Error;

/// The user has an identity of `provider` now: no longer anonymous, and the
/// provider is named in `app_metadata` as GoTrue names it (`provider` the
/// first one, `providers` all of them). A permanent user is left as it is.
pub async fn make_permanent(
    conn: &mut PgConnection,
    user_id: Uuid,
    provider: &str,
) -> Result<(), Error> {
    sqlx::query(
        "UPDATE auth.users SET is_anonymous = false, updated_at = now(), \
         raw_app_meta_data = raw_app_meta_data || jsonb_build_object( \
           'provider', coalesce(raw_app_meta_data ->> 'provider', $2::text), \
           'providers', coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) \
             || CASE WHEN coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) ? $2::text \
                     THEN '[]'::jsonb ELSE jsonb_build_array($2::text) END) \
         WHERE id = $1 AND is_anonymous",
    )
    .bind(user_id)
    .bind(provider)
    .execute(conn)
    .await?;
    Ok(())
}
