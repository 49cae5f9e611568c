//! `Error` is the one error type of `/rest/v1`: every stage (`parse`, `plan`,
//! `sql`, `response`, and `execute` in `pleat-rest`) returns it, and `routes.rs` turns it into a response
//! with [`Error::status`], [`Error::headers`] and [`Error::to_json`]. Bodies follow
//! PostgREST 13: `{code, message, details, hint}` with absent fields as `null`,
//! because supabase-js surfaces exactly these fields to applications, and a
//! `Proxy-Status: PostgREST; error=<code>` header. PGRST109/110 keep PostgREST
//! 12's texts, as limited updates and deletes are a 12 feature 13 dropped. Database
//! errors (SQLSTATE → status) live in `error/db.rs`, where `pleat-rest` maps what
//! its connections report; the schema-cache lookups (relationships, functions,
//! tables) in `error/schema.rs`.

mod database;
mod schema;

use serde_json::{json, Value};

pub use database::DbError;
pub use schema::{ArgsGiven, RelSuggestion, SchemaError};

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
    /// PGRST105: PUT must name exactly its row, by every primary key column with `eq`.
    #[error("Filters must include all and only primary key columns with 'eq' operators")]
    PutFilters,
    /// PGRST106: `Accept-Profile`/`Content-Profile` named a schema that is not
    /// exposed; the hint lists the exposed ones.
    #[error("Invalid schema: {schema}")]
    UnacceptableSchema {
        schema: String,
        exposed: Vec<String>,
    },
    /// PGRST108: a parameter (`rel.col=…`, `rel.order=…`) names a resource that is not
    /// embedded by `select`.
    #[error("'{0}' is not an embedded resource in this request")]
    NotEmbedded(String),
    /// PGRST109: PATCH/DELETE with `limit` but no `order` to say which rows.
    #[error("A 'limit' was applied without an explicit 'order'")]
    LimitNoOrder,
    /// PGRST110: a limited PATCH/DELETE changed more rows than its limit.
    #[error("The maximum number of rows allowed to change was surpassed")]
    ChangesOffLimits { changed: i64, limit: i64 },
    /// PGRST111: a function set `response.headers` to something that is not a JSON
    /// array of one-key objects.
    #[error("response.headers guc must be a JSON array composed of objects with a single key and a string value")]
    GucHeaders,
    /// PGRST112: a function set `response.status` to something that is not a status.
    #[error("response.status guc must be a valid status code")]
    GucStatus,
    /// PGRST114: PUT addresses one row, so limit/offset make no sense.
    #[error("limit/offset querystring parameters are not allowed for PUT")]
    PutLimitNotAllowed,
    /// PGRST115: the PUT body's primary key differs from the one in the URL.
    #[error("Payload values do not match URL in primary key column(s)")]
    PutMatchingPk,
    /// PGRST116: `application/vnd.pgrst.object+json` asked for one row; holds how many
    /// there were.
    #[error("Cannot coerce the result to a single JSON object")]
    Singularity(i64),
    /// PGRST117: a method the resource does not support.
    #[error("Unsupported HTTP method: {0}")]
    UnsupportedMethod(String),
    /// PGRST118: `order=rel(col)` where `rel` is not a to-one embed of `origin`.
    #[error("A related order on '{target}' is not possible")]
    RelatedOrderNotToOne { origin: String, target: String },
    /// PGRST122: unknown preferences under `Prefer: handling=strict`.
    #[error("Invalid preferences given with handling=strict")]
    InvalidPreferences(Vec<String>),
    /// PGRST123: aggregates (`count()`, `col.sum()`) are disabled, as in PostgREST's
    /// default configuration.
    #[error("Use of aggregate functions is not allowed")]
    AggregatesNotAllowed,
    /// PGRST127: a request PostgREST's grammar accepts that Pleat does not
    /// implement; holds the details.
    #[error("Feature not implemented")]
    NotImplemented(String),
    /// PGRST124: `Prefer: handling=strict, max-affected=n` and more rows were affected;
    /// holds how many.
    #[error("Query result exceeds max-affected preference constraint")]
    MaxAffected(i64),
    /// PGRST128: `Prefer: handling=strict, max-affected=n` on a function that
    /// returns one value rather than a set of rows.
    #[error("Function must return SETOF or TABLE when max-affected preference is used with handling=strict")]
    MaxAffectedRpc,
    /// PGRST2xx: what the schema cache does not know (relationships, functions,
    /// columns, tables).
    #[error(transparent)]
    Schema(Box<SchemaError>),
    /// PGRST120: an operator other than `is.null` on an embedded resource.
    #[error("Bad operator on the '{0}' embedded resource")]
    BadEmbedOperator(String),
    /// An error raised by PostgreSQL (or the connection to it), with its SQLSTATE.
    #[error(transparent)]
    Db(Box<DbError>),
    /// PGRST125: a path that names no resource (`/a/b`).
    #[error("Invalid path specified in request URL")]
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

