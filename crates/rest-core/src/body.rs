//! Request bodies as rows: JSON (one object or an array of objects with the same
//! keys), CSV (a header line, `NULL` for null) and `x-www-form-urlencoded` (one
//! row) all become one JSON array text, bound once and read in SQL with
//! `json_to_recordset`, plus the keys that choose the columns written.

use serde_json::{Map, Value};

use crate::error::Error;
use crate::parse::{decode_component, BodyType};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    /// A JSON array of objects.
    pub json: String,
    /// The columns to write: `columns=` if given, else the objects' keys; sorted,
    /// as PostgREST keeps them in a set.
    pub keys: Vec<String>,
}

fn invalid_json() -> Error {
    Error::InvalidBody("Empty or invalid json".into())
}

fn keys_must_match() -> Error {
    Error::InvalidBody("All object keys must match".into())
}

fn sorted(mut keys: Vec<String>) -> Vec<String> {
    keys.sort();
    keys.dedup();
    keys
}

fn object_keys(o: &Map<String, Value>) -> Vec<String> {
    sorted(o.keys().cloned().collect())
}

/// Reads `bytes` as `body_type`. With `columns`, keys are not compared across
/// objects (PostgREST then ignores the other keys). `lenient` (function calls)
/// accepts any JSON, taking keys from an object or the first object of an array.
pub fn read(
    body_type: BodyType,
    bytes: &[u8],
    columns: Option<&[String]>,
    lenient: bool,
) -> Result<Payload, Error> {
    let (json, keys) = match body_type {
        BodyType::Json => json(bytes, columns.is_some(), lenient)?,
        BodyType::Csv => rows_payload(csv(bytes)?, columns.is_some())?,
        BodyType::UrlEncoded => rows_payload(vec![form(bytes)], false)?,
        _ => {
            return Err(Error::InvalidBody(
                "Content-Type not acceptable for this resource".into(),
            ))
        }
    };
    Ok(Payload {
        json,
        keys: columns.map(|c| sorted(c.to_vec())).unwrap_or(keys),
    })
}

fn rows_payload(
    rows: Vec<Map<String, Value>>,
    any_keys: bool,
) -> Result<(String, Vec<String>), Error> {
    let keys = rows.first().map(object_keys).unwrap_or_default();
    if !any_keys && rows.iter().any(|r| object_keys(r) != keys) {
        return Err(keys_must_match());
    }
    let array = Value::Array(rows.into_iter().map(Value::Object).collect());
    Ok((array.to_string(), keys))
}

fn json(bytes: &[u8], any_keys: bool, lenient: bool) -> Result<(String, Vec<String>), Error> {
    let text = std::str::from_utf8(bytes).map_err(|_| invalid_json())?;
    let value: Value = serde_json::from_str(text).map_err(|_| invalid_json())?;
    // The text is passed on as it came, so numbers keep every digit.
    match value {
        Value::Object(o) => Ok((format!("[{text}]"), object_keys(&o))),
        Value::Array(items) => {
            let first = match items.first() {
                None => return Ok((text.to_string(), Vec::new())),
                Some(Value::Object(o)) => object_keys(o),
                Some(_) if lenient => return Ok((text.to_string(), Vec::new())),
                Some(_) => return Err(keys_must_match()),
            };
            let same = |v: &Value| matches!(v, Value::Object(o) if object_keys(o) == first);
            if !lenient && !any_keys && !items.iter().all(same) {
                return Err(keys_must_match());
            }
            Ok((text.to_string(), first))
        }
        _ if lenient => Ok((text.to_string(), Vec::new())),
        _ => Err(keys_must_match()),
    }
}

/// RFC 4180 records: quoted fields may hold commas, quotes (doubled) and newlines.
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, Error> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                any = false;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(Error::InvalidBody(
            "Error in $: unterminated quoted field".into(),
        ));
    }
    if any {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

fn csv(bytes: &[u8]) -> Result<Vec<Map<String, Value>>, Error> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::InvalidBody("Invalid CSV: not UTF-8".into()))?;
    let mut records = csv_records(text)?.into_iter();
    let header = records.next().unwrap_or_default();
    records
        .map(|r| {
            if r.len() != header.len() {
                return Err(Error::InvalidBody(format!(
                    "Error in $: row has {} fields, the header has {}",
                    r.len(),
                    header.len()
                )));
            }
            Ok(header
                .iter()
                .cloned()
                .zip(r.into_iter().map(|v| {
                    if v == "NULL" {
                        Value::Null
                    } else {
                        Value::String(v)
                    }
                }))
                .collect())
        })
        .collect()
}

fn form(bytes: &[u8]) -> Map<String, Value> {
    String::from_utf8_lossy(bytes)
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode_component(k), Value::String(decode_component(v)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(body_type: BodyType, body: &str, columns: Option<&[String]>) -> String {
        match read(body_type, body.as_bytes(), columns, false) {
            Ok(p) => format!("{} {:?}", p.json, p.keys),
            Err(e) => e.to_json().to_string(),
        }
    }

    #[test]
    fn json_bodies() {
        insta::assert_snapshot!(show(BodyType::Json, r#"{"title":"x","price":12.500000000000000001}"#, None), @r#"[{"title":"x","price":12.500000000000000001}] ["price", "title"]"#);
        insta::assert_snapshot!(show(BodyType::Json, r#"[{"a":1,"b":2},{"b":3,"a":4}]"#, None), @r#"[{"a":1,"b":2},{"b":3,"a":4}] ["a", "b"]"#);
        insta::assert_snapshot!(show(BodyType::Json, r#"[{"a":1},{"b":2}]"#, None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"All object keys must match"}"#);
        insta::assert_snapshot!(show(BodyType::Json, r#"[{"a":1},2]"#, None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"All object keys must match"}"#);
        insta::assert_snapshot!(show(BodyType::Json, r#"[{"a":1,"x":0},{"b":2}]"#, Some(&["b".into(), "a".into()])), @r#"[{"a":1,"x":0},{"b":2}] ["a", "b"]"#);
        insta::assert_snapshot!(show(BodyType::Json, "[]", None), @"[] []");
        insta::assert_snapshot!(show(BodyType::Json, "{bad", None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"Empty or invalid json"}"#);
        insta::assert_snapshot!(show(BodyType::Json, "", None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"Empty or invalid json"}"#);
        insta::assert_snapshot!(show(BodyType::Json, "3", None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"All object keys must match"}"#);
        let rpc = read(BodyType::Json, b"[1,2]", None, true).unwrap();
        assert_eq!((rpc.json.as_str(), rpc.keys.len()), ("[1,2]", 0));
    }

    #[test]
    fn csv_and_form_bodies() {
        insta::assert_snapshot!(show(BodyType::Csv, "name,note\nA,\"x, \"\"y\"\"\"\r\nB,NULL\n", None), @r#"[{"name":"A","note":"x, \"y\""},{"name":"B","note":null}] ["name", "note"]"#);
        insta::assert_snapshot!(show(BodyType::Csv, "a,b\n1\n", None), @r#"{"code":"PGRST102","details":null,"hint":null,"message":"Error in $: row has 1 fields, the header has 2"}"#);
        insta::assert_snapshot!(show(BodyType::UrlEncoded, "name=Ann+Lee&city=S%C3%A3o%20Paulo&empty=", None), @r#"[{"city":"São Paulo","empty":"","name":"Ann Lee"}] ["city", "empty", "name"]"#);
    }
}
