//! A step's values, encoded in binary into a Bind message.

use bytes::BytesMut;
use postgres_protocol::message::frontend;
use postgres_protocol::IsNull;

use super::run::unencodable;
use super::{Failure, Value};

/// Bind the step's values (binary) to the unnamed portal, all results binary.
pub(super) fn bind(
    statement: &str,
    params: &[Value<'_>],
    buf: &mut BytesMut,
) -> Result<(), Failure> {
    use postgres_protocol::types;
    let result = frontend::bind(
        "",
        statement,
        Some(1),
        params.iter(),
        |value, buf| {
            match value {
                Value::Text(s) => types::text_to_sql(s, buf),
                Value::Int(n) => types::int8_to_sql(*n, buf),
                Value::TextArray(items) => {
                    let dimension = types::ArrayDimension {
                        len: i32::try_from(items.len())?,
                        lower_bound: 1,
                    };
                    types::array_to_sql(
                        Some(dimension),
                        super::oid::TEXT,
                        items.iter(),
                        |item, buf| {
                            types::text_to_sql(item, buf);
                            Ok(IsNull::No)
                        },
                        buf,
                    )?;
                }
            }
            Ok(IsNull::No)
        },
        Some(1),
        buf,
    );
    match result {
        Ok(()) => Ok(()),
        Err(frontend::BindError::Conversion(e)) => Err(Failure::Decode(e.to_string())),
        Err(frontend::BindError::Serialization(e)) => Err(unencodable(e)),
    }
}
