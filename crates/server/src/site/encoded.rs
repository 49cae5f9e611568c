//! Precompressed static files: a file the build wrote next to a site file as
//! `<name>.br` or `<name>.gz` is served in its place to a client that accepts
//! that encoding. The build compresses once at the highest levels (the
//! `Compress` middleware compresses each response at its fastest level, which
//! leaves a phone about a quarter more JavaScript to download).

use std::path::{Path, PathBuf};

use actix_web::http::header::ContentEncoding;

/// The encodings tried, best first, with the suffix the build gives their files.
const VARIANTS: &[(ContentEncoding, &str, &str)] = &[
    (ContentEncoding::Brotli, "br", "br"),
    (ContentEncoding::Gzip, "gzip", "gz"),
];

/// Whether `accept` (an `Accept-Encoding` value) allows `coding`: listed by
/// name or as `*`, without `q=0`. A name listed with `q=0` refuses it even
/// when `*` would allow it.
pub fn accepts(accept: &str, coding: &str) -> bool {
    let mut wildcard = None;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let refused = parts.any(|p| {
            let p = p.trim();
            p.len() > 2
                && p[..2].eq_ignore_ascii_case("q=")
                && p[2..].trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
        });
        if name.eq_ignore_ascii_case(coding) {
            return !refused;
        }
        if name == "*" {
            wildcard = Some(!refused);
        }
    }
    wildcard.unwrap_or(false)
}

/// What to serve for `file`: the best precompressed sibling the client accepts
/// (its path and encoding), and whether any sibling exists (the response then
/// varies by `Accept-Encoding`).
pub fn choose(file: &Path, accept: Option<&str>) -> (Option<(PathBuf, ContentEncoding)>, bool) {
    let mut any = false;
    let mut chosen = None;
    for (encoding, coding, suffix) in VARIANTS {
        let mut name = file.as_os_str().to_owned();
        name.push(".");
        name.push(suffix);
        let sibling = PathBuf::from(name);
        if !sibling.is_file() {
            continue;
        }
        any = true;
        if chosen.is_none() && accept.is_some_and(|a| accepts(a, coding)) {
            chosen = Some((sibling, *encoding));
        }
    }
    (chosen, any)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding_names_wildcards_and_zero_quality() {
        assert!(accepts("gzip, deflate", "gzip"));
        assert!(!accepts("gzip, deflate", "br"));
        assert!(accepts("GZIP;q=0.5", "gzip"));
        assert!(!accepts("gzip;q=0", "gzip"));
        assert!(!accepts("gzip; q=0.000, br", "gzip"));
        assert!(accepts("*", "br"));
        assert!(!accepts("*;q=0", "gzip"));
        assert!(!accepts("br;q=0, *", "br"));
        assert!(accepts("br;q=0, *", "gzip"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("identity", "gzip"));
    }
}
