//! Columns as the planner checks them: a field must name a column of the level's
//! relation (else PostgreSQL's `42703`, which is what PostgREST passes on), JSON
//! paths decide the type values are compared as, and casts are limited to type
//! names so that nothing but a type reaches the SQL.

use super::ir::{ColumnRef, TableRef};
use crate::error::{DbError, Error};
use crate::parse::{Field, JsonArrow, JsonOperand, JsonStep};
use crate::schema_cache::Column;

/// How PostgreSQL names `table` in its messages.
pub fn sql_name(table: &TableRef) -> &str {
    match table {
        TableRef::Qualified(q) => &q.name,
        TableRef::Alias(a) => a,
    }
}

fn is_json(data_type: &str) -> bool {
    matches!(data_type, "json" | "jsonb")
}

/// The columns of one level of a query, and how that level is named.
#[derive(Clone, Copy)]
pub struct Columns<'a> {
    pub table: &'a TableRef,
    pub columns: &'a [Column],
}

impl<'a> Columns<'a> {
    pub fn get(&self, name: &str) -> Result<&'a Column, Error> {
        self.columns
            .iter()
            .find(|c| c.name == name)
            .ok_or_else(|| DbError::undefined_column(sql_name(self.table), name).into())
    }

    pub fn column_ref(&self, field: &Field) -> Result<ColumnRef, Error> {
        let column = self.get(&field.name)?;
        let json = is_json(&column.base_type);
        let value_type = match field.json_path.last() {
            None => column.base_type.clone(),
            Some(JsonStep {
                arrow: JsonArrow::Text,
                ..
            }) => "text".to_string(),
            Some(_) if column.base_type == "json" => "json".to_string(),
            Some(_) => "jsonb".to_string(),
        };
        Ok(ColumnRef {
            name: field.name.clone(),
            json_path: field.json_path.clone(),
            to_jsonb: !json && !field.json_path.is_empty(),
            value_type,
        })
    }
}

/// The output key PostgREST gives a field with a JSON path and no alias: its last
/// key (`data->a->>b` is `b`; `data->1` is `data`).
pub fn json_alias(field: &Field) -> Option<String> {
    let last = field.json_path.last()?;
    Some(match &last.operand {
        JsonOperand::Key(k) => k.clone(),
        JsonOperand::Index(_) => field
            .json_path
            .iter()
            .rev()
            .find_map(|s| match &s.operand {
                JsonOperand::Key(k) => Some(k.clone()),
                JsonOperand::Index(_) => None,
            })
            .unwrap_or_else(|| field.name.clone()),
    })
}

/// A cast is a type name: words of letters, digits and underscores (`int`,
/// `double precision`, `text[]` is not accepted, as in PostgREST's parser).
pub fn checked_cast(cast: &str) -> Result<String, Error> {
    let words: Vec<&str> = cast.split_whitespace().collect();
    let ok = !words.is_empty()
        && words.iter().all(|w| {
            w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !w.starts_with(|c: char| c.is_ascii_digit())
        });
    if ok {
        Ok(words.join(" "))
    } else {
        Err(DbError::new("42704", format!("type \"{cast}\" does not exist")).into())
    }
}
