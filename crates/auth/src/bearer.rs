//! Who is calling a bearer endpoint, with GoTrue's answers: no token is 401
//! `no_authorization`; a token that does not verify is 403 `bad_jwt`; a token
//! whose user or session is gone is 403 `user_not_found` / `session_not_found`
//! (how `getUser()` learns of a sign-out elsewhere). The admin API only needs a
//! verified token whose role is `service_role`, else 403 `not_admin`.
//! Pleat extension: `/invite` also admits a signed-in editor (see
//! [`require_admin_or_editor`]).

use actix_web::HttpRequest;
use uuid::Uuid;

use serde_json::json;

use crate::jwt::Claims;
use crate::keyring::{api_keys, ApiKeyCheck};
use crate::model::User;
use crate::session::{self, Session};
use crate::{users, AuthState, Error};

pub struct Principal {
    pub user: User,
    /// `None` for tokens without a `session_id` (GoTrue accepts those).
    pub session: Option<Session>,
    pub claims: Claims,
}

fn bearer(req: &HttpRequest) -> Result<&str, Error> {
    let header = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let token = header
        .strip_prefix("Bearer ")
        .or_else(|| header.strip_prefix("bearer "));
    match token {
        Some(t) if !t.is_empty() && !t.contains(char::is_whitespace) => Ok(t),
        _ => Err(Error::NoAuthorization),
    }
}

/// The bearer token's claims: a JWT the keyring verifies, or an opaque key
/// standing for its role (as Supabase's gateway turns one into a JWT of that
/// role before GoTrue sees it).
async fn verified(state: &AuthState, req: &HttpRequest) -> Result<Claims, Error> {
    let token = bearer(req)?;
    if api_keys::is_opaque(token) {
        return match state.keyring.check_api_key(token).await {
            ApiKeyCheck::Valid(kind) => Ok(Claims {
                value: json!({"role": kind.role()}),
                role: Some(kind.role().to_string()),
            }),
            ApiKeyCheck::Revoked | ApiKeyCheck::Invalid => Err(Error::BadJwt(
                "invalid JWT: unable to parse or verify signature, Invalid API key".into(),
            )),
        };
    }
    state.keyring.verify(token).await.map_err(|e| {
        Error::BadJwt(format!(
            "invalid JWT: unable to parse or verify signature, {e}"
        ))
    })
}

pub async fn authenticate(state: &AuthState, req: &HttpRequest) -> Result<Principal, Error> {
    let claims = verified(state, req).await?;
    let sub = claims
        .str("sub")
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Error::BadJwt("invalid claim: missing sub claim".into()))?;
    let user_id = Uuid::parse_str(sub).map_err(|_| Error::BadJwtSubject)?;
    let mut conn = state.pool.acquire().await?;
    let user = users::find_by_id(&mut conn, user_id)
        .await?
        .ok_or(Error::TokenUserNotFound)?;
    let session = match claims.str("session_id").filter(|s| !s.is_empty()) {
        None => None,
        Some(raw) => {
            let id = Uuid::parse_str(raw).map_err(|_| {
                Error::BadJwt("invalid claim: session_id claim must be a UUID".into())
            })?;
            if id.is_nil() {
                None
            } else {
                let found = session::find(&mut conn, id)
                    .await?
                    .filter(|s| s.user_id == user.id);
                Some(found.ok_or(Error::SessionNotFound)?)
            }
        }
    };
    Ok(Principal {
        user,
        session,
        claims,
    })
}

pub async fn require_admin(state: &AuthState, req: &HttpRequest) -> Result<Claims, Error> {
    let claims = verified(state, req).await?;
    if claims.role.as_deref() == Some("service_role") {
        Ok(claims)
    } else {
        Err(Error::NotAdmin("User not allowed"))
    }
}

/// `service_role`, or (a Pleat extension, for `/invite` only) a signed-in user
/// whose stored `app_metadata.editor` is `true`: an editor may bring in a
/// colleague from the browser without the service key. The flag is read from
/// the database, not the token, so a revoked editor is refused at once. An
/// editor with a verified factor needs an aal2 session.
pub async fn require_admin_or_editor(state: &AuthState, req: &HttpRequest) -> Result<(), Error> {
    let claims = verified(state, req).await?;
    if claims.role.as_deref() == Some("service_role") {
        return Ok(());
    }
    // anon and other keys without a user answer as before (`not_admin`).
    if claims.str("sub").filter(|s| !s.is_empty()).is_none() {
        return Err(Error::NotAdmin("User not allowed"));
    }
    let principal = authenticate(state, req).await?;
    let editor = principal.user.app_metadata.get(crate::accounts::EDITOR)
        == Some(&serde_json::Value::Bool(true));
    if !editor {
        return Err(Error::NotAdmin("User not allowed"));
    }
    // As the site's editing policies do: an editor with a verified second
    // factor edits only from a session that proved it, so a stolen password
    // alone cannot bring in an accomplice who would be an editor.
    let proved = principal.session.as_ref().is_some_and(|s| s.aal == "aal2");
    if principal.user.factors.iter().any(|f| f.is_verified()) && !proved {
        return Err(Error::NotSupported {
            status: 403,
            code: "insufficient_aal",
            message: "AAL2 session is required to invite while two-step sign-in is on".into(),
        });
    }
    Ok(())
}
