//! `auth.webauthn_credentials` (a user's passkeys) and
//! `auth.webauthn_challenges` (passkey ceremonies in progress).

use chrono::{DateTime, Utc};
use serde_json::{json, Map, Value};
use sqlx::types::Json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::rp::{Ceremony, NewCredential, StoredKey, CHALLENGE_LIFETIME};
use crate::model::timestamp;
use crate::Error;

/// The `challenge_type`s of the two ceremonies.
pub(crate) const REGISTRATION: &str = "registration";
pub(crate) const AUTHENTICATION: &str = "authentication";

/// GoTrue's `PASSKEY_MAX_PASSKEYS_PER_USER` default.
pub(crate) const MAX_PER_USER: i64 = 10;

/// What GoTrue shows of a passkey.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct Passkey {
    pub id: Uuid,
    pub friendly_name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

impl Passkey {
    /// `{id, friendly_name, created_at, last_used_at}`, the empty name and an
    /// unused passkey's `last_used_at` left out as GoTrue does.
    pub(crate) fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".into(), json!(self.id));
        if !self.friendly_name.is_empty() {
            m.insert("friendly_name".into(), json!(self.friendly_name));
        }
        m.insert("created_at".into(), json!(timestamp(self.created_at)));
        if let Some(t) = self.last_used_at {
            m.insert("last_used_at".into(), json!(timestamp(t)));
        }
        Value::Object(m)
    }
}

const PASSKEY_COLUMNS: &str = "id, friendly_name, created_at, last_used_at";

pub(crate) fn too_many() -> Error {
    Error::NotSupported {
        status: 422,
        code: "too_many_passkeys",
        message: "Maximum number of passkeys reached".into(),
    }
}

pub(crate) async fn list(conn: &mut PgConnection, user_id: Uuid) -> Result<Vec<Passkey>, Error> {
    let sql = format!(
        "SELECT {PASSKEY_COLUMNS} FROM auth.webauthn_credentials WHERE user_id = $1 ORDER BY created_at, id"
    );
    Ok(sqlx::query_as(&sql).bind(user_id).fetch_all(conn).await?)
}

