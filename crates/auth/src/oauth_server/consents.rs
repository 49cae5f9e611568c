//! What each user let each app do (`auth.oauth_consents`): remembered at an
//! approval so that the next request for no more than those scopes skips
//! the consent page, listed as the user's grants, and revoked by the user,
//! which also ends every session the app holds for that user.

use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use super::clients::Client;
use super::scopes;
use crate::model::timestamp;
use crate::Error;

/// The scopes `user_id` granted `client_id` and has not taken back.
pub async fn active(
    conn: &mut PgConnection,
    user_id: Uuid,
    client_id: Uuid,
) -> Result<Option<String>, Error> {
    Ok(sqlx::query_scalar(
        "SELECT scopes FROM auth.oauth_consents WHERE user_id = $1 AND client_id = $2 AND revoked_at IS NULL",
    )
    .bind(user_id)
    .bind(client_id)
    .fetch_optional(conn)
    .await?)
}

/// Remember an approval: the scopes join those still granted; a revoked
/// grant starts again from these.
pub async fn grant(
    conn: &mut PgConnection,
    user_id: Uuid,
    client_id: Uuid,
    scope: &str,
) -> Result<(), Error> {
    let current = active(&mut *conn, user_id, client_id).await?;
    let scopes = scopes::union(current.as_deref().unwrap_or(""), scope);
    sqlx::query(
        "INSERT INTO auth.oauth_consents (user_id, client_id, scopes) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, client_id) DO UPDATE SET scopes = excluded.scopes, granted_at = now(), revoked_at = NULL",
    )
    .bind(user_id)
    .bind(client_id)
    .bind(scopes)
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct GrantRow {
    #[sqlx(flatten)]
    client: Client,
    scopes: String,
    granted_at: DateTime<Utc>,
}

/// GoTrue's grants list: each app with a live grant, newest grant first.
pub async fn list(conn: &mut PgConnection, user_id: Uuid) -> Result<Vec<Value>, Error> {
    let rows: Vec<GrantRow> = sqlx::query_as(
        "SELECT c.id, c.client_secret_hash, c.client_name, c.client_uri, c.logo_uri, c.redirect_uris, \
                c.grant_types, c.client_type, c.token_endpoint_auth_method, c.registration_type, \
                c.created_at, c.updated_at, g.scopes, g.granted_at \
           FROM auth.oauth_consents g JOIN auth.oauth_clients c ON c.id = g.client_id \
          WHERE g.user_id = $1 AND g.revoked_at IS NULL AND c.deleted_at IS NULL \
          ORDER BY g.granted_at DESC, c.id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            json!({
                "client": row.client.summary(),
                "scopes": scopes::parse(&row.scopes),
                "granted_at": timestamp(row.granted_at),
            })
        })
        .collect())
}

/// Take a grant back and end the app's sessions for the user (their refresh
/// tokens go with them); `false` when there was no live grant.
pub async fn revoke(
    conn: &mut PgConnection,
    user_id: Uuid,
    client_id: Uuid,
) -> Result<bool, Error> {
    let revoked = sqlx::query(
        "UPDATE auth.oauth_consents SET revoked_at = now() \
         WHERE user_id = $1 AND client_id = $2 AND revoked_at IS NULL",
    )
    .bind(user_id)
    .bind(client_id)
    .execute(&mut *conn)
    .await?;
    if revoked.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM auth.sessions WHERE user_id = $1 AND oauth_client_id = $2")
        .bind(user_id)
        .bind(client_id)
        .execute(conn)
        .await?;
    Ok(true)
}
