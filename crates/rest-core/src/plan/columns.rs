//! Columns as the planner checks them: a field must name a column of the level's
//! relation or one of its computed fields (else PostgreSQL's `42703`, which is
//! what PostgREST passes on), JSON
//! paths decide the type values are compared as, and casts are limited to type
//! names so that nothing but a type reaches the SQL.

use super::ir::{CastType, ColumnRef, ComputedCall, TableRef};
use crate::error::{DbError, Error};
use crate::parse::{Field, JsonArrow, JsonOperand, JsonStep};
use crate::schema_cache::{Column, ComputedField};

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

/// A type name (as the schema cache spells it, `format_type` without modifier)
/// that values can be cast to without losing anything. SQL reads a bare
/// `character` as `character(1)` and `bit` as `bit(1)`, so `'DZ'::character` is
/// `'D'` and a `char(2)` column would silently match nothing; `bpchar` and the
/// quoted `"bit"` are the same types with no length. Every other spelling
/// without a modifier already has none (`character varying`, `numeric`, the
/// time types), and a domain's base type is looked up without its modifier.
pub fn cast_type(type_name: &str) -> String {
    let base = type_name.trim_end_matches("[]");
    let dims = &type_name[base.len()..];
    match base {
        "character" => format!("bpchar{dims}"),
        "bit" => format!("\"bit\"{dims}"),
        _ => type_name.to_string(),
    }
}

/// The columns of one level of a query, and how that level is named.
#[derive(Clone, Copy)]
pub struct Columns<'a> {
    pub table: &'a TableRef,
    pub columns: &'a [Column],
    /// The relation's computed fields, found when no column has the name (a
    /// column wins, as in PostgreSQL's `row.name`).
    pub computed: &'a [ComputedField],
}

impl<'a> Columns<'a> {
    pub fn get(&self, name: &str) -> Result<&'a Column, Error> {
        self.columns
            .iter()
            .find(|c| c.name == name)
            .ok_or_else(|| DbError::undefined_column(sql_name(self.table), name).into())
    }

    pub fn column_ref(&self, field: &Field) -> Result<ColumnRef, Error> {
        let (base_type, computed) = match self.get(&field.name) {
            Ok(column) => (column.base_type.as_str(), None),
            Err(e) => {
                let f = self
                    .computed
                    .iter()
                    .find(|f| f.name() == field.name)
                    .ok_or(e)?;
                let call = ComputedCall {
                    function: f.function.clone(),
                    row_type: f.relation.clone(),
                };
                (f.base_type.as_str(), Some(Box::new(call)))
            }
        };
        let json = is_json(base_type);
        let value_type = match field.json_path.last() {
            None => cast_type(base_type),
            Some(JsonStep {
                arrow: JsonArrow::Text,
                ..
            }) => "text".to_string(),
            Some(_) if base_type == "json" => "json".to_string(),
            Some(_) => "jsonb".to_string(),
        };
        Ok(ColumnRef {
            name: field.name.clone(),
            json_path: field.json_path.clone(),
            to_jsonb: !json && !field.json_path.is_empty(),
            value_type,
            computed,
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

/// The type names PostgreSQL spells with more than one word; every other type
/// is one word.
const MULTI_WORD_TYPES: [&str; 10] = [
    "double precision",
    "character varying",
    "char varying",
    "bit varying",
    "national character",
    "national character varying",
    "timestamp with time zone",
    "timestamp without time zone",
    "time with time zone",
    "time without time zone",
];

/// One unquoted identifier: a letter or `_`, then letters, digits, `_` or `$`.
fn is_word(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// A cast is exactly one type name, written into the SQL as it is (quoting it
/// would turn `int` or `char` into other types): one word (`int4`, `text`,
/// `my_enum`) or one of PostgreSQL's multi-word names (`double precision`).
/// PostgREST's grammar reads letters, digits, `_`, `$` and spaces, so anything
/// else (`int4 from pg_authid`, `text[]`) is refused here, before any SQL.
pub fn checked_cast(cast: &str) -> Result<CastType, Error> {
    let words: Vec<&str> = cast.split_whitespace().collect();
    let joined = words.join(" ");
    let one_type = match words.as_slice() {
        [word] => is_word(word),
        _ => MULTI_WORD_TYPES.contains(&joined.to_ascii_lowercase().as_str()),
    };
    if one_type {
        Ok(CastType(joined))
    } else {
        Err(DbError::new("42704", format!("type \"{cast}\" does not exist")).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cast(s: &str) -> String {
        match checked_cast(s) {
            Ok(t) => t.as_sql().to_string(),
            Err(e) => e.to_json()["message"].to_string(),
        }
    }

    #[test]
    fn one_type_name_only() {
        insta::assert_snapshot!(cast("int4"), @"int4");
        insta::assert_snapshot!(cast("  text "), @"text");
        insta::assert_snapshot!(cast("Double   Precision"), @"Double Precision");
        insta::assert_snapshot!(cast("timestamp with time zone"), @"timestamp with time zone");
        insta::assert_snapshot!(cast("my_enum$2"), @"my_enum$2");
        insta::assert_snapshot!(cast("int4 from pg_authid"), @r#""type \"int4 from pg_authid\" does not exist""#);
        insta::assert_snapshot!(cast("text limit 1"), @r#""type \"text limit 1\" does not exist""#);
        insta::assert_snapshot!(cast("1int"), @r#""type \"1int\" does not exist""#);
        insta::assert_snapshot!(cast("$x"), @r#""type \"$x\" does not exist""#);
        insta::assert_snapshot!(cast(""), @r#""type \"\" does not exist""#);
    }

    #[test]
    fn cast_types_keep_the_whole_value() {
        assert_eq!(cast_type("character"), "bpchar");
        assert_eq!(cast_type("character[]"), "bpchar[]");
        assert_eq!(cast_type("bit"), "\"bit\"");
        assert_eq!(cast_type("bit[]"), "\"bit\"[]");
        for unchanged in [
            "character varying",
            "bit varying",
            "numeric",
            "text[]",
            "\"char\"",
            "integer",
        ] {
            assert_eq!(cast_type(unchanged), unchanged);
        }
    }
}