impl From<DbError> for Error {
    fn from(e: DbError) -> Self {
        Error::Db(Box::new(e))
    }
}

impl From<SchemaError> for Error {
    fn from(e: SchemaError) -> Self {
        Error::Schema(Box::new(e))
    }
}

impl Error {
    /// A database error now knows whether the request was anonymous, which decides
    /// between 401 and 403 for `42501` (insufficient privilege).
    pub fn for_role(self, role: &str) -> Self {
        match self {
            Error::Db(db) => (*db).for_role(role).into(),
            other => other,
        }
    }

    /// The status as answered to `role` (see [`Error::for_role`]).
    pub fn status_for(&self, role: &str) -> u16 {
        match self {
            Error::Db(db) => db.status_as(db.anonymous || role == "anon"),
            other => other.status(),
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            Self::QueryParam { .. }
            | Self::InvalidBody(_)
            | Self::PutLimitNotAllowed
            | Self::InvalidPreferences(_)
            | Self::NotEmbedded(_)
            | Self::LimitNoOrder
            | Self::ChangesOffLimits { .. }
            | Self::PutMatchingPk
            | Self::RelatedOrderNotToOne { .. }
            | Self::AggregatesNotAllowed
            | Self::NotImplemented(_)
            | Self::MaxAffected(_)
            | Self::MaxAffectedRpc
            | Self::BadEmbedOperator(_) => 400,
            Self::NotFound => 404,
            Self::InvalidRpcMethod(_) | Self::UnsupportedMethod(_) | Self::PutFilters => 405,
            Self::MediaType(_) | Self::UnacceptableSchema { .. } | Self::Singularity(_) => 406,
            Self::InvalidRange(_) => 416,
            Self::GucHeaders | Self::GucStatus | Self::Unexpected(_) => 500,
            Self::Schema(e) => e.status(),
            Self::Db(e) => e.status(),
        }
    }

    /// Headers that go with the error: `Proxy-Status` naming its code (which
    /// proxies and logs read without parsing the body), and `WWW-Authenticate` on a
    /// 401 from the database.
    pub fn headers(&self) -> Vec<(String, String)> {
        let mut out = self.proxy_status();
        if let Self::Db(e) = self {
            out.extend(e.headers());
        }
        out
    }

    /// The headers as answered to `role`, in step with [`Error::status_for`].
    pub fn headers_for(&self, role: &str) -> Vec<(String, String)> {
        let mut out = self.proxy_status();
        if let Self::Db(db) = self {
            out.extend(db.headers_as(db.anonymous || role == "anon"));
        }
        out
    }

    fn proxy_status(&self) -> Vec<(String, String)> {
        self.code()
            .map(|code| {
                (
                    "Proxy-Status".to_string(),
                    format!("PostgREST; error={code}"),
                )
            })
            .into_iter()
            .collect()
    }

