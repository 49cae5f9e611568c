//! `POST /passkeys/authentication/verify`: usernameless sign-in with a
//! discoverable credential. The assertion's user handle says whose
//! credential it is, and the credential must be that user's. A verified
//! assertion makes a session as password sign-in does (`session::create`),
//! with the amr method `passkey` at aal1, as GoTrue's `PasskeyLogin` does;
//! the answer is the session object of `/token`.

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use uuid::Uuid;

use crate::passkeys::checks::verify_params;
use crate::passkeys::credentials::{self, AUTHENTICATION};
use crate::passkeys::rp::{parse_assertion, Ceremony, RelyingParty};
use crate::passkeys::{challenge_expired, challenge_not_found, verification_failed};
use crate::session::{self, Client};
use crate::{users, AuthState, Error};

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let rp = RelyingParty::from_settings(&state.settings)?;
    let (challenge_id, credential) = verify_params(&payload)?;
    let mut conn = state.pool.acquire().await?;
    let (ceremony, expired) =
        credentials::consume_challenge(&mut conn, challenge_id, AUTHENTICATION, None)
            .await?
            .ok_or_else(challenge_not_found)?;
    if expired {
        return Err(challenge_expired());
    }
    let Ceremony::Authentication(authentication) = ceremony else {
        return Err(challenge_not_found());
    };
    let assertion = parse_assertion(&credential)?;
    // Whose credential: the user handle names the user, the credential id
    // names the passkey, and they must agree.
    let user_id = assertion
        .get_user_unique_id()
        .and_then(|h| std::str::from_utf8(h).ok())
        .and_then(|h| Uuid::parse_str(h).ok())
        .ok_or_else(verification_failed)?;
    let (passkey_id, owner, key) = credentials::find_key(&mut conn, assertion.get_credential_id())
        .await?
        .filter(|(_, owner, _)| *owner == user_id)
        .ok_or_else(verification_failed)?;
    let result = rp.finish_authentication(&assertion, &authentication, &key)?;
    let user = users::find_by_id(&mut conn, owner)
        .await?
        .ok_or_else(verification_failed)?;
    if !user.email_str().is_empty() && !user.is_confirmed() {
        return Err(Error::NotSupported {
            status: 403,
            code: "email_not_confirmed",
            message: "Email not confirmed".into(),
        });
    }
    let client = Client {
        ip: state.client_ip(&req),
        user_agent: req
            .headers()
            .get("user-agent")
            .and_then(|v| v.to_str().ok()),
    };
    let mut tx = state.pool.begin().await?;
    let moved_on = credentials::used(
        &mut tx,
        passkey_id,
        result.counter(),
        result.backup_eligible(),
        result.backup_state(),
    )
    .await?;
    if !moved_on {
        return Err(verification_failed());
    }
    let (session, refresh_token) = session::create(&mut tx, user.id, "passkey", &client).await?;
    sqlx::query("UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    let user = users::find_by_id(&mut tx, user.id)
        .await?
        .ok_or_else(verification_failed)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(session::response(&state, &user, &session, refresh_token)?))
}
