//! Bucket and key from a route's `{bucket}` and `{tail:.*}` segments.
//! storage-js does not encode keys; fetch percent-encodes what it must
//! (spaces and the like), so both are decoded here before validation.

use actix_web::HttpRequest;
use percent_encoding::percent_decode_str;

use crate::error::StorageError;
use crate::keys;

fn decoded(req: &HttpRequest, name: &str) -> Result<String, StorageError> {
    let raw = req.match_info().get(name).unwrap_or("");
    percent_decode_str(raw)
        .decode_utf8()
        .map(|s| s.into_owned())
        .map_err(|_| StorageError::invalid_key(raw))
}

pub fn bucket(req: &HttpRequest) -> Result<String, StorageError> {
    let name = decoded(req, "bucket")?;
    keys::bucket_name(&name)?;
    Ok(name)
}

/// `{bucket}` and the object key of `{tail}`, cleaned as storage-js cleans it.
pub fn object(req: &HttpRequest) -> Result<(String, String), StorageError> {
    let bucket = bucket(req)?;
    let key = keys::clean_path(&decoded(req, "tail")?);
    keys::object_key(&key)?;
    Ok((bucket, key))
}

/// A key from a JSON body (move, copy, remove, sign), validated the same way.
pub fn body_key(key: &str) -> Result<String, StorageError> {
    let key = keys::clean_path(key);
    keys::object_key(&key)?;
    Ok(key)
}
