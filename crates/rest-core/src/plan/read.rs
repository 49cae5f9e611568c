//! Building the read tree: each level's fields, its embedded resources (found
//! through relationships, aliased as PostgREST aliases them), its conditions,
//! order and range, with `max_rows` capping every level of a read.

use super::columns::{checked_cast, json_alias, Columns};
use super::ir::{
    AggregateCall, ComputedCall, ComputedSource, Embed, Hoisted, ReadNode, SelectField, TableRef,
};
use super::skeleton::Skeleton;
use super::{filter, relate};
use crate::error::Error;
use crate::parse::{AggregateFunction, Field, JoinType, RowRange, SelectItem};
use crate::schema_cache::{Cardinality, Column, QualifiedName, SchemaCache};

pub struct ReadCtx<'a> {
    pub cache: &'a SchemaCache,
    pub schema: &'a str,
    /// `PlanSettings::max_rows` for reads and calls; `None` for the representation
    /// of a mutation, which is never capped.
    pub max_rows: Option<i64>,
    /// A mutation's representation ignores `order` and `limit` on embeds, as
    /// PostgREST does.
    pub mutation: bool,
    /// PostgREST's `db-aggregates-enabled`: `count()`, `col.sum()` … are allowed.
    pub aggregates: bool,
}

/// Where a level's rows come from.
pub struct Level<'a> {
    pub relation: QualifiedName,
    pub columns: &'a [Column],
    pub table: TableRef,
    pub from_source: bool,
}

pub fn restrict(range: RowRange, max_rows: Option<i64>) -> RowRange {
    match max_rows {
        None => range,
        Some(max) => RowRange {
            offset: range.offset,
            limit: Some(range.limit.map_or(max, |l| l.min(max))),
        },
    }
}

fn select_field(cols: Columns, item: &SelectItem) -> Result<SelectField, Error> {
    match item {
        SelectItem::Star => Ok(SelectField::Star),
        SelectItem::Count { alias, cast } => Ok(SelectField::CountAll {
            cast: cast.as_deref().map(checked_cast).transpose()?,
            alias: alias.clone().unwrap_or_else(|| "count".to_string()),
            legacy: false,
        }),
        SelectItem::Field {
            field,
            alias,
            cast,
            aggregate: None,
        } if field.name == "count" && field.json_path.is_empty() && cols.get("count").is_err() => {
            Ok(SelectField::CountAll {
                cast: cast.as_deref().map(checked_cast).transpose()?,
                alias: alias.clone().unwrap_or_else(|| "count".to_string()),
                legacy: true,
            })
        }
        SelectItem::Field {
            field,
            alias,
            cast,
            aggregate,
        } => {
            let aggregate = aggregate
                .as_ref()
                .map(|a| -> Result<AggregateCall, Error> {
                    Ok(AggregateCall {
                        function: a.function,
                        cast: a.cast.as_deref().map(checked_cast).transpose()?,
                    })
                })
                .transpose()?;
            // An aggregate is named after its function, as PostgreSQL labels it,
            // even over a JSON path.
            let alias = match &aggregate {
                Some(a) => Some(alias.clone().unwrap_or_else(|| a.default_alias().into())),
                None => alias.clone().or_else(|| json_alias(field)),
            };
            let column = cols.column_ref(field)?;
            // The key is the field's name, as for a column: said outright
            // rather than left to how PostgreSQL labels a function call.
            let alias = match column.computed {
                Some(_) => alias.or_else(|| Some(field.name.clone())),
                None => alias,
            };
            Ok(SelectField::Column {
                column,
                cast: cast.as_deref().map(checked_cast).transpose()?,
                alias,
                aggregate,
            })
        }
        SelectItem::Relation { .. } | SelectItem::Spread { .. } => {
            unreachable!("embeds are children of the skeleton")
        }
    }
}

fn is_aggregate(item: &SelectItem) -> bool {
    matches!(
        item,
        SelectItem::Count { .. }
            | SelectItem::Field {
                aggregate: Some(_),
                ..
            }
    )
}

/// `*` as every column by name: a grouped read groups by each of them, and a
/// spread under it lifts them by name into its parent's `GROUP BY`.
fn expand_star(cols: Columns, select: Vec<SelectField>) -> Result<Vec<SelectField>, Error> {
    let mut out = Vec::with_capacity(select.len());
    for f in select {
        if f != SelectField::Star {
            out.push(f);
            continue;
        }
        for c in cols.columns {
            let field = Field {
                name: c.name.clone(),
                json_path: Vec::new(),
            };
            out.push(SelectField::Column {
                column: cols.column_ref(&field)?,
                cast: None,
                alias: None,
                aggregate: None,
            });
        }
    }
    Ok(out)
}

/// A spread below this level (through spreads) aggregates, so this level will
/// group once the aggregates are hoisted into it.
fn hoists_into(skel: &Skeleton) -> bool {
    skel.children
        .iter()
        .any(|c| c.spread && (c.fields.iter().any(is_aggregate) || hoists_into(c)))
}

/// Takes a to-one spread's aggregates out of its own select (which then reads the
/// plain values under the aggregates' names) along with those its own to-one
/// spreads hoisted, for the parent to apply: aggregating the one row a to-one
/// join gives would be a no-op, as PostgREST reasons.
fn hoist(node: &mut ReadNode) -> Vec<Hoisted> {
    let mut out = Vec::new();
    for f in &mut node.select {
        match f {
            SelectField::Column {
                aggregate, alias, ..
            } => {
                if let (Some(a), Some(name)) = (aggregate.take(), alias.clone()) {
                    out.push(Hoisted { name, aggregate: a });
                }
            }
            SelectField::CountAll {
                cast,
                alias,
                legacy: false,
            } => {
                out.push(Hoisted {
                    name: alias.clone(),
                    aggregate: AggregateCall {
                        function: AggregateFunction::Count,
                        cast: cast.take(),
                    },
                });
                *f = SelectField::Row {
                    alias: alias.clone(),
                };
            }
            _ => {}
        }
    }
    for e in node.embeds.iter_mut().filter(|e| e.spread && e.to_one) {
        out.append(&mut e.hoisted);
    }
    out
}

