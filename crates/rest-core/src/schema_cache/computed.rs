//! Functions over a relation's row type, as PostgREST serves them (read by
//! `computed.sql` in `pleat-rest`): computed fields, which `select`, filters
//! and `order` name like columns, and computed relationships, which embed the
//! rows a function returns for each parent row. A computed relationship named
//! like the target relation replaces the foreign-key relationships to it, as
//! PostgREST's schema cache lets the function prevail.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::{Cardinality, QualifiedName, Relationship};

/// `function(row of relation)`, read as a column named after the function.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputedField {
    pub function: QualifiedName,
    pub relation: QualifiedName,
    /// The return type as `format_type` spells it.
    #[serde(rename = "type")]
    pub data_type: String,
    /// The type under a domain, which compared values are cast to.
    pub base_type: String,
    pub returns_set: bool,
}

impl ComputedField {
    pub fn name(&self) -> &str {
        &self.function.name
    }
}

/// `function(row of table)` returning rows of `foreign_table`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputedRelationship {
    pub function: QualifiedName,
    pub table: QualifiedName,
    pub foreign_table: QualifiedName,
    pub to_one: bool,
}

#[derive(Debug, Default, Deserialize)]
pub struct Computed {
    #[serde(default)]
    pub fields: Vec<ComputedField>,
    #[serde(default)]
    pub relationships: Vec<ComputedRelationship>,
}

/// One field per relation and name: PostgreSQL's `row.fn` finds the function
/// by its name and the row's type, so of the same name in several exposed
/// schemas the one in the relation's own schema is kept.
pub fn fields(mut all: Vec<ComputedField>) -> Vec<ComputedField> {
    all.sort_by(|a, b| {
        let key = |f: &ComputedField| {
            (
                f.relation.clone(),
                f.function.name.clone(),
                f.function.schema != f.relation.schema,
            )
        };
        key(a).cmp(&key(b))
    });
    all.dedup_by(|later, kept| later.relation == kept.relation && later.name() == kept.name());
    all
}

/// `fk` with the computed relationships added. A function over `table` that
/// has the schema and name of a relation (`directors(films)` beside the table
/// `directors`) replaces the foreign-key relationships from `table` to that
/// relation, so the name embeds what the function returns.
pub fn relationships(
    mut fk: Vec<Relationship>,
    computed: &[ComputedRelationship],
) -> Vec<Relationship> {
    let named: HashSet<(&QualifiedName, &QualifiedName)> =
        computed.iter().map(|c| (&c.table, &c.function)).collect();
    fk.retain(|r| !named.contains(&(&r.table, &r.foreign_table)));
    let mut seen = HashSet::new();
    for c in computed {
        if !seen.insert((&c.table, &c.function)) {
            continue;
        }
        fk.push(Relationship {
            table: c.table.clone(),
            foreign_table: c.foreign_table.clone(),
            cardinality: Cardinality::Computed {
                function: c.function.clone(),
                to_one: c.to_one,
            },
            constraint: c.function.name.clone(),
            columns: Vec::new(),
            foreign_columns: Vec::new(),
        });
    }
    fk
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(fschema: &str, name: &str, rel: &str) -> ComputedField {
        ComputedField {
            function: QualifiedName::new(fschema, name),
            relation: QualifiedName::new("api", rel),
            data_type: "text".into(),
            base_type: "text".into(),
            returns_set: false,
        }
    }

    #[test]
    fn the_function_beside_the_relation_wins_and_overloads_stay_apart() {
        let kept = fields(vec![
            field("public", "label", "films"),
            field("api", "label", "films"),
            field("public", "label", "people"),
        ]);
        assert_eq!(
            kept,
            vec![
                field("api", "label", "films"),
                field("public", "label", "people")
            ]
        );
    }

    fn fk(table: &str, target: &str, constraint: &str) -> Relationship {
        Relationship {
            table: QualifiedName::new("public", table),
            foreign_table: QualifiedName::new("public", target),
            cardinality: Cardinality::ManyToOne,
            constraint: constraint.into(),
            columns: vec!["x".into()],
            foreign_columns: vec!["id".into()],
        }
    }

    fn computed(function: &str, table: &str, target: &str) -> ComputedRelationship {
        ComputedRelationship {
            function: QualifiedName::new("public", function),
            table: QualifiedName::new("public", table),
            foreign_table: QualifiedName::new("public", target),
            to_one: true,
        }
    }

    #[test]
    fn a_function_named_like_the_target_replaces_its_foreign_keys() {
        let rels = relationships(
            vec![
                fk("films", "people", "films_director_fkey"),
                fk("films", "people", "films_producer_fkey"),
                fk("films", "studios", "films_studio_fkey"),
            ],
            &[
                computed("people", "films", "people"),
                computed("crew", "films", "people"),
            ],
        );
        let names: Vec<&str> = rels.iter().map(|r| r.constraint.as_str()).collect();
        assert_eq!(names, ["films_studio_fkey", "people", "crew"]);
    }
}
