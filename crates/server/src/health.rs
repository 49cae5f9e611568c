//! `GET /auth/v1/health`: 200 once the server and its database answer.

use actix_web::{web, HttpResponse};

use crate::startup::AppState;

pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    match sqlx::query("SELECT 1").execute(&state.db_owner).await {
        Ok(_) => HttpResponse::Ok().json(serde_json::json!({
            "version": env!("CARGO_PKG_VERSION"),
            "name": "GoTrue",
            "description": "Pleat's GoTrue-compatible auth API",
        })),
        Err(e) => {
            tracing::error!(error = %e, "health check: database unavailable");
            HttpResponse::ServiceUnavailable().json(serde_json::json!({
                "code": 503, "error_code": "unexpected_failure", "msg": "database unavailable",
            }))
        }
    }
}
