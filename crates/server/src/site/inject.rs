//! Putting pleat's parts into the app's built `index.html` as text: the runtime
//! config script, the inlined data, the rendered head and body. Pure string
//! work on the page the app built, so it is tested without a server.

/// `value` as JSON that is safe inside a `<script>` element: `<`, `>` and `&`
/// cannot open or close a tag or start an entity, and U+2028/U+2029 (line
/// breaks to JavaScript, not to JSON) are escaped too. Each of these can only
/// occur inside a JSON string, where the `\u` escape means the same character.
pub fn script_json(value: &serde_json::Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The inline script that gives the app its API URL and anon key. Constant
/// for a running pleat, so the CSP allows it by its hash.
pub fn config_script_body(url: &str, anon_key: &str) -> String {
    let config = serde_json::json!({ "url": url, "anonKey": anon_key });
    format!("window.__PLEAT_CONFIG__={}", script_json(&config))
}

/// What goes into one served page.
#[derive(Debug, Default)]
pub struct Parts<'a> {
    /// `config_script_body`, placed first in `<head>`.
    pub config: &'a str,
    /// The declared reads as one JSON object, in `<script id="pleat-data">`.
    pub data: Option<&'a serde_json::Value>,
    /// The rendered head; it replaces the page's own `<title>` and description.
    pub head: Option<&'a str>,
    /// The rendered body part, placed first in `<body>`.
    pub body: Option<&'a str>,
    /// The rendered `lang` template: the `lang` of `<html>` when it is a
    /// language tag, else ignored.
    pub lang: Option<&'a str>,
}

pub const DATA_ELEMENT_ID: &str = "pleat-data";

pub fn page(html: &str, parts: &Parts) -> String {
    let mut html = html.to_string();
    if parts.head.is_some() {
        remove_element(&mut html, "<title", "</title>");
        remove_description(&mut html);
    }
    let mut first = format!("<script>{}</script>", parts.config);
    if let Some(data) = parts.data {
        first.push_str(&format!(
            "<script type=\"application/json\" id=\"{DATA_ELEMENT_ID}\">{}</script>",
            script_json(data)
        ));
    }
    insert_after_open_tag(&mut html, "<head", &first);
    if let Some(head) = parts.head {
        match find_ci(&html, "</head>") {
            Some(i) => html.insert_str(i, head),
            None => insert_after_open_tag(&mut html, "<head", head),
        }
    }
    if let Some(body) = parts.body {
        insert_after_open_tag(&mut html, "<body", body);
    }
    if let Some(lang) = parts.lang.map(str::trim).filter(|l| is_language_tag(l)) {
        set_html_lang(&mut html, lang);
    }
    html
}

/// A BCP 47 shaped tag: letters, then `-` and letters or digits, at most 35
/// characters. Nothing that could leave the attribute's quotes.
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let first_ok = parts
        .next()
        .is_some_and(|p| (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphabetic()));
    first_ok
        && tag.len() <= 35
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Sets the `lang` attribute of the first `<html …>` tag: its value replaced
/// when there is one, else added. A page without `<html` is left as it is.
fn set_html_lang(html: &mut String, lang: &str) {
    let Some(start) = find_open_tag(html, "<html") else {
        return;
    };
    let Some(len) = html[start..].find('>') else {
        return;
    };
    let tag = &html[start..start + len];
    let lower = tag.to_ascii_lowercase();
    let existing = [" lang=\"", "\tlang=\"", "\nlang=\""]
        .iter()
        .find_map(|needle| lower.find(needle).map(|i| i + needle.len()));
    match existing {
        Some(value_start) => {
            let from = start + value_start;
            if let Some(value_len) = html[from..start + len].find('"') {
                html.replace_range(from..from + value_len, lang);
            }
        }
        None => html.insert_str(start + "<html".len(), &format!(" lang=\"{lang}\"")),
    }
}

/// The first `<tag` followed by whitespace or `>` (so `<html` is not `<htmlx`).
fn find_open_tag(html: &str, open: &str) -> Option<usize> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(open) {
        let at = from + i;
        match lower[at + open.len()..].chars().next() {
            Some(c) if c == '>' || c.is_ascii_whitespace() => return Some(at),
            _ => from = at + open.len(),
        }
    }
    None
}

