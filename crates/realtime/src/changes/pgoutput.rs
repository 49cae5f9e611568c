//! The messages of PostgreSQL's `pgoutput` plugin (logical replication
//! protocol version 1) that postgres_changes needs: relations (their columns
//! and key), and the rows of inserts, updates and deletes as text values,
//! with each transaction's commit time. Others (types, origins, truncates,
//! logical messages) are skipped. Pure: fed the `data` of
//! `pg_logical_slot_get_binary_changes`.

#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub name: String,
    pub type_oid: u32,
    /// Part of the replica identity (the primary key by default).
    pub key: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Relation {
    pub id: u32,
    pub schema: String,
    pub table: String,
    pub columns: Vec<Column>,
}

/// A column's value in a tuple.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    /// A TOASTed value the change did not touch: not sent.
    Unchanged,
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A transaction starts; microseconds since 2000-01-01 UTC.
    Begin {
        commit_time: i64,
    },
    Commit,
    Relation(Relation),
    Insert {
        relation: u32,
        new: Vec<Value>,
    },
    /// `old` is the whole old row under REPLICA IDENTITY FULL, else only the
    /// key columns carry values (`old_key_only`).
    Update {
        relation: u32,
        old: Option<Vec<Value>>,
        old_key_only: bool,
        new: Vec<Value>,
    },
    Delete {
        relation: u32,
        old: Vec<Value>,
        old_key_only: bool,
    },
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(pub &'static str);

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        let end = self
            .at
            .checked_add(n)
            .ok_or(DecodeError("length overflow"))?;
        let part = self
            .data
            .get(self.at..end)
            .ok_or(DecodeError("truncated message"))?;
        self.at = end;
        Ok(part)
    }

    fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, DecodeError> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, DecodeError> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i64(&mut self) -> Result<i64, DecodeError> {
        let b = self.take(8)?;
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(b);
        Ok(i64::from_be_bytes(bytes))
    }

    fn cstr(&mut self) -> Result<String, DecodeError> {
        let rest = self
            .data
            .get(self.at..)
            .ok_or(DecodeError("truncated message"))?;
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or(DecodeError("unterminated string"))?;
        let text = String::from_utf8_lossy(&rest[..len]).into_owned();
        self.at += len + 1;
        Ok(text)
    }

    fn tuple(&mut self) -> Result<Vec<Value>, DecodeError> {
        let n = self.u16()?;
        let mut values = Vec::with_capacity(usize::from(n));
        for _ in 0..n {
            values.push(match self.u8()? {
                b'n' => Value::Null,
                b'u' => Value::Unchanged,
                b't' => {
                    let len = self.u32()? as usize;
                    Value::Text(String::from_utf8_lossy(self.take(len)?).into_owned())
                }
                _ => return Err(DecodeError("unknown tuple value kind")),
            });
        }
        Ok(values)
    }
}

pub fn decode(data: &[u8]) -> Result<Message, DecodeError> {
    let mut r = Reader { data, at: 0 };
    Ok(match r.u8()? {
        b'B' => {
            let _final_lsn = r.i64()?;
            let commit_time = r.i64()?;
            Message::Begin { commit_time }
        }
        b'C' => Message::Commit,
        b'R' => {
            let id = r.u32()?;
            let schema = r.cstr()?;
            let table = r.cstr()?;
            let _identity = r.u8()?;
            let n = r.u16()?;
            let mut columns = Vec::with_capacity(usize::from(n));
            for _ in 0..n {
                let flags = r.u8()?;
                let name = r.cstr()?;
                let type_oid = r.u32()?;
                let _typmod = r.u32()?;
                columns.push(Column {
                    name,
                    type_oid,
                    key: flags & 1 == 1,
                });
            }
            Message::Relation(Relation {
                id,
                schema,
                table,
                columns,
            })
        }
        b'I' => {
            let relation = r.u32()?;
            if r.u8()? != b'N' {
                return Err(DecodeError("insert without a new tuple"));
            }
            Message::Insert {
                relation,
                new: r.tuple()?,
            }
        }
        b'U' => {
            let relation = r.u32()?;
            let mut old = None;
            let mut kind = r.u8()?;
            let old_key_only = kind == b'K';
            if kind == b'K' || kind == b'O' {
                old = Some(r.tuple()?);
                kind = r.u8()?;
            }
            if kind != b'N' {
                return Err(DecodeError("update without a new tuple"));
            }
            Message::Update {
                relation,
                old,
                old_key_only,
                new: r.tuple()?,
            }
        }
        b'D' => {
            let relation = r.u32()?;
            match r.u8()? {
                kind @ (b'K' | b'O') => Message::Delete {
                    relation,
                    old: r.tuple()?,
                    old_key_only: kind == b'K',
                },
                _ => return Err(DecodeError("delete without an old tuple")),
            }
        }
        _ => Message::Other,
    })
}

