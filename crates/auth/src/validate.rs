//! Input rules shared by the API and the owner-account functions: emails,
//! passwords and pagination, with GoTrue's messages.

use crate::Error;

/// GoTrue's limit (bcrypt's); argon2 has none, but it bounds the work per request.
pub const MAX_PASSWORD_BYTES: usize = 72;
/// The largest `user_metadata` or `app_metadata`, as JSON. Both travel in every
/// access token, which must still fit in a request header.
pub const MAX_METADATA_BYTES: usize = 16 * 1024;
pub const DEFAULT_PER_PAGE: u64 = 50;
pub const MAX_PER_PAGE: u64 = 1000;

/// A trimmed, lower-case address, refused with GoTrue's messages unless it has
/// the form GoTrue accepts (`checkmail.ValidateFormat`): a local part of ASCII
/// letters, digits and ``.!#$%&'*+/=?^_`{|}~-``, one `@`, then dot-separated
/// labels of letters, digits and inner hyphens, at most 63 characters each.
/// Every address a client hands in goes through here: an address GoTrue would
/// refuse must not become an account that clients built on GoTrue's models
/// then fail to read back.
pub fn email(raw: &str) -> Result<String, Error> {
    let email = raw.trim();
    if email.is_empty() {
        return Err(Error::Validation("An email address is required".into()));
    }
    if email.len() > 255 {
        return Err(Error::Validation("An email address is too long".into()));
    }
    let well_formed = email.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && local.bytes().all(local_part_byte)
            && domain.split('.').all(domain_label)
    });
    if !well_formed {
        return Err(Error::Validation(
            "Unable to validate email address: invalid format".into(),
        ));
    }
    Ok(email.to_ascii_lowercase())
}

fn local_part_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&b)
}

fn domain_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            bytes.len() <= 63
                && first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && bytes
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
        }
        _ => false,
    }
}

pub fn password(password: &str, min_length: usize) -> Result<(), Error> {
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(Error::Validation(format!(
            "Password cannot be longer than {MAX_PASSWORD_BYTES} characters"
        )));
    }
    if password.chars().count() < min_length {
        return Err(Error::WeakPassword {
            message: format!("Password should be at least {min_length} characters."),
            reasons: vec!["length"],
        });
    }
    Ok(())
}

/// `name` is the field the client sent (`data`, `user_metadata`, `app_metadata`).
pub fn metadata(name: &str, value: &serde_json::Value) -> Result<(), Error> {
    let size = serde_json::to_vec(value)
        .map(|v| v.len())
        .unwrap_or(usize::MAX);
    if size > MAX_METADATA_BYTES {
        return Err(Error::Validation(format!(
            "{name} is too large: at most {MAX_METADATA_BYTES} bytes of JSON"
        )));
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub page: u64,
    pub per_page: u64,
}

impl Page {
    pub fn offset(&self) -> u64 {
        (self.page - 1).saturating_mul(self.per_page)
    }
}

pub fn page(page: Option<&str>, per_page: Option<&str>) -> Result<Page, Error> {
    let bad = |why: String| Error::Validation(format!("Bad Pagination Parameters: {why}"));
    let number = |name: &str, v: &str| {
        v.parse::<u64>()
            .map_err(|_| bad(format!("{name} must be a whole number")))
    };
    let page = match page.filter(|s| !s.is_empty()) {
        None => 1,
        Some(v) => match number("page", v)? {
            0 => return Err(bad("page must be greater than 0".into())),
            n if n > i32::MAX as u64 => {
                return Err(bad("page exceeds maximum allowed value".into()))
            }
            n => n,
        },
    };
    let per_page = match per_page.filter(|s| !s.is_empty()) {
        None => DEFAULT_PER_PAGE,
        Some(v) => match number("per_page", v)? {
            0 => return Err(bad("per_page must be greater than 0".into())),
            n if n > MAX_PER_PAGE => {
                return Err(bad(format!("per_page must not exceed {MAX_PER_PAGE}")))
            }
            n => n,
        },
    };
    Ok(Page { page, per_page })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(email("  Owner@Example.COM ").unwrap(), "owner@example.com");
        for bad in [
            "", "no-at", "@x.com", "a@", "a@.com", "a@b.", "a b@c.d", "a@b@c", "a@b..c",
        ] {
            assert!(matches!(email(bad), Err(Error::Validation(_))), "{bad}");
        }
        assert!(email(&format!("{}@x.io", "a".repeat(260))).is_err());
    }

    #[test]
    fn emails_follow_gotrues_format_rule() {
        let invalid = |e: &str| match email(e) {
            Err(Error::Validation(m)) => m == "Unable to validate email address: invalid format",
            _ => false,
        };
        for bad in [
            "xx:;x@x.x",
            "a(b)@example.com",
            "a,b@example.com",
            "\"quoted\"@example.com",
            "a\\b@example.com",
            "[a]@example.com",
            "<a>@example.com",
            "a@exa_mple.com",
            "a@-example.com",
            "a@example-.com",
            "a@exa mple.com",
            "a@[127.0.0.1]",
            "ü@example.com",
            "a@exämple.com",
            "a\u{0}@example.com",
            "a@b\n.c",
        ] {
            assert!(invalid(bad), "{bad:?}");
        }
        let label = "a".repeat(63);
        assert_eq!(
            email(&format!("x@{label}.com")).unwrap(),
            format!("x@{label}.com")
        );
        assert!(invalid(&format!("x@{label}a.com")), "a label of 64");
        for good in [
            "a!#$%&'*+/=?^_`{|}~-z@example.com",
            ".dots.@example.com",
            "root@localhost",
            "x@1-2.3",
            "First.Last+tag@Sub.Example.org",
        ] {
            assert_eq!(email(good).unwrap(), good.to_ascii_lowercase(), "{good}");
        }
        match email(&format!("{}@example.com", "a".repeat(244))) {
            Err(Error::Validation(m)) => assert_eq!(m, "An email address is too long"),
            other => panic!("{other:?}"),
        }
        assert!(
            email(&format!("{}@example.com", "a".repeat(243))).is_ok(),
            "255 bytes"
        );
    }

    #[test]
    fn passwords_follow_gotrue() {
        assert!(password("12345678", 8).is_ok());
        match password("1234567", 8) {
            Err(Error::WeakPassword { message, reasons }) => {
                assert_eq!(message, "Password should be at least 8 characters.");
                assert_eq!(reasons, vec!["length"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            password(&"x".repeat(73), 8),
            Err(Error::Validation(_))
        ));
        assert!(password("ääää", 4).is_ok(), "length counts characters");
    }

    #[test]
    fn metadata_is_limited_by_its_json_size() {
        let at_limit = serde_json::json!({ "k": "x".repeat(MAX_METADATA_BYTES - 8) });
        assert_eq!(
            serde_json::to_vec(&at_limit).unwrap().len(),
            MAX_METADATA_BYTES
        );
        assert!(metadata("data", &at_limit).is_ok());
        let over = serde_json::json!({ "k": "x".repeat(MAX_METADATA_BYTES - 7) });
        match metadata("data", &over) {
            Err(Error::Validation(m)) => assert!(m.starts_with("data is too large"), "{m}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn pagination_defaults_and_limits() {
        assert_eq!(
            page(None, None).unwrap(),
            Page {
                page: 1,
                per_page: 50
            }
        );
        assert_eq!(page(Some("3"), Some("10")).unwrap().offset(), 20);
        assert!(page(Some("0"), None).is_err());
        assert!(page(None, Some("1001")).is_err());
        assert!(page(Some("x"), None).is_err());
        assert!(page(None, Some("-1")).is_err());
    }
}
