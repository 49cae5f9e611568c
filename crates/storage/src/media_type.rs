//! One media type as RFC 9110 §8.3.1 writes it (`type/subtype` and
//! `;name=value` parameters, values a token or a quoted string), parsed from
//! every content type a client sends: a list (`text/plain, text/html`, which
//! browsers render as its last entry) or anything malformed is refused, so
//! what is stored is exactly one type and what is served is what was checked.

use crate::error::StorageError;

/// Longer than any registered type with its parameters (RFC 6838 names are
/// at most 127 characters each).
const MAX_LEN: usize = 1000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaType {
    /// Lowercase, as types and subtypes compare case-insensitively.
    pub kind: String,
    pub subtype: String,
    /// Names lowercase, values as sent (unquoted).
    pub params: Vec<(String, String)>,
}

fn tchar(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c)
}

fn token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(tchar)
}

fn ows(s: &str) -> &str {
    s.trim_start_matches([' ', '\t'])
}

impl MediaType {
    /// `type/subtype`, lowercase.
    pub fn essence(&self) -> String {
        format!("{}/{}", self.kind, self.subtype)
    }

    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why `text` is not one media type, for the error message.
fn parse_inner(text: &str) -> Result<MediaType, &'static str> {
    if text.len() > MAX_LEN {
        return Err("it is longer than 1000 characters");
    }
    if !text
        .bytes()
        .all(|c| c == b'\t' || (b' '..=b'~').contains(&c))
    {
        return Err("it has characters outside visible ASCII");
    }
    let text = text.trim_matches([' ', '\t']);
    let essence_end = text.find([';', ' ', '\t']).unwrap_or(text.len());
    let (essence, mut rest) = text.split_at(essence_end);
    if essence.contains(',') {
        return Err("one media type is expected, not a list");
    }
    let Some((kind, subtype)) = essence.split_once('/') else {
        return Err("it is not type/subtype");
    };
    if !token(kind) || !token(subtype) {
        return Err("it is not type/subtype");
    }
    let mut params = Vec::new();
    loop {
        rest = ows(rest);
        if rest.is_empty() {
            break;
        }
        let Some(after) = rest.strip_prefix(';') else {
            return Err(if rest.starts_with(',') {
                "one media type is expected, not a list"
            } else {
                "parameters must follow `;`"
            });
        };
        rest = ows(after);
        if rest.is_empty() || rest.starts_with(';') {
            // RFC 9110 allows empty parameters (`text/plain;`).
            continue;
        }
        let name_end = rest.find('=').ok_or("a parameter has no value")?;
        let name = &rest[..name_end];
        if !token(name) {
            return Err("a parameter name is not a token");
        }
        rest = &rest[name_end + 1..];
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = quoted.char_indices();
            let mut end = None;
            while let Some((i, c)) = chars.next() {
                match c {
                    '"' => {
                        end = Some(i);
                        break;
                    }
                    '\\' => match chars.next() {
                        Some((_, escaped)) => out.push(escaped),
                        None => break,
                    },
                    _ => out.push(c),
                }
            }
            let end = end.ok_or("a quoted parameter value is not closed")?;
            value = out;
            rest = &quoted[end + 1..];
        } else {
            let end = rest.find([';', ' ', '\t', ',']).unwrap_or(rest.len());
            if !token(&rest[..end]) {
                return Err("a parameter value is neither a token nor a quoted string");
            }
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        params.push((name.to_ascii_lowercase(), value));
    }
    Ok(MediaType {
        kind: kind.to_ascii_lowercase(),
        subtype: subtype.to_ascii_lowercase(),
        params,
    })
}

pub fn parse(text: &str) -> Result<MediaType, StorageError> {
    parse_inner(text).map_err(|why| invalid(text, why))
}

/// `text` if it is one media type (it is stored as sent), else the 400.
pub fn checked(text: &str) -> Result<String, StorageError> {
    parse(text)?;
    Ok(text.trim_matches([' ', '\t']).to_string())
}

fn invalid(text: &str, why: &str) -> StorageError {
    let shown: String = text.chars().take(100).collect();
    StorageError::new(
        400,
        "InvalidMimeType",
        "invalid_mime_type",
        format!("Invalid content type `{shown}`: {why} (send one media type such as image/png)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_type_with_parameters() {
        let m = parse("Text/HTML; Charset=\"utf-8\" ;q=1").unwrap();
        assert_eq!(m.essence(), "text/html");
        assert_eq!(
            m.params,
            vec![
                ("charset".to_string(), "utf-8".to_string()),
                ("q".to_string(), "1".to_string())
            ]
        );
        assert_eq!(parse("image/svg+xml").unwrap().subtype, "svg+xml");
        assert_eq!(
            parse("text/plain;charset=UTF-8").unwrap().param("charset"),
            Some("UTF-8")
        );
        assert!(parse("text/plain;").unwrap().params.is_empty());
        assert_eq!(
            parse(r#"a/b; x="semi;colon, and \"quote\"""#)
                .unwrap()
                .param("x"),
            Some(r#"semi;colon, and "quote""#)
        );
        assert_eq!(checked("  image/png ").unwrap(), "image/png");
    }

    #[test]
    fn lists_are_refused_wherever_the_comma_is() {
        for list in [
            "text/plain, text/html",
            "text/plain,text/html",
            "text/plain; charset=utf-8, text/html",
            "text/plain ,text/html",
        ] {
            let e = parse(list).unwrap_err();
            assert_eq!((e.status, e.code), (400, "InvalidMimeType"), "{list}");
            assert!(e.message.contains("not a list"), "{list}: {}", e.message);
        }
    }

    #[test]
    fn malformed_types_are_refused() {
        for bad in [
            "",
            "text",
            "text/",
            "/html",
            "text/html/x",
            "text /html",
            "text/ html",
            "text/html; charset",
            "text/html; =utf-8",
            "text/html; charset=\"utf-8",
            "text/html; charset=utf 8",
            "text/html x",
            "tëxt/html",
            "text/html\u{0}",
            &format!("a/{}", "b".repeat(1000)),
        ] {
            assert_eq!(parse(bad).unwrap_err().code, "InvalidMimeType", "{bad:?}");
        }
    }
}
