//! Multi-factor authentication as GoTrue defines it: factors (`auth.mfa_factors`;
//! TOTP here, WebAuthn in [`webauthn`], phone answered as GoTrue does without
//! an SMS provider), challenges (`auth.mfa_challenges`, used once, five
//! minutes), and the methods each session proved (`auth.mfa_amr_claims`),
//! which make the access token's `amr` and, once a second factor is in,
//! `aal2`. The routes are `routes::factor_*` and `routes::admin_factors`.

pub(crate) mod seal;
pub mod totp;
pub(crate) mod webauthn;

use actix_web::HttpRequest;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::bearer::{self, Principal};
use crate::jwt::AmrEntry;
use crate::model::timestamp;
use crate::session::{self, Session};
use crate::{refresh_token, AuthState, Error};

pub const TOTP: &str = "totp";
pub const PHONE: &str = "phone";
pub const WEBAUTHN: &str = "webauthn";

/// GoTrue's `MFA_CHALLENGE_EXPIRY_DURATION` (its minimum, and default).
pub const CHALLENGE_EXPIRY_SECS: i64 = 300;
/// GoTrue's `MFA_FACTOR_EXPIRY_DURATION`: an unverified factor never
/// challenged is deleted after this long, when the user enrols another.
pub const UNVERIFIED_FACTOR_EXPIRY_SECS: f64 = 300.0;
/// GoTrue's `MFA_MAX_ENROLLED_FACTORS` and `MFA_MAX_VERIFIED_FACTORS`.
pub const MAX_FACTORS: usize = 10;

/// The amr methods that prove a second factor (GoTrue's `IsAAL2Claim`).
pub const SECOND_FACTOR_METHODS: [&str; 3] = ["totp", "mfa/phone", "mfa/webauthn"];

/// The amr method a factor type adds to a session.
pub fn amr_method(factor_type: &str) -> &'static str {
    match factor_type {
        PHONE => "mfa/phone",
        WEBAUTHN => "mfa/webauthn",
        _ => "totp",
    }
}

/// A factor as `GET /user` and the admin API show it. Read from a row or
/// from the JSON of [`FACTOR_JSON`].
#[derive(Debug, Clone, PartialEq, Deserialize, sqlx::FromRow)]
pub struct Factor {
    pub id: Uuid,
    pub user_id: Uuid,
    pub friendly_name: Option<String>,
    pub factor_type: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub phone: Option<String>,
    pub last_challenged_at: Option<DateTime<Utc>>,
    pub web_authn_aaguid: Option<Uuid>,
}

pub const FACTOR_COLUMNS: &str = "id, user_id, friendly_name, factor_type, status, created_at, \
    updated_at, phone, last_challenged_at, web_authn_aaguid";

/// A user's factors as one JSON array, oldest first, for statements that
/// answer a user in one row; `{user}` is replaced by the user id expression.
pub const FACTORS_JSON: &str = "(SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]') \
    FROM (SELECT id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone, \
    last_challenged_at, web_authn_aaguid FROM auth.mfa_factors WHERE user_id = {user}) f)";

impl Factor {
    pub fn is_verified(&self) -> bool {
        self.status == "verified"
    }

    /// GoTrue's JSON: `friendly_name` left out when empty, `phone` always a
    /// string, `last_challenged_at` null until challenged.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("id".into(), json!(self.id));
        m.insert("created_at".into(), json!(timestamp(self.created_at)));
        m.insert("updated_at".into(), json!(timestamp(self.updated_at)));
        m.insert("status".into(), json!(self.status));
        if let Some(name) = self.friendly_name.as_deref().filter(|n| !n.is_empty()) {
            m.insert("friendly_name".into(), json!(name));
        }
        m.insert("factor_type".into(), json!(self.factor_type));
        m.insert(
            "phone".into(),
            json!(self.phone.as_deref().unwrap_or_default()),
        );
        m.insert(
            "last_challenged_at".into(),
            json!(self.last_challenged_at.map(timestamp)),
        );
        if let Some(aaguid) = self.web_authn_aaguid {
            m.insert("web_authn_aaguid".into(), json!(aaguid));
        }
        Value::Object(m)
    }
}

