//! The query string: decoding it as PostgREST does (`&` and `;` separate pairs, `+`
//! is a space), sorting each parameter into its role by its key (`select`, `order`,
//! `limit`, `or`, … possibly behind an embed path) and parsing it with its grammar.

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::filter::{op_expr, single_value, Filter};
use super::logic::{logic_path, logic_tree, LogicTree};
use super::order::{order, OrderTerm};
use super::range::{self, Bounds, RowRange};
use super::select::{forest, SelectItem};
use super::syntax::{columns, tree_path, EmbedPath};
use crate::error::Error;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueryParams {
    /// `select=`, `[Star]` when absent.
    pub select: Vec<SelectItem>,
    pub filters: Vec<Embedded<Filter>>,
    pub logic: Vec<Embedded<LogicTree>>,
    pub order: Vec<Embedded<Vec<OrderTerm>>>,
    /// `rel.limit`/`rel.offset` of embedded resources; the root range is
    /// `ApiRequest::range`.
    pub ranges: Vec<Embedded<RowRange>>,
    pub columns: Option<Vec<String>>,
    pub on_conflict: Option<Vec<String>>,
    /// For GET/HEAD on a function: every non-reserved parameter with its raw value.
    /// Whether it is an argument or a filter on the result needs the function's
    /// signature, so the planner decides; `filter` says it also parsed as one.
    pub rpc_params: Vec<RpcParam>,
}

/// A parameter that applies at `path` below the root (`rel.sub.col=eq.1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Embedded<T> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub path: EmbedPath,
    pub value: T,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RpcParam {
    pub name: String,
    pub value: String,
    pub filter: bool,
}

/// `%XX` escapes (malformed ones are kept as they are) and `+` as space,
/// for query strings and `application/x-www-form-urlencoded` bodies alike.
pub(crate) fn decode_component(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Pairs in order; a pair without `=` has no value and is ignored by every role.
pub(crate) fn pairs(query: &str) -> Vec<(String, Option<String>)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split(['&', ';'])
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode_component(k), Some(decode_component(v))),
            None => (decode_component(p), None),
        })
        .collect()
}

/// PostgreSQL text cannot hold the NUL character: in a name it would cut the
/// SQL text short, in a value PostgreSQL refuses it. So a decoded `%00`
/// anywhere in the query string is refused before any grammar reads it.
fn reject_nul(all: &[(String, Option<String>)]) -> Result<(), Error> {
    for (key, value) in all {
        let found = [("name", Some(key)), ("value", value.as_ref())]
            .into_iter()
            .find_map(|(part, text)| Some((part, text?.chars().position(|ch| ch == '\0')?)));
        if let Some((part, at)) = found {
            return Err(Error::QueryParam {
                message: format!(
                    "the query parameter \"{}\" contains the NUL character (%00)",
                    key.replace('\0', "\\0")
                ),
                details: format!(
                    "PostgreSQL text cannot hold NUL; found in the parameter's {part} at column {}",
                    at + 1
                ),
            });
        }
    }
    Ok(())
}

fn last_word(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

fn run<T>(
    what: &str,
    text: &str,
    input: &str,
    p: impl Fn(&mut Cursor) -> PResult<T>,
) -> Result<T, Error> {
    Cursor::run_named(|| format!("failed to parse {what} ({text})"), input, p).map_err(|e| {
        Error::QueryParam {
            message: e.message,
            details: e.details,
        }
    })
}

fn embed_path(key: &str) -> Result<EmbedPath, Error> {
    run("tree path", key, key, tree_path).map(|(path, _)| path)
}

/// Parses the query string. `rpc_read` is a GET/HEAD on a function, where a value
/// without an operator is an argument rather than a malformed filter. Also returns
/// the root's limit/offset bounds for the top-level range.
pub(crate) fn parse(query: &str, rpc_read: bool) -> Result<(QueryParams, Option<Bounds>), Error> {
    let all = pairs(query);
    reject_nul(&all)?;
    let first = |name: &str| {
        all.iter()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.as_deref())
    };
    let valued: Vec<(&str, &str)> = all
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.as_deref()?)))
        .collect();
    let ending = |words: &[&str]| -> Vec<(&str, &str)> {
        valued
            .iter()
            .copied()
            .filter(|(k, _)| words.contains(&last_word(k)))
            .collect()
    };

    let mut order_params = Vec::new();
    for (k, v) in ending(&["order"]) {
        let path = embed_path(k)?;
        order_params.push(Embedded {
            path,
            value: run("order", v, v, order)?,
        });
    }
    let mut logic = Vec::new();
    for (k, v) in ending(&["and", "or"]) {
        let (path, op) = run("logic path", k, k, logic_path)?;
        logic.push(Embedded {
            path,
            value: run("logic tree", v, &format!("{op}{v}"), logic_tree)?,
        });
    }
    let columns_param = first("columns")
        .map(|v| run("columns parameter", v, v, columns))
        .transpose()?;
    let select_text = first("select").unwrap_or("*");
    let select = run("select parameter", select_text, select_text, forest)?;

    let mut filters = Vec::new();
    let mut rpc_params = Vec::new();
    let reserved_end = ["order", "limit", "offset", "and", "or"];
    let reserved = ["select", "columns", "on_conflict"];
    for (k, v) in valued
        .iter()
        .copied()
        .filter(|(k, _)| !reserved_end.contains(&last_word(k)) && !reserved.contains(k))
    {
        let (path, field) = run("tree path", k, k, tree_path)?;
        let expr = if rpc_read {
            run("filter", v, v, |c| c.optional(|c| op_expr(c, single_value)))?
        } else {
            Some(run("filter", v, v, |c| op_expr(c, single_value))?)
        };
        if rpc_read {
            rpc_params.push(RpcParam {
                name: k.to_string(),
                value: v.to_string(),
                filter: expr.is_some(),
            });
        }
        if let Some(expr) = expr {
            filters.push(Embedded {
                path,
                value: Filter { field, expr },
            });
        }
    }
    let on_conflict = first("on_conflict")
        .map(|v| run("on_conflict parameter", v, v, columns))
        .transpose()?;

    // Later duplicates win, and a level's offset pairs with the same level's limit.
    let mut levels: Vec<(String, Option<&str>, Option<&str>)> = Vec::new();
    for (k, v) in ending(&["limit", "offset"]) {
        let (prefix, word) = k.rsplit_once('.').map_or(("", k), |(p, w)| (p, w));
        let entry = match levels.iter_mut().position(|(p, _, _)| p == prefix) {
            Some(i) => &mut levels[i],
            None => {
                levels.push((prefix.to_string(), None, None));
                levels.last_mut().expect("just pushed")
            }
        };
        if word == "limit" {
            entry.1 = Some(v)
        } else {
            entry.2 = Some(v)
        }
    }
    let mut root = None;
    let mut ranges = Vec::new();
    for (prefix, limit, offset) in levels {
        let bounds = range::level_bounds(limit, offset)?;
        if prefix.is_empty() {
            root = Some(bounds);
        } else {
            ranges.push(Embedded {
                path: embed_path(&format!("{prefix}.limit"))?,
                value: range::embedded(bounds)?,
            });
        }
    }

    let params = QueryParams {
        select,
        filters,
        logic,
        order: order_params,
        ranges,
        columns: columns_param,
        on_conflict,
        rpc_params,
    };
    Ok((params, root))
}

#[cfg(test)]
mod tests;
