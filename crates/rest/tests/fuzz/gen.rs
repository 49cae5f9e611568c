//! Grammar-shaped requests: methods, paths and headers as clients send them,
//! query strings built from the grammar (select trees, filters, logic trees,
//! orders, ranges) over the fixture's real names, seeds from the corpus, and
//! both of them mutated (tokens inserted, spans cut or repeated thousands of
//! times, `%00`, stray quotes and parentheses).

use std::collections::HashMap;

use super::corpus::Seed;
use super::rng::Rng;
use pleat_rest::schema_cache::SchemaCache;

/// One request, as the HTTP layer would hand it to `parse`.
#[derive(Debug, Clone)]
pub struct Case {
    pub method: &'static str,
    pub path: String,
    pub query: String,
    /// Lower-case names.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Case {
    /// The request on a few lines, long parts shortened to `max` characters.
    pub fn show(&self, max: usize) -> String {
        let cut = |s: &str| {
            // Control characters (NUL above all) shown as escapes, not written raw.
            let mut t: String = s
                .chars()
                .take(max)
                .map(|c| match c {
                    c if c.is_control() => c.escape_unicode().to_string(),
                    c => c.to_string(),
                })
                .collect();
            if s.chars().count() > max {
                t.push_str(&format!("… ({} characters)", s.chars().count()));
            }
            t
        };
        let headers: Vec<String> = self
            .headers
            .iter()
            .map(|(n, v)| format!("{n}: {}", cut(v)))
            .collect();
        format!(
            "{} {}?{}\n    headers: {}\n    body: {}",
            self.method,
            cut(&self.path),
            cut(&self.query),
            headers.join(" | "),
            cut(&self.body)
        )
    }
}

/// The names the generator uses: the fixture's tables, columns, functions and
/// foreign keys, so that generated requests get past the schema checks.
pub struct Vocab {
    tables: Vec<String>,
    columns: Vec<String>,
    functions: Vec<String>,
    hints: Vec<String>,
    /// Each table's columns.
    columns_of: HashMap<String, Vec<String>>,
    /// Each table's embeddable neighbours, with the constraint that relates them.
    related: HashMap<String, Vec<(String, String)>>,
}

impl Vocab {
    pub fn of(cache: &SchemaCache) -> Vocab {
        let mut tables: Vec<String> = cache.relations.keys().map(|q| q.name.clone()).collect();
        tables.sort();
        let mut columns: Vec<String> = cache
            .relations
            .values()
            .flat_map(|r| r.columns.iter().map(|c| c.name.clone()))
            .collect();
        columns.sort();
        columns.dedup();
        let mut functions: Vec<String> = cache.functions.keys().map(|q| q.name.clone()).collect();
        functions.sort();
        let mut hints: Vec<String> = cache
            .relationships
            .iter()
            .map(|r| r.constraint.clone())
            .collect();
        hints.sort();
        hints.dedup();
        let columns_of = cache
            .relations
            .values()
            .map(|r| {
                let names = r.columns.iter().map(|c| c.name.clone()).collect();
                (r.name.clone(), names)
            })
            .collect();
        let mut related: HashMap<String, Vec<(String, String)>> = HashMap::new();
        for r in &cache.relationships {
            related
                .entry(r.table.name.clone())
                .or_default()
                .push((r.foreign_table.name.clone(), r.constraint.clone()));
        }
        for targets in related.values_mut() {
            targets.sort();
        }
        Vocab {
            tables,
            columns,
            functions,
            hints,
            columns_of,
            related,
        }
    }
}

