//! Row ranges: `limit`/`offset` (also `rel.limit`/`rel.offset`), the `Range` request
//! header, and the effective top-level range PostgREST derives from them.

use serde::Serialize;

use crate::error::{Error, RangeError};

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

    fn from_bounds(b: Bounds) -> Self {
        RowRange {
            offset: b.lower,
            limit: b.upper.map(|u| u - b.lower + 1),
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

/// Reads an integer the way PostgREST's `readMaybe` does for these parameters;
/// anything else means the parameter is ignored.
fn integer(s: &str) -> Option<i64> {
    let s = s.trim();
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse().unwrap_or(if s.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// The bounds for one embed level from its `limit` and `offset` values.
pub(crate) fn level_bounds(limit: Option<&str>, offset: Option<&str>) -> Bounds {
    let limit = limit.map(|v| match integer(v) {
        Some(n) => Bounds {
            lower: 0,
            upper: Some(n.saturating_sub(1)),
        },
        None => Bounds::ALL,
    });
    let offset = offset.map(|v| {
        integer(v).map_or(Bounds::ALL, |n| Bounds {
            lower: n,
            upper: None,
        })
    });
    match (limit, offset) {
        (Some(l), Some(o)) => {
            // An unreadable limit next to an offset counts as zero rows, as in PostgREST.
            let count = l.upper.map_or(0, |u| u - l.lower + 1);
            Bounds {
                lower: o.lower,
                upper: Some(o.lower.saturating_add(count) - 1),
            }
        }
        (Some(b), None) | (None, Some(b)) => b,
        (None, None) => Bounds::ALL,
    }
}

pub(crate) fn embedded(bounds: Bounds) -> RowRange {
    RowRange::from_bounds(bounds)
}

/// `Range: 0-9` (or `items=0-9`); anything unreadable asks for everything.
fn header_bounds(value: &str) -> Bounds {
    let spec = value.strip_prefix("items=").unwrap_or(value);
    let Some((lower, upper)) = spec.split_once('-') else {
        return Bounds::ALL;
    };
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if lower.is_empty() || !is_digits(lower) || !is_digits(upper) {
        return Bounds::ALL;
    }
    let lower = lower.parse().unwrap_or(i64::MAX);
    let upper = if upper.is_empty() {
        None
    } else {
        Some(upper.parse().unwrap_or(i64::MAX))
    };
    Bounds { lower, upper }
}

/// The top-level range: the `Range` header (GET only, as RFC 9110 wants) narrowed
/// by `limit`/`offset`.
pub(crate) fn top_level(
    method: &str,
    root: Option<Bounds>,
    range_header: Option<&str>,
) -> Result<RowRange, Error> {
    let header = match (method, range_header) {
        ("GET", Some(h)) => header_bounds(h),
        _ => Bounds::ALL,
    };
    let limit = root.unwrap_or(Bounds::ALL);
    let top = if limit.is_limit_zero() {
        limit
    } else {
        header.intersect(limit)
    };
    if top.is_empty() && !limit.is_limit_zero() {
        let reason = if header.is_empty() {
            RangeError::LowerGreaterThanUpper
        } else {
            RangeError::NegativeLimit
        };
        return Err(Error::InvalidRange(reason));
    }
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
        let root = (limit.is_some() || offset.is_some()).then(|| level_bounds(limit, offset));
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
    fn embedded_levels() {
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(Some("2"), Some("4")))).unwrap(), @r#"{"offset":4,"limit":2}"#);
        insta::assert_snapshot!(serde_json::to_string(&embedded(level_bounds(None, Some("4")))).unwrap(), @r#"{"offset":4,"limit":null}"#);
    }
}
