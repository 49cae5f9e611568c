//! `select=`: the tree of columns, casts, aliases, aggregates and embedded resources
//! (`alias:rel!hint!inner(...)`, spreads `...rel(...)`), nested at most
//! `MAX_EMBED_DEPTH` levels deep.

use serde::Serialize;

use super::cursor::{Cursor, PResult};
use super::limits::Limit;
use super::syntax::{self, field_name, identifier, Field};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SelectItem {
    /// `*`: every column of the resource.
    Star,
    Field {
        field: Field,
        #[serde(skip_serializing_if = "Option::is_none")]
        alias: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        cast: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        aggregate: Option<Aggregate>,
    },
    /// `count()` on its own: the number of rows (an aggregate over `*`).
    Count {
        #[serde(skip_serializing_if = "Option::is_none")]
        alias: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        cast: Option<String>,
    },
    /// `alias:rel!hint!inner(children)`
    Relation {
        name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        alias: Option<String>,
        embed: EmbedParams,
        children: Vec<SelectItem>,
    },
    /// `...rel!hint(children)`: the child's columns are lifted into the parent.
    Spread {
        name: String,
        embed: EmbedParams,
        children: Vec<SelectItem>,
    },
}

/// An aggregate applied to a field (`col.sum()`), with the cast of its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Aggregate {
    pub function: AggregateFunction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cast: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AggregateFunction {
    Sum,
    Avg,
    Count,
    Max,
    Min,
}

/// The `!hint` and `!inner`/`!left` modifiers of an embed, in either order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct EmbedParams {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub join: Option<JoinType>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum JoinType {
    Inner,
    Left,
}

pub(crate) fn forest(c: &mut Cursor) -> PResult<Vec<SelectItem>> {
    c.sep_by(tree, |c| c.lexeme(|c| c.char(',')))
}

fn children(c: &mut Cursor) -> PResult<Vec<SelectItem>> {
    c.char('(')?;
    let items = c.nested(Limit::Embed, forest)?;
    c.char(')')?;
    Ok(items)
}

fn tree(c: &mut Cursor) -> PResult<SelectItem> {
    c.alt(&[
        &|c| {
            let (name, embed) = c.attempt(spread_head)?;
            Ok(SelectItem::Spread {
                name,
                embed,
                children: children(c)?,
            })
        },
        &|c| {
            let (name, alias, embed) = c.attempt(relation_head)?;
            Ok(SelectItem::Relation {
                name,
                alias,
                embed,
                children: children(c)?,
            })
        },
        &field_select,
    ])
}

fn open_paren_ahead(c: &mut Cursor) -> PResult<()> {
    c.attempt(|c| c.lookahead(|c| c.string("(")))
}

fn spread_head(c: &mut Cursor) -> PResult<(String, EmbedParams)> {
    c.lexeme(|c| {
        c.string("...")?;
        let name = field_name(c)?;
        let embed = embed_params(c)?;
        open_paren_ahead(c)?;
        Ok((name, embed))
    })
}

/// `alias:` — a single colon, since `::` starts a cast.
fn alias(c: &mut Cursor) -> PResult<Option<String>> {
    c.optional(|c| {
        c.attempt(|c| {
            let name = field_name(c)?;
            c.char(':')?;
            c.not_followed_by(|ch| ch == ':', Some("\":\""))?;
            Ok(name)
        })
    })
}

fn relation_head(c: &mut Cursor) -> PResult<(String, Option<String>, EmbedParams)> {
    c.lexeme(|c| {
        let alias = alias(c)?;
        let name = field_name(c)?;
        // `count()` is the aggregate, not an embed of a relation called count.
        if name == "count" {
            return c.alt(&[]);
        }
        let embed = embed_params(c)?;
        open_paren_ahead(c)?;
        Ok((name, alias, embed))
    })
}

enum EmbedParam {
    Hint(String),
    Join(JoinType),
}

fn embed_params(c: &mut Cursor) -> PResult<EmbedParams> {
    let param = |c: &mut Cursor| {
        c.char('!')?;
        c.alt(&[
            &|c| {
                c.attempt(|c| c.string("left"))
                    .map(|_| EmbedParam::Join(JoinType::Left))
            },
            &|c| {
                c.attempt(|c| c.string("inner"))
                    .map(|_| EmbedParam::Join(JoinType::Inner))
            },
            &|c| c.attempt(field_name).map(EmbedParam::Hint),
        ])
    };
    let first = c.optional(param)?;
    let second = c.optional(param)?;
    let mut out = EmbedParams::default();
    for p in [first, second].into_iter().flatten() {
        match p {
            EmbedParam::Hint(h) => out.hint = out.hint.or(Some(h)),
            EmbedParam::Join(j) => out.join = out.join.or(Some(j)),
        }
    }
    Ok(out)
}

fn item_end(c: &mut Cursor) -> PResult<()> {
    c.alt(&[
        &|c| c.attempt(|c| c.lookahead(|c| c.string(")"))),
        &|c| c.attempt(|c| c.lookahead(|c| c.string(","))),
        &|c| c.attempt(|c| c.eof()),
    ])
}

fn cast_suffix(c: &mut Cursor) -> PResult<Option<String>> {
    c.optional(|c| {
        c.string("::")?;
        identifier(c)
    })
}

fn aggregate_function(c: &mut Cursor) -> PResult<AggregateFunction> {
    use AggregateFunction::*;
    c.alt(&[
        &|c| c.string("sum").map(|_| Sum),
        &|c| c.string("avg").map(|_| Avg),
        &|c| c.string("count").map(|_| Count),
        &|c| c.attempt(|c| c.string("max")).map(|_| Max),
        &|c| c.attempt(|c| c.string("min")).map(|_| Min),
    ])
}

fn field_select(c: &mut Cursor) -> PResult<SelectItem> {
    c.lexeme(|c| {
        c.alt(&[
            &|c| {
                c.attempt(|c| {
                    c.string("*")?;
                    item_end(c)
                })?;
                Ok(SelectItem::Star)
            },
            &|c| {
                c.attempt(|c| {
                    let alias = alias(c)?;
                    c.string("count()")?;
                    let cast = cast_suffix(c)?;
                    item_end(c)?;
                    Ok(SelectItem::Count { alias, cast })
                })
            },
            &|c| {
                let alias = alias(c)?;
                let field = syntax::field(c)?;
                let cast = cast_suffix(c)?;
                let function = c.optional(|c| {
                    c.attempt(|c| {
                        c.char('.')?;
                        let f = aggregate_function(c)?;
                        c.string("()")?;
                        Ok(f)
                    })
                })?;
                let aggregate_cast = cast_suffix(c)?;
                item_end(c)?;
                let aggregate = function.map(|function| Aggregate {
                    function,
                    cast: aggregate_cast,
                });
                // A quoted "*" names all columns just like a bare one.
                if field.name == "*"
                    && field.json_path.is_empty()
                    && alias.is_none()
                    && cast.is_none()
                    && aggregate.is_none()
                {
                    return Ok(SelectItem::Star);
                }
                Ok(SelectItem::Field {
                    field,
                    alias,
                    cast,
                    aggregate,
                })
            },
        ])
    })
}

#[cfg(test)]
mod tests;
