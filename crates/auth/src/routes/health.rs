//! `GET /health`: 200 with GoTrue's body once the database answers, else 503.

use actix_web::web::Data;
use actix_web::HttpResponse;
use serde_json::json;

use crate::{AuthState, Error};

pub async fn handle(state: Data<AuthState>) -> Result<HttpResponse, Error> {
    sqlx::query("SELECT 1")
        .execute(&state.pool)
        .await
        .map_err(Error::DatabaseUnavailable)?;
    Ok(HttpResponse::Ok().json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": "Pleat's GoTrue-compatible auth API",
    })))
}
