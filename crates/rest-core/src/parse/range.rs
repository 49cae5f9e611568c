//! Row ranges: `limit`/`offset` (also `rel.limit`/`rel.offset`), the `Range` request
//! header, and the effective top-level range PostgREST derives from them.

use serde::Serialize;

use crate::error::{DbError, Error, RangeError};

/// Rows `offset ..= offset + limit - 1`; no limit means to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RowRange {
    pub offset: i64,
    pub limit: Option<i64>,
}

impl RowRange {
    pub const ALL: RowRange = RowRange {
        offset: 0,
        limit: None,
    };

    /// Never a negative offset or limit: callers have refused empty ranges
    /// (other than `limit=0`), and the arithmetic saturates instead of wrapping.
    fn from_bounds(b: Bounds) -> Self {
        RowRange {
            offset: b.lower.max(0),
            limit: b
                .upper
                .map(|u| u.saturating_sub(b.lower).saturating_add(1).max(0)),
        }
    }
}

/// Inclusive bounds, as PostgREST computes with them; `upper: None` is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    lower: i64,
    upper: Option<i64>,
}

impl Bounds {
    const ALL: Bounds = Bounds {
        lower: 0,
        upper: None,
    };

    fn is_empty(self) -> bool {
        self.upper.is_some_and(|u| u < self.lower)
    }

    fn intersect(self, other: Bounds) -> Bounds {
        let upper = match (self.upper, other.upper) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Bounds {
            lower: self.lower.max(other.lower),
            upper,
        }
    }

    /// `limit=0` is the one empty range that is allowed: it asks for no rows.
    fn is_limit_zero(self) -> bool {
        self.upper == Some(-1)
    }
}

/// What PostgreSQL (and so PostgREST, which writes the numbers into the
/// statement) answers for a number beyond `bigint`.
fn out_of_range() -> Error {
    DbError::new("22003", "bigint out of range").into()
}

/// Reads an integer the way PostgREST's `readMaybe` does for these parameters:
/// anything that is not a number means the parameter is ignored (`None`); a
/// number too large for `bigint` is refused as PostgreSQL would refuse it.
fn integer(s: &str) -> Result<Option<i64>, Error> {
    let s = s.trim();
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    s.parse().map(Some).map_err(|_| out_of_range())
}

/// The inclusive upper bound of `count` rows from `lower`, saturating: bounds
/// past `i64::MAX` name rows no table has.
fn last_row(lower: i64, count: i64) -> i64 {
    match lower.checked_add(count) {
        Some(end) => end.saturating_sub(1),
        None if count > 0 => i64::MAX,
        None => i64::MIN,
    }
}

/// The bounds for one embed level from its `limit` and `offset` values.
pub(crate) fn level_bounds(limit: Option<&str>, offset: Option<&str>) -> Result<Bounds, Error> {
    let limit = match limit.map(integer).transpose()? {
        Some(Some(n)) => Some(Bounds {
            lower: 0,
            upper: Some(n.saturating_sub(1)),
        }),
        Some(None) => Some(Bounds::ALL),
        None => None,
    };
    let offset = match offset.map(integer).transpose()? {
        Some(Some(n)) => Some(Bounds {
            lower: n,
            upper: None,
        }),
        Some(None) => Some(Bounds::ALL),
        None => None,
    };
    Ok(match (limit, offset) {
        (Some(l), Some(o)) => {
            // An unreadable limit next to an offset counts as zero rows, as in PostgREST.
            let count = l.upper.map_or(0, |u| u.saturating_add(1));
            Bounds {
                lower: o.lower,
                upper: Some(last_row(o.lower, count)),
            }
        }
        (Some(b), None) | (None, Some(b)) => b,
        (None, None) => Bounds::ALL,
    })
}

