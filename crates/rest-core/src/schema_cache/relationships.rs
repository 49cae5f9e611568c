//! Relationships between relations, derived from foreign keys as PostgREST
//! does: every FK gives a many-to-one from its table and a one-to-many back
//! (one-to-one both ways when the FK columns are unique), views take part
//! through their base tables' keys (`views`), and a relation whose primary
//! key covers two many-to-ones is a junction giving a many-to-many.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::Serialize;

use super::{ForeignKey, QualifiedName, Relation};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Cardinality {
    /// `table.columns` reference `foreign_table.foreign_columns`.
    ManyToOne,
    /// `foreign_table.foreign_columns` reference `table.columns`.
    OneToMany,
    /// Either direction, with unique FK columns.
    OneToOne,
    /// Through `junction`: `junction.source_columns` → table, `junction.target_columns` → foreign table.
    ManyToMany {
        junction: QualifiedName,
        source_constraint: String,
        source_columns: Vec<String>,
        target_constraint: String,
        target_columns: Vec<String>,
    },
    /// The rows `function(row of table)` returns (see `computed.rs`); no
    /// columns join them.
    Computed {
        function: QualifiedName,
        to_one: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Relationship {
    pub table: QualifiedName,
    pub foreign_table: QualifiedName,
    pub cardinality: Cardinality,
    /// The FK constraint name (for M2M the one toward the foreign table).
    pub constraint: String,
    /// Join columns on `table` and on `foreign_table`, pairwise (for M2M the
    /// columns of `table` and `foreign_table` referenced by the junction).
    pub columns: Vec<String>,
    pub foreign_columns: Vec<String>,
}

impl Relationship {
    pub fn is_to_one(&self) -> bool {
        matches!(
            self.cardinality,
            Cardinality::ManyToOne
                | Cardinality::OneToOne
                | Cardinality::Computed { to_one: true, .. }
        )
    }

    pub fn is_self(&self) -> bool {
        self.table == self.foreign_table
    }
}

/// Every relationship between the exposed `relations`: the foreign keys'
/// (`fks`, both ends exposed) and the ones views take from their base tables
/// (`view_to_one`, see `views`), each with its inverse, and the many-to-manys
/// through a junction (table or view) whose primary key covers two of its
/// many-to-ones; sorted as PostgREST sorts them, which is the order of the
/// candidates of an ambiguous embed.
pub fn derive(
    relations: &HashMap<QualifiedName, Relation>,
    fks: &[ForeignKey],
    view_to_one: Vec<Relationship>,
) -> Vec<Relationship> {
    let exposed = |r: &Relationship| {
        relations.contains_key(&r.table) && relations.contains_key(&r.foreign_table)
    };
    let mut to_one: Vec<Relationship> = fks
        .iter()
        .map(|fk| {
            let table = QualifiedName::new(&fk.schema, &fk.table);
            let unique = relations
                .get(&table)
                .is_some_and(|r| r.is_unique(&fk.columns));
            Relationship {
                table,
                foreign_table: QualifiedName::new(&fk.ref_schema, &fk.ref_table),
                cardinality: if unique {
                    Cardinality::OneToOne
                } else {
                    Cardinality::ManyToOne
                },
                constraint: fk.name.clone(),
                columns: fk.columns.clone(),
                foreign_columns: fk.ref_columns.clone(),
            }
        })
        .collect();
    to_one.extend(view_to_one.into_iter().filter(exposed));
    let m2m = many_to_many(relations, &to_one);
    let inverses: Vec<Relationship> = to_one
        .iter()
        .map(|r| Relationship {
            table: r.foreign_table.clone(),
            foreign_table: r.table.clone(),
            cardinality: if r.cardinality == Cardinality::OneToOne {
                Cardinality::OneToOne
            } else {
                Cardinality::OneToMany
            },
            constraint: r.constraint.clone(),
            columns: r.foreign_columns.clone(),
            foreign_columns: r.columns.clone(),
        })
        .collect();
    let mut out = to_one;
    out.extend(inverses);
    out.extend(m2m);
    out.sort_by(order);
    out.dedup();
    out
}

/// PostgREST's order of relationships: by table and foreign table, self
/// ones after, then one-to-many, many-to-one, one-to-one, many-to-many, then
/// by constraint (junction) and columns.
fn order(a: &Relationship, b: &Relationship) -> Ordering {
    fn rank(c: &Cardinality) -> u8 {
        match c {
            Cardinality::OneToMany => 0,
            Cardinality::ManyToOne => 1,
            Cardinality::OneToOne => 2,
            Cardinality::ManyToMany { .. } => 3,
            // Added after this sort (computed::relationships), never ordered here.
            Cardinality::Computed { .. } => 4,
        }
    }
    fn pairs<'a>(x: &'a [String], y: &'a [String]) -> Vec<(&'a String, &'a String)> {
        x.iter().zip(y).collect()
    }
    let head = (
        &a.table,
        &a.foreign_table,
        a.is_self(),
        rank(&a.cardinality),
    )
        .cmp(&(
            &b.table,
            &b.foreign_table,
            b.is_self(),
            rank(&b.cardinality),
        ));
    head.then_with(|| match (&a.cardinality, &b.cardinality) {
        (
            Cardinality::ManyToMany {
                junction: ja,
                source_constraint: sa,
                source_columns: sca,
                target_constraint: ta,
                target_columns: tca,
            },
            Cardinality::ManyToMany {
                junction: jb,
                source_constraint: sb,
                source_columns: scb,
                target_constraint: tb,
                target_columns: tcb,
            },
        ) => (
            ja,
            sa,
            ta,
            pairs(&a.columns, sca),
            pairs(&a.foreign_columns, tca),
        )
            .cmp(&(
                jb,
                sb,
                tb,
                pairs(&b.columns, scb),
                pairs(&b.foreign_columns, tcb),
            )),
        _ => (&a.constraint, pairs(&a.columns, &a.foreign_columns))
            .cmp(&(&b.constraint, pairs(&b.columns, &b.foreign_columns))),
    })
}

/// A junction's many-to-ones paired two by two (PostgREST pairs many-to-ones
/// only: a junction whose foreign key columns are unique is not one).
fn many_to_many(
    relations: &HashMap<QualifiedName, Relation>,
    to_one: &[Relationship],
) -> Vec<Relationship> {
    let mut out = Vec::new();
    let mut by_junction: HashMap<&QualifiedName, Vec<&Relationship>> = HashMap::new();
    for r in to_one
        .iter()
        .filter(|r| r.cardinality == Cardinality::ManyToOne)
    {
        by_junction.entry(&r.table).or_default().push(r);
    }
    for (junction, rels) in by_junction {
        let Some(rel) = relations.get(junction) else {
            continue;
        };
        let pk = rel.primary_key();
        let in_pk = |r: &Relationship| !pk.is_empty() && r.columns.iter().all(|c| pk.contains(c));
        for a in &rels {
            for b in &rels {
                if a.constraint == b.constraint || !in_pk(a) || !in_pk(b) {
                    continue;
                }
                out.push(Relationship {
                    table: a.foreign_table.clone(),
                    foreign_table: b.foreign_table.clone(),
                    cardinality: Cardinality::ManyToMany {
                        junction: junction.clone(),
                        source_constraint: a.constraint.clone(),
                        source_columns: a.columns.clone(),
                        target_constraint: b.constraint.clone(),
                        target_columns: b.columns.clone(),
                    },
                    constraint: b.constraint.clone(),
                    columns: a.foreign_columns.clone(),
                    foreign_columns: b.foreign_columns.clone(),
                });
            }
        }
    }
    out
}
