//! A read tree as one `SELECT`: each embed a `LEFT`/`INNER JOIN LATERAL` subquery,
//! to-one as `row_to_json(alias.*)`, to-many as a `json_agg` defaulting to `[]`,
//! spreads lifting the embed's columns, a computed relationship reading from its
//! function; and the count query PostgREST runs
//! beside it (`SELECT 1 …` with the root's conditions, `EXISTS` for inner joins).
//! A level with aggregates groups by everything else it selects, its embeds
//! included, as PostgREST does; a to-one spread's aggregates are applied where
//! its parent lifts them. A to-many spread lifts each column as a JSON array.

use super::filter;
use super::{column, computed_call, field, ident, limit_offset, qualified, table};
use crate::parse::{AggregateFunction, Direction, Nulls};
use crate::plan::ir::{
    AggregateCall, CastType, Cond, Embed, JoinCond, OrderItem, OrderTarget, ReadNode, SelectField,
    TableRef,
};
use crate::statement::Statement;

fn cast_to(expr: String, cast: Option<&CastType>) -> String {
    match cast {
        Some(cast) => format!("CAST({expr} AS {})", cast.as_sql()),
        None => expr,
    }
}

fn aggregate(expr: String, a: &AggregateCall) -> String {
    let function = match a.function {
        AggregateFunction::Sum => "SUM",
        AggregateFunction::Avg => "AVG",
        AggregateFunction::Count => "COUNT",
        AggregateFunction::Max => "MAX",
        AggregateFunction::Min => "MIN",
    };
    cast_to(format!("{function}({expr})"), a.cast.as_ref())
}

fn select_field(st: &mut Statement, t: &TableRef, f: &SelectField) -> String {
    match f {
        SelectField::Star => format!("{}.*", table(t)),
        SelectField::Column {
            column,
            cast,
            alias,
            aggregate: agg,
        } => {
            let mut out = cast_to(field(st, t, column), cast.as_ref());
            if let Some(a) = agg {
                out = aggregate(out, a);
            }
            if let Some(alias) = alias {
                out = format!("{out} AS {}", ident(alias));
            }
            out
        }
        SelectField::Row { alias } => format!("TRUE AS {}", ident(alias)),
        SelectField::CountAll { cast, alias, .. } => {
            format!(
                "{} AS {}",
                cast_to("COUNT(*)".into(), cast.as_ref()),
                ident(alias)
            )
        }
    }
}

/// `GROUP BY` every selected term that is not an aggregate (by its alias when it
/// has one) and every embed's output, when the level has an aggregate.
fn group_by(st: &mut Statement, node: &ReadNode) -> String {
    if !node.is_grouped() {
        return String::new();
    }
    let mut terms: Vec<String> = Vec::new();
    for f in &node.select {
        match f {
            SelectField::Column {
                aggregate: None,
                alias: Some(alias),
                ..
            } => terms.push(ident(alias)),
            SelectField::Column {
                aggregate: None,
                column,
                ..
            } => terms.push(field(st, &node.table, column)),
            _ => {}
        }
    }
    for e in node.embeds.iter().filter(|e| !e.empty) {
        match e.spread {
            false => terms.push(ident(&e.key)),
            // Stars under an aggregate were expanded by the planner, so a spread
            // names its columns.
            true => terms.extend(
                spread_names(&e.node)
                    .unwrap_or_default()
                    .iter()
                    .filter(|n| !e.hoisted.iter().any(|h| &h.name == *n))
                    .map(|n| format!("{}.{}", ident(&e.agg_alias), ident(n))),
            ),
        }
    }
    match terms.is_empty() {
        true => String::new(),
        false => format!(" GROUP BY {}", terms.join(", ")),
    }
}