pub(crate) async fn count(conn: &mut PgConnection, user_id: Uuid) -> Result<i64, Error> {
    Ok(
        sqlx::query_scalar("SELECT count(*) FROM auth.webauthn_credentials WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(conn)
            .await?,
    )
}

pub(crate) async fn credential_ids(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> Result<Vec<Vec<u8>>, Error> {
    Ok(sqlx::query_scalar(
        "SELECT credential_id FROM auth.webauthn_credentials WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?)
}

/// Store a passkey unless the user already has the maximum; the user's row
/// is locked so two registrations at once cannot both pass the count.
pub(crate) async fn insert(
    conn: &mut PgConnection,
    user_id: Uuid,
    new: &NewCredential,
    friendly_name: &str,
) -> Result<Passkey, Error> {
    sqlx::query("SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if count(conn, user_id).await? >= MAX_PER_USER {
        return Err(too_many());
    }
    let sql = format!(
        "INSERT INTO auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (credential_id) DO NOTHING
         RETURNING {PASSKEY_COLUMNS}"
    );
    let row: Option<Passkey> = sqlx::query_as(&sql)
        .bind(Uuid::new_v4())
        .bind(user_id)
        .bind(&new.key.credential_id)
        .bind(&new.key.public_key)
        .bind(&new.attestation_type)
        .bind(new.aaguid)
        .bind(i64::from(new.key.sign_count))
        .bind(Json(&new.transports))
        .bind(new.key.backup_eligible)
        .bind(new.key.backed_up)
        .bind(friendly_name)
        .fetch_optional(conn)
        .await?;
    row.ok_or_else(|| Error::NotSupported {
        status: 422,
        code: "webauthn_credential_exists",
        message: "This credential is already registered".into(),
    })
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    id: Uuid,
    user_id: Uuid,
    credential_id: Vec<u8>,
    public_key: Vec<u8>,
    sign_count: i64,
    backup_eligible: bool,
    backed_up: bool,
}

/// The passkey with this credential id: its id, its user and its key.
pub(crate) async fn find_key(
    conn: &mut PgConnection,
    credential_id: &[u8],
) -> Result<Option<(Uuid, Uuid, StoredKey)>, Error> {
    let row: Option<KeyRow> = sqlx::query_as(
        "SELECT id, user_id, credential_id, public_key, sign_count, backup_eligible, backed_up
         FROM auth.webauthn_credentials WHERE credential_id = $1",
    )
    .bind(credential_id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|r| {
        (
            r.id,
            r.user_id,
            StoredKey {
                credential_id: r.credential_id,
                public_key: r.public_key,
                sign_count: u32::try_from(r.sign_count).unwrap_or(u32::MAX),
                backup_eligible: r.backup_eligible,
                backed_up: r.backed_up,
            },
        )
    }))
}

/// Record a sign-in with the passkey. The counter only moves forward: when
/// two assertions with the same counter race, the second updates nothing and
/// is refused like a cloned authenticator (`false`).
pub(crate) async fn used(
    conn: &mut PgConnection,
    id: Uuid,
    counter: u32,
    backup_eligible: bool,
    backed_up: bool,
) -> Result<bool, Error> {
    let updated = sqlx::query(
        "UPDATE auth.webauthn_credentials
         SET sign_count = $2, backup_eligible = $3, backed_up = $4, last_used_at = now(), updated_at = now()
         WHERE id = $1 AND ($2 = 0 OR sign_count < $2)",
    )
    .bind(id)
    .bind(i64::from(counter))
    .bind(backup_eligible)
    .bind(backed_up)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

pub(crate) async fn rename(
    conn: &mut PgConnection,
    id: Uuid,
    user_id: Uuid,
    friendly_name: &str,
) -> Result<Option<Passkey>, Error> {
    let sql = format!(
        "UPDATE auth.webauthn_credentials SET friendly_name = $3, updated_at = now()
         WHERE id = $1 AND user_id = $2 RETURNING {PASSKEY_COLUMNS}"
    );
    Ok(sqlx::query_as(&sql)
        .bind(id)
        .bind(user_id)
        .bind(friendly_name)
        .fetch_optional(conn)
        .await?)
}

/// `false` when the user has no passkey with this id.
pub(crate) async fn delete(
    conn: &mut PgConnection,
    id: Uuid,
    user_id: Uuid,
) -> Result<bool, Error> {
    let deleted =
        sqlx::query("DELETE FROM auth.webauthn_credentials WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(conn)
            .await?;
    Ok(deleted.rows_affected() == 1)
}

/// A new challenge row for a ceremony; expired ones (ceremonies never
/// finished) are swept by the same statement, so abandoned sign-ins do not
/// pile up.
pub(crate) async fn create_challenge(
    conn: &mut PgConnection,
    user_id: Option<Uuid>,
    kind: &str,
    ceremony: &Ceremony,
) -> Result<(Uuid, DateTime<Utc>), Error> {
    let id = Uuid::new_v4();
    let lifetime = CHALLENGE_LIFETIME.as_secs_f64();
    let expires_at: DateTime<Utc> = sqlx::query_scalar(
        "WITH swept AS (
           DELETE FROM auth.webauthn_challenges WHERE expires_at < now() - interval '1 hour'
         )
         INSERT INTO auth.webauthn_challenges (id, user_id, challenge_type, session_data, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
         RETURNING expires_at",
    )
    .bind(id)
    .bind(user_id)
    .bind(kind)
    .bind(Json(ceremony))
    .bind(lifetime)
    .fetch_one(conn)
    .await?;
    Ok((id, expires_at))
}

/// Take a challenge: deleted as it is read, so it serves one verification
/// whatever its outcome. Only a challenge of this kind, made for this user
/// (`None`: made for nobody, a sign-in), is found. Also says whether it has
/// expired.
pub(crate) async fn consume_challenge(
    conn: &mut PgConnection,
    id: Uuid,
    kind: &str,
    user_id: Option<Uuid>,
) -> Result<Option<(Ceremony, bool)>, Error> {
    let row: Option<(Json<Value>, bool)> = sqlx::query_as(
        "DELETE FROM auth.webauthn_challenges
         WHERE id = $1 AND challenge_type = $2 AND user_id IS NOT DISTINCT FROM $3
         RETURNING session_data, expires_at < now()",
    )
    .bind(id)
    .bind(kind)
    .bind(user_id)
    .fetch_optional(conn)
    .await?;
    // A row this server cannot read (another implementation's state) is as
    // good as none.
    Ok(row.and_then(|(c, expired)| Some((serde_json::from_value(c.0).ok()?, expired))))
}
