//! `SchemaCache`: what `/rest/v1` knows of the exposed schemas — relations with
//! columns and keys (views' keys inferred from their base tables), the
//! relationships between them (derived from foreign keys, through views too,
//! and from functions: see `computed`), the computed fields of each relation
//! and the functions callable through `/rpc`. Built from the introspection
//! queries (`introspect.sql`, `introspect_views.sql` and `computed.sql` in
//! `pleat-rest`, run by `execute::load_schema_cache`), which return JSON, so
//! everything here is pure and tested with JSON fixtures.

mod computed;
mod node_tree;
mod relationships;
pub mod views;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

pub use computed::{Computed, ComputedField, ComputedRelationship};
pub use relationships::{Cardinality, Relationship};

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct QualifiedName {
    pub schema: String,
    pub name: String,
}

impl QualifiedName {
    pub fn new(schema: &str, name: &str) -> Self {
        QualifiedName {
            schema: schema.to_string(),
            name: name.to_string(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Column {
    pub name: String,
    /// `format_type` with modifiers, e.g. `character varying(20)`, `text[]`.
    #[serde(rename = "type")]
    pub data_type: String,
    /// The type under a domain, used to pick operators and casts.
    pub base_type: String,
    pub nullable: bool,
    pub default: Option<String>,
    pub generated: bool,
    pub array: bool,
    pub enum_values: Option<Vec<String>>,
    pub max_length: Option<i64>,
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Key {
    pub primary: bool,
    pub columns: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Relation {
    pub schema: String,
    pub name: String,
    /// `r` table, `p` partitioned table, `v` view, `m` materialized view, `f` foreign table.
    pub kind: String,
    pub comment: Option<String>,
    pub insertable: bool,
    pub updatable: bool,
    pub deletable: bool,
    pub columns: Vec<Column>,
    pub keys: Vec<Key>,
}

impl Relation {
    pub fn qualified_name(&self) -> QualifiedName {
        QualifiedName::new(&self.schema, &self.name)
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    pub fn primary_key(&self) -> &[String] {
        self.keys
            .iter()
            .find(|k| k.primary)
            .map(|k| k.columns.as_slice())
            .unwrap_or(&[])
    }

    pub fn is_view(&self) -> bool {
        matches!(self.kind.as_str(), "v" | "m")
    }

    /// True when `columns` is exactly the primary key or a unique key.
    pub fn is_unique(&self, columns: &[String]) -> bool {
        self.keys.iter().any(|k| {
            k.columns.len() == columns.len() && k.columns.iter().all(|c| columns.contains(c))
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ForeignKey {
    pub name: String,
    pub schema: String,
    pub table: String,
    pub columns: Vec<String>,
    pub ref_schema: String,
    pub ref_table: String,
    pub ref_columns: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FunctionArg {
    pub name: String,
    #[serde(rename = "type")]
    pub data_type: String,
    /// `i` in, `o` out, `b` inout, `v` variadic, `t` table column.
    pub mode: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Function {
    pub schema: String,
    pub name: String,
    pub args: Vec<FunctionArg>,
    /// How many of the trailing input arguments have defaults.
    pub defaults: i32,
    pub return_type: String,
    pub returns_set: bool,
    pub returns_composite: bool,
    pub return_relation: Option<QualifiedName>,
    /// `i` immutable, `s` stable, `v` volatile.
    pub volatility: String,
    pub variadic: bool,
    pub comment: Option<String>,
}

impl Function {
    /// The arguments a caller passes: in, inout and variadic ones.
    pub fn input_args(&self) -> impl Iterator<Item = &FunctionArg> {
        self.args
            .iter()
            .filter(|a| matches!(a.mode.as_str(), "i" | "b" | "v"))
    }

    /// Input arguments that must be given (those before the defaulted tail).
    pub fn required_args(&self) -> Vec<&FunctionArg> {
        let inputs: Vec<&FunctionArg> = self.input_args().collect();
        let required = inputs.len().saturating_sub(self.defaults.max(0) as usize);
        inputs.into_iter().take(required).collect()
    }

    pub fn is_read_only(&self) -> bool {
        self.volatility != "v"
    }

    pub fn returns_void(&self) -> bool {
        self.return_type == "void"
    }
}

#[derive(Debug, Deserialize)]
struct Raw {
    relations: Vec<Relation>,
    foreign_keys: Vec<ForeignKey>,
    functions: Vec<Function>,
    /// Views and the keys of what they read (`introspect_views.sql`); absent
    /// in documents written before views had keys.
    #[serde(default)]
    views: views::ViewCatalog,
}

#[derive(Debug, Clone, Default)]
pub struct SchemaCache {
    pub relations: HashMap<QualifiedName, Relation>,
    pub foreign_keys: Vec<ForeignKey>,
    pub relationships: Vec<Relationship>,
    pub functions: HashMap<QualifiedName, Vec<Function>>,
    /// The schema of PostGIS's `ST_AsGeoJSON(record)`, which answers
    /// `application/geo+json`; none without PostGIS (set by the loader, not
    /// part of the introspection JSON).
    pub geojson: Option<String>,
    /// Computed fields by the relation whose row they take.
    pub computed_fields: HashMap<QualifiedName, Vec<ComputedField>>,
}

impl SchemaCache {
    /// Build from the JSON the introspection query returns.
    pub fn from_json(json: &str) -> Result<SchemaCache, serde_json::Error> {
        Self::from_parts(json, Computed::default())
    }

    /// Build from the introspection query's JSON and the functions over row
    /// types (`computed.sql`).
    pub fn from_parts(json: &str, computed: Computed) -> Result<SchemaCache, serde_json::Error> {
        let raw: Raw = serde_json::from_str(json)?;
        let mut relations: HashMap<QualifiedName, Relation> = raw
            .relations
            .into_iter()
            .map(|r| (r.qualified_name(), r))
            .collect();
        let deps = views::key_dependencies(&raw.views);
        for (view, columns) in views::primary_keys(&deps) {
            if let Some(rel) = relations.get_mut(&view).filter(|r| r.keys.is_empty()) {
                rel.keys.push(Key {
                    primary: true,
                    columns,
                });
            }
        }
        let view_to_one = views::to_one_relationships(&raw.views, &deps);
        // A function named like a table overrides every relationship to it,
        // those through views included.
        let relationships = computed::relationships(
            relationships::derive(&relations, &raw.foreign_keys, view_to_one),
            &computed.relationships,
        );
        let mut computed_fields: HashMap<QualifiedName, Vec<ComputedField>> = HashMap::new();
        for f in computed::fields(computed.fields) {
            computed_fields
                .entry(f.relation.clone())
                .or_default()
                .push(f);
        }
        let mut functions: HashMap<QualifiedName, Vec<Function>> = HashMap::new();
        for f in raw.functions {
            functions
                .entry(QualifiedName::new(&f.schema, &f.name))
                .or_default()
                .push(f);
        }
        Ok(SchemaCache {
            relations,
            foreign_keys: raw.foreign_keys,
            relationships,
            functions,
            geojson: None,
            computed_fields,
        })
    }

    /// The computed fields of `relation`.
    pub fn computed_fields(&self, relation: &QualifiedName) -> &[ComputedField] {
        self.computed_fields
            .get(relation)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    pub fn relation(&self, schema: &str, name: &str) -> Option<&Relation> {
        self.relations.get(&QualifiedName::new(schema, name))
    }

    pub fn functions(&self, schema: &str, name: &str) -> &[Function] {
        self.functions
            .get(&QualifiedName::new(schema, name))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Relationships from `source` to any relation named `target` (in any
    /// exposed schema), in a stable order.
    pub fn relationships_between<'a>(
        &'a self,
        source: &'a QualifiedName,
        target: &'a str,
    ) -> impl Iterator<Item = &'a Relationship> + 'a {
        self.relationships
            .iter()
            .filter(move |r| &r.table == source && r.foreign_table.name == target)
    }

    /// Every relationship starting at `source`.
    pub fn relationships_from<'a>(
        &'a self,
        source: &'a QualifiedName,
    ) -> impl Iterator<Item = &'a Relationship> + 'a {
        self.relationships
            .iter()
            .filter(move |r| &r.table == source)
    }
}

#[cfg(test)]
pub mod fixture;