fn find_ci(haystack: &str, needle: &str) -> Option<usize> {
    haystack.to_ascii_lowercase().find(needle)
}

/// Right after the first `<tag …>`; at the very start when there is none.
fn insert_after_open_tag(html: &mut String, open: &str, text: &str) {
    let at = find_ci(html, open)
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1))
        .unwrap_or(0);
    html.insert_str(at, text);
}

fn remove_element(html: &mut String, open: &str, close: &str) {
    if let Some(start) = find_ci(html, open) {
        if let Some(len) = find_ci(&html[start..], close) {
            html.replace_range(start..start + len + close.len(), "");
        }
    }
}

fn remove_description(html: &mut String) {
    let Some(at) = find_ci(html, "name=\"description\"") else {
        return;
    };
    if let (Some(start), Some(len)) = (html[..at].rfind("<meta"), html[at..].find('>')) {
        html.replace_range(start..at + len + 1, "");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn with_lang(html: &str, lang: &str) -> String {
        page(
            html,
            &Parts {
                config: "c",
                lang: Some(lang),
                ..Parts::default()
            },
        )
    }

    #[test]
    fn lang_replaces_or_adds_the_html_attribute() {
        assert_eq!(
            with_lang(
                "<!doctype html><html lang=\"en\"><head></head></html>",
                " en-GB\n"
            ),
            "<!doctype html><html lang=\"en-GB\"><head><script>c</script></head></html>"
        );
        assert_eq!(
            with_lang("<html class=\"x\"><head></head></html>", "fr-FR"),
            "<html lang=\"fr-FR\" class=\"x\"><head><script>c</script></head></html>"
        );
        assert_eq!(
            with_lang(
                "<HTML data-lang=\"no\" LANG=\"en\"><head></head></HTML>",
                "zh-Hant-TW"
            ),
            "<HTML data-lang=\"no\" LANG=\"zh-Hant-TW\"><head><script>c</script></head></HTML>"
        );
    }

    #[test]
    fn lang_that_is_not_a_tag_is_ignored() {
        for bad in [
            "",
            "e",
            "english",
            "en_GB",
            "en\" onload=\"x",
            "en-",
            "<b>",
            &"a".repeat(36),
        ] {
            assert_eq!(
                with_lang("<html lang=\"en\"><head></head></html>", bad),
                "<html lang=\"en\"><head><script>c</script></head></html>",
                "{bad}"
            );
        }
    }

    #[test]
    fn script_json_cannot_close_the_element() {
        let v = json!({"t": "</script><!--&\u{2028}\u{2029}"});
        let out = script_json(&v);
        assert_eq!(
            out,
            r#"{"t":"\u003c/script\u003e\u003c!--\u0026\u2028\u2029"}"#
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap(), v);
    }

    #[test]
    fn config_goes_first_in_head_and_is_escaped() {
        let config = config_script_body("http://evil</script><script>alert(1)", "key");
        let out = page(
            "<html><HEAD><title>x</title></HEAD></html>",
            &Parts {
                config: &config,
                ..Parts::default()
            },
        );
        assert_eq!(
            out,
            "<html><HEAD><script>window.__PLEAT_CONFIG__={\"anonKey\":\"key\",\"url\":\"http://evil\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\"}</script><title>x</title></HEAD></html>"
        );
    }

    #[test]
    fn a_head_replaces_the_static_title_and_description() {
        let html = "<html><head lang=\"en\"><title>Old</title><meta\n name=\"description\"\n content=\"old\" /><link rel=\"icon\"></head><body class=\"b\"><div id=\"root\"></div></body></html>";
        let data = json!({"rows": [1]});
        let out = page(
            html,
            &Parts {
                config: "c",
                data: Some(&data),
                head: Some("<title>New</title>"),
                body: Some("<noscript>x</noscript>"),
                lang: None,
            },
        );
        assert_eq!(
            out,
            "<html><head lang=\"en\"><script>c</script><script type=\"application/json\" id=\"pleat-data\">{\"rows\":[1]}</script><link rel=\"icon\"><title>New</title></head><body class=\"b\"><noscript>x</noscript><div id=\"root\"></div></body></html>"
        );
    }
}
