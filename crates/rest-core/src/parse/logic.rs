//! `or=(…)`, `and=(…)`, `not.or=(…)` and their embedded forms (`rel.or=…`): trees of
//! conditions `col.op.value` and nested `and(…)`/`or(…)`/`not.and(…)`, at most
//! `MAX_LOGIC_DEPTH` groups deep.

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::filter::{op_expr, quoted_item, unquoted_item, Filter};
use super::limits::Limit;
use super::syntax::{delimiter, field, field_name, EmbedPath};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LogicTree {
    Expr {
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        negated: bool,
        op: LogicOp,
        children: Vec<LogicTree>,
    },
    Stmt(Filter),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LogicOp {
    And,
    Or,
}

/// Splits a logic key (`or`, `not.and`, `rel.sub.not.or`) into the embed path and
/// the operator word that, prefixed to the value, makes one logic tree to parse.
pub(crate) fn logic_path(c: &mut Cursor) -> PResult<(EmbedPath, String)> {
    let mut path = c.sep_by1(field_name, delimiter)?;
    let op = path.pop().unwrap_or_default();
    let negated = path.iter().any(|p| p == "not") || op == "not";
    path.retain(|p| p != "not");
    Ok((path, if negated { format!("not.{op}") } else { op }))
}

pub(crate) fn logic_tree(c: &mut Cursor) -> PResult<LogicTree> {
    c.alt(&[&|c| c.attempt(condition).map(LogicTree::Stmt), &|c| {
        let negated = c.label("negation operator (not)", |c| {
            c.alt(&[
                &|c| {
                    c.attempt(|c| {
                        c.string("not")?;
                        delimiter(c)
                    })
                    .map(|_| true)
                },
                &|_| Ok(false),
            ])
        })?;
        let op = c.label("logic operator (and, or)", |c| {
            c.alt(&[
                &|c| c.attempt(|c| c.string("and")).map(|_| LogicOp::And),
                &|c| c.string("or").map(|_| LogicOp::Or),
            ])
        })?;
        c.lexeme(|c| c.char('('))?;
        let children = c.nested(Limit::Logic, |c| {
            c.sep_by1(logic_tree, |c| c.lexeme(|c| c.char(',')))
        })?;
        c.lexeme(|c| c.char(')'))?;
        Ok(LogicTree::Expr {
            negated,
            op,
            children,
        })
    }])
}

fn condition(c: &mut Cursor) -> PResult<Filter> {
    let field = field(c)?;
    delimiter(c)?;
    let expr = op_expr(c, logic_value)?;
    Ok(Filter { field, expr })
}

/// A value inside a logic tree ends at `,` or `)`, unless quoted or a `{…}` array.
fn logic_value(c: &mut Cursor) -> PResult<String> {
    c.alt(&[&quoted_item, &|c| c.attempt(pg_array), &unquoted_item])
}

fn pg_array(c: &mut Cursor) -> PResult<String> {
    c.char('{')?;
    let inner: String = c
        .many(|c| c.satisfy(|ch| ch != '{' && ch != '}', None))?
        .into_iter()
        .collect();
    c.char('}')?;
    Ok(format!("{{{inner}}}"))
}

#[cfg(test)]
mod tests;
