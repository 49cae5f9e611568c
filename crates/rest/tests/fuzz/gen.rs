//! Grammar-shaped requests: methods, paths and headers as clients send them,
//! query strings built from the grammar (select trees, filters, logic trees,
//! orders, ranges) over the fixture's real names, and seeds from the corpus;
//! both are often mutated (`mutate.rs`).

use super::case::Case;
use super::corpus::Seed;
use super::mutate::mutate;
use super::rng::Rng;
use super::vocab::{
    Vocab, ACCEPT, BODIES, CASTS, CONTENT_TYPES, METHODS, NUMBERS, OPERATORS, PREFER, QUOTED_NAMES,
    TOKENS, VALUES,
};

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

    fn body(&mut self, method: &str) -> String {
        if !matches!(method, "POST" | "PATCH" | "PUT") {
            return String::new();
        }
        let body = self.rng.pick(&BODIES).to_string();
        if self.rng.chance(20) {
            mutate(&mut self.rng, &body)
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
        query = mutate(&mut g.rng, &query);
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
