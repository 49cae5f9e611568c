//! The OpenAPI (Swagger 2.0) description served at `GET /rest/v1/`, generated
//! from the schema cache as PostgREST does: one path per relation the role can
//! see (GET/POST/PATCH/DELETE with the row filters and the usual parameters),
//! one per function under `/rpc/`, and a definition per relation.

use serde_json::{json, Map, Value};

use crate::schema_cache::{Column, Function, Relation, SchemaCache};

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

pub fn document(cache: &SchemaCache, visible: &Visible, host: &str, scheme: &str) -> Value {
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
        let (path, params) = relation_path(rel);
        paths.insert(format!("/{}", rel.name), path);
        for (name, p) in params {
            parameters.insert(name, p);
        }
        parameters.insert(
            format!("body.{}", rel.name),
            json!({
                "name": rel.name, "in": "body", "required": false, "description": rel.name,
                "schema": {"$ref": format!("#/definitions/{}", rel.name)}
            }),
        );
        definitions.insert(rel.name.clone(), definition(cache, rel));
    }
    let mut seen = std::collections::BTreeSet::new();
    for f in &visible.functions {
        if seen.insert(f.name.clone()) {
            paths.insert(format!("/rpc/{}", f.name), function_path(f));
        }
    }
    json!({
        "swagger": "2.0",
        "info": {"title": "Pleat REST API", "version": env!("CARGO_PKG_VERSION"),
                 "description": "PostgREST-compatible API generated from the database schema"},
        "host": host,
        "basePath": "/rest/v1",
        "schemes": [scheme],
        "consumes": ["application/json", "application/vnd.pgrst.object+json;nulls=stripped",
                     "application/vnd.pgrst.object+json", "text/csv"],
        "produces": ["application/json", "application/vnd.pgrst.object+json;nulls=stripped",
                     "application/vnd.pgrst.object+json", "text/csv"],
        "paths": paths,
        "definitions": definitions,
        "parameters": parameters,
        "externalDocs": {"description": "PostgREST documentation", "url": "https://postgrest.org/en/v12/references/api.html"},
    })
}

fn common_parameters() -> Map<String, Value> {
    let q = |name: &str, desc: &str| json!({"name": name, "in": "query", "required": false, "type": "string", "description": desc});
    let h = |name: &str, desc: &str, default: Option<&str>| {
        let mut v = json!({"name": name, "in": "header", "required": false, "type": "string", "description": desc});
        if let Some(d) = default {
            v["default"] = json!(d);
        }
        v
    };
    let mut m = Map::new();
    m.insert("select".into(), q("select", "Filtering Columns"));
    m.insert("on_conflict".into(), q("on_conflict", "On Conflict"));
    m.insert("order".into(), q("order", "Ordering"));
    m.insert("range".into(), h("Range", "Limiting and Pagination", None));
    m.insert(
        "rangeUnit".into(),
        h("Range-Unit", "Limiting and Pagination", Some("items")),
    );
    m.insert("offset".into(), q("offset", "Limiting and Pagination"));
    m.insert("limit".into(), q("limit", "Limiting and Pagination"));
    m.insert("preferReturn".into(), json!({"name": "Prefer", "in": "header", "required": false, "type": "string",
        "description": "Preference", "enum": ["return=representation", "return=minimal", "return=none"]}));
    m.insert(
        "preferCount".into(),
        json!({"name": "Prefer", "in": "header", "required": false, "type": "string",
        "description": "Preference", "enum": ["count=none"]}),
    );
    m.insert("preferPost".into(), json!({"name": "Prefer", "in": "header", "required": false, "type": "string",
        "description": "Preference", "enum": ["return=representation", "return=minimal", "return=none",
        "resolution=ignore-duplicates", "resolution=merge-duplicates"]}));
    m.insert(
        "preferParams".into(),
        json!({"name": "Prefer", "in": "header", "required": false, "type": "string",
        "description": "Preference", "enum": ["params=single-object"]}),
    );
    m
}

