//! Relationships between relations, derived from foreign keys as PostgREST
//! does: every FK gives a many-to-one from its table and a one-to-many back
//! (one-to-one both ways when the FK columns are unique), and a table whose
//! primary key covers two FKs is a junction giving a many-to-many.

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

pub fn derive(
    relations: &HashMap<QualifiedName, Relation>,
    fks: &[ForeignKey],
) -> Vec<Relationship> {
    let mut out = Vec::new();
    for fk in fks {
        let table = QualifiedName::new(&fk.schema, &fk.table);
        let target = QualifiedName::new(&fk.ref_schema, &fk.ref_table);
        let unique = relations
            .get(&table)
            .is_some_and(|r| r.is_unique(&fk.columns));
        out.push(Relationship {
            table: table.clone(),
            foreign_table: target.clone(),
            cardinality: if unique {
                Cardinality::OneToOne
            } else {
                Cardinality::ManyToOne
            },
            constraint: fk.name.clone(),
            columns: fk.columns.clone(),
            foreign_columns: fk.ref_columns.clone(),
        });
        out.push(Relationship {
            table: target,
            foreign_table: table,
            cardinality: if unique {
                Cardinality::OneToOne
            } else {
                Cardinality::OneToMany
            },
            constraint: fk.name.clone(),
            columns: fk.ref_columns.clone(),
            foreign_columns: fk.columns.clone(),
        });
    }
    out.extend(many_to_many(relations, fks));
    out
}

fn many_to_many(
    relations: &HashMap<QualifiedName, Relation>,
    fks: &[ForeignKey],
) -> Vec<Relationship> {
    let mut out = Vec::new();
    let mut by_table: HashMap<QualifiedName, Vec<&ForeignKey>> = HashMap::new();
    for fk in fks {
        by_table
            .entry(QualifiedName::new(&fk.schema, &fk.table))
            .or_default()
            .push(fk);
    }
    let mut junctions: Vec<_> = by_table.into_iter().collect();
    junctions.sort_by(|a, b| a.0.cmp(&b.0));
    for (junction, jfks) in junctions {
        let Some(rel) = relations.get(&junction) else {
            continue;
        };
        let pk = rel.primary_key();
        let in_pk = |fk: &ForeignKey| !pk.is_empty() && fk.columns.iter().all(|c| pk.contains(c));
        for a in &jfks {
            for b in &jfks {
                if a.name == b.name || !in_pk(a) || !in_pk(b) {
                    continue;
                }
                out.push(Relationship {
                    table: QualifiedName::new(&a.ref_schema, &a.ref_table),
                    foreign_table: QualifiedName::new(&b.ref_schema, &b.ref_table),
                    cardinality: Cardinality::ManyToMany {
                        junction: junction.clone(),
                        source_constraint: a.name.clone(),
                        source_columns: a.columns.clone(),
                        target_constraint: b.name.clone(),
                        target_columns: b.columns.clone(),
                    },
                    constraint: b.name.clone(),
                    columns: a.ref_columns.clone(),
                    foreign_columns: b.ref_columns.clone(),
                });
            }
        }
    }
    out
}
