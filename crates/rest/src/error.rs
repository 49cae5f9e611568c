//! `Error` is the one error type of `pleat-rest`: every stage (`parse`, later `plan`,
//! `sql`, `execute`) returns it, and `routes.rs` turns it into a response with
//! [`Error::status`] and [`Error::to_json`]. Bodies follow PostgREST v12:
//! `{code, message, details, hint}` with absent fields as `null`, because supabase-js
//! surfaces exactly these fields to applications.

use serde_json::{json, Value};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// PGRST100: a query parameter did not parse. `message` carries the Parsec-style
    /// position (`"failed to parse filter (x)" (line 1, column 3)`), `details` the
    /// expectation text.
    #[error("{message}")]
    QueryParam { message: String, details: String },
    /// PGRST101: a method other than GET, HEAD, POST or OPTIONS on `/rpc/…`.
    #[error("Cannot use the {0} method on RPC")]
    InvalidRpcMethod(String),
    /// PGRST102: the body cannot be read; from `parse` only for an unusable Content-Type.
    #[error("{0}")]
    InvalidBody(String),
    /// PGRST103: a range that can never be satisfied.
    #[error("Requested range not satisfiable")]
    InvalidRange(RangeError),
    /// PGRST107: none of the media types in `Accept` can be produced; holds them in
    /// preference order, as PostgREST lists them.
    #[error("None of these media types are available: {}", .0.join(", "))]
    MediaType(Vec<String>),
    /// PGRST114: PUT addresses one row, so limit/offset make no sense.
    #[error("limit/offset querystring parameters are not allowed for PUT")]
    PutLimitNotAllowed,
    /// PGRST117: a method the resource does not support.
    #[error("Unsupported HTTP method: {0}")]
    UnsupportedMethod(String),
    /// PGRST122: unknown preferences under `Prefer: handling=strict`.
    #[error("Invalid preferences given with handling=strict")]
    InvalidPreferences(Vec<String>),
    /// A path that names no resource (`/a/b`). PostgREST v12 answers 404 with `{}`.
    #[error("not found")]
    NotFound,
    /// A bug or an infrastructure failure: the body stays opaque, the cause is logged.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why a range is unsatisfiable; the variants carry PostgREST's `details` texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    NegativeLimit,
    LowerGreaterThanUpper,
    OutOfBounds { lower: i64, total: i64 },
}

impl RangeError {
    fn details(&self) -> String {
        match self {
            Self::NegativeLimit => "Limit should be greater than or equal to zero.".into(),
            Self::LowerGreaterThanUpper => "The lower boundary must be lower than or equal to the upper boundary in the Range header.".into(),
            Self::OutOfBounds { lower, total } => {
                format!("An offset of {lower} was requested, but there are only {total} rows.")
            }
        }
    }
}

impl Error {
    pub fn status(&self) -> u16 {
        match self {
            Self::QueryParam { .. }
            | Self::InvalidBody(_)
            | Self::PutLimitNotAllowed
            | Self::InvalidPreferences(_) => 400,
            Self::NotFound => 404,
            Self::InvalidRpcMethod(_) | Self::UnsupportedMethod(_) => 405,
            Self::MediaType(_) => 406,
            Self::InvalidRange(_) => 416,
            Self::Unexpected(_) => 500,
        }
    }

    pub fn code(&self) -> Option<&'static str> {
        Some(match self {
            Self::QueryParam { .. } => "PGRST100",
            Self::InvalidRpcMethod(_) => "PGRST101",
            Self::InvalidBody(_) => "PGRST102",
            Self::InvalidRange(_) => "PGRST103",
            Self::MediaType(_) => "PGRST107",
            Self::PutLimitNotAllowed => "PGRST114",
            Self::UnsupportedMethod(_) => "PGRST117",
            Self::InvalidPreferences(_) => "PGRST122",
            Self::NotFound | Self::Unexpected(_) => return None,
        })
    }

    pub fn to_json(&self) -> Value {
        let details = match self {
            Self::QueryParam { details, .. } => Some(details.clone()),
            Self::InvalidRange(e) => Some(e.details()),
            Self::InvalidPreferences(prefs) => {
                Some(format!("Invalid preferences: {}", prefs.join(", ")))
            }
            _ => None,
        };
        let message = match self {
            Self::NotFound => return json!({}),
            // Never leak internals to the client.
            Self::Unexpected(_) => "Internal server error".to_string(),
            other => other.to_string(),
        };
        json!({ "code": self.code(), "message": message, "details": details, "hint": null })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(e: Error) -> String {
        format!("{} {}", e.status(), e.to_json())
    }

    #[test]
    fn bodies() {
        insta::assert_snapshot!(body(Error::InvalidRpcMethod("PATCH".into())), @r#"405 {"code":"PGRST101","details":null,"hint":null,"message":"Cannot use the PATCH method on RPC"}"#);
        insta::assert_snapshot!(body(Error::InvalidBody("Content-Type not acceptable: text/plain".into())), @r#"400 {"code":"PGRST102","details":null,"hint":null,"message":"Content-Type not acceptable: text/plain"}"#);
        insta::assert_snapshot!(body(Error::InvalidRange(RangeError::NegativeLimit)), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(body(Error::InvalidRange(RangeError::OutOfBounds { lower: 20, total: 10 })), @r#"416 {"code":"PGRST103","details":"An offset of 20 was requested, but there are only 10 rows.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(body(Error::MediaType(vec!["text/html".into(), "application/xml".into()])), @r#"406 {"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: text/html, application/xml"}"#);
        insta::assert_snapshot!(body(Error::PutLimitNotAllowed), @r#"400 {"code":"PGRST114","details":null,"hint":null,"message":"limit/offset querystring parameters are not allowed for PUT"}"#);
        insta::assert_snapshot!(body(Error::UnsupportedMethod("TRACE".into())), @r#"405 {"code":"PGRST117","details":null,"hint":null,"message":"Unsupported HTTP method: TRACE"}"#);
        insta::assert_snapshot!(body(Error::InvalidPreferences(vec!["foo".into(), "bar=1".into()])), @r#"400 {"code":"PGRST122","details":"Invalid preferences: foo, bar=1","hint":null,"message":"Invalid preferences given with handling=strict"}"#);
        insta::assert_snapshot!(body(Error::NotFound), @"404 {}");
        insta::assert_snapshot!(body(Error::Unexpected(anyhow::anyhow!("pool on fire"))), @r#"500 {"code":null,"details":null,"hint":null,"message":"Internal server error"}"#);
    }
}
