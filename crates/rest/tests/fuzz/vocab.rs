//! What the generator draws from: the fixture's own names (so generated
//! requests get past the schema checks) and fixed lists of the words clients
//! send (operators, values, casts, numbers, headers, bodies) and of the
//! tokens mutations insert.

use std::collections::HashMap;

use pleat_rest::schema_cache::SchemaCache;

/// The names the generator uses: the fixture's tables, columns, functions and
/// foreign keys, so that generated requests get past the schema checks.
pub struct Vocab {
    pub tables: Vec<String>,
    pub columns: Vec<String>,
    pub functions: Vec<String>,
    pub hints: Vec<String>,
    /// Each table's columns.
    pub columns_of: HashMap<String, Vec<String>>,
    /// Each table's embeddable neighbours, with the constraint that relates them.
    pub related: HashMap<String, Vec<(String, String)>>,
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
        // Computed fields are named like columns.
        let computed = |r: &pleat_rest::schema_cache::Relation| {
            cache
                .computed_fields(&r.qualified_name())
                .iter()
                .map(|f| f.name().to_string())
                .collect::<Vec<_>>()
        };
        columns.extend(cache.relations.values().flat_map(computed));
        columns.sort();
        columns.dedup();
        let columns_of = cache
            .relations
            .values()
            .map(|r| {
                let names = r
                    .columns
                    .iter()
                    .map(|c| c.name.clone())
                    .chain(computed(r))
                    .collect();
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

pub const METHODS: [&str; 10] = [
    "GET", "GET", "GET", "GET", "HEAD", "POST", "PATCH", "PUT", "DELETE", "OPTIONS",
];
pub const OPERATORS: [&str; 30] = [
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
pub const VALUES: [&str; 22] = [
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
pub const CASTS: [&str; 12] = [
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
pub const NUMBERS: [&str; 13] = [
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
pub const PREFER: [&str; 16] = [
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
pub const ACCEPT: [&str; 10] = [
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
pub const CONTENT_TYPES: [&str; 6] = [
    "application/json",
    "text/csv",
    "application/x-www-form-urlencoded",
    "text/plain",
    "application/octet-stream",
    "application/xml",
];
pub const BODIES: [&str; 12] = [
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
pub const QUOTED_NAMES: [&str; 7] = ["my col", "a\\\"b", "é", "x.y", "(", "*", "a,b"];
/// What mutations insert: the grammar's punctuation and words, and bytes that
/// have caused trouble before.
pub const TOKENS: [&str; 30] = [
    "(", ")", ",", ".", "!", ":", "::", "->", "->>", "\"", "%00", "%", "&", "=", "*", "...",
    "not.", "or(", "and(", "a(", "é", "\t", " ", "{", "}", "$", "\\", "%22", "%28", "+",
];
