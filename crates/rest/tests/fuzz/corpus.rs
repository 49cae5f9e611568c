//! The seed corpus: real requests read from the repository's own tests at start,
//! so it follows them as they grow. From the Rust tests, every string literal
//! that is a `/rest/v1` target (`"/books?select=…"`); from the supabase-js
//! suites, the arguments of the builder calls that become query parameters
//! (`.select('…')`, `.or('…')`, `.eq('col', v)`, `.order('col')`) and literal
//! `rest/v1/…` URLs.

use std::path::{Path, PathBuf};

/// One seed: a path (`None` for builder arguments, which any table may take)
/// and its query string, still percent-encoded.
#[derive(Debug, Clone)]
pub struct Seed {
    pub path: Option<String>,
    pub query: String,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "node_modules") {
            files_under(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// The text of every quoted literal (`"`, `'` or `` ` ``) in `src` that
/// starts with `prefix`, up to its closing quote.
fn literals_after<'a>(src: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for quote in ['"', '\'', '`'] {
        let opener = format!("{quote}{prefix}");
        let mut rest = src;
        while let Some(at) = rest.find(&opener) {
            let body = &rest[at + 1..];
            let end = body.find(quote).unwrap_or(body.len());
            out.push(&body[..end]);
            rest = &body[end..];
        }
    }
    out
}

fn split_target(target: &str) -> Seed {
    let target = target.strip_prefix("/rest/v1").unwrap_or(target);
    match target.split_once('?') {
        Some((path, query)) => Seed {
            path: Some(path.to_string()),
            query: query.to_string(),
        },
        None => Seed {
            path: Some(target.to_string()),
            query: String::new(),
        },
    }
}

/// The first quoted argument of each `.{method}(` call in `src`, and the second
/// when it is a plain literal.
fn call_args(src: &str, method: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let opener = format!(".{method}(");
    let mut rest = src;
    while let Some(at) = rest.find(&opener) {
        rest = &rest[at + opener.len()..];
        let Some(first) = quoted(rest) else { continue };
        let after = rest[first.len() + 2..].trim_start();
        let second = after.strip_prefix(',').and_then(|a| {
            let a = a.trim_start();
            quoted(a).map(str::to_string).or_else(|| {
                let end = a.find([')', ',', ' '])?;
                Some(a[..end].to_string())
            })
        });
        out.push((first.to_string(), second));
    }
    out
}

fn quoted(s: &str) -> Option<&str> {
    let quote = s.chars().next().filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let body = &s[1..];
    body.find(quote).map(|end| &body[..end])
}

fn query_seed(query: String) -> Seed {
    Seed { path: None, query }
}

/// PostgREST operators that supabase-js builds from a method of the same name.
const FILTER_METHODS: [&str; 11] = [
    "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "match", "imatch",
];

fn js_seeds(src: &str, out: &mut Vec<Seed>) {
    for (arg, _) in call_args(src, "select") {
        out.push(query_seed(format!("select={arg}")));
    }
    for (arg, _) in call_args(src, "or") {
        out.push(query_seed(format!("or=({arg})")));
    }
    for (arg, second) in call_args(src, "order") {
        let dir = second
            .filter(|s| s.contains("false"))
            .map_or("", |_| ".desc");
        out.push(query_seed(format!("order={arg}{dir}")));
    }
    for op in FILTER_METHODS {
        for (column, value) in call_args(src, op) {
            let value = value.unwrap_or_default();
            out.push(query_seed(format!("{column}={op}.{value}")));
        }
    }
    for (column, value) in call_args(src, "in") {
        out.push(query_seed(format!(
            "{column}=in.({})",
            value.unwrap_or_default()
        )));
    }
    for target in literals_after(src, "/rest/v1/") {
        out.push(split_target(target));
    }
}

/// Every seed the repository's tests hold.
pub fn seeds() -> Vec<Seed> {
    let root = repo_root();
    let mut rust = Vec::new();
    for dir in [
        "crates/rest/src",
        "crates/rest-core/src",
        "crates/rest/tests",
        "crates/server/tests",
    ] {
        files_under(&root.join(dir), "rs", &mut rust);
    }
    let mut out = Vec::new();
    for file in &rust {
        let src = std::fs::read_to_string(file).unwrap_or_default();
        for target in literals_after(&src, "/") {
            if target.contains('?') || target.starts_with("/rpc/") {
                out.push(split_target(target));
            }
        }
    }
    let mut js = Vec::new();
    files_under(&root.join("tests/js"), "mjs", &mut js);
    for file in js
        .iter()
        .filter(|f| f.to_string_lossy().ends_with(".test.mjs"))
    {
        js_seeds(&std::fs::read_to_string(file).unwrap_or_default(), &mut out);
    }
    // Template literals with `${…}` are not requests until JavaScript runs them.
    out.retain(|s| !s.query.contains("${") && !s.path.as_deref().unwrap_or("").contains("${"));
    out
}
