//! The backend knows no app: no crate's code or backend migration names a table
//! or a text of the curtains site (the app in frontend/ and migrations/). The
//! site's pages, head and files come from what it declares (docs/pages.md).
//! Tests are not scanned: they may use the app's schema as their fixture.

use std::path::Path;

const SITE_TABLES: &[&str] = &[
    "services",
    "portfolio_items",
    "testimonials",
    "hero_content",
    "about_content",
    "site_settings",
    "contact_messages",
    "contact_info",
];
const SITE_TEXTS: &[&str] = &[
    "pleat interiors",
    "curtain",
    "blinds",
    "furniture cover",
    "portfolio",
];

fn is_test_file(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.components().any(|c| c.as_os_str() == "tests")
        || name.ends_with("tests.rs")
        || name == "test_support.rs"
        || name == "testing.rs"
        || name.starts_with("fixture")
}

/// The words of `text` (identifiers and plain words, lower case).
fn mentions(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found: Vec<String> = SITE_TEXTS
        .iter()
        .filter(|t| lower.contains(*t))
        .map(|t| t.to_string())
        .collect();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    found.extend(
        SITE_TABLES
            .iter()
            .filter(|t| words.contains(t))
            .map(|t| t.to_string()),
    );
    found
}

fn scan(dir: &Path, offenders: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            scan(&path, offenders);
            continue;
        }
        let ext = path.extension().unwrap_or_default().to_string_lossy();
        if is_test_file(&path) || !["rs", "sql", "json", "html", "txt"].contains(&ext.as_ref()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        // Unit tests at the end of a source file are tests too.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for name in mentions(code) {
            offenders.push(format!("{} names `{name}`", path.display()));
        }
    }
}

#[test]
fn no_crate_names_a_site_table_or_text() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut offenders = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap().flatten() {
        for part in ["src", "migrations"] {
            scan(&entry.path().join(part), &mut offenders);
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn the_check_sees_a_site_table() {
    assert_eq!(mentions("SELECT title FROM services"), vec!["services"]);
    assert_eq!(mentions("custom Curtains"), vec!["curtain"]);
    assert!(mentions("service_role, servicesx and a service").is_empty());
}
