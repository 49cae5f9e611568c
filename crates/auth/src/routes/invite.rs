//! `POST /invite` (service_role, or a signed-in editor — a Pleat extension;
//! `auth.admin.inviteUserByEmail`): makes an
//! unconfirmed account (an editor, as every account an administrator makes)
//! and mails it the invite link; using it confirms the address and signs in,
//! after which the invited person sets a password with `updateUser`.
//! Answers the user, as GoTrue does. An address with a pending invite gets
//! the invite again (the same account, a new link). Invites are mail like any
//! other: one per address per minute, and they count against the inviting
//! client's mails per hour (429 `over_email_send_rate_limit`).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::body::{self, present};
use crate::mail_tokens::{self, Kind};
use crate::{bearer, invited, mail_limits, redirect, users, validate, AuthState, Error};

#[derive(Deserialize)]
struct Params {
    email: Option<String>,
    data: Option<Map<String, Value>>,
}

pub async fn handle(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    bearer::require_admin_or_editor(&state, &req).await?;
    let params: Params = body::json(&payload)?;
    let email = validate::email(&present(params.email).unwrap_or_default())?;
    let redirect_to = redirect::resolve(&state, redirect::query_param(&req).as_deref());
    let mut tx = state.pool.begin().await?;
    mail_limits::check(&mut tx, state.limits(), &email, Some(state.client_ip(&req))).await?;
    let user = invited::find_or_create(&mut tx, &email, params.data, None).await?;
    mail_tokens::issue_and_send(
        &mut tx,
        &state,
        &user,
        Kind::Invite,
        &email,
        &redirect_to,
        None,
    )
    .await?;
    sqlx::query("UPDATE auth.users SET invited_at = now() WHERE id = $1")
        .bind(user.id)
        .execute(&mut *tx)
        .await?;
    let user = users::find_by_id(&mut tx, user.id)
        .await?
        .ok_or(Error::UserNotFound)?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(user.to_json()))
}
