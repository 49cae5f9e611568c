//! The `Range` header of a download: one byte range (`a-b`, `a-`, `-n`) is
//! served as 206; several ranges or other units are ignored (whole body),
//! as HTTP allows; a range outside the object is 416. Positions are digits
//! only (no sign), and ones too large for 64 bits count as "beyond the end",
//! which is what they are: `0-18446744073709551615` is the whole object.

use std::ops::Range;

#[derive(Debug, PartialEq)]
pub enum Requested {
    Whole,
    Part(Range<u64>),
    Unsatisfiable,
}

/// A position: digits, saturating at `u64::MAX` (past any object's end).
fn position(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(s.parse::<u64>().unwrap_or(u64::MAX))
}

pub fn parse(header: Option<&str>, size: u64) -> Requested {
    let spec = header.map(str::trim).and_then(|h| {
        h.get(..6)
            .filter(|unit| unit.eq_ignore_ascii_case("bytes="))
            .map(|_| &h[6..])
    });
    let Some(spec) = spec else {
        return Requested::Whole;
    };
    if spec.contains(',') {
        return Requested::Whole;
    }
    let Some((start, end)) = spec.trim().split_once('-') else {
        return Requested::Unsatisfiable;
    };
    let range = match (start.trim().is_empty(), end.trim().is_empty()) {
        (true, true) => None,
        (true, false) => position(end)
            .filter(|n| *n > 0)
            .map(|n| size.saturating_sub(n)..size),
        (false, true) => position(start).map(|s| s..size),
        (false, false) => match (position(start), position(end)) {
            (Some(s), Some(e)) if e >= s => Some(s..e.saturating_add(1).min(size)),
            _ => None,
        },
    };
    match range {
        Some(r) if r.start < size && r.start < r.end => Requested::Part(r),
        _ => Requested::Unsatisfiable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_ranges() {
        assert_eq!(parse(Some("bytes=0-9"), 100), Requested::Part(0..10));
        assert_eq!(parse(Some("bytes=90-"), 100), Requested::Part(90..100));
        assert_eq!(parse(Some("bytes=-10"), 100), Requested::Part(90..100));
        assert_eq!(parse(Some("bytes=-500"), 100), Requested::Part(0..100));
        assert_eq!(parse(Some("bytes=50-500"), 100), Requested::Part(50..100));
    }

    #[test]
    fn positions_past_64_bits_are_past_the_end() {
        let max = u64::MAX;
        assert_eq!(
            parse(Some(&format!("bytes=0-{max}")), 100),
            Requested::Part(0..100)
        );
        assert_eq!(
            parse(Some(&format!("bytes=7-{max}")), 100),
            Requested::Part(7..100)
        );
        assert_eq!(
            parse(Some("bytes=0-99999999999999999999999"), 100),
            Requested::Part(0..100)
        );
        assert_eq!(
            parse(Some(&format!("bytes=-{max}")), 100),
            Requested::Part(0..100)
        );
        assert_eq!(
            parse(Some(&format!("bytes={max}-")), 100),
            Requested::Unsatisfiable
        );
        assert_eq!(
            parse(Some(&format!("bytes={max}-{max}")), 100),
            Requested::Unsatisfiable
        );
        assert_eq!(
            parse(Some("bytes=99999999999999999999999-"), 100),
            Requested::Unsatisfiable
        );
    }

    #[test]
    fn positions_are_digits_only_and_the_unit_any_case() {
        assert_eq!(parse(Some("Bytes=0-1"), 100), Requested::Part(0..2));
        assert_eq!(parse(Some("bytes=+1-5"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=1-+5"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=--5"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=1-2-3"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes"), 100), Requested::Whole);
        assert_eq!(parse(Some("bytés=0-1"), 100), Requested::Whole);
    }

    #[test]
    fn no_or_unsupported_ranges_mean_the_whole_body() {
        assert_eq!(parse(None, 100), Requested::Whole);
        assert_eq!(parse(Some("items=0-1"), 100), Requested::Whole);
        assert_eq!(parse(Some("bytes=0-1,5-6"), 100), Requested::Whole);
    }

    #[test]
    fn impossible_ranges_are_416() {
        assert_eq!(parse(Some("bytes=100-"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=5-2"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=-0"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=x-y"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=-"), 100), Requested::Unsatisfiable);
        assert_eq!(parse(Some("bytes=0-0"), 0), Requested::Unsatisfiable);
    }
}
