//! Keys of views, inferred from their base tables as PostgREST infers them:
//! each view column that reads a table column directly (through views of
//! views too) carries that column's keys, so a view that shows a table's whole
//! primary key has it as its own, and a view that shows all the columns of a
//! foreign key, or all the columns such a key references, takes part in that
//! relationship. `introspect_views.sql` supplies the views' stored queries and
//! the keys of the relations they read; `node_tree` reads the queries.

use std::collections::HashMap;

use serde::Deserialize;

use super::node_tree;
use super::{Cardinality, QualifiedName, Relationship};

/// How many views a view column is followed through to its table (PostgreSQL
/// refuses cycles; this bounds the walk whatever the catalog says).
const MAX_VIEW_DEPTH: usize = 64;

/// The most relationships one view key gives when the view shows a key
/// column several times (each choice of columns is a relationship, so the
/// count multiplies per column).
const MAX_COLUMN_CHOICES: usize = 64;

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ViewCatalog {
    pub views: Vec<ViewDef>,
    pub constraints: Vec<KeyConstraint>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ViewDef {
    pub oid: u32,
    pub schema: String,
    pub name: String,
    /// In an exposed schema: its keys are wanted (others are only looked through).
    pub exposed: bool,
    pub columns: Vec<Attribute>,
    /// `pg_rewrite.ev_action` as text.
    pub definition: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Attribute {
    pub num: i32,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RelationRef {
    pub oid: u32,
    pub schema: String,
    pub name: String,
}

impl RelationRef {
    pub fn qualified_name(&self) -> QualifiedName {
        QualifiedName::new(&self.schema, &self.name)
    }
}

/// A primary key (`p`) or foreign key (`f`) of a relation some view reads.
#[derive(Debug, Clone, Deserialize)]
pub struct KeyConstraint {
    pub name: String,
    pub kind: String,
    pub table: RelationRef,
    pub columns: Vec<Attribute>,
    pub referenced: Option<RelationRef>,
    pub referenced_columns: Vec<Attribute>,
    pub one_to_one: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyKind {
    /// The view shows the table's primary key.
    Primary,
    /// The view shows the referencing columns of a foreign key.
    Foreign,
    /// The view shows the columns a foreign key references.
    Referenced,
}

/// One key of `table` that `view` shows entirely: per key column, in key
/// order, the table column and every view column showing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyDependency {
    pub table: QualifiedName,
    pub view: QualifiedName,
    pub constraint: String,
    pub kind: KeyKind,
    pub columns: Vec<(String, Vec<String>)>,
}

impl KeyDependency {
    /// Each way of picking one view column per key column (a view showing a
    /// key column twice gives two), at most `MAX_COLUMN_CHOICES`.
    pub fn column_choices(&self) -> Vec<Vec<String>> {
        let mut out: Vec<Vec<String>> = vec![Vec::new()];
        for (_, shown) in &self.columns {
            out = out
                .iter()
                .flat_map(|prefix| {
                    shown.iter().map(move |c| {
                        let mut next = prefix.clone();
                        next.push(c.clone());
                        next
                    })
                })
                .take(MAX_COLUMN_CHOICES)
                .collect();
        }
        out
    }
}

/// The table column each column of `view` shows, following views of views:
/// `(view column name, table oid, table column number)`.
fn table_columns(
    view: &ViewDef,
    origins: &HashMap<u32, HashMap<i32, (u32, i32)>>,
) -> Vec<(String, u32, i32)> {
    let Some(own) = origins.get(&view.oid) else {
        return Vec::new();
    };
    view.columns
        .iter()
        .filter_map(|attr| {
            let mut at = *own.get(&attr.num)?;
            for _ in 0..=MAX_VIEW_DEPTH {
                match origins.get(&at.0) {
                    Some(inner) => at = *inner.get(&at.1)?,
                    None => return Some((attr.name.clone(), at.0, at.1)),
                }
            }
            None
        })
        .collect()
}

/// Every key of a base table that an exposed view shows entirely, in the
/// catalog's order (by table, primary keys first, then by name).
pub fn key_dependencies(catalog: &ViewCatalog) -> Vec<KeyDependency> {
    let origins: HashMap<u32, HashMap<i32, (u32, i32)>> = catalog
        .views
        .iter()
        .filter_map(|v| {
            let found = node_tree::column_origins(&v.definition)?;
            let map = found
                .into_iter()
                .map(|o| (o.column, (o.relation, o.relation_column)))
                .collect();
            Some((v.oid, map))
        })
        .collect();
    let mut out = Vec::new();
    for view in catalog.views.iter().filter(|v| v.exposed) {
        let mut shown: HashMap<(u32, i32), Vec<String>> = HashMap::new();
        for (name, table, col) in table_columns(view, &origins) {
            shown.entry((table, col)).or_default().push(name);
        }
        let shows = |table: u32, col: i32| shown.get(&(table, col)).cloned().unwrap_or_default();
        for key in &catalog.constraints {
            let sides: &[(KeyKind, &RelationRef, &[Attribute])] =
                match (&*key.kind, &key.referenced) {
                    ("p", _) => &[(KeyKind::Primary, &key.table, &key.columns)],
                    ("f", Some(referenced)) => &[
                        (KeyKind::Foreign, &key.table, &key.columns),
                        (KeyKind::Referenced, referenced, &key.referenced_columns),
                    ],
                    _ => &[],
                };
            for (kind, table, cols) in sides {
                let columns: Vec<(String, Vec<String>)> = cols
                    .iter()
                    .map(|a| (a.name.clone(), shows(table.oid, a.num)))
                    .collect();
                if columns.is_empty() || columns.iter().any(|(_, v)| v.is_empty()) {
                    continue;
                }
                out.push(KeyDependency {
                    table: table.qualified_name(),
                    view: QualifiedName::new(&view.schema, &view.name),
                    constraint: key.name.clone(),
                    kind: *kind,
                    columns,
                });
            }
        }
    }
    out
}

/// The primary key each view takes from its base tables: the first view
/// column showing each primary key column, over every table whose primary
/// key the view shows (a view joining two tables has both).
pub fn primary_keys(deps: &[KeyDependency]) -> HashMap<QualifiedName, Vec<String>> {
    let mut out: HashMap<QualifiedName, Vec<String>> = HashMap::new();
    for d in deps.iter().filter(|d| d.kind == KeyKind::Primary) {
        out.entry(d.view.clone())
            .or_default()
            .extend(d.columns.iter().filter_map(|(_, v)| v.first().cloned()));
    }
    out
}

/// The many-to-one (one-to-one when the base key's columns are unique)
/// relationships each base foreign key gives the views showing its columns:
/// from a view to the referenced table, from the referencing table to a view,
/// and from view to view. Their inverses and many-to-manys are derived with
/// the tables' own.
pub fn to_one_relationships(catalog: &ViewCatalog, deps: &[KeyDependency]) -> Vec<Relationship> {
    let mut index: HashMap<(&QualifiedName, &str, KeyKind), Vec<&KeyDependency>> = HashMap::new();
    for d in deps {
        index
            .entry((&d.table, d.constraint.as_str(), d.kind))
            .or_default()
            .push(d);
    }
    let mut out = Vec::new();
    for fk in catalog.constraints.iter().filter(|k| k.kind == "f") {
        let Some(referenced) = &fk.referenced else {
            continue;
        };
        let (table, target) = (fk.table.qualified_name(), referenced.qualified_name());
        let cols: Vec<String> = fk.columns.iter().map(|a| a.name.clone()).collect();
        let refs: Vec<String> = fk
            .referenced_columns
            .iter()
            .map(|a| a.name.clone())
            .collect();
        let from_views: Vec<(&QualifiedName, Vec<String>)> = index
            .get(&(&table, fk.name.as_str(), KeyKind::Foreign))
            .into_iter()
            .flatten()
            .flat_map(|d| d.column_choices().into_iter().map(move |c| (&d.view, c)))
            .collect();
        let to_views: Vec<(&QualifiedName, Vec<String>)> = index
            .get(&(&target, fk.name.as_str(), KeyKind::Referenced))
            .into_iter()
            .flatten()
            .flat_map(|d| d.column_choices().into_iter().map(move |c| (&d.view, c)))
            .collect();
        let rel =
            |from: &QualifiedName, to: &QualifiedName, columns: &[String], foreign: &[String]| {
                Relationship {
                    table: from.clone(),
                    foreign_table: to.clone(),
                    cardinality: if fk.one_to_one {
                        Cardinality::OneToOne
                    } else {
                        Cardinality::ManyToOne
                    },
                    constraint: fk.name.clone(),
                    columns: columns.to_vec(),
                    foreign_columns: foreign.to_vec(),
                }
            };
        for (view, columns) in &from_views {
            out.push(rel(view, &target, columns, &refs));
        }
        for (view, foreign) in &to_views {
            out.push(rel(&table, view, &cols, foreign));
        }
        for (view, columns) in &from_views {
            for (other, foreign) in &to_views {
                out.push(rel(view, other, columns, foreign));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