fn relation_path(rel: &Relation) -> (Value, Vec<(String, Value)>) {
    let mut filters = Vec::new();
    let mut refs = Vec::new();
    for c in &rel.columns {
        let key = format!("rowFilter.{}.{}", rel.name, c.name);
        filters.push((
            key.clone(),
            json!({
                "name": c.name, "in": "query", "required": false, "type": "string",
                "format": c.data_type, "description": c.comment,
            }),
        ));
        refs.push(json!({"$ref": format!("#/parameters/{key}")}));
    }
    let r = |name: &str| json!({"$ref": format!("#/parameters/{name}")});
    let mut get_params = refs.clone();
    get_params.extend(
        [
            "select",
            "order",
            "range",
            "rangeUnit",
            "offset",
            "limit",
            "preferCount",
        ]
        .map(r),
    );
    let ok_rows = json!({"description": "OK", "schema": {"type": "array", "items": {"$ref": format!("#/definitions/{}", rel.name)}}});
    let tag = vec![rel.name.clone()];
    let mut path = Map::new();
    path.insert(
        "get".into(),
        json!({"tags": tag, "summary": rel.comment, "parameters": get_params,
        "responses": {"200": ok_rows, "206": {"description": "Partial Content"}}}),
    );
    if rel.insertable {
        path.insert("post".into(), json!({"tags": tag, "parameters": [r(&format!("body.{}", rel.name)), r("select"), r("preferPost")],
            "responses": {"201": {"description": "Created"}}}));
    }
    if rel.updatable {
        let mut p = refs.clone();
        p.extend([r(&format!("body.{}", rel.name)), r("preferReturn")]);
        path.insert("patch".into(), json!({"tags": tag, "parameters": p, "responses": {"204": {"description": "No Content"}}}));
    }
    if rel.deletable {
        let mut p = refs;
        p.push(r("preferReturn"));
        path.insert("delete".into(), json!({"tags": tag, "parameters": p, "responses": {"204": {"description": "No Content"}}}));
    }
    (Value::Object(path), filters)
}

fn definition(cache: &SchemaCache, rel: &Relation) -> Value {
    let pk = rel.primary_key();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for c in &rel.columns {
        let mut notes = Vec::new();
        if pk.contains(&c.name) {
            notes.push("This is a Primary Key.<pk/>".to_string());
        }
        for fk in cache.foreign_keys.iter().filter(|fk| {
            fk.schema == rel.schema
                && fk.table == rel.name
                && fk.columns.len() == 1
                && fk.columns[0] == c.name
        }) {
            notes.push(format!(
                "This is a Foreign Key to `{}.{}`.<fk table='{}' column='{}'/>",
                fk.ref_table, fk.ref_columns[0], fk.ref_table, fk.ref_columns[0]
            ));
        }
        let mut prop = column_schema(c);
        let description = match (&c.comment, notes.is_empty()) {
            (Some(comment), true) => Some(comment.clone()),
            (comment, false) => Some(format!(
                "{}Note:\n{}",
                comment
                    .as_ref()
                    .map(|c| format!("{c}\n\n"))
                    .unwrap_or_default(),
                notes.join("\n")
            )),
            (None, true) => None,
        };
        if let Some(d) = description {
            prop["description"] = json!(d);
        }
        if let Some(d) = &c.default {
            prop["default"] = json!(d);
        }
        if !c.nullable && c.default.is_none() && !c.generated {
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

fn column_schema(c: &Column) -> Value {
    if c.array {
        let inner = c.data_type.trim_end_matches("[]");
        return json!({"type": "array", "format": c.data_type, "items": {"type": swagger_type(inner).unwrap_or("string")}});
    }
    let mut v = json!({"format": c.data_type});
    if let Some(t) = swagger_type(&c.base_type) {
        v["type"] = json!(t);
    }
    if let Some(values) = &c.enum_values {
        v["type"] = json!("string");
        v["enum"] = json!(values);
    }
    if let Some(n) = c.max_length {
        v["maxLength"] = json!(n);
    }
    v
}

fn swagger_type(pg: &str) -> Option<&'static str> {
    let base = pg.split('(').next().unwrap_or(pg).trim();
    Some(match base {
        "smallint" | "integer" | "bigint" => "integer",
        "numeric" | "real" | "double precision" => "number",
        "boolean" => "boolean",
        "json" | "jsonb" => return None,
        _ => "string",
    })
}

fn function_path(f: &Function) -> Value {
    let mut props = Map::new();
    let required: Vec<String> = f.required_args().iter().map(|a| a.name.clone()).collect();
    for a in f.input_args() {
        let mut p = json!({"format": a.data_type});
        if let Some(t) = swagger_type(&a.data_type) {
            p["type"] = json!(t);
        }
        props.insert(a.name.clone(), p);
    }
    let mut schema = json!({"type": "object", "properties": props});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    let body = json!({"name": "args", "in": "body", "required": true, "schema": schema});
    let mut path = json!({"post": {"tags": ["(rpc) ".to_string() + &f.name], "summary": f.comment,
        "produces": ["application/json", "application/vnd.pgrst.object+json"],
        "parameters": [body, {"$ref": "#/parameters/preferParams"}],
        "responses": {"200": {"description": "OK"}}}});
    if f.is_read_only() {
        let params: Vec<Value> = f
            .input_args()
            .map(|a| json!({"name": a.name, "in": "query", "required": required.contains(&a.name), "type": swagger_type(&a.data_type).unwrap_or("string"), "format": a.data_type}))
            .collect();
        path["get"] = json!({"tags": ["(rpc) ".to_string() + &f.name], "summary": f.comment,
            "parameters": params, "responses": {"200": {"description": "OK"}}});
    }
    path
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
            "localhost:8080",
            "http",
        );
        assert_eq!(doc["swagger"], "2.0");
        assert_eq!(doc["basePath"], "/rest/v1");
        let books = &doc["definitions"]["books"];
        assert_eq!(books["required"], json!(["title"]));
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
