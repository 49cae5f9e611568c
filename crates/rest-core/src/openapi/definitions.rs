//! The `definitions` of the OpenAPI document: one per relation, its columns
//! with Swagger types and formats, `required`, JSON defaults and PostgREST's
//! primary-key and foreign-key notes.

use serde_json::{json, Map, Value};

use crate::schema_cache::{Cardinality, Column, Relation, SchemaCache};

pub(super) fn definition(cache: &SchemaCache, rel: &Relation) -> Value {
    let pk = rel.primary_key();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for c in &rel.columns {
        let mut notes = Vec::new();
        if pk.contains(&c.name) {
            notes.push("This is a Primary Key.<pk/>".to_string());
        }
        if let Some((table, column)) = foreign_key(cache, rel, &c.name) {
            notes.push(format!(
                "This is a Foreign Key to `{table}.{column}`.<fk table='{table}' column='{column}'/>"
            ));
        }
        let mut prop = column_schema(c);
        let description = match (&c.comment, notes.is_empty()) {
            (comment, false) => Some(format!(
                "{}Note:\n{}",
                comment
                    .as_ref()
                    .map(|c| format!("{c}\n\n"))
                    .unwrap_or_default(),
                notes.join("\n")
            )),
            (comment, true) => comment.clone(),
        };
        if let Some(d) = description {
            prop["description"] = json!(d);
        }
        if let Some(d) = c
            .default
            .as_deref()
            .and_then(|d| default_value(&c.base_type, d))
        {
            prop["default"] = d;
        }
        // PostgREST lists every NOT NULL column, defaults or not.
        if !c.nullable {
            required.push(c.name.clone());
        }
        properties.insert(c.name.clone(), prop);
    }
    let mut def = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        def["required"] = json!(required);
    }
    if let Some(d) = &rel.comment {
        def["description"] = json!(d);
    }
    def
}

/// The table and column `column` of `rel` references through a one-column
/// foreign key (a to-one relationship from `rel`), preferring tables to views.
fn foreign_key<'a>(
    cache: &'a SchemaCache,
    rel: &Relation,
    column: &str,
) -> Option<(&'a str, &'a str)> {
    let from = rel.qualified_name();
    let is_view = |q: &crate::schema_cache::QualifiedName| {
        cache
            .relations
            .get(q)
            .is_some_and(|r| matches!(r.kind.as_str(), "v" | "m"))
    };
    let mut candidates: Vec<&crate::schema_cache::Relationship> = cache
        .relationships
        .iter()
        .filter(|r| r.table == from && r.columns.len() == 1 && r.columns[0] == column)
        .filter(|r| match r.cardinality {
            Cardinality::ManyToOne => true,
            // One-to-one both ways: only the side holding the key.
            Cardinality::OneToOne => cache.foreign_keys.iter().any(|fk| {
                fk.name == r.constraint && fk.schema == from.schema && fk.table == from.name
            }),
            _ => false,
        })
        .collect();
    candidates.sort_by_key(|r| is_view(&r.foreign_table));
    candidates
        .first()
        .map(|r| (r.foreign_table.name.as_str(), r.foreign_columns[0].as_str()))
}

/// A column's default as PostgREST shows it: a string type's literal without
/// its cast and quotes, any other type's default only when it is JSON (a
/// number, `true`); expressions such as `nextval(…)` are left out.
fn default_value(col_type: &str, default: &str) -> Option<Value> {
    match swagger_type(col_type) {
        Some("string") => {
            let literal = default
                .strip_suffix(&format!("::{col_type}"))
                .map_or(default, |d| d.trim_matches('\''));
            serde_json::from_str(&format!("\"{literal}\"")).ok()
        }
        _ => serde_json::from_str(default).ok(),
    }
}

/// The schema of a value of PostgreSQL type `pg` (PostgREST's `colType`: the
/// type without modifiers, the base type of a domain).
pub(super) fn type_schema(pg: &str) -> Value {
    let mut v = json!({"format": pg});
    if let Some(t) = swagger_type(pg) {
        v["type"] = json!(t);
    }
    if let Some(inner) = pg.strip_suffix("[]") {
        let mut items = json!({});
        if let Some(t) = swagger_type(inner) {
            items["type"] = json!(t);
        }
        v["items"] = items;
    }
    v
}

fn column_schema(c: &Column) -> Value {
    let mut v = type_schema(&c.base_type);
    if let Some(values) = c.enum_values.as_ref().filter(|v| !v.is_empty()) {
        v["enum"] = json!(values);
    }
    if let Some(n) = c.max_length {
        v["maxLength"] = json!(n);
    }
    v
}

pub(super) fn swagger_type(pg: &str) -> Option<&'static str> {
    Some(match pg {
        "character varying" | "character" | "text" => "string",
        "smallint" | "integer" | "bigint" => "integer",
        "numeric" | "real" | "double precision" => "number",
        "boolean" => "boolean",
        "json" | "jsonb" => return None,
        t if t.ends_with("[]") => "array",
        _ => "string",
    })
}