/// The columns a spread embed lifts into its parent: its fields, its embeds, and
/// what its own spreads lift; `None` when it selects `*`.
fn spread_names(node: &ReadNode) -> Option<Vec<String>> {
    if node.select.contains(&SelectField::Star)
        || (node.select.is_empty() && node.embeds.is_empty())
    {
        return None;
    }
    let mut names: Vec<String> = node
        .select
        .iter()
        .filter_map(SelectField::output_name)
        .collect();
    for e in node.embeds.iter().filter(|e| !e.empty) {
        match e.spread {
            true => names.extend(spread_names(&e.node)?),
            false => names.push(e.key.clone()),
        }
    }
    Some(names)
}

/// What an embed contributes to its parent's select list.
fn embed_columns(e: &Embed) -> Vec<String> {
    let agg = ident(&e.agg_alias);
    if e.empty {
        return Vec::new();
    }
    if e.spread {
        return match spread_names(&e.node) {
            None => vec![format!("{agg}.*")],
            Some(names) => names
                .iter()
                .map(|n| {
                    let lifted = format!("{agg}.{}", ident(n));
                    match e.hoisted.iter().find(|h| &h.name == n) {
                        Some(h) => format!("{} AS {}", aggregate(lifted, &h.aggregate), ident(n)),
                        None => lifted,
                    }
                })
                .collect(),
        };
    }
    if e.to_one {
        vec![format!("row_to_json({agg}.*)::jsonb AS {}", ident(&e.key))]
    } else {
        vec![format!("COALESCE({agg}.{agg}, '[]') AS {}", ident(&e.key))]
    }
}

fn join_cond(j: &JoinCond) -> String {
    format!(
        "{} = {}",
        column(&j.child.0, &j.child.1),
        column(&j.parent.0, &j.parent.1)
    )
}

fn join(st: &mut Statement, e: &Embed) -> String {
    let agg = ident(&e.agg_alias);
    let kind = if e.inner { "INNER" } else { "LEFT" };
    let sub = node_select(st, &e.node, e);
    if e.to_one {
        return format!(" {kind} JOIN LATERAL ({sub}) AS {agg} ON TRUE");
    }
    let on = if e.inner {
        format!("{agg} IS NOT NULL")
    } else {
        "TRUE".into()
    };
    // A to-many spread lifts each of its columns as the array of its rows' values
    // (`[]` without rows), aggregated in the order the subquery reads them.
    let spread: String = match (e.spread, e.empty) {
        (true, false) => spread_names(&e.node)
            .unwrap_or_default()
            .iter()
            .map(|n| {
                let n = ident(n);
                format!(", COALESCE(json_agg({agg}.{n}), '[]')::jsonb AS {n}")
            })
            .collect(),
        _ => String::new(),
    };
    format!(" {kind} JOIN LATERAL (SELECT json_agg({agg})::jsonb AS {agg}{spread} FROM ({sub}) AS {agg}) AS {agg} ON {on}")
}

fn from(node: &ReadNode, junction: Option<&Embed>) -> String {
    if let Some(c) = junction.and_then(|e| e.computed.as_ref()) {
        return format!(
            " FROM {} AS {}",
            computed_call(&c.parent, &c.call),
            table(&node.table)
        );
    }
    let mut out = if node.from_source {
        format!(" FROM pgrst_source AS {}", table(&node.table))
    } else {
        let rel = qualified(&node.relation.schema, &node.relation.name);
        match &node.table {
            TableRef::Alias(a) => format!(" FROM {rel} AS {}", ident(a)),
            TableRef::Qualified(_) => format!(" FROM {rel}"),
        }
    };
    if let Some(j) = junction.and_then(|e| e.junction.as_ref()) {
        out.push_str(&format!(", {}", qualified(&j.schema, &j.name)));
    }
    out
}

fn order_item(st: &mut Statement, t: &TableRef, o: &OrderItem) -> String {
    let expr = match &o.target {
        OrderTarget::Column(c) => field(st, t, c),
        OrderTarget::Related { agg_alias, column } => {
            field(st, &TableRef::Alias(agg_alias.clone()), column)
        }
    };
    let dir = match o.direction {
        Some(Direction::Asc) => " ASC",
        Some(Direction::Desc) => " DESC",
        None => "",
    };
    let nulls = match o.nulls {
        Some(Nulls::First) => " NULLS FIRST",
        Some(Nulls::Last) => " NULLS LAST",
        None => "",
    };
    format!("{expr}{dir}{nulls}")
}

