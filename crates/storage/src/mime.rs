//! Bucket `allowed_mime_types`: which entries are valid, and whether an
//! upload's content type matches one (`image/*` wildcards, or `*`).

use crate::error::StorageError;
use crate::media_type::{self, MediaType};

fn token_ok(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_+.-".contains(c))
}

/// An entry of a bucket's list: `type/subtype` (subtype may be `*`), an
/// optional `;charset=…`, or `*` alone.
pub fn valid_entry(entry: &str) -> bool {
    if entry == "*" {
        return true;
    }
    let (essence, params) = match entry.split_once(';') {
        Some((e, p)) => (e, Some(p.trim())),
        None => (entry, None),
    };
    let params_ok = params.is_none_or(|p| p.strip_prefix("charset=").is_some_and(token_ok));
    match essence.split_once('/') {
        Some((t, s)) => token_ok(t) && (s == "*" || token_ok(s)) && params_ok,
        None => false,
    }
}

pub fn validate_list(list: &[String]) -> Result<(), StorageError> {
    match list.iter().find(|e| !valid_entry(e)) {
        None => Ok(()),
        Some(bad) => Err(StorageError::new(
            400,
            "InvalidRequest",
            "Invalid Input",
            format!("allowed_mime_types: `{bad}` is not a MIME type such as image/png or image/*"),
        )),
    }
}

/// Parameters compare as sets, names and `charset` values case-insensitively.
fn same_params(a: &MediaType, b: &MediaType) -> bool {
    let norm = |m: &MediaType| {
        let mut p: Vec<(String, String)> = m
            .params
            .iter()
            .map(|(n, v)| {
                let v = if n == "charset" {
                    v.to_ascii_lowercase()
                } else {
                    v.clone()
                };
                (n.clone(), v)
            })
            .collect();
        p.sort();
        p
    };
    norm(a) == norm(b)
}

/// Whether `content_type` is allowed by `allowed` (an empty or absent list
/// allows everything). As in Supabase, a parameter is part of the subtype
/// (`text/plain;charset=UTF-8` is not `text/plain`), but a `type/*` entry
/// takes any subtype with any parameters.
pub fn allowed(content_type: &str, allowed: Option<&[String]>) -> bool {
    let Some(list) = allowed.filter(|l| !l.is_empty()) else {
        return true;
    };
    let Ok(wanted) = media_type::parse(content_type) else {
        return false;
    };
    list.iter().any(|entry| {
        if entry.trim() == "*" {
            return true;
        }
        let Ok(entry) = media_type::parse(entry) else {
            return false;
        };
        entry.kind == wanted.kind
            && (entry.subtype == "*"
                || (entry.subtype == wanted.subtype && same_params(&entry, &wanted)))
    })
}

pub fn refused(content_type: &str) -> StorageError {
    StorageError::new(
        415,
        "InvalidMimeType",
        "invalid_mime_type",
        format!("mime type {content_type} is not supported"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn wildcards_and_exact_types() {
        let l = list(&["image/*", "application/pdf"]);
        assert!(allowed("image/png", Some(&l)));
        assert!(allowed("IMAGE/WEBP", Some(&l)));
        assert!(allowed("application/pdf", Some(&l)));
        assert!(!allowed("text/plain", Some(&l)));
        assert!(!allowed("imagex/png", Some(&l)));
        assert!(allowed("anything/at-all", Some(&list(&["*"]))));
        assert!(allowed("text/plain", None));
        assert!(allowed("text/plain", Some(&[])));
    }

    #[test]
    fn parameters_are_part_of_the_subtype() {
        // Supabase compares the whole subtype, so a charset does not match a bare type.
        assert!(!allowed(
            "text/plain;charset=UTF-8",
            Some(&list(&["text/plain"]))
        ));
        assert!(allowed(
            "text/plain;charset=utf-8",
            Some(&list(&["text/plain;charset=utf-8"]))
        ));
        assert!(allowed(
            "text/plain;charset=UTF-8",
            Some(&list(&["text/*"]))
        ));
        assert!(allowed(
            "text/plain; charset=\"UTF-8\"",
            Some(&list(&["text/plain;charset=utf-8"]))
        ));
    }

    #[test]
    fn a_list_or_malformed_type_matches_nothing() {
        let l = list(&["text/plain", "text/*"]);
        assert!(!allowed("text/plain, text/html", Some(&l)));
        assert!(!allowed("text/", Some(&l)));
        assert!(allowed("text/plain, text/html", None));
    }

    #[test]
    fn list_entries_are_checked() {
        assert!(validate_list(&list(&[
            "image/*",
            "*",
            "text/plain;charset=utf-8",
            "application/vnd.ms-excel"
        ]))
        .is_ok());
        for bad in ["image", "image/", "/png", "image/png; q=1", "ima ge/png"] {
            assert!(validate_list(&list(&[bad])).is_err(), "{bad}");
        }
    }
}