/// `bounds` narrowed to what exists (no row before the first), refused when
/// nothing is left unless that is what `limit=0` asked for.
fn satisfiable(requested: Bounds, limit: Bounds, header_empty: bool) -> Result<Bounds, Error> {
    let top = if limit.is_limit_zero() {
        limit
    } else {
        requested.intersect(limit)
    };
    if top.is_empty() && !limit.is_limit_zero() {
        let reason = if header_empty {
            RangeError::LowerGreaterThanUpper
        } else {
            RangeError::NegativeLimit
        };
        return Err(Error::InvalidRange(reason));
    }
    Ok(top)
}

/// The range of an embedded level (`rel.limit`, `rel.offset`).
pub(crate) fn embedded(bounds: Bounds) -> Result<RowRange, Error> {
    satisfiable(Bounds::ALL, bounds, false).map(RowRange::from_bounds)
}

/// `Range: 0-9` (or `items=0-9`); anything unreadable asks for everything.
fn header_bounds(value: &str) -> Result<Bounds, Error> {
    let spec = value.strip_prefix("items=").unwrap_or(value);
    let Some((lower, upper)) = spec.split_once('-') else {
        return Ok(Bounds::ALL);
    };
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if lower.is_empty() || !is_digits(lower) || !is_digits(upper) {
        return Ok(Bounds::ALL);
    }
    let lower = lower.parse().map_err(|_| out_of_range())?;
    let upper = if upper.is_empty() {
        None
    } else {
        Some(upper.parse().map_err(|_| out_of_range())?)
    };
    Ok(Bounds { lower, upper })
}

