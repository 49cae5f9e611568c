//! Filter values: `[not.]op[(any|all)].value`, `in.(…)`, `is.…`, `isdistinct.…` and the
//! full-text operators with their optional `(config)`. The same grammar serves a
//! filter parameter (the value runs to the end) and a condition inside `or=(…)`
//! (the value stops at `,` or `)` unless quoted); the caller picks the value parser.

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::syntax::{delimiter, identifier, quoted_value, Field};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Filter {
    pub field: Field,
    #[serde(flatten)]
    pub expr: OpExpr,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpExpr {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negated: bool,
    pub operation: Operation,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// Operators that take `(any)`/`(all)` over an array value: `eq(any).{1,2}`.
    /// For `like`/`ilike` the value already has `*` turned into `%`.
    Compare {
        op: CompareOp,
        #[serde(skip_serializing_if = "Option::is_none")]
        quantifier: Option<Quantifier>,
        value: String,
    },
    Simple {
        op: SimpleOp,
        value: String,
    },
    In(Vec<String>),
    Is(IsValue),
    IsDistinct(String),
    Fts {
        op: FtsOp,
        #[serde(skip_serializing_if = "Option::is_none")]
        config: Option<String>,
        value: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CompareOp {
    Eq,
    Gt,
    Gte,
    Lt,
    Lte,
    Like,
    Ilike,
    Match,
    Imatch,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quantifier {
    Any,
    All,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SimpleOp {
    Neq,
    Cs,
    Cd,
    Ov,
    Sl,
    Sr,
    Nxr,
    Nxl,
    Adj,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IsValue {
    Null,
    NotNull,
    True,
    False,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FtsOp {
    /// `fts`: to_tsquery
    Fts,
    /// `plfts`: plainto_tsquery
    Plfts,
    /// `phfts`: phraseto_tsquery
    Phfts,
    /// `wfts`: websearch_to_tsquery
    Wfts,
}

/// How a value ends: the whole rest of a parameter, or one item of a logic tree.
pub(crate) type ValueParser = fn(&mut Cursor) -> PResult<String>;

pub(crate) fn single_value(c: &mut Cursor) -> PResult<String> {
    Ok(c.rest())
}

/// Tries `keyword` as a unit, returning `value` when it matched.
fn keyword<T: Copy>(c: &mut Cursor, keyword: &'static str, value: T) -> PResult<T> {
    c.attempt(|c| c.string(keyword)).map(|_| value)
}

fn keyword_dot(c: &mut Cursor, word: &'static str) -> PResult<()> {
    c.attempt(|c| {
        c.string(word)?;
        delimiter(c).map(|_| ())
    })
}

pub(crate) fn op_expr(c: &mut Cursor, value: ValueParser) -> PResult<OpExpr> {
    let negated = c.alt(&[&|c| keyword_dot(c, "not").map(|_| true), &|_| Ok(false)])?;
    let operation = c.label("operator (eq, gt, ...)", |c| {
        c.alt(&[
            &|c| {
                keyword_dot(c, "in")?;
                list_value(c).map(Operation::In)
            },
            &|c| {
                keyword_dot(c, "is")?;
                is_value(c).map(Operation::Is)
            },
            &|c| {
                keyword_dot(c, "isdistinct")?;
                value(c).map(Operation::IsDistinct)
            },
            &|c| c.attempt(|c| fts(c, value)),
            &|c| c.attempt(|c| simple(c, value)),
            &|c| c.attempt(|c| compare(c, value)),
        ])
    })?;
    Ok(OpExpr { negated, operation })
}

fn fts(c: &mut Cursor, value: ValueParser) -> PResult<Operation> {
    use FtsOp::*;
    let op = c.alt(&[
        &|c| keyword(c, "fts", Fts),
        &|c| keyword(c, "plfts", Plfts),
        &|c| keyword(c, "phfts", Phfts),
        &|c| keyword(c, "wfts", Wfts),
    ])?;
    let config = c.optional(|c| {
        c.attempt(|c| {
            c.char('(')?;
            let config = identifier(c)?;
            c.char(')')?;
            Ok(config)
        })
    })?;
    delimiter(c)?;
    Ok(Operation::Fts {
        op,
        config,
        value: value(c)?,
    })
}

fn simple(c: &mut Cursor, value: ValueParser) -> PResult<Operation> {
    use SimpleOp::*;
    let op = c.label("unknown single value operator", |c| {
        c.alt(&[
            &|c| keyword(c, "neq", Neq),
            &|c| keyword(c, "cs", Cs),
            &|c| keyword(c, "cd", Cd),
            &|c| keyword(c, "ov", Ov),
            &|c| keyword(c, "sl", Sl),
            &|c| keyword(c, "sr", Sr),
            &|c| keyword(c, "nxr", Nxr),
            &|c| keyword(c, "nxl", Nxl),
            &|c| keyword(c, "adj", Adj),
        ])
    })?;
    delimiter(c)?;
    Ok(Operation::Simple {
        op,
        value: value(c)?,
    })
}

fn compare(c: &mut Cursor, value: ValueParser) -> PResult<Operation> {
    use CompareOp::*;
    let op = c.label("unknown single value operator", |c| {
        c.alt(&[
            &|c| keyword(c, "eq", Eq),
            &|c| keyword(c, "gte", Gte),
            &|c| keyword(c, "gt", Gt),
            &|c| keyword(c, "lte", Lte),
            &|c| keyword(c, "lt", Lt),
            &|c| keyword(c, "like", Like),
            &|c| keyword(c, "ilike", Ilike),
            &|c| keyword(c, "match", Match),
            &|c| keyword(c, "imatch", Imatch),
        ])
    })?;
    let quantifier = c.optional(|c| {
        c.attempt(|c| {
            c.char('(')?;
            let q = c.alt(&[&|c| keyword(c, "any", Quantifier::Any), &|c| {
                c.string("all").map(|_| Quantifier::All)
            }])?;
            c.char(')')?;
            Ok(q)
        })
    })?;
    delimiter(c)?;
    let mut value = value(c)?;
    // PostgREST lets URLs use `*` for SQL's `%`, which would otherwise need escaping.
    if matches!(op, Like | Ilike) {
        value = value.replace('*', "%");
    }
    Ok(Operation::Compare {
        op,
        quantifier,
        value,
    })
}

/// Case-insensitive keyword, one character at a time as PostgREST reads it.
fn ci_keyword(c: &mut Cursor, word: &str, value: IsValue) -> PResult<IsValue> {
    c.attempt(|c| {
        for ch in word.chars() {
            let upper = ch.to_ascii_uppercase();
            c.alt(&[&|c| c.char(ch), &|c| c.char(upper)])?;
        }
        Ok(value)
    })
}

fn is_value(c: &mut Cursor) -> PResult<IsValue> {
    use IsValue::*;
    c.label("isVal: (null, not_null, true, false, unknown)", |c| {
        c.alt(&[
            &|c| ci_keyword(c, "null", Null),
            &|c| ci_keyword(c, "not_null", NotNull),
            &|c| ci_keyword(c, "true", True),
            &|c| ci_keyword(c, "false", False),
            &|c| ci_keyword(c, "unknown", Unknown),
        ])
    })
}

/// `(a,"b,c",d)`: quoted items may hold commas and parentheses.
pub(crate) fn list_value(c: &mut Cursor) -> PResult<Vec<String>> {
    c.lexeme(|c| c.char('('))?;
    let items = c.sep_by1(list_element, |c| c.char(','))?;
    c.lexeme(|c| c.char(')'))?;
    Ok(items)
}

fn list_element(c: &mut Cursor) -> PResult<String> {
    c.alt(&[&quoted_item, &unquoted_item])
}

/// A quoted item counts only when it is the whole item (`"a"b` is read unquoted).
pub(crate) fn quoted_item(c: &mut Cursor) -> PResult<String> {
    c.attempt(|c| {
        let v = quoted_value(c)?;
        c.not_followed_by(|ch| ch != ',' && ch != ')', None)?;
        Ok(v)
    })
}

pub(crate) fn unquoted_item(c: &mut Cursor) -> PResult<String> {
    Ok(c.many(|c| c.satisfy(|ch| ch != ',' && ch != ')', None))?
        .into_iter()
        .collect())
}

#[cfg(test)]
mod tests;
