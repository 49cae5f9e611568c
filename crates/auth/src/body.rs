//! Request bodies and query strings, parsed with GoTrue's errors (400
//! `bad_json`, 400 `validation_failed`) instead of actix's plain-text ones.

use actix_web::web::Bytes;
use serde::de::DeserializeOwned;

use crate::Error;

pub fn json<T: DeserializeOwned>(body: &Bytes) -> Result<T, Error> {
    serde_json::from_slice(body).map_err(|e| Error::BadJson(e.to_string()))
}

/// For endpoints where an empty body means "all defaults" (DELETE).
pub fn json_or_default<T: DeserializeOwned + Default>(body: &Bytes) -> Result<T, Error> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    json(body)
}

pub fn query<T: DeserializeOwned>(query_string: &str) -> Result<T, Error> {
    actix_web::web::Query::<T>::from_query(query_string)
        .map(|q| q.into_inner())
        .map_err(|e| Error::Validation(format!("Invalid query string: {e}")))
}

/// `""` means absent, as Go's zero values do in GoTrue's request structs.
pub fn present(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.is_empty())
}
