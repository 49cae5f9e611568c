//! `DELETE /factors/{factor_id}`: remove one of the caller's factors. A
//! verified factor needs an aal2 session (a stolen password alone cannot
//! remove the second factor); the sessions the factor raised are aal1 again.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::json;

use crate::{mfa, AuthState, Error};

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    let principal = mfa::caller(&state, &req).await?;
    let mut tx = state.pool.begin().await?;
    let factor = mfa::load_owned(
        &mut tx,
        principal.user.id,
        req.match_info().query("factor_id"),
    )
    .await?;
    let session = mfa::session_of(
        &principal,
        "A valid session and factor are required to unenroll a factor",
    )?;
    if factor.is_verified() && session.aal != "aal2" {
        return Err(Error::NotSupported {
            status: 422,
            code: "insufficient_aal",
            message: "AAL2 required to unenroll verified factor".into(),
        });
    }
    mfa::delete_factor(&mut tx, &factor).await?;
    tx.commit().await?;
    Ok(HttpResponse::Ok().json(json!({"id": factor.id})))
}
