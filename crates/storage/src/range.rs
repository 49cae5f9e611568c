//! The `Range` header of a download: one byte range (`a-b`, `a-`, `-n`) is
//! served as 206; several ranges or other units are ignored (whole body),
//! as HTTP allows; a range outside the object is 416.

use std::ops::Range;

#[derive(Debug, PartialEq)]
pub enum Requested {
    Whole,
    Part(Range<u64>),
    Unsatisfiable,
}

pub fn parse(header: Option<&str>, size: u64) -> Requested {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
        return Requested::Whole;
    };
    if spec.contains(',') {
        return Requested::Whole;
    }
    let Some((start, end)) = spec.trim().split_once('-') else {
        return Requested::Unsatisfiable;
    };
    let number = |s: &str| s.trim().parse::<u64>().ok();
    let range = match (start.trim().is_empty(), end.trim().is_empty()) {
        (true, true) => None,
        (true, false) => number(end)
            .filter(|n| *n > 0)
            .map(|n| size.saturating_sub(n)..size),
        (false, true) => number(start).map(|s| s..size),
        (false, false) => match (number(start), number(end)) {
            (Some(s), Some(e)) if e >= s => Some(s..(e + 1).min(size)),
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