    pub fn code(&self) -> Option<&str> {
        Some(match self {
            Self::QueryParam { .. } => "PGRST100",
            Self::InvalidRpcMethod(_) => "PGRST101",
            Self::InvalidBody(_) => "PGRST102",
            Self::InvalidRange(_) => "PGRST103",
            Self::PutFilters => "PGRST105",
            Self::UnacceptableSchema { .. } => "PGRST106",
            Self::MediaType(_) => "PGRST107",
            Self::NotEmbedded(_) => "PGRST108",
            Self::LimitNoOrder => "PGRST109",
            Self::ChangesOffLimits { .. } => "PGRST110",
            Self::GucHeaders => "PGRST111",
            Self::GucStatus => "PGRST112",
            Self::PutLimitNotAllowed => "PGRST114",
            Self::PutMatchingPk => "PGRST115",
            Self::Singularity(_) => "PGRST116",
            Self::UnsupportedMethod(_) => "PGRST117",
            Self::RelatedOrderNotToOne { .. } => "PGRST118",
            Self::BadEmbedOperator(_) => "PGRST120",
            Self::InvalidPreferences(_) => "PGRST122",
            Self::AggregatesNotAllowed => "PGRST123",
            Self::NotImplemented(_) => "PGRST127",
            Self::MaxAffected(_) => "PGRST124",
            Self::NotFound => "PGRST125",
            Self::MaxAffectedRpc => "PGRST128",
            Self::Schema(e) => e.code(),
            Self::Db(e) => e.code(),
            Self::Unexpected(_) => return None,
        })
    }

    fn details(&self) -> Option<Value> {
        let text = match self {
            Self::QueryParam { details, .. } => details.clone(),
            Self::InvalidRange(e) => e.details(),
            Self::NotImplemented(d) => d.clone(),
            Self::InvalidPreferences(prefs) => format!("Invalid preferences: {}", prefs.join(", ")),
            Self::ChangesOffLimits { changed, limit } => format!(
                "Results contain {changed} rows changed but the maximum number allowed is {limit}"
            ),
            Self::Singularity(n) => format!("The result contains {n} rows"),
            Self::RelatedOrderNotToOne { origin, target } => format!(
                "'{origin}' and '{target}' do not form a many-to-one or one-to-one relationship"
            ),
            Self::MaxAffected(n) => format!("The query affects {n} rows"),
            Self::BadEmbedOperator(_) => {
                "Only is null or not is null filters are allowed on embedded resources".to_string()
            }
            Self::Schema(e) => return e.details(),
            Self::Db(e) => return e.details.clone().map(Value::String),
            _ => return None,
        };
        Some(Value::String(text))
    }

    fn hint(&self) -> Option<Value> {
        let text = match self {
            Self::NotEmbedded(name) => {
                format!("Verify that '{name}' is included in the 'select' query parameter.")
            }
            Self::LimitNoOrder => "Apply an 'order' using unique column(s)".to_string(),
            Self::UnacceptableSchema { exposed, .. } => {
                format!(
                    "Only the following schemas are exposed: {}",
                    exposed.join(", ")
                )
            }
            Self::Schema(e) => return e.hint(),
            Self::Db(e) => return e.hint.clone().map(Value::String),
            _ => return None,
        };
        Some(Value::String(text))
    }

    pub fn to_json(&self) -> Value {
        let message = match self {
            // Never leak internals to the client.
            Self::Unexpected(_) => "Internal server error".to_string(),
            other => other.to_string(),
        };
        json!({ "code": self.code(), "message": message, "details": self.details(), "hint": self.hint() })
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
        insta::assert_snapshot!(body(Error::NotFound), @r#"404 {"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}"#);
        insta::assert_snapshot!(body(Error::Unexpected(anyhow::anyhow!("pool on fire"))), @r#"500 {"code":null,"details":null,"hint":null,"message":"Internal server error"}"#);
    }
}
