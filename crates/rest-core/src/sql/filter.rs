//! Conditions as SQL: every value a bound parameter cast to the type of what it is
//! compared with, `in` as `= ANY($n::type[])`, the `is` keywords (which cannot be
//! parameters) spelled out, and the embed-null test on a lateral join's alias.

use super::{field, ident};
use crate::parse::{CompareOp, FtsOp, IsValue, LogicOp, Operation, Quantifier, SimpleOp};
use crate::plan::ir::{Cond, TableRef};
use crate::statement::{Param, Statement};

fn compare_op(op: CompareOp) -> &'static str {
    match op {
        CompareOp::Eq => "=",
        CompareOp::Gt => ">",
        CompareOp::Gte => ">=",
        CompareOp::Lt => "<",
        CompareOp::Lte => "<=",
        CompareOp::Like => "LIKE",
        CompareOp::Ilike => "ILIKE",
        CompareOp::Match => "~",
        CompareOp::Imatch => "~*",
    }
}

fn simple_op(op: SimpleOp) -> &'static str {
    match op {
        SimpleOp::Neq => "<>",
        SimpleOp::Cs => "@>",
        SimpleOp::Cd => "<@",
        SimpleOp::Ov => "&&",
        SimpleOp::Sl => "<<",
        SimpleOp::Sr => ">>",
        SimpleOp::Nxr => "&<",
        SimpleOp::Nxl => "&>",
        SimpleOp::Adj => "-|-",
    }
}

fn fts_function(op: FtsOp) -> &'static str {
    match op {
        FtsOp::Fts => "to_tsquery",
        FtsOp::Plfts => "plainto_tsquery",
        FtsOp::Phfts => "phraseto_tsquery",
        FtsOp::Wfts => "websearch_to_tsquery",
    }
}

fn is_value(v: IsValue) -> &'static str {
    match v {
        IsValue::Null => "NULL",
        IsValue::NotNull => "NOT NULL",
        IsValue::True => "TRUE",
        IsValue::False => "FALSE",
        IsValue::Unknown => "UNKNOWN",
    }
}

/// The comparison itself, without `NOT`.
fn operation(st: &mut Statement, lhs: &str, ty: &str, op: &Operation) -> String {
    match op {
        Operation::Compare {
            op,
            quantifier,
            value,
        } => {
            let ty = match op {
                CompareOp::Like | CompareOp::Ilike | CompareOp::Match | CompareOp::Imatch => "text",
                _ => ty,
            };
            let p = st.bind_text(value.as_str());
            let sql_op = compare_op(*op);
            match quantifier {
                None => format!("{lhs} {sql_op} {p}::{ty}"),
                Some(Quantifier::Any) => format!("{lhs} {sql_op} ANY({p}::{ty}[])"),
                Some(Quantifier::All) => format!("{lhs} {sql_op} ALL({p}::{ty}[])"),
            }
        }
        Operation::Simple { op, value } => {
            let p = st.bind_text(value.as_str());
            format!("{lhs} {} {p}::{ty}", simple_op(*op))
        }
        Operation::In(values) => {
            // `in.()` is the empty list, not a list of one empty string.
            let values = if values.len() == 1 && values[0].is_empty() {
                Vec::new()
            } else {
                values.clone()
            };
            // `::text[]` first: sqlx caches statements by their text, so a text
            // array must never share its SQL with a text parameter (`eq(any)`).
            let p = st.bind(Param::TextArray(values));
            format!("{lhs} = ANY({p}::text[]::{ty}[])")
        }
        Operation::Is(v) => format!("{lhs} IS {}", is_value(*v)),
        Operation::IsDistinct(value) => {
            let p = st.bind_text(value.as_str());
            format!("{lhs} IS DISTINCT FROM {p}::{ty}")
        }
        Operation::Fts { op, config, value } => {
            let config = config
                .as_ref()
                .map(|c| format!("{}::regconfig, ", st.bind_text(c.as_str())))
                .unwrap_or_default();
            let p = st.bind_text(value.as_str());
            format!("{lhs} @@ {}({config}{p})", fts_function(*op))
        }
    }
}

pub fn cond(st: &mut Statement, table: &TableRef, c: &Cond) -> String {
    match c {
        Cond::Logic {
            negated,
            op,
            children,
        } => {
            let sep = match op {
                LogicOp::And => " AND ",
                LogicOp::Or => " OR ",
            };
            let inner: Vec<String> = children.iter().map(|c| cond(st, table, c)).collect();
            let not = if *negated { "NOT " } else { "" };
            format!("{not}({})", inner.join(sep))
        }
        Cond::Filter { column, expr } => {
            let lhs = field(st, table, column);
            let sql = operation(st, &lhs, &column.value_type, &expr.operation);
            if expr.negated {
                format!("NOT {sql}")
            } else {
                sql
            }
        }
        Cond::NullEmbed { is_null, agg_alias } => format!(
            "{} IS {}DISTINCT FROM NULL",
            ident(agg_alias),
            if *is_null { "NOT " } else { "" }
        ),
    }
}

/// Conditions joined with `AND`; empty when there are none.
pub fn all(st: &mut Statement, table: &TableRef, conds: &[Cond]) -> Vec<String> {
    conds.iter().map(|c| cond(st, table, c)).collect()
}