/// Selects nothing at all, down the whole subtree (`rel()`, `rel(sub())`).
fn selects_nothing(skel: &Skeleton) -> bool {
    skel.fields.is_empty() && skel.children.iter().all(selects_nothing)
}

fn embed(
    ctx: &ReadCtx,
    parent: &Level,
    skel: &Skeleton,
    depth: usize,
    grouped: bool,
) -> Result<Embed, Error> {
    let rel = relate::find(
        ctx.cache,
        ctx.schema,
        &parent.relation,
        &skel.name,
        skel.embed.hint.as_deref(),
    )?;
    // A to-many spread lifts each column as an array of the related rows' values,
    // so its columns must be known by name: its stars are expanded as under an
    // aggregate.
    let to_many_spread = skel.spread && !rel.is_to_one();
    let target = ctx
        .cache
        .relation(&rel.foreign_table.schema, &rel.foreign_table.name)
        .ok_or_else(|| {
            anyhow::anyhow!("relationship to unknown relation {:?}", rel.foreign_table)
        })?;
    let m2m = matches!(rel.cardinality, Cardinality::ManyToMany { .. });
    let table = if m2m {
        TableRef::Qualified(rel.foreign_table.clone())
    } else {
        TableRef::Alias(format!("{}_{depth}", rel.foreign_table.name))
    };
    let level = Level {
        relation: rel.foreign_table.clone(),
        columns: &target.columns,
        table: table.clone(),
        from_source: false,
    };
    let range = restrict(
        if ctx.mutation { None } else { skel.range }.unwrap_or(RowRange::ALL),
        ctx.max_rows,
    );
    let mut node = node(ctx, &level, skel, range, depth, grouped || to_many_spread)?;
    let hoisted = match (skel.spread, rel.is_to_one()) {
        (true, true) => hoist(&mut node),
        _ => Vec::new(),
    };
    // Without the setting, the aggregate itself was the error (PGRST123).
    if to_many_spread && node.is_grouped() {
        return Err(Error::NotImplemented(
            "Aggregates are not implemented for one-to-many or many-to-many spreads.".into(),
        ));
    }
    Ok(Embed {
        join: relate::join_conditions(rel, &table, &parent.table),
        junction: match &rel.cardinality {
            Cardinality::ManyToMany { junction, .. } => Some(junction.clone()),
            _ => None,
        },
        parent_columns: rel.columns.clone(),
        computed: match &rel.cardinality {
            Cardinality::Computed { function, .. } => Some(ComputedSource {
                call: ComputedCall {
                    function: function.clone(),
                    row_type: rel.table.clone(),
                },
                parent: parent.table.clone(),
            }),
            _ => None,
        },
        name: skel.name.clone(),
        key: skel.key().to_string(),
        agg_alias: format!("{}_{}_{depth}", rel.table.name, skel.key()),
        to_one: rel.is_to_one(),
        inner: skel.embed.join == Some(JoinType::Inner),
        spread: skel.spread,
        empty: selects_nothing(skel),
        node,
        hoisted,
    })
}

/// One level and everything below it; `depth` is the level's (the root is 0), and
/// `grouped` says a level above aggregates.
pub fn node(
    ctx: &ReadCtx,
    level: &Level,
    skel: &Skeleton,
    range: RowRange,
    depth: usize,
    grouped: bool,
) -> Result<ReadNode, Error> {
    let aggregates = skel.fields.iter().any(is_aggregate);
    let grouped = grouped || aggregates || hoists_into(skel);
    let embeds = skel
        .children
        .iter()
        .map(|child| embed(ctx, level, child, depth + 1, grouped))
        .collect::<Result<Vec<_>, _>>()?;
    if aggregates && !ctx.aggregates {
        return Err(Error::AggregatesNotAllowed);
    }
    let cols = Columns {
        table: &level.table,
        columns: level.columns,
        computed: ctx.cache.computed_fields(&level.relation),
    };
    let select = skel
        .fields
        .iter()
        .map(|f| select_field(cols, f))
        .collect::<Result<Vec<_>, _>>()?;
    let select = match grouped {
        true => expand_star(cols, select)?,
        false => select,
    };
    let mut conds = skel
        .filters
        .iter()
        .map(|f| filter::filter(cols, &embeds, f))
        .collect::<Result<Vec<_>, _>>()?;
    for tree in &skel.logic {
        conds.push(filter::tree(cols, &embeds, tree)?);
    }
    let order = if ctx.mutation {
        Vec::new()
    } else {
        filter::order(ctx.cache, cols, &embeds, &level.relation.name, &skel.order)?
    };
    Ok(ReadNode {
        relation: level.relation.clone(),
        from_source: level.from_source,
        table: level.table.clone(),
        select,
        conds,
        order,
        range,
        embeds,
    })
}

/// The root of a read with its top-level `range`.
pub fn root(
    ctx: &ReadCtx,
    level: &Level,
    skel: &Skeleton,
    range: RowRange,
) -> Result<ReadNode, Error> {
    node(ctx, level, skel, restrict(range, ctx.max_rows), 0, false)
}
