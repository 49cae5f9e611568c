//! One row of a result, in binary format, read by column index or name.

use std::ops::Range;
use std::sync::Arc;

use bytes::Bytes;
use postgres_protocol::types;

use super::{oid, Failure};

/// A result column: its name and type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub type_oid: u32,
}

#[derive(Debug, Clone)]
pub struct Row {
    columns: Arc<[Column]>,
    data: Bytes,
    values: Vec<Option<Range<usize>>>,
}

/// A column by position or by name.
pub trait ColumnRef {
    fn index(&self, columns: &[Column]) -> Option<usize>;
}

impl ColumnRef for usize {
    fn index(&self, columns: &[Column]) -> Option<usize> {
        (*self < columns.len()).then_some(*self)
    }
}

impl ColumnRef for &str {
    fn index(&self, columns: &[Column]) -> Option<usize> {
        columns.iter().position(|c| c.name == *self)
    }
}

impl Row {
    pub(super) fn new(
        columns: Arc<[Column]>,
        body: postgres_protocol::message::backend::DataRowBody,
    ) -> Result<Row, Failure> {
        use fallible_iterator::FallibleIterator;
        let values: Vec<Option<Range<usize>>> = body
            .ranges()
            .collect()
            .map_err(|e| Failure::Lost(format!("malformed data row: {e}")))?;
        if values.len() != columns.len() {
            return Err(Failure::Lost(format!(
                "a data row of {} values for {} columns",
                values.len(),
                columns.len()
            )));
        }
        Ok(Row {
            columns,
            data: body.buffer_bytes().clone(),
            values,
        })
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The column's type and raw value (None for NULL).
    fn raw(&self, col: impl ColumnRef) -> Result<(u32, Option<&[u8]>), Failure> {
        let i = col
            .index(&self.columns)
            .ok_or_else(|| Failure::Decode("no such column".into()))?;
        let value = self.values[i].clone().map(|r| &self.data[r]);
        Ok((self.columns[i].type_oid, value))
    }

    /// A text-like column (text, varchar, name, char, json, jsonb) as text.
    pub fn text(&self, col: impl ColumnRef) -> Result<Option<&str>, Failure> {
        let (type_oid, value) = self.raw(col)?;
        let Some(mut bytes) = value else {
            return Ok(None);
        };
        match type_oid {
            oid::TEXT | oid::VARCHAR | oid::NAME | oid::BPCHAR | oid::JSON | oid::UNKNOWN => {}
            oid::JSONB => match bytes.split_first() {
                Some((1, rest)) => bytes = rest,
                _ => return Err(Failure::Decode("unknown jsonb version".into())),
            },
            other => return Err(Failure::Decode(format!("type {other} is not text"))),
        }
        types::text_from_sql(bytes)
            .map(Some)
            .map_err(|e| Failure::Decode(e.to_string()))
    }

    /// An integer column (int2, int4, int8) as i64.
    pub fn int(&self, col: impl ColumnRef) -> Result<Option<i64>, Failure> {
        let (type_oid, value) = self.raw(col)?;
        let Some(bytes) = value else {
            return Ok(None);
        };
        let n = match type_oid {
            oid::INT8 => types::int8_from_sql(bytes),
            oid::INT4 => types::int4_from_sql(bytes).map(i64::from),
            oid::INT2 => types::int2_from_sql(bytes).map(i64::from),
            other => return Err(Failure::Decode(format!("type {other} is not an integer"))),
        };
        n.map(Some).map_err(|e| Failure::Decode(e.to_string()))
    }

    pub fn bool(&self, col: impl ColumnRef) -> Result<Option<bool>, Failure> {
        let (type_oid, value) = self.raw(col)?;
        match (type_oid, value) {
            (_, None) => Ok(None),
            (oid::BOOL, Some(bytes)) => types::bool_from_sql(bytes)
                .map(Some)
                .map_err(|e| Failure::Decode(e.to_string())),
            (other, _) => Err(Failure::Decode(format!("type {other} is not boolean"))),
        }
    }

    /// A one-dimensional text[] column without NULL elements.
    pub fn text_array(&self, col: impl ColumnRef) -> Result<Option<Vec<String>>, Failure> {
        use fallible_iterator::FallibleIterator;
        let (type_oid, value) = self.raw(col)?;
        let Some(bytes) = value else {
            return Ok(None);
        };
        if type_oid != oid::TEXT_ARRAY {
            return Err(Failure::Decode(format!("type {type_oid} is not text[]")));
        }
        let decode = |e: Box<dyn std::error::Error + Sync + Send>| Failure::Decode(e.to_string());
        let array = types::array_from_sql(bytes).map_err(decode)?;
        let mut out = Vec::new();
        let mut values = array.values();
        while let Some(v) = values.next().map_err(decode)? {
            let v = v.ok_or_else(|| Failure::Decode("a NULL element in text[]".into()))?;
            out.push(types::text_from_sql(v).map_err(decode)?.to_string());
        }
        Ok(Some(out))
    }

    /// A json, jsonb or text column parsed as JSON.
    pub fn json(&self, col: impl ColumnRef) -> Result<Option<serde_json::Value>, Failure> {
        match self.text(col)? {
            None => Ok(None),
            Some(text) => serde_json::from_str(text)
                .map(Some)
                .map_err(|e| Failure::Decode(e.to_string())),
        }
    }
}
