//! What the connections report (`DbFailure`) as the PostgREST error: the
//! server's SQLSTATE and texts (or `RAISE SQLSTATE 'PGRST'`) as a `DbError`, a
//! lost connection or a full pool as a 503, anything else (a decoding bug) as an
//! opaque 500.

use pleat_rest_core::error::{DbError, Error};

use crate::connections::DbFailure;
use crate::wire;

impl From<DbFailure> for Error {
    fn from(e: DbFailure) -> Self {
        match db_error(e) {
            Ok(db) => db.into(),
            Err(other) => Error::Unexpected(other.into()),
        }
    }
}

/// The database error inside `e`, or `e` back when it is none.
fn db_error(e: DbFailure) -> Result<DbError, DbFailure> {
    match e {
        DbFailure::Timeout => Ok(DbError::new(
            "PGRST003",
            "Timed out acquiring connection from connection pool.",
        )),
        DbFailure::Pg(wire::Failure::Db(db)) => {
            if db.code == "PGRST" {
                return Ok(DbError::raised(&db.message, db.detail.as_deref()));
            }
            Ok(DbError {
                details: db.detail,
                hint: db.hint,
                ..DbError::new(&db.code, db.message)
            })
        }
        DbFailure::Connect(lost) | DbFailure::Pg(lost @ wire::Failure::Lost(_)) => {
            Ok(connection_lost(&lost))
        }
        other @ DbFailure::Pg(wire::Failure::Decode(_)) => Err(other),
    }
}

fn connection_lost(e: &wire::Failure) -> DbError {
    DbError {
        details: Some(e.to_string()),
        ..DbError::new(
            "PGRST000",
            "Database connection error. Retrying the connection.",
        )
    }
}
