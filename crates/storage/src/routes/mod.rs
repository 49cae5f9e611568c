//! The `/storage/v1` routes, one handler per file. Static segments are
//! registered before `/object/{bucket}/…` so a bucket named `sign` or
//! `public` cannot shadow them; anything else is Supabase's real 404.

mod bucket_create;
mod bucket_delete;
mod bucket_empty;
mod bucket_get;
mod bucket_list;
mod bucket_update;
mod list_sort;
mod object_copy;
mod object_get;
mod object_info;
mod object_list;
mod object_list_v2;
mod object_move;
mod object_remove;
mod object_sign;
mod object_sign_many;
mod object_signed_get;
mod object_upload;
mod render_authenticated;
mod render_public;
mod render_signed;
mod upload_sign;
mod upload_signed;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::de::DeserializeOwned;

use crate::error::StorageError;

const TAIL: &str = "{bucket}/{tail:.*}";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(web::PayloadConfig::new(4 * 1024 * 1024))
        .route("/bucket", web::get().to(bucket_list::handle))
        .route("/bucket", web::post().to(bucket_create::handle))
        .route(
            "/bucket/{bucket}/empty",
            web::post().to(bucket_empty::handle),
        )
        .route("/bucket/{bucket}", web::get().to(bucket_get::handle))
        .route("/bucket/{bucket}", web::put().to(bucket_update::handle))
        .route("/bucket/{bucket}", web::delete().to(bucket_delete::handle))
        .route("/object/move", web::post().to(object_move::handle))
        .route("/object/copy", web::post().to(object_copy::handle))
        .route("/object/list/{bucket}", web::post().to(object_list::handle))
        .route(
            "/object/list-v2/{bucket}",
            web::post().to(object_list_v2::handle),
        )
        .route(
            &format!("/object/upload/sign/{TAIL}"),
            web::post().to(upload_sign::handle),
        )
        .route(
            &format!("/object/upload/sign/{TAIL}"),
            web::put().to(upload_signed::handle),
        )
        .route(
            "/object/sign/{bucket}",
            web::post().to(object_sign_many::handle),
        )
        .route(
            &format!("/object/sign/{TAIL}"),
            web::post().to(object_sign::handle),
        )
        .route(
            &format!("/object/sign/{TAIL}"),
            web::get().to(object_signed_get::handle),
        )
        .route(
            &format!("/object/info/public/{TAIL}"),
            web::get().to(object_info::public),
        )
        .route(
            &format!("/object/info/authenticated/{TAIL}"),
            web::get().to(object_info::handle),
        )
        .route(
            &format!("/object/info/{TAIL}"),
            web::get().to(object_info::handle),
        )
        .route(
            &format!("/object/public/{TAIL}"),
            web::get().to(object_get::public),
        )
        .route(
            &format!("/object/public/{TAIL}"),
            web::head().to(object_get::public),
        )
        .route(
            &format!("/object/authenticated/{TAIL}"),
            web::get().to(object_get::handle),
        )
        .route(
            &format!("/object/authenticated/{TAIL}"),
            web::head().to(object_get::handle),
        )
        .route(
            &format!("/render/image/public/{TAIL}"),
            web::get().to(render_public::handle),
        )
        .route(
            &format!("/render/image/authenticated/{TAIL}"),
            web::get().to(render_authenticated::handle),
        )
        .route(
            &format!("/render/image/sign/{TAIL}"),
            web::get().to(render_signed::handle),
        )
        .route("/object/{bucket}", web::delete().to(object_remove::handle))
        .route(
            &format!("/object/{TAIL}"),
            web::post().to(object_upload::create),
        )
        .route(
            &format!("/object/{TAIL}"),
            web::put().to(object_upload::update),
        )
        .route(
            &format!("/object/{TAIL}"),
            web::get().to(object_get::handle),
        )
        .route(
            &format!("/object/{TAIL}"),
            web::head().to(object_get::handle),
        )
        .default_service(web::to(not_found));
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    HttpResponse::NotFound().json(serde_json::json!({
        "statusCode": "404",
        "code": "NotFound",
        "error": "Not Found",
        "message": format!("Route {}:{} not found", req.method(), req.path()),
    }))
}

/// A JSON body, or Supabase's 400 for one that is not what the route takes.
pub(crate) fn json_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, StorageError> {
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        body
    };
    serde_json::from_slice(body)
        .map_err(|e| StorageError::invalid_request(format!("Invalid request body: {e}")))
}

/// `x-upsert: true`, as storage-js sends it.
pub(crate) fn upsert_header(req: &HttpRequest) -> bool {
    req.headers()
        .get("x-upsert")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("true"))
}

pub(crate) fn now() -> i64 {
    chrono::Utc::now().timestamp()
}
