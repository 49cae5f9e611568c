//! Page reads parameterised by the request's query string. A declared read may
//! name a query parameter as `{query.NAME}` (NAME: letters, digits, `_`, `-`);
//! it is replaced by that parameter's value, percent-encoded as a whole so the
//! value stays one value (it cannot add a filter, a `&` or another parameter).
//! A read whose parameter is missing or empty is left out, as a failed read is:
//! the page goes without it. See docs/pages.md.

use url::form_urlencoded;

use super::manifest::Reads;

const OPEN: &str = "{query.";

/// The reads with their `{query.NAME}` placeholders filled from `query` (the
/// raw query string, without `?`); reads that name an absent parameter dropped.
pub fn bind(reads: &Reads, query: &str) -> Reads {
    if !reads.values().any(|target| target.contains(OPEN)) {
        return reads.clone();
    }
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    reads
        .iter()
        .filter_map(|(name, target)| Some((name.clone(), fill(target, &params)?)))
        .collect()
}

/// `target` with every placeholder replaced, or None when one names a parameter
/// the request lacks (the first value counts when it is repeated).
fn fill(target: &str, params: &[(String, String)]) -> Option<String> {
    let mut out = String::with_capacity(target.len());
    let mut rest = target;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let end = after.find('}')?;
        let name = &after[..end];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            // Not a placeholder: keep the text as written.
            out.push_str(&rest[..at + OPEN.len()]);
            rest = after;
            continue;
        }
        let value = params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())?;
        if value.is_empty() {
            return None;
        }
        out.push_str(&rest[..at]);
        out.extend(form_urlencoded::byte_serialize(value.as_bytes()));
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(pairs: &[(&str, &str)]) -> Reads {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_placeholder_takes_the_parameter_percent_encoded() {
        let bound = bind(
            &reads(&[
                ("item", "items?select=title&id=eq.{query.item}&limit=1"),
                ("all", "items?select=*"),
            ]),
            "item=42&other=x",
        );
        assert_eq!(
            bound,
            reads(&[
                ("item", "items?select=title&id=eq.42&limit=1"),
                ("all", "items?select=*")
            ])
        );
    }

    #[test]
    fn a_value_cannot_add_filters_or_parameters() {
        let bound = bind(
            &reads(&[("item", "items?id=eq.{query.item}")]),
            "item=1%26select%3Dsecret%2Cid&x=1",
        );
        assert_eq!(bound["item"], "items?id=eq.1%26select%3Dsecret%2Cid");
        let bound = bind(
            &reads(&[("item", "items?id=eq.{query.item}")]),
            "item=a+b/c%",
        );
        assert_eq!(bound["item"], "items?id=eq.a+b%2Fc%25");
    }

    #[test]
    fn a_read_whose_parameter_is_missing_or_empty_is_left_out() {
        let declared = reads(&[
            ("item", "items?id=eq.{query.item}"),
            ("all", "items?select=*"),
        ]);
        assert_eq!(bind(&declared, "").len(), 1);
        assert_eq!(bind(&declared, "item=").len(), 1);
        assert_eq!(
            bind(&declared, "items=3").keys().collect::<Vec<_>>(),
            ["all"]
        );
    }

    #[test]
    fn braces_that_are_not_placeholders_are_kept() {
        let declared = reads(&[(
            "tags",
            "items?tags=cs.{a,b}&note=eq.{query.}&x=eq.{query.a b}",
        )]);
        assert_eq!(bind(&declared, "a=1"), declared);
        assert!(bind(&reads(&[("bad", "items?id=eq.{query.item")]), "item=1").is_empty());
    }

    #[test]
    fn the_first_value_of_a_repeated_parameter_counts() {
        let bound = bind(
            &reads(&[("item", "items?id=eq.{query.item}")]),
            "item=1&item=2",
        );
        assert_eq!(bound["item"], "items?id=eq.1");
    }
}
