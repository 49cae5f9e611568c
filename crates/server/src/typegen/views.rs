//! The relationships of views, listed as postgres-meta lists them for the
//! Supabase CLI's types: every foreign key of the rendered schemas that a view
//! shows entirely (the referencing columns, or the referenced ones) is listed
//! again from the view to the referenced table, from the referencing table to
//! the view, and from view to view, with the view's own column names. Which
//! columns a view shows is `/rest/v1`'s own inference (`schema_cache::views`).

use std::collections::HashMap;

use pleat_rest::schema_cache::views::{KeyDependency, KeyKind};
use pleat_rest::schema_cache::QualifiedName;

use super::Relationship;

/// The relationships views take from `foreign_keys` (the tables' own), in
/// postgres-meta's order: per foreign key, view to table, table to view, view
/// to view.
pub fn relationships(foreign_keys: &[Relationship], deps: &[KeyDependency]) -> Vec<Relationship> {
    let mut index: HashMap<(QualifiedName, &str, KeyKind), Vec<&KeyDependency>> = HashMap::new();
    for d in deps {
        index
            .entry((d.table.clone(), d.constraint.as_str(), d.kind))
            .or_default()
            .push(d);
    }
    let shown = |schema: &str, table: &str, name: &str, kind: KeyKind| {
        index
            .get(&(QualifiedName::new(schema, table), name, kind))
            .into_iter()
            .flatten()
            .flat_map(|d| d.column_choices().into_iter().map(move |c| (&d.view, c)))
            .collect::<Vec<_>>()
    };
    let mut out = Vec::new();
    for fk in foreign_keys {
        let from_views = shown(&fk.schema, &fk.relation, &fk.name, KeyKind::Foreign);
        let to_views = shown(
            &fk.referenced_schema,
            &fk.referenced_relation,
            &fk.name,
            KeyKind::Referenced,
        );
        let rel = |from: (&str, &str), columns: &[String], to: (&str, &str), refs: &[String]| {
            Relationship {
                name: fk.name.clone(),
                schema: from.0.to_string(),
                relation: from.1.to_string(),
                columns: columns.to_vec(),
                referenced_schema: to.0.to_string(),
                referenced_relation: to.1.to_string(),
                referenced_columns: refs.to_vec(),
                one_to_one: fk.one_to_one,
            }
        };
        let table = (fk.schema.as_str(), fk.relation.as_str());
        let target = (
            fk.referenced_schema.as_str(),
            fk.referenced_relation.as_str(),
        );
        for (view, columns) in &from_views {
            out.push(rel(
                (&view.schema, &view.name),
                columns,
                target,
                &fk.referenced_columns,
            ));
        }
        for (view, refs) in &to_views {
            out.push(rel(table, &fk.columns, (&view.schema, &view.name), refs));
        }
        for (view, columns) in &from_views {
            for (other, refs) in &to_views {
                out.push(rel(
                    (&view.schema, &view.name),
                    columns,
                    (&other.schema, &other.name),
                    refs,
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::typegen::{render, Catalog};

    fn dep(table: &str, view: &str, kind: KeyKind, columns: &[(&str, &[&str])]) -> KeyDependency {
        KeyDependency {
            table: QualifiedName::new("public", table),
            view: QualifiedName::new("public", view),
            constraint: "t2_t1_fkey".into(),
            kind,
            columns: columns
                .iter()
                .map(|(c, v)| (c.to_string(), v.iter().map(|s| s.to_string()).collect()))
                .collect(),
        }
    }

    /// t2 (a1, b1) references t1 (a, b); v1 shows t1's a and b, v2 shows
    /// t2's a1 twice (x, y) and b1 once (z).
    #[test]
    fn views_are_listed_per_foreign_key_and_rendered_in_postgres_metas_order() {
        let fk: Relationship = serde_json::from_value(json!({
            "name": "t2_t1_fkey", "schema": "public", "relation": "t2", "columns": ["a1", "b1"],
            "referenced_schema": "public", "referenced_relation": "t1",
            "referenced_columns": ["a", "b"], "one_to_one": false
        }))
        .unwrap();
        let deps = [
            dep(
                "t1",
                "v1",
                KeyKind::Referenced,
                &[("a", &["a"]), ("b", &["b"])],
            ),
            dep(
                "t2",
                "v2",
                KeyKind::Foreign,
                &[("a1", &["x", "y"]), ("b1", &["z"])],
            ),
        ];
        let of_views = relationships(std::slice::from_ref(&fk), &deps);
        let listed: Vec<String> = of_views
            .iter()
            .map(|r| {
                format!(
                    "{}({}) -> {}({})",
                    r.relation,
                    r.columns.join(","),
                    r.referenced_relation,
                    r.referenced_columns.join(",")
                )
            })
            .collect();
        assert_eq!(
            listed,
            [
                "v2(x,z) -> t1(a,b)",
                "v2(y,z) -> t1(a,b)",
                "t2(a1,b1) -> v1(a,b)",
                "v2(x,z) -> v1(a,b)",
                "v2(y,z) -> v1(a,b)",
            ]
        );
        let mut relationships = vec![fk];
        relationships.extend(of_views);
        let mut catalog: Catalog = serde_json::from_value(json!({
            "relations": [
                {"id": 1, "schema": "public", "name": "t1", "kind": "r", "updatable": true},
                {"id": 2, "schema": "public", "name": "t2", "kind": "r", "updatable": true},
                {"id": 3, "schema": "public", "name": "v1", "kind": "v", "updatable": false},
                {"id": 4, "schema": "public", "name": "v2", "kind": "v", "updatable": false}
            ],
            "columns": [], "relationships": [], "functions": [], "types": []
        }))
        .unwrap();
        catalog.relationships = relationships;
        catalog.schemas = vec!["public".into()];
        let out = render(&catalog);
        let v2 = &out[out.find("      v2: {").unwrap()..];
        let fields: Vec<&str> = v2
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("columns") || l.starts_with("referencedRelation"))
            .take(8)
            .collect();
        // By referenced relation, then (a tie) in the order listed.
        assert_eq!(
            fields,
            [
                "columns: [\"x\", \"z\"]",
                "referencedRelation: \"t1\"",
                "columns: [\"y\", \"z\"]",
                "referencedRelation: \"t1\"",
                "columns: [\"x\", \"z\"]",
                "referencedRelation: \"v1\"",
                "columns: [\"y\", \"z\"]",
                "referencedRelation: \"v1\"",
            ]
        );
        let t2 = &out[out.find("      t2: {").unwrap()..out.find("      v1: {").unwrap()];
        assert!(t2.contains("referencedRelation: \"v1\""), "{t2}");
    }
}
