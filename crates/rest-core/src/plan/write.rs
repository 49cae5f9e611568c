//! What a write touches, checked against the schema cache: the columns its body
//! names (PGRST204), the columns `RETURNING` must give the representation, the
//! upsert's conflict keys, PUT's primary-key filters (PGRST105) and the rows a
//! limited PATCH/DELETE may change (PGRST109).

use super::columns::Columns;
use super::ir::{Limited, OrderItem, ReadNode, Returning, SelectField, WriteColumn};
use super::{filter, Common, ALL};
use crate::error::{DbError, Error, SchemaError};
use crate::parse::{CompareOp, Operation, Resolution};
use crate::schema_cache::Relation;

pub fn write_columns(rel: &Relation, keys: &[String]) -> Result<Vec<WriteColumn>, Error> {
    keys.iter()
        .map(|k| {
            let col = rel.column(k).ok_or_else(|| SchemaError::ColumnNotFound {
                relation: rel.name.clone(),
                column: k.clone(),
            })?;
            Ok(WriteColumn {
                name: col.name.clone(),
                data_type: col.data_type.clone(),
                default: col.default.clone(),
            })
        })
        .collect()
}

/// The columns the representation needs from `RETURNING`: all of them for `*`
/// and for a computed field or relationship (its function takes the whole
/// row), else the selected ones, the embeds' join columns and the primary key.
pub fn returning(rel: &Relation, root: &ReadNode, wanted: bool) -> Returning {
    if !wanted {
        return Returning::Nothing;
    }
    let star = root.select.contains(&SelectField::Star)
        || (root.select.is_empty() && root.embeds.is_empty());
    let whole_row = root.embeds.iter().any(|e| e.computed.is_some())
        || root
            .select
            .iter()
            .any(|f| matches!(f, SelectField::Column { column, .. } if column.computed.is_some()));
    if star || whole_row {
        return Returning::All;
    }
    let mut cols: Vec<String> = root
        .select
        .iter()
        .filter_map(|f| match f {
            SelectField::Column { column, .. } => Some(column.name.clone()),
            SelectField::Star | SelectField::CountAll { .. } | SelectField::Row { .. } => None,
        })
        .chain(root.embeds.iter().flat_map(|e| e.parent_columns.clone()))
        .chain(rel.primary_key().iter().cloned())
        .collect();
    cols.sort();
    cols.dedup();
    Returning::Columns(cols)
}

/// PUT addresses one row: filters on exactly the primary key, each `eq`.
pub fn check_put(c: &Common, rel: &Relation) -> Result<(), Error> {
    let root: Vec<_> = c
        .req
        .query
        .filters
        .iter()
        .filter(|f| f.path.is_empty())
        .collect();
    let mut names: Vec<&str> = root.iter().map(|f| f.value.field.name.as_str()).collect();
    names.sort();
    names.dedup();
    let mut pk: Vec<&str> = rel.primary_key().iter().map(String::as_str).collect();
    pk.sort();
    let all_eq = root.iter().all(|f| {
        !f.value.expr.negated
            && f.value.field.json_path.is_empty()
            && matches!(
                f.value.expr.operation,
                Operation::Compare {
                    op: CompareOp::Eq,
                    quantifier: None,
                    ..
                }
            )
    });
    let no_logic = c.req.query.logic.iter().all(|l| !l.path.is_empty());
    if pk.is_empty() || names != pk || !all_eq || !no_logic {
        return Err(Error::PutFilters);
    }
    Ok(())
}

/// The rows a limited PATCH/DELETE may touch, chosen by the root `order`.
pub fn limited(c: &Common, cols: Columns) -> Result<Option<Limited>, Error> {
    if c.req.range == ALL {
        return Ok(None);
    }
    let terms = c
        .req
        .query
        .order
        .iter()
        .find(|o| o.path.is_empty())
        .map(|o| o.value.clone())
        .ok_or(Error::LimitNoOrder)?;
    let order: Vec<OrderItem> = filter::order(c.cache, cols, &[], &cols_name(cols), &terms)?;
    let mut key_columns: Vec<String> = terms.iter().map(|t| t.field.name.clone()).collect();
    key_columns.dedup();
    Ok(Some(Limited {
        order,
        range: c.req.range,
        key_columns,
    }))
}

fn cols_name(cols: Columns) -> String {
    super::columns::sql_name(cols.table).to_string()
}

pub fn on_conflict(c: &Common, rel: &Relation) -> Result<Option<(Resolution, Vec<String>)>, Error> {
    let Some(resolution) = c.req.preferences.resolution else {
        return Ok(None);
    };
    let keys = c
        .req
        .query
        .on_conflict
        .clone()
        .unwrap_or_else(|| rel.primary_key().to_vec());
    if keys.is_empty() {
        return Ok(None);
    }
    if let Some(bad) = keys.iter().find(|k| rel.column(k).is_none()) {
        return Err(DbError::new("42703", format!("column \"{bad}\" does not exist")).into());
    }
    Ok(Some((resolution, keys)))
}