/// The factors of each of `user_ids`, oldest first.
pub async fn factors_of(conn: &mut PgConnection, user_ids: &[Uuid]) -> Result<Vec<Factor>, Error> {
    let sql = format!(
        "SELECT {FACTOR_COLUMNS} FROM auth.mfa_factors WHERE user_id = ANY($1) ORDER BY created_at, id"
    );
    Ok(sqlx::query_as(&sql).bind(user_ids).fetch_all(conn).await?)
}

/// The factor `id` if `user_id` owns it (GoTrue's `FindOwnedFactorByID`).
pub async fn owned(
    conn: &mut PgConnection,
    user_id: Uuid,
    id: Uuid,
) -> Result<Option<Factor>, Error> {
    let sql =
        format!("SELECT {FACTOR_COLUMNS} FROM auth.mfa_factors WHERE id = $1 AND user_id = $2");
    Ok(sqlx::query_as(&sql)
        .bind(id)
        .bind(user_id)
        .fetch_optional(conn)
        .await?)
}

/// GoTrue's `loadFactor`: the `{factor_id}` of the path, owned by the user.
pub async fn load_owned(
    conn: &mut PgConnection,
    user_id: Uuid,
    raw_id: &str,
) -> Result<Factor, Error> {
    let id = Uuid::parse_str(raw_id).map_err(|_| Error::NotSupported {
        status: 404,
        code: "validation_failed",
        message: "factor_id must be an UUID".into(),
    })?;
    owned(conn, user_id, id).await?.ok_or(Error::NotSupported {
        status: 404,
        code: "mfa_factor_not_found",
        message: "Factor not found".into(),
    })
}

/// The methods a session proved, newest first, as the `amr` claim lists them.
pub async fn amr_of(conn: &mut PgConnection, session_id: Uuid) -> Result<Vec<AmrEntry>, Error> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT authentication_method, floor(extract(epoch FROM updated_at))::bigint \
           FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY updated_at DESC, authentication_method",
    )
    .bind(session_id)
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(method, timestamp)| AmrEntry { method, timestamp })
        .collect())
}

/// The amr list of a one-statement answer (`session_amr`, see
/// [`SESSION_AMR_JSON`]).
pub fn amr_from_json(value: Value) -> Vec<AmrEntry> {
    serde_json::from_value(value).unwrap_or_default()
}

/// A session's amr as one JSON array, newest first; `{session}` is replaced
/// by the session id expression.
pub const SESSION_AMR_JSON: &str =
    "(SELECT coalesce(json_agg(json_build_object('method', c.authentication_method, \
    'timestamp', floor(extract(epoch FROM c.updated_at))::bigint) \
    ORDER BY c.updated_at DESC, c.authentication_method), '[]') \
    FROM auth.mfa_amr_claims c WHERE c.session_id = {session})";

/// Record that `session_id` proved `method` now (again, if it had).
pub async fn add_claim(
    conn: &mut PgConnection,
    session_id: Uuid,
    method: &str,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1, $2) \
         ON CONFLICT ON CONSTRAINT mfa_amr_claims_session_id_authentication_method_pkey \
         DO UPDATE SET updated_at = now()",
    )
    .bind(session_id)
    .bind(method)
    .execute(conn)
    .await?;
    Ok(())
}

