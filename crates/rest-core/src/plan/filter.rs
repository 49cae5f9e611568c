//! Filters, `or`/`and` trees and `order` resolved against one level of a read:
//! columns typed, `rel=is.null` turned into the embed-null condition, and related
//! orders (`order=rel(col)`) checked to be on to-one embeds.

use super::columns::Columns;
use super::ir::{Cond, Embed, OrderItem, OrderTarget, SelectField, TableRef};
use crate::error::{DbError, Error};
use crate::parse::{Field, Filter, IsValue, LogicTree, Operation, OrderTerm};
use crate::schema_cache::{Column, SchemaCache};

/// `rel=is.null` / `rel=not.is.null` on an embedded resource of this level;
/// any other operator on an embed is PGRST120, as in PostgREST.
fn null_embed(filter: &Filter, embeds: &[Embed]) -> Option<Result<Cond, Error>> {
    if !filter.field.json_path.is_empty() {
        return None;
    }
    let embed = embeds
        .iter()
        .find(|e| e.name == filter.field.name || e.key == filter.field.name)?;
    Some(match filter.expr.operation {
        Operation::Is(IsValue::Null) => Ok(Cond::NullEmbed {
            is_null: !filter.expr.negated,
            agg_alias: embed.agg_alias.clone(),
        }),
        _ => Err(Error::BadEmbedOperator(embed.name.clone())),
    })
}

pub fn filter(cols: Columns, embeds: &[Embed], filter: &Filter) -> Result<Cond, Error> {
    if let Some(cond) = null_embed(filter, embeds) {
        return cond;
    }
    Ok(Cond::Filter {
        column: cols.column_ref(&filter.field)?,
        expr: filter.expr.clone(),
    })
}

pub fn tree(cols: Columns, embeds: &[Embed], tree: &LogicTree) -> Result<Cond, Error> {
    Ok(match tree {
        LogicTree::Stmt(f) => filter(cols, embeds, f)?,
        LogicTree::Expr {
            negated,
            op,
            children,
        } => Cond::Logic {
            negated: *negated,
            op: *op,
            children: children
                .iter()
                .map(|c| self::tree(cols, embeds, c))
                .collect::<Result<_, _>>()?,
        },
    })
}

/// A column of a to-one embed's output, as `order=rel(col)` references it through
/// the join alias: it must be one of the embed's selected columns.
fn related_column(
    cache: &SchemaCache,
    embed: &Embed,
    field: &Field,
) -> Result<super::ir::ColumnRef, Error> {
    let columns: &[Column] = cache
        .relation(&embed.node.relation.schema, &embed.node.relation.name)
        .map(|r| r.columns.as_slice())
        .unwrap_or(&[]);
    let star = embed.node.select.is_empty() || embed.node.select.contains(&SelectField::Star);
    let selected = embed
        .node
        .select
        .iter()
        .any(|s| s.output_name().as_deref() == Some(&field.name));
    let alias = TableRef::Alias(embed.agg_alias.clone());
    let column = columns.iter().find(|c| c.name == field.name);
    match column {
        Some(_) if star || selected => Columns {
            table: &alias,
            columns,
            computed: &[],
        }
        .column_ref(field),
        None if selected => Ok(super::ir::ColumnRef {
            name: field.name.clone(),
            json_path: field.json_path.clone(),
            to_jsonb: !field.json_path.is_empty(),
            value_type: "text".into(),
            computed: None,
        }),
        _ => Err(DbError::undefined_column(&embed.agg_alias, &field.name).into()),
    }
}

/// `origin` names this level in PGRST118.
pub fn order(
    cache: &SchemaCache,
    cols: Columns,
    embeds: &[Embed],
    origin: &str,
    terms: &[OrderTerm],
) -> Result<Vec<OrderItem>, Error> {
    terms
        .iter()
        .map(|t| {
            let target = match &t.relation {
                None => OrderTarget::Column(cols.column_ref(&t.field)?),
                Some(rel) => {
                    let embed = embeds
                        .iter()
                        .find(|e| &e.key == rel)
                        .ok_or_else(|| Error::NotEmbedded(rel.clone()))?;
                    if !embed.to_one {
                        return Err(Error::RelatedOrderNotToOne {
                            origin: origin.to_string(),
                            target: rel.clone(),
                        });
                    }
                    OrderTarget::Related {
                        agg_alias: embed.agg_alias.clone(),
                        column: related_column(cache, embed, &t.field)?,
                    }
                }
            };
            Ok(OrderItem {
                target,
                direction: t.direction,
                nulls: t.nulls,
            })
        })
        .collect()
}