const METHODS: [&str; 10] = [
    "GET", "GET", "GET", "GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS",
];
const OPERATORS: [&str; 30] = [
    "eq",
    "neq",
    "gt",
    "gte",
    "lt",
    "lte",
    "like",
    "ilike",
    "match",
    "imatch",
    "in",
    "is",
    "isdistinct",
    "cs",
    "cd",
    "ov",
    "sl",
    "sr",
    "nxr",
    "nxl",
    "adj",
    "fts",
    "plfts",
    "phfts",
    "wfts",
    "fts(english)",
    "eq(any)",
    "like(all)",
    "not.eq",
    "bogus",
];
const VALUES: [&str; 22] = [
    "1",
    "abc",
    "null",
    "true",
    "not_null",
    "{1,2}",
    "(1,2,3)",
    "(\"a,b\",c)",
    "\"q,u)o\"",
    "*x*",
    "",
    "2024-01-01",
    "99999999999999999999",
    "-1",
    "é ü",
    "%00",
    "a.b.c",
    "%2C",
    "()",
    "[1]",
    "\\",
    "'; select 1 --",
];
const CASTS: [&str; 12] = [
    "text",
    "int",
    "int4",
    "double precision",
    "bigint",
    "jsonb",
    "numeric",
    "int4 from pg_authid",
    "text[]",
    "varchar(10)",
    "a$b",
    "1x",
];
const NUMBERS: [&str; 13] = [
    "0",
    "1",
    "10",
    "-1",
    "-9223372036854775808",
    "9223372036854775807",
    "99999999999999999999",
    "abc",
    "",
    " 3 ",
    "1e3",
    "-0",
    "9223372036854775806",
];
const PREFER: [&str; 16] = [
    "return=representation",
    "return=minimal",
    "return=headers-only",
    "count=exact",
    "count=planned",
    "count=estimated",
    "resolution=merge-duplicates",
    "resolution=ignore-duplicates",
    "missing=default",
    "handling=strict",
    "handling=lenient",
    "tx=rollback",
    "tx=commit",
    "max-affected=5",
    "timezone=UTC",
    "bogus",
];
const ACCEPT: [&str; 10] = [
    "application/json",
    "application/vnd.pgrst.object+json",
    "text/csv",
    "application/geo+json",
    "*/*",
    "application/vnd.pgrst.plan+json",
    "application/vnd.pgrst.object+json;nulls=stripped",
    "text/plain",
    "application/octet-stream",
    "application/vnd.pgrst.array+json;nulls=stripped",
];
const CONTENT_TYPES: [&str; 6] = [
    "application/json",
    "text/csv",
    "application/x-www-form-urlencoded",
    "text/plain",
    "application/octet-stream",
    "application/xml",
];
const BODIES: [&str; 12] = [
    "{\"id\":1,\"title\":\"x\"}",
    "[{\"id\":1},{\"id\":2,\"name\":\"y\"}]",
    "[]",
    "{}",
    "{\"a\":",
    "null",
    "id,title\n1,x\n2,\"y,z\"",
    "title=x&id=2",
    "\u{0}",
    "{\"x\":\"\\u0000\"}",
    "[[[[[[[[[[1]]]]]]]]]]",
    "{\"id\":99999999999999999999}",
];
/// Odd names, written in double quotes.
const QUOTED_NAMES: [&str; 7] = ["my col", "a\\\"b", "é", "x.y", "(", "*", "a,b"];
/// What mutations insert: the grammar's punctuation and words, and bytes that
/// have caused trouble before.
const TOKENS: [&str; 30] = [
    "(", ")", ",", ".", "!", ":", "::", "->", "->>", "\"", "%00", "%", "&", "=", "*", "...",
    "not.", "or(", "and(", "a(", "é", "\t", " ", "{", "}", "$", "\\", "%22", "%28", "+",
];

