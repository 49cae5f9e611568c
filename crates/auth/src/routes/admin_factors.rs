//! The admin API of a user's factors (`admin.mfa.*` in supabase-js):
//! `GET /admin/users/{user_id}/factors` lists them, `DELETE …/{factor_id}`
//! removes one (its sessions are aal1 again) and `PUT …/{factor_id}` renames
//! one, each answering the factor as it was or now is. GoTrue's order: the
//! service role, then the user, then the factor (404s with its codes).

use actix_web::web::{Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgConnection;

use super::admin_params;
use super::unsupported::phone_disabled;
use crate::body::{self, present};
use crate::mfa::{self, Factor, FACTOR_COLUMNS};
use crate::model::User;
use crate::{bearer, users, AuthState, Error};

/// The service role, then the `{user_id}` of the path (GoTrue's `loadUser`).
pub(super) async fn admin_and_user(
    state: &AuthState,
    req: &HttpRequest,
    conn: &mut PgConnection,
) -> Result<User, Error> {
    bearer::require_admin(state, req)?;
    let id = admin_params::user_id(req.match_info().query("user_id"))?;
    users::find_by_id(conn, id)
        .await?
        .ok_or(Error::UserNotFound)
}

pub async fn list(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let mut conn = state.pool.acquire().await?;
    let user = admin_and_user(&state, &req, &mut conn).await?;
    let factors: Vec<Value> = user.factors.iter().map(Factor::to_json).collect();
    Ok(HttpResponse::Ok().json(factors))
}

pub async fn delete(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let mut tx = state.pool.begin().await?;
    let user = admin_and_user(&state, &req, &mut tx).await?;
    let factor = mfa::load_owned(&mut tx, user.id, req.match_info().query("factor_id")).await?;
    mfa::delete_factor(&mut tx, &factor).await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(factor.to_json()))
}

#[derive(Deserialize)]
struct UpdateParams {
    friendly_name: Option<String>,
    phone: Option<String>,
}

pub async fn update(
    state: Data<AuthState>,
    req: HttpRequest,
    payload: Bytes,
) -> Result<HttpResponse, Error> {
    let mut tx = state.pool.begin().await?;
    let user = admin_and_user(&state, &req, &mut tx).await?;
    let mut factor = mfa::load_owned(&mut tx, user.id, req.match_info().query("factor_id")).await?;
    let params: UpdateParams = body::json(&payload)?;
    if present(params.phone).is_some() && factor.factor_type == mfa::PHONE {
        return Err(phone_disabled());
    }
    if let Some(name) = present(params.friendly_name) {
        let sql = format!(
            "UPDATE auth.mfa_factors SET friendly_name = $2, updated_at = now() WHERE id = $1 \
             RETURNING {FACTOR_COLUMNS}"
        );
        factor = match sqlx::query_as(&sql)
            .bind(factor.id)
            .bind(&name)
            .fetch_one(&mut *tx)
            .await
        {
            Ok(updated) => updated,
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(mfa::name_conflict(&name))
            }
            Err(e) => return Err(e.into()),
        };
    }
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(factor.to_json()))
}

/// Another method on a user's factors, once the user is known.
pub async fn method_not_allowed(
    state: Data<AuthState>,
    req: HttpRequest,
) -> Result<HttpResponse, Error> {
    let mut conn = state.pool.acquire().await?;
    admin_and_user(&state, &req, &mut conn).await?;
    Err(Error::MethodNotAllowed)
}

/// Another method on one factor, once the user and the factor are known.
pub async fn factor_method_not_allowed(
    state: Data<AuthState>,
    req: HttpRequest,
) -> Result<HttpResponse, Error> {
    let mut conn = state.pool.acquire().await?;
    let user = admin_and_user(&state, &req, &mut conn).await?;
    mfa::load_owned(&mut conn, user.id, req.match_info().query("factor_id")).await?;
    Err(Error::MethodNotAllowed)
}
