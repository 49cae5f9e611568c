//! A small PostgreSQL client for the request path, speaking the extended
//! query protocol directly (message encoding and decoding from
//! `postgres-protocol`).
//!
//! Why not tokio-postgres: it ends every statement with its own Sync, so a
//! request's five statements (BEGIN, settings, statement, COMMIT…) make the
//! server flush and the client wake five times. Here a request's statements go
//! out in one write ending in one Sync, the server answers them in one flush,
//! and the task that sent them reads the answers itself: there is no
//! connection task and no channel in between. See `Conn::run`.
//!
//! Values go and come in binary format. Statements are prepared (named) the
//! first time a connection sees their text, in the same write as their first
//! use, and their result columns are kept with them.

mod bind;
mod connect;
mod row;
mod run;
mod stream;

pub use connect::connect;
pub use row::Row;
pub use run::{Conn, Step, TxStatus};

/// Type OIDs of the parameters and columns this client knows.
pub mod oid {
    pub const BOOL: u32 = 16;
    pub const NAME: u32 = 19;
    pub const INT8: u32 = 20;
    pub const INT2: u32 = 21;
    pub const INT4: u32 = 23;
    pub const TEXT: u32 = 25;
    pub const JSON: u32 = 114;
    pub const UNKNOWN: u32 = 705;
    pub const BPCHAR: u32 = 1042;
    pub const VARCHAR: u32 = 1043;
    pub const TEXT_ARRAY: u32 = 1009;
    pub const JSONB: u32 = 3802;
}

/// A parameter value, sent in binary format.
#[derive(Debug, Clone, Copy)]
pub enum Value<'a> {
    Text(&'a str),
    TextArray(&'a [String]),
    Int(i64),
}

impl Value<'_> {
    pub fn type_oid(&self) -> u32 {
        match self {
            Value::Text(_) => oid::TEXT,
            Value::TextArray(_) => oid::TEXT_ARRAY,
            Value::Int(_) => oid::INT8,
        }
    }
}

/// An error the server reported (ErrorResponse): the connection is still in
/// step with the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgError {
    pub severity: String,
    pub code: String,
    pub message: String,
    pub detail: Option<String>,
    pub hint: Option<String>,
}

impl std::fmt::Display for PgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ({})", self.severity, self.message, self.code)
    }
}

impl PgError {
    fn from_fields(fields: postgres_protocol::message::backend::ErrorFields<'_>) -> Self {
        use fallible_iterator::FallibleIterator;
        let mut e = PgError {
            severity: String::new(),
            code: String::new(),
            message: String::new(),
            detail: None,
            hint: None,
        };
        let mut fields = fields;
        while let Ok(Some(field)) = fields.next() {
            let value = String::from_utf8_lossy(field.value_bytes()).into_owned();
            match field.type_() {
                b'V' => e.severity = value,
                b'S' if e.severity.is_empty() => e.severity = value,
                b'C' => e.code = value,
                b'M' => e.message = value,
                b'D' => e.detail = Some(value),
                b'H' => e.hint = Some(value),
                _ => {}
            }
        }
        e
    }
}

/// Why a statement gave no result.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The server refused it; the connection can go on (after a ROLLBACK when
    /// a transaction block was open).
    #[error("{0}")]
    Db(PgError),
    /// The connection broke or the server said something out of turn; it
    /// cannot be used again.
    #[error("database connection lost: {0}")]
    Lost(String),
    /// A value could not be read as the type asked for (a bug on our side).
    #[error("cannot decode a database value: {0}")]
    Decode(String),
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Lost(e.to_string())
    }
}
