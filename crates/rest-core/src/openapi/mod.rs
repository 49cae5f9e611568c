//! The OpenAPI (Swagger 2.0) description served at `GET /rest/v1/`, generated
//! from the schema cache as PostgREST does: one path per relation the role can
//! see (GET/POST/PATCH/DELETE with the row filters and the usual parameters),
//! one per function under `/rpc/`, and a definition per relation.

use serde_json::{json, Map, Value};

mod definitions;
mod paths;

use definitions::definition;
use paths::{common_parameters, function_path, relation_path, split_comment};

use crate::schema_cache::{Function, Relation, SchemaCache};

/// What the requesting role may see; the caller fills it from privileges.
pub struct Visible<'a> {
    pub relations: Vec<&'a Relation>,
    pub functions: Vec<&'a Function>,
}

impl<'a> Visible<'a> {
    /// Everything in `schema`, sorted (for tests and for service_role).
    pub fn all(cache: &'a SchemaCache, schema: &str) -> Visible<'a> {
        let mut relations: Vec<&Relation> = cache
            .relations
            .values()
            .filter(|r| r.schema == schema)
            .collect();
        relations.sort_by(|a, b| a.name.cmp(&b.name));
        let mut functions: Vec<&Function> = cache
            .functions
            .values()
            .flatten()
            .filter(|f| f.schema == schema)
            .collect();
        functions.sort_by(|a, b| a.name.cmp(&b.name));
        Visible {
            relations,
            functions,
        }
    }
}

/// Where the document says the API is, and the exposed schema's comment.
pub struct Site<'a> {
    pub host: &'a str,
    pub scheme: &'a str,
    /// `COMMENT ON SCHEMA`: its first line is the title, the rest the description.
    pub schema_comment: Option<&'a str>,
}

pub fn document(cache: &SchemaCache, visible: &Visible, site: &Site) -> Value {
    let mut paths = Map::new();
    paths.insert(
        "/".into(),
        json!({"get": {"tags": ["Introspection"], "summary": "OpenAPI description (this document)",
                        "produces": ["application/openapi+json", "application/json"],
                        "responses": {"200": {"description": "OK"}}}}),
    );
    let mut definitions = Map::new();
    let mut parameters = common_parameters();
    for rel in &visible.relations {
        paths.insert(format!("/{}", rel.name), relation_path(rel));
        parameters.insert(
            format!("body.{}", rel.name),
            json!({
                "name": rel.name, "in": "body", "required": false, "description": rel.name,
                "schema": {"$ref": format!("#/definitions/{}", rel.name)}
            }),
        );
        for c in &rel.columns {
            let mut filter =
                json!({"name": c.name, "in": "query", "required": false, "type": "string"});
            if let Some(comment) = &c.comment {
                filter["description"] = json!(comment);
            }
            parameters.insert(format!("rowFilter.{}.{}", rel.name, c.name), filter);
        }
        definitions.insert(rel.name.clone(), definition(cache, rel));
    }
    let mut seen = std::collections::BTreeSet::new();
    for f in &visible.functions {
        if seen.insert(f.name.clone()) {
            paths.insert(format!("/rpc/{}", f.name), function_path(f));
        }
    }
    let (title, description) = match split_comment(site.schema_comment) {
        (Some(title), description) => (title, description),
        (None, _) => (
            "Pleat REST API".to_string(),
            Some("PostgREST-compatible API generated from the database schema".to_string()),
        ),
    };
    let mut info = json!({"title": title, "version": env!("CARGO_PKG_VERSION")});
    if let Some(d) = description {
        info["description"] = json!(d);
    }
    let media = [
        "application/json",
        "application/vnd.pgrst.object+json;nulls=stripped",
        "application/vnd.pgrst.object+json",
        "text/csv",
    ];
    json!({
        "swagger": "2.0",
        "info": info,
        "host": site.host,
        "basePath": "/rest/v1",
        "schemes": [site.scheme],
        "consumes": media,
        "produces": media,
        "paths": paths,
        "definitions": definitions,
        "parameters": parameters,
        "externalDocs": {"description": "PostgREST Documentation", "url": "https://postgrest.org/en/v12/references/api.html"},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema_cache::fixture;

    #[test]
    fn documents_relations_columns_and_functions() {
        let cache = fixture::cache();
        let doc = document(
            &cache,
            &Visible::all(&cache, "public"),
            &Site {
                host: "localhost:8080",
                scheme: "http",
                schema_comment: None,
            },
        );
        assert_eq!(doc["swagger"], "2.0");
        assert_eq!(doc["basePath"], "/rest/v1");
        let books = &doc["definitions"]["books"];
        assert_eq!(books["required"], json!(["id", "title", "meta"]));
        assert_eq!(books["properties"]["id"]["type"], "integer");
        assert!(books["properties"]["id"]["description"]
            .as_str()
            .unwrap()
            .contains("<pk/>"));
        assert_eq!(
            books["properties"]["author_id"]["description"],
            "Note:\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>"
        );
        assert_eq!(books["properties"]["isbn"]["maxLength"], 20);
        assert_eq!(
            doc["definitions"]["authors"]["properties"]["mood"]["enum"],
            json!(["sad", "ok", "happy"])
        );
        assert_eq!(
            doc["definitions"]["authors"]["properties"]["tags"]["type"],
            "array"
        );
        assert!(doc["paths"]["/books"]["get"].is_object());
        assert!(doc["paths"]["/books"]["post"].is_object());
        assert!(
            doc["paths"]["/rpc/add_them"]["get"].is_object(),
            "immutable functions get GET"
        );
        assert!(
            doc["paths"]["/rpc/add_review"]["get"].is_null(),
            "volatile functions are POST only"
        );
        assert_eq!(
            doc["paths"]["/rpc/add_them"]["post"]["parameters"][0]["schema"]["required"],
            json!(["a", "b"])
        );
    }
}
