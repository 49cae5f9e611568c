//! Any other path under `/auth/v1`: a JSON 404, never the site's HTML page.

use actix_web::{HttpRequest, HttpResponse};

use crate::Error;

pub async fn handle(req: HttpRequest) -> Result<HttpResponse, Error> {
    Err(Error::NotFound(req.path().to_string()))
}