pub fn order_by(st: &mut Statement, t: &TableRef, order: &[OrderItem]) -> String {
    if order.is_empty() {
        return String::new();
    }
    let items: Vec<String> = order.iter().map(|o| order_item(st, t, o)).collect();
    format!(" ORDER BY {}", items.join(", "))
}

fn where_clause(parts: Vec<String>) -> String {
    if parts.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", parts.join(" AND "))
    }
}

/// One level; `parent` is the embed this level is (for its join and junction).
fn node_select(st: &mut Statement, node: &ReadNode, parent: &Embed) -> String {
    render(st, node, Some(parent))
}

fn render(st: &mut Statement, node: &ReadNode, parent: Option<&Embed>) -> String {
    let t = &node.table;
    let mut items: Vec<String> = node.select.iter().map(|f| select_field(st, t, f)).collect();
    if node.select.is_empty() && (node.embeds.is_empty() || parent.is_some_and(|p| p.empty)) {
        items.push(format!("{}.*", table(t)));
    }
    items.extend(node.embeds.iter().flat_map(embed_columns));
    let joins: String = node.embeds.iter().map(|e| join(st, e)).collect();
    let mut conds = filter::all(st, t, &node.conds);
    conds.extend(
        parent
            .map(|p| p.join.iter().map(join_cond).collect::<Vec<_>>())
            .unwrap_or_default(),
    );
    let group = group_by(st, node);
    let order = order_by(st, t, &node.order);
    let range = limit_offset(node.range);
    format!(
        "SELECT {}{}{joins}{}{group}{order}{range}",
        items.join(", "),
        from(node, parent),
        where_clause(conds)
    )
}

/// The read of `root`.
pub fn read(st: &mut Statement, root: &ReadNode) -> String {
    render(st, root, None)
}

fn count_cond(st: &mut Statement, node: &ReadNode, c: &Cond) -> String {
    match c {
        Cond::NullEmbed { is_null, agg_alias } => {
            let sub = node
                .embeds
                .iter()
                .find(|e| &e.agg_alias == agg_alias)
                .map(|e| count_node(st, &e.node, Some(e)))
                .unwrap_or_else(|| "SELECT 1".into());
            format!("{}EXISTS ({sub})", if *is_null { "NOT " } else { "" })
        }
        Cond::Logic {
            negated,
            op,
            children,
        } => {
            let sep = match op {
                crate::parse::LogicOp::And => " AND ",
                crate::parse::LogicOp::Or => " OR ",
            };
            let inner: Vec<String> = children.iter().map(|c| count_cond(st, node, c)).collect();
            format!(
                "{}({})",
                if *negated { "NOT " } else { "" },
                inner.join(sep)
            )
        }
        other => filter::cond(st, &node.table, other),
    }
}

fn count_node(st: &mut Statement, node: &ReadNode, parent: Option<&Embed>) -> String {
    let mut conds: Vec<String> = node.conds.iter().map(|c| count_cond(st, node, c)).collect();
    conds.extend(
        parent
            .map(|p| p.join.iter().map(join_cond).collect::<Vec<_>>())
            .unwrap_or_default(),
    );
    for e in node.embeds.iter().filter(|e| e.inner) {
        conds.push(format!("EXISTS ({})", count_node(st, &e.node, Some(e))));
    }
    format!("SELECT 1{}{}", from(node, parent), where_clause(conds))
}

/// The rows `root` would give without its range, for `count=`. Like PostgREST,
/// a grouped read counts the rows before grouping: the count query never groups.
pub fn count(st: &mut Statement, root: &ReadNode) -> String {
    count_node(st, root, None)
}
