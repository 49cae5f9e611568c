//! The backend knows no app: no file of a backend crate (`crates/`: code,
//! migrations, tests, fixtures) names a table or a text of the curtains site
//! (the app in frontend/ and migrations/). The site's pages, head and files
//! come from what it declares (docs/pages.md); the backend's tests use their
//! own neutral schema, and what the site's schema promises is tested in this
//! package. The check lives here because it has to name the site's words.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

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

/// The kinds of file a crate's text is in (its code, SQL, fixtures,
/// templates, snapshots, manifests).
const TEXT_FILES: &[&str] = &[
    "rs", "sql", "json", "html", "txt", "toml", "md", "snap", "yml", "yaml", "mjs", "js",
];

fn scan(dir: &Path, offenders: &mut Vec<String>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            scan(&path, offenders);
            continue;
        }
        let ext = path.extension().unwrap_or_default().to_string_lossy();
        if !TEXT_FILES.contains(&ext.as_ref()) {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for name in mentions(&text) {
            offenders.push(format!("{} names `{name}`", path.display()));
        }
    }
}

#[test]
fn no_crate_names_a_site_table_or_text() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../crates");
    let mut offenders = Vec::new();
    scan(&crates, &mut offenders);
    offenders.sort();
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn the_check_sees_a_site_table() {
    assert_eq!(mentions("SELECT title FROM services"), vec!["services"]);
    assert_eq!(mentions("custom Curtains"), vec!["curtain"]);
    assert!(mentions("service_role, servicesx and a service").is_empty());
}

#[test]
fn the_scan_has_no_exemptions() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        "tests/api/helpers.rs",
        "src/schema_cache/fixture.json",
        "src/testing.rs",
        "src/test_support.rs",
        "src/parse/tests.rs",
        "migrations/1_x.sql",
    ];
    for file in files {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(
            &path,
            "fn f() {}\n#[cfg(test)]\nconst T: &str = \"services\";",
        )
        .unwrap();
    }
    let mut offenders = Vec::new();
    scan(dir.path(), &mut offenders);
    assert_eq!(offenders.len(), files.len(), "{offenders:?}");
}
