//! `POST /logout?scope=global|local|others` (bearer): ends every session of the
//! user (the default), this one, or all but this one; 204. A token without a
//! session ends them all, as GoTrue does.

use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::{bearer, body, session, AuthState, Error};

#[derive(Deserialize)]
struct Query {
    scope: Option<String>,
}

enum Scope {
    Global,
    Local,
    Others,
}

pub async fn handle(state: Data<AuthState>, req: HttpRequest) -> Result<HttpResponse, Error> {
    // GoTrue checks the session before it reads the scope.
    let principal = bearer::authenticate(&state, &req).await?;
    let query: Query = body::query(req.query_string())?;
    let scope = match query.scope.as_deref().unwrap_or("") {
        "" | "global" => Scope::Global,
        "local" => Scope::Local,
        "others" => Scope::Others,
        other => {
            return Err(Error::Validation(format!(
                "Unsupported logout scope {other:?}"
            )))
        }
    };
    let user_id = principal.user.id;
    let mut conn = state.pool.acquire().await?;
    match (principal.session, scope) {
        (Some(s), Scope::Local) => session::end(&mut conn, s.id).await?,
        (Some(s), Scope::Others) => session::end_all_except(&mut conn, user_id, s.id).await?,
        _ => session::end_all(&mut conn, user_id).await?,
    }
    Ok(HttpResponse::NoContent().finish())
}