/// `commit_timestamp` as Supabase sends it: UTC, milliseconds, `Z`.
pub fn commit_timestamp(micros_since_2000: i64) -> String {
    const EPOCH_2000: i64 = 946_684_800;
    let secs = micros_since_2000.div_euclid(1_000_000) + EPOCH_2000;
    let millis = micros_since_2000.rem_euclid(1_000_000) / 1000;
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relation_bytes() -> Vec<u8> {
        let mut b = vec![b'R'];
        b.extend_from_slice(&16384u32.to_be_bytes());
        b.extend_from_slice(b"public\0msgs\0");
        b.push(b'd');
        b.extend_from_slice(&2u16.to_be_bytes());
        b.push(1);
        b.extend_from_slice(b"id\0");
        b.extend_from_slice(&20u32.to_be_bytes());
        b.extend_from_slice(&(-1i32).to_be_bytes());
        b.push(0);
        b.extend_from_slice(b"body\0");
        b.extend_from_slice(&25u32.to_be_bytes());
        b.extend_from_slice(&(-1i32).to_be_bytes());
        b
    }

    #[test]
    fn relations_name_their_columns_and_key() {
        let Message::Relation(rel) = decode(&relation_bytes()).unwrap() else {
            panic!("relation expected")
        };
        assert_eq!(
            (rel.schema.as_str(), rel.table.as_str()),
            ("public", "msgs")
        );
        assert_eq!(
            rel.columns[0],
            Column {
                name: "id".into(),
                type_oid: 20,
                key: true
            }
        );
        assert!(!rel.columns[1].key);
    }

    #[test]
    fn inserts_carry_text_null_and_unchanged_values() {
        let mut b = vec![b'I'];
        b.extend_from_slice(&16384u32.to_be_bytes());
        b.push(b'N');
        b.extend_from_slice(&3u16.to_be_bytes());
        b.push(b't');
        b.extend_from_slice(&2u32.to_be_bytes());
        b.extend_from_slice(b"42");
        b.push(b'n');
        b.push(b'u');
        assert_eq!(
            decode(&b).unwrap(),
            Message::Insert {
                relation: 16384,
                new: vec![Value::Text("42".into()), Value::Null, Value::Unchanged]
            }
        );
    }

    #[test]
    fn truncated_messages_are_errors_not_panics() {
        let whole = relation_bytes();
        for cut in 1..whole.len() {
            assert!(decode(&whole[..cut]).is_err(), "cut at {cut}");
        }
        assert!(decode(&[]).is_err());
    }

    #[test]
    fn commit_timestamps_are_utc_milliseconds() {
        assert_eq!(commit_timestamp(0), "2000-01-01T00:00:00.000Z");
        // 2026-11-22T10:00:00.123456Z
        let micros = (1_795_341_600 - 946_684_800) * 1_000_000 + 123_456;
        assert_eq!(commit_timestamp(micros), "2026-11-22T10:00:00.123Z");
    }
}