/// Percent-encodes what would otherwise split the query string, most of the
/// time; left raw, the separators make interesting input too.
fn encode(rng: &mut Rng, s: &str) -> String {
    if rng.chance(10) {
        return s.to_string();
    }
    let mut out = String::new();
    for ch in s.chars() {
        match ch {
            '&' | '=' | '+' | '#' | ';' => out.push_str(&format!("%{:02X}", ch as u32)),
            c if c.is_ascii() && !c.is_ascii_control() => out.push(c),
            c => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    out
}

struct Gen<'a> {
    rng: Rng,
    vocab: &'a Vocab,
    /// The table of the level being generated, whose names are used most.
    table: String,
}

impl Gen<'_> {
    fn column(&mut self) -> String {
        let own = self
            .vocab
            .columns_of
            .get(&self.table)
            .filter(|c| !c.is_empty());
        match (self.rng.below(20), own) {
            (0, _) => format!("\"{}\"", self.rng.pick(&QUOTED_NAMES)),
            (1, _) => "*".into(),
            (2..=15, Some(own)) => self.rng.pick(own).clone(),
            _ => self.rng.pick(&self.vocab.columns).clone(),
        }
    }

    fn json_path(&mut self) -> String {
        let steps = match self.rng.below(20) {
            0..=11 => 0,
            12..=17 => 1 + self.rng.below(3),
            18 => 60 + self.rng.below(10),
            _ => self.rng.below(3_000),
        };
        (0..steps)
            .map(|_| {
                let arrow = if self.rng.chance(50) { "->" } else { "->>" };
                let key = match self.rng.below(4) {
                    0 => self.rng.below(5).to_string(),
                    1 => "-1".into(),
                    2 => format!("\"k{}\"", self.rng.pick(&TOKENS)),
                    _ => "key".into(),
                };
                format!("{arrow}{key}")
            })
            .collect()
    }

    fn field(&mut self) -> String {
        let mut out = String::new();
        if self.rng.chance(20) {
            out.push_str("alias:");
        }
        out.push_str(&self.column());
        out.push_str(&self.json_path());
        if self.rng.chance(15) {
            out.push_str("::");
            let cast: &&str = self.rng.pick(&CASTS);
            out.push_str(cast);
        }
        if self.rng.chance(3) {
            out.push_str(".sum()");
        }
        out
    }

    /// `[alias:|...]target[!hint][!inner|!left]`; also moves `self.table` to
    /// the target, which the caller restores.
    fn embed_head(&mut self) -> String {
        let mut out = String::new();
        match self.rng.below(10) {
            0 => out.push_str("..."),
            1 => out.push_str("a:"),
            _ => {}
        }
        let neighbours = self
            .vocab
            .related
            .get(&self.table)
            .filter(|n| !n.is_empty());
        let (target, hint) = match neighbours {
            Some(n) if self.rng.chance(85) => self.rng.pick(n).clone(),
            _ => (
                self.rng.pick(&self.vocab.tables).clone(),
                self.rng.pick(&self.vocab.hints).clone(),
            ),
        };
        out.push_str(&target);
        if self.rng.chance(30) {
            out.push('!');
            out.push_str(&hint);
        }
        self.table = target;
        if self.rng.chance(15) {
            out.push_str(if self.rng.chance(50) {
                "!inner"
            } else {
                "!left"
            });
        }
        out
    }

    /// The generator recurses only this deep; deeper trees get their extra
    /// levels as one repeated head, so that only the code under test can
    /// overflow its stack.
    const RECURSION: usize = 40;

    fn select(&mut self, depth: usize) -> String {
        let level = self.table.clone();
        if depth > Self::RECURSION {
            let extra = depth - Self::RECURSION;
            let head = format!("{}(", self.embed_head());
            let inner = self.select(Self::RECURSION);
            self.table = level;
            return format!("{}{inner}{}", head.repeat(extra), ")".repeat(extra));
        }
        let items = 1 + self.rng.below(4);
        let embed_at = self.rng.below(items);
        (0..items)
            .map(|i| match self.rng.below(10) {
                _ if i == embed_at && depth > 0 => {
                    let head = self.embed_head();
                    let inner = self.select(depth - 1);
                    self.table = level.clone();
                    format!("{head}({inner})")
                }
                0 => "*".into(),
                1 => "count()".into(),
                _ => self.field(),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn condition(&mut self) -> String {
        format!(
            "{}{}.{}.{}",
            self.column(),
            self.json_path(),
            self.rng.pick(&OPERATORS),
            self.rng.pick(&VALUES)
        )
    }

    fn logic(&mut self, depth: usize) -> String {
        if depth > Self::RECURSION {
            let extra = depth - Self::RECURSION;
            let head = format!("{}(", self.rng.pick(&["or", "and", "not.or", "not.and"]));
            let inner = self.logic(Self::RECURSION);
            return format!("{}{inner}{}", head.repeat(extra), ")".repeat(extra));
        }
        let op = *self.rng.pick(&["or", "and", "not.or", "not.and"]);
        let children = 1 + self.rng.below(3);
        let nested_at = self.rng.below(children);
        let inner: Vec<String> = (0..children)
            .map(|i| {
                if i == nested_at && depth > 1 {
                    self.logic(depth - 1)
                } else {
                    self.condition()
                }
            })
            .collect();
        format!("{op}({})", inner.join(","))
    }

    /// A path of embeds for parameters that target them (`books.authors.`).
    fn embed_prefix(&mut self) -> String {
        (0..self.rng.below(3))
            .map(|_| format!("{}.", self.rng.pick(&self.vocab.tables)))
            .collect()
    }

    fn param(&mut self) -> String {
        let (key, value) = match self.rng.below(12) {
            0..=2 => {
                let depth = self.rng.depth();
                ("select".to_string(), self.select(depth))
            }
            3..=5 => {
                let key = format!(
                    "{}{}{}",
                    self.embed_prefix(),
                    self.column(),
                    self.json_path()
                );
                let value = format!("{}.{}", self.rng.pick(&OPERATORS), self.rng.pick(&VALUES));
                (key, value)
            }
            6 | 7 => {
                let depth = 1 + self.rng.depth();
                let tree = self.logic(depth);
                let (op, inner) = tree.split_once('(').unwrap_or(("or", ""));
                (format!("{}{op}", self.embed_prefix()), format!("({inner}"))
            }
            8 => {
                let dir = *self
                    .rng
                    .pick(&["", ".asc", ".desc.nullslast", ".nullsfirst", ".bogus"]);
                let col = self.column();
                (
                    format!("{}order", self.embed_prefix()),
                    format!("{col}{}{dir}", self.json_path()),
                )
            }
            9 => {
                let word = *self.rng.pick(&["limit", "offset"]);
                (
                    format!("{}{word}", self.embed_prefix()),
                    self.rng.pick(&NUMBERS).to_string(),
                )
            }
            10 => {
                let word = *self.rng.pick(&["columns", "on_conflict"]);
                (
                    word.to_string(),
                    format!("{},{}", self.column(), self.column()),
                )
            }
            _ => (self.column(), self.rng.pick(&VALUES).to_string()),
        };
        format!(
            "{}={}",
            encode(&mut self.rng, &key),
            encode(&mut self.rng, &value)
        )
    }

    fn path(&mut self) -> String {
        match self.rng.below(20) {
            0 | 1 if !self.vocab.functions.is_empty() => {
                format!("/rpc/{}", self.rng.pick(&self.vocab.functions))
            }
            2 => "/".into(),
            3 => format!("/{}", self.rng.pick(&TOKENS)),
            4 => "/a/b/c".into(),
            _ => format!("/{}", self.rng.pick(&self.vocab.tables)),
        }
    }

    fn headers(&mut self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.rng.chance(20) {
            let range = match self.rng.below(4) {
                0 => format!("{}-", self.rng.pick(&NUMBERS)),
                1 => format!(
                    "items={}-{}",
                    self.rng.pick(&NUMBERS),
                    self.rng.pick(&NUMBERS)
                ),
                _ => format!("{}-{}", self.rng.pick(&NUMBERS), self.rng.pick(&NUMBERS)),
            };
            out.push(("range".into(), range));
        }
        for _ in 0..self.rng.below(3) {
            out.push(("prefer".into(), self.rng.pick(&PREFER).to_string()));
        }
        if self.rng.chance(30) {
            out.push(("accept".into(), self.rng.pick(&ACCEPT).to_string()));
        }
        if self.rng.chance(60) {
            out.push((
                "content-type".into(),
                self.rng.pick(&CONTENT_TYPES).to_string(),
            ));
        }
        if self.rng.chance(5) {
            let name = *self.rng.pick(&["accept-profile", "content-profile"]);
            out.push((
                name.into(),
                self.rng.pick(&["public", "auth", "nope"]).to_string(),
            ));
        }
        out
    }

    /// Cuts, repeats and inserts at character boundaries of `s`.
    fn mutate(&mut self, s: &str) -> String {
        let mut chars: Vec<char> = s.chars().collect();
        for _ in 0..1 + self.rng.below(4) {
            let at = self.rng.below(chars.len() + 1);
            match self.rng.below(5) {
                0 => {
                    let token: Vec<char> = self.rng.pick(&TOKENS).chars().collect();
                    chars.splice(at..at, token);
                }
                1 => {
                    let end = (at + self.rng.below(8)).min(chars.len());
                    chars.drain(at..end);
                }
                2 => {
                    let end = (at + 1 + self.rng.below(12)).min(chars.len());
                    let span: Vec<char> = chars[at..end].to_vec();
                    let most = if self.rng.chance(10) { 3_000 } else { 4 };
                    let times = 1 + self.rng.below(most);
                    let repeated: Vec<char> = span
                        .iter()
                        .copied()
                        .cycle()
                        .take(span.len() * times)
                        .collect();
                    chars.splice(at..at, repeated);
                }
                3 => {
                    let token: Vec<char> = self
                        .rng
                        .pick(&["or(", "a(", "->k", "not.and("])
                        .chars()
                        .collect();
                    let times = 30 + self.rng.below(3_000);
                    let repeated: Vec<char> = token
                        .iter()
                        .copied()
                        .cycle()
                        .take(token.len() * times)
                        .collect();
                    chars.splice(at..at, repeated);
                }
                _ => chars.truncate(at),
            }
        }
        chars.into_iter().collect()
    }

    fn body(&mut self, method: &str) -> String {
        if !matches!(method, "POST" | "PATCH" | "PUT") {
            return String::new();
        }
        let body = self.rng.pick(&BODIES).to_string();
        if self.rng.chance(20) {
            self.mutate(&body)
        } else {
            body
        }
    }
}

/// Case `index` of the run seeded `seed`: the same numbers always make the
/// same request.
pub fn case(vocab: &Vocab, corpus: &[Seed], seed: u64, index: u64) -> Case {
    let mut g = Gen {
        rng: Rng::for_case(seed, index),
        vocab,
        table: String::new(),
    };
    let method = *g.rng.pick(&METHODS);
    let from_corpus = !corpus.is_empty() && g.rng.chance(35);
    let (path, mut query) = if from_corpus {
        let s = g.rng.pick(corpus).clone();
        (s.path.unwrap_or_else(|| g.path()), s.query)
    } else {
        let path = g.path();
        g.table = path.trim_start_matches('/').to_string();
        let params: Vec<String> = (0..g.rng.below(5)).map(|_| g.param()).collect();
        (path, params.join("&"))
    };
    if from_corpus && g.rng.chance(30) {
        query = format!("{query}&{}", g.param());
    }
    if g.rng.chance(if from_corpus { 40 } else { 15 }) {
        query = g.mutate(&query);
    }
    let headers = g.headers();
    let body = g.body(method);
    Case {
        method,
        path,
        query,
        headers,
        body,
    }
}
