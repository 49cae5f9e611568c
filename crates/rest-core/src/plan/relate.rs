//! Finding the relationship an embed names, as PostgREST does: by target table,
//! constraint or column, narrowed by a `!hint`, with self-references read as
//! one-to-many by table name and many-to-one by column name, a computed
//! relationship by its function's name alone; then the join conditions that
//! tie the embedded rows to their parent.

use serde_json::{json, Value};

use super::fuzzy;
use super::ir::{JoinCond, TableRef};
use crate::error::{Error, RelSuggestion, SchemaError};
use crate::schema_cache::{Cardinality, QualifiedName, Relationship, SchemaCache};

fn single(cols: &[String]) -> Option<&str> {
    match cols {
        [c] => Some(c),
        _ => None,
    }
}

fn is_m2m(r: &Relationship) -> bool {
    matches!(r.cardinality, Cardinality::ManyToMany { .. })
}

/// `hint` names the origin's single FK column.
fn fk_column(r: &Relationship, hint: &str) -> bool {
    !is_m2m(r) && single(&r.columns) == Some(hint)
}

/// `hint` names the single column the FK references.
fn fk_ref_column(r: &Relationship, hint: &str) -> bool {
    !is_m2m(r) && single(&r.foreign_columns) == Some(hint)
}

fn constraint(r: &Relationship, hint: &str) -> bool {
    !is_m2m(r) && r.constraint == hint
}

fn junction(r: &Relationship, hint: &str) -> bool {
    matches!(&r.cardinality, Cardinality::ManyToMany { junction, .. } if junction.name == hint)
}

fn matches(cache: &SchemaCache, r: &Relationship, target: &str, hint: Option<&str>) -> bool {
    // PostgREST reads no hint for a function: its name is the whole target.
    if let Cardinality::Computed { function, .. } = &r.cardinality {
        return function.name == target;
    }
    let to_table = r.foreign_table.name == target;
    let o2m = r.cardinality == Cardinality::OneToMany;
    let m2o = r.cardinality == Cardinality::ManyToOne;
    if r.is_self() {
        return match hint {
            None => (to_table && o2m) || (fk_column(r, target) && m2o),
            Some(h) => to_table && o2m && fk_ref_column(r, h),
        };
    }
    let target_is_view = cache
        .relation(&r.foreign_table.schema, &r.foreign_table.name)
        .is_some_and(|t| t.is_view());
    match hint {
        None => to_table || (!target_is_view && (constraint(r, target) || fk_column(r, target))),
        Some(h) => {
            to_table
                && (constraint(r, h) || fk_column(r, h) || fk_ref_column(r, h) || junction(r, h))
        }
    }
}

fn cols(c: &[String]) -> String {
    format!("({})", c.join(", "))
}

/// PostgREST's summary of a candidate in a PGRST201 body (an empty object for
/// a function, which it describes no further).
fn describe(r: &Relationship) -> Value {
    let (cardinality, relationship) = match &r.cardinality {
        Cardinality::Computed { .. } => return json!({}),
        Cardinality::ManyToMany {
            junction,
            source_constraint,
            source_columns,
            target_constraint,
            target_columns,
        } => (
            "many-to-many",
            format!(
                "{} using {source_constraint}{} and {target_constraint}{}",
                junction.name,
                cols(source_columns),
                cols(target_columns)
            ),
        ),
        card => (
            match card {
                Cardinality::ManyToOne => "many-to-one",
                Cardinality::OneToMany => "one-to-many",
                _ => "one-to-one",
            },
            format!(
                "{} using {}{} and {}{}",
                r.constraint,
                r.table.name,
                cols(&r.columns),
                r.foreign_table.name,
                cols(&r.foreign_columns)
            ),
        ),
    };
    json!({
        "cardinality": cardinality,
        "embedding": format!("{} with {}", r.table.name, r.foreign_table.name),
        "relationship": relationship,
    })
}

fn hint_for(r: &Relationship) -> String {
    let name = match &r.cardinality {
        Cardinality::Computed { .. } => return String::new(),
        Cardinality::ManyToMany { junction, .. } => &junction.name,
        _ => &r.constraint,
    };
    format!("'{}!{name}'", r.foreign_table.name)
}

fn suggestion(
    cache: &SchemaCache,
    schema: &str,
    origin: &QualifiedName,
    target: &str,
) -> Option<RelSuggestion> {
    let in_schema = |r: &&Relationship| r.table.schema == schema;
    let from_origin: Vec<&str> = cache
        .relationships_from(origin)
        .filter(in_schema)
        .map(|r| r.foreign_table.name.as_str())
        .collect();
    if from_origin.is_empty() {
        let mut parents: Vec<&str> = cache
            .relationships
            .iter()
            .filter(in_schema)
            .map(|r| r.table.name.as_str())
            .collect();
        parents.sort();
        parents.dedup();
        return fuzzy::best(&origin.name, &parents, 0.33).map(|p| RelSuggestion::Parent(p.into()));
    }
    fuzzy::matches(target, &from_origin, 0.33)
        .into_iter()
        .find(|(score, _)| *score < 1.0)
        .map(|(_, c)| RelSuggestion::Child(c.into()))
}

/// The one relationship from `origin` that `target!hint` names.
pub fn find<'a>(
    cache: &'a SchemaCache,
    schema: &str,
    origin: &QualifiedName,
    target: &str,
    hint: Option<&str>,
) -> Result<&'a Relationship, Error> {
    let found: Vec<&Relationship> = cache
        .relationships
        .iter()
        .filter(|r| {
            &r.table == origin
                && r.foreign_table.schema == schema
                && matches(cache, r, target, hint)
        })
        .collect();
    match found.as_slice() {
        [one] => Ok(one),
        [] => Err(SchemaError::NoRelationship {
            parent: origin.name.clone(),
            child: target.to_string(),
            embed_hint: hint.map(str::to_string),
            schema: schema.to_string(),
            suggestion: suggestion(cache, schema, origin, target),
        }
        .into()),
        many => Err(SchemaError::AmbiguousRelationship {
            parent: origin.name.clone(),
            child: target.to_string(),
            candidates: many.iter().map(|r| describe(r)).collect(),
            hints: many.iter().map(|r| hint_for(r)).collect(),
        }
        .into()),
    }
}

/// The conditions joining the embedded rows (`child`) to their `parent`.
pub fn join_conditions(r: &Relationship, child: &TableRef, parent: &TableRef) -> Vec<JoinCond> {
    match &r.cardinality {
        Cardinality::ManyToMany {
            junction,
            source_columns,
            target_columns,
            ..
        } => {
            let j = TableRef::Qualified(junction.clone());
            let to_target = r
                .foreign_columns
                .iter()
                .zip(target_columns)
                .map(|(fc, jc)| JoinCond {
                    child: (child.clone(), fc.clone()),
                    parent: (j.clone(), jc.clone()),
                });
            let to_source = source_columns
                .iter()
                .zip(&r.columns)
                .map(|(jc, pc)| JoinCond {
                    child: (j.clone(), jc.clone()),
                    parent: (parent.clone(), pc.clone()),
                });
            to_target.chain(to_source).collect()
        }
        _ => r
            .foreign_columns
            .iter()
            .zip(&r.columns)
            .map(|(fc, pc)| JoinCond {
                child: (child.clone(), fc.clone()),
                parent: (parent.clone(), pc.clone()),
            })
            .collect(),
    }
}