/// What deleting `factor` does to the sessions it raised (GoTrue's
/// `DowngradeSessionsToAAL1`): they lose the factor's amr method and are
/// aal1 again. Call before deleting the factor (the sessions' `factor_id`
/// names it until then).
pub async fn downgrade_sessions(conn: &mut PgConnection, factor: &Factor) -> Result<(), Error> {
    sqlx::query(
        "WITH raised AS (SELECT id FROM auth.sessions WHERE user_id = $1 AND factor_id = $2), \
         claims AS (DELETE FROM auth.mfa_amr_claims WHERE session_id IN (SELECT id FROM raised) \
                    AND authentication_method = $3) \
         UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL WHERE id IN (SELECT id FROM raised)",
    )
    .bind(factor.user_id)
    .bind(factor.id)
    .bind(amr_method(&factor.factor_type))
    .execute(conn)
    .await?;
    Ok(())
}

/// Delete a factor and downgrade the sessions it raised.
pub async fn delete_factor(conn: &mut PgConnection, factor: &Factor) -> Result<(), Error> {
    downgrade_sessions(&mut *conn, factor).await?;
    sqlx::query("DELETE FROM auth.mfa_factors WHERE id = $1")
        .bind(factor.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// An administrator's reset of a user's second factors (`pleat user
/// reset-mfa`): every factor is deleted as the admin API deletes one, so the
/// sessions they raised are aal1 again (their access tokens say aal2 until
/// they expire, as with GoTrue). Answers how many factors were deleted.
pub async fn reset_mfa(conn: &mut PgConnection, user_id: Uuid) -> Result<u64, Error> {
    let sql =
        format!("SELECT {FACTOR_COLUMNS} FROM auth.mfa_factors WHERE user_id = $1 FOR UPDATE");
    let factors: Vec<Factor> = sqlx::query_as(&sql)
        .bind(user_id)
        .fetch_all(&mut *conn)
        .await?;
    for factor in &factors {
        delete_factor(&mut *conn, factor).await?;
    }
    Ok(factors.len() as u64)
}

/// GoTrue's gates of every `/factors` route: a session (401/403 as
/// everywhere) and a user who is not anonymous.
pub(crate) async fn caller(state: &AuthState, req: &HttpRequest) -> Result<Principal, Error> {
    let principal = bearer::authenticate(state, req).await?;
    if principal.claims.value.get("is_anonymous") == Some(&Value::Bool(true)) {
        return Err(Error::NotSupported {
            status: 403,
            code: "no_authorization",
            message: "Anonymous user not allowed to perform these actions".into(),
        });
    }
    Ok(principal)
}

/// The caller's session, for a token without one (GoTrue answers 500 there;
/// a token without a session is no server failure).
pub(crate) fn session_of(principal: &Principal, message: &str) -> Result<Session, Error> {
    principal
        .session
        .clone()
        .ok_or_else(|| Error::NotSupported {
            status: 403,
            code: "session_not_found",
            message: message.into(),
        })
}

/// GoTrue's `validateFactors` for a new factor named `name`, with the user's
/// row locked by the caller: unverified factors older than five minutes and
/// never challenged are dropped first; names are unique per user (the empty
/// name too, as GoTrue compares them); at most ten factors; a user with a
/// verified factor enrols another only from an aal2 session.
pub(crate) async fn check_new_factor(
    conn: &mut PgConnection,
    user_id: Uuid,
    name: &str,
    session: &Session,
) -> Result<(), Error> {
    sqlx::query(
        "DELETE FROM auth.mfa_factors f WHERE f.user_id = $1 AND f.status <> 'verified' \
           AND f.created_at < now() - make_interval(secs => $2) \
           AND NOT EXISTS (SELECT 1 FROM auth.mfa_challenges c WHERE c.factor_id = f.id)",
    )
    .bind(user_id)
    .bind(UNVERIFIED_FACTOR_EXPIRY_SECS)
    .execute(&mut *conn)
    .await?;
    let factors = factors_of(&mut *conn, &[user_id]).await?;
    if factors
        .iter()
        .any(|f| f.friendly_name.as_deref().unwrap_or_default() == name)
    {
        return Err(name_conflict(name));
    }
    let verified = factors.iter().filter(|f| f.is_verified()).count();
    if factors.len() >= MAX_FACTORS || verified >= MAX_FACTORS {
        return Err(Error::NotSupported {
            status: 422,
            code: "too_many_enrolled_mfa_factors",
            message: "Maximum number of verified factors reached, unenroll to continue".into(),
        });
    }
    if verified > 0 && session.aal != "aal2" {
        return Err(Error::NotSupported {
            status: 403,
            code: "insufficient_aal",
            message: "AAL2 required to enroll a new factor".into(),
        });
    }
    Ok(())
}

pub(crate) fn name_conflict(name: &str) -> Error {
    Error::NotSupported {
        status: 422,
        code: "mfa_factor_name_conflict",
        message: format!("A factor with the friendly name {name:?} for this user already exists"),
    }
}

/// GoTrue's `updateMFASessionAndClaims` and what follows it: the session
/// proved the factor (amr), is aal2 and names the factor; its refresh tokens
/// are replaced by a new one; the user's other aal1 sessions end and their
/// other unverified factors of this type are dropped. Every factor type's
/// verification ends here.
pub(crate) async fn raise_session(
    conn: &mut PgConnection,
    current: &Session,
    factor: &Factor,
) -> Result<(Session, String), Error> {
    add_claim(&mut *conn, current.id, amr_method(&factor.factor_type)).await?;
    sqlx::query(
        "UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, updated_at = now() WHERE id = $1",
    )
    .bind(current.id)
    .bind(factor.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM auth.refresh_tokens WHERE session_id = $1")
        .bind(current.id)
        .execute(&mut *conn)
        .await?;
    let token = refresh_token::generate();
    sqlx::query(
        "INSERT INTO auth.refresh_tokens (id, token_hash, user_id, session_id) VALUES ($1, $2, $3, $4)",
    )
    .bind(Uuid::new_v4())
    .bind(&refresh_token::hash(&token)[..])
    .bind(factor.user_id)
    .bind(current.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM auth.sessions WHERE user_id = $1 AND aal < 'aal2'")
        .bind(factor.user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "DELETE FROM auth.mfa_factors WHERE user_id = $1 AND status = 'unverified' AND factor_type = $2",
    )
    .bind(factor.user_id)
    .bind(&factor.factor_type)
    .execute(&mut *conn)
    .await?;
    let session = session::find(conn, current.id)
        .await?
        .ok_or(Error::SessionNotFound)?;
    Ok((session, token))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factor_json_is_gotrues() {
        let t = DateTime::parse_from_rfc3339("2026-01-02T03:04:05Z")
            .unwrap()
            .with_timezone(&Utc);
        let mut f = Factor {
            id: Uuid::nil(),
            user_id: Uuid::nil(),
            friendly_name: Some(String::new()),
            factor_type: "totp".into(),
            status: "unverified".into(),
            created_at: t,
            updated_at: t,
            phone: None,
            last_challenged_at: None,
            web_authn_aaguid: None,
        };
        let v = f.to_json();
        assert!(v.get("friendly_name").is_none());
        assert_eq!(v["phone"], "");
        assert_eq!(v["last_challenged_at"], Value::Null);
        assert!(v.get("user_id").is_none());
        f.friendly_name = Some("Phone app".into());
        assert_eq!(f.to_json()["friendly_name"], "Phone app");
    }

    #[test]
    fn factor_reads_from_postgres_json() {
        let v = json!({"id": Uuid::nil(), "user_id": Uuid::nil(), "friendly_name": null,
            "factor_type": "totp", "status": "verified",
            "created_at": "2026-11-26T21:50:00.123456+00:00", "updated_at": "2026-11-26T21:50:00+00:00",
            "phone": null, "last_challenged_at": null, "web_authn_aaguid": null});
        let f: Factor = serde_json::from_value(v).unwrap();
        assert!(f.is_verified());
    }
}