/// The top-level range: the `Range` header (GET only, as RFC 9110 wants) narrowed
/// by `limit`/`offset`.
pub(crate) fn top_level(
    method: &str,
    root: Option<Bounds>,
    range_header: Option<&str>,
) -> Result<RowRange, Error> {
    let header = match (method, range_header) {
        ("GET", Some(h)) => header_bounds(h)?,
        _ => Bounds::ALL,
    };
    let limit = root.unwrap_or(Bounds::ALL);
    let top = satisfiable(header, limit, header.is_empty())?;
    if method == "PUT" && top != Bounds::ALL {
        return Err(Error::PutLimitNotAllowed);
    }
    Ok(RowRange::from_bounds(top))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(
        method: &str,
        limit: Option<&str>,
        offset: Option<&str>,
        header: Option<&str>,
    ) -> String {
        let root = match (limit.is_some() || offset.is_some())
            .then(|| level_bounds(limit, offset))
            .transpose()
        {
            Ok(root) => root,
            Err(e) => return format!("{} {}", e.status(), e.to_json()),
        };
        match top_level(method, root, header) {
            Ok(r) => serde_json::to_string(&r).unwrap(),
            Err(e) => format!("{} {}", e.status(), e.to_json()),
        }
    }

    #[test]
    fn limit_and_offset() {
        insta::assert_snapshot!(top("GET", None, None, None), @r#"{"offset":0,"limit":null}"#);
        insta::assert_snapshot!(top("GET", Some("10"), None, None), @r#"{"offset":0,"limit":10}"#);
        insta::assert_snapshot!(top("GET", None, Some("5"), None), @r#"{"offset":5,"limit":null}"#);
        insta::assert_snapshot!(top("GET", Some("10"), Some("20"), None), @r#"{"offset":20,"limit":10}"#);
        insta::assert_snapshot!(top("GET", Some("0"), None, None), @r#"{"offset":0,"limit":0}"#);
        insta::assert_snapshot!(top("GET", Some("abc"), None, None), @r#"{"offset":0,"limit":null}"#);
        insta::assert_snapshot!(top("GET", Some(" 3 "), Some("x"), None), @r#"{"offset":0,"limit":3}"#);
        insta::assert_snapshot!(top("GET", Some("-1"), None, None), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(top("GET", Some("abc"), Some("5"), None), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
    }

    #[test]
    fn range_header() {
        insta::assert_snapshot!(top("GET", None, None, Some("0-9")), @r#"{"offset":0,"limit":10}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("items=0-9")), @r#"{"offset":0,"limit":10}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("10-")), @r#"{"offset":10,"limit":null}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("junk")), @r#"{"offset":0,"limit":null}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("5-2")), @r#"416 {"code":"PGRST103","details":"The lower boundary must be lower than or equal to the upper boundary in the Range header.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(top("GET", Some("5"), Some("2"), Some("0-9")), @r#"{"offset":2,"limit":5}"#);
        insta::assert_snapshot!(top("GET", Some("0"), None, Some("0-9")), @r#"{"offset":0,"limit":0}"#);
        insta::assert_snapshot!(top("HEAD", None, None, Some("0-9")), @r#"{"offset":0,"limit":null}"#);
        insta::assert_snapshot!(top("POST", None, None, Some("5-2")), @r#"{"offset":0,"limit":null}"#);
    }

    #[test]
    fn put_refuses_limits() {
        insta::assert_snapshot!(top("PUT", Some("1"), None, None), @r#"400 {"code":"PGRST114","details":null,"hint":null,"message":"limit/offset querystring parameters are not allowed for PUT"}"#);
        insta::assert_snapshot!(top("PUT", None, None, Some("0-0")), @r#"{"offset":0,"limit":null}"#);
    }

    #[test]
    fn numbers_beyond_bigint_are_refused_as_postgresql_refuses_them() {
        let refused =
            r#"400 {"code":"22003","details":null,"hint":null,"message":"bigint out of range"}"#;
        assert_eq!(
            top("GET", Some("99999999999999999999"), None, None),
            refused
        );
        assert_eq!(
            top("GET", None, Some("99999999999999999999"), None),
            refused
        );
        assert_eq!(
            top("GET", Some("-99999999999999999999"), None, None),
            refused
        );
        assert_eq!(
            top("GET", None, None, Some("0-99999999999999999999")),
            refused
        );
        assert_eq!(
            top("GET", None, None, Some("99999999999999999999-")),
            refused
        );
    }

    #[test]
    fn arithmetic_at_the_edges_saturates_and_never_goes_negative() {
        insta::assert_snapshot!(top("GET", Some("9223372036854775807"), Some("9223372036854775807"), None), @r#"{"offset":9223372036854775807,"limit":1}"#);
        insta::assert_snapshot!(top("GET", Some("9223372036854775807"), Some("1"), None), @r#"{"offset":1,"limit":9223372036854775807}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("0-9223372036854775807")), @r#"{"offset":0,"limit":9223372036854775807}"#);
        insta::assert_snapshot!(top("GET", None, None, Some("9223372036854775807-9223372036854775807")), @r#"{"offset":9223372036854775807,"limit":1}"#);
        insta::assert_snapshot!(top("GET", Some("-9223372036854775808"), Some("5"), None), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(top("GET", Some("3"), Some("-9223372036854775808"), None), @r#"416 {"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
        insta::assert_snapshot!(top("GET", None, Some("-5"), None), @r#"{"offset":0,"limit":null}"#);
    }

    #[test]
    fn embedded_levels() {
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(Some("2"), Some("4")).unwrap()).unwrap()).unwrap(), @r#"{"offset":4,"limit":2}"#);
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(None, Some("4")).unwrap()).unwrap()).unwrap(), @r#"{"offset":4,"limit":null}"#);
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(Some("0"), None).unwrap()).unwrap()).unwrap(), @r#"{"offset":0,"limit":0}"#);
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(None, Some("-3")).unwrap()).unwrap()).unwrap(), @r#"{"offset":0,"limit":null}"#);
        insta::assert_snapshot!(embedded(level_bounds(Some("-1"), None).unwrap()).unwrap_err().to_json(), @r#"{"code":"PGRST103","details":"Limit should be greater than or equal to zero.","hint":null,"message":"Requested range not satisfiable"}"#);
    }
}
