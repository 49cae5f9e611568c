//! The OpenAPI (Swagger 2.0) description served at `GET /rest/v1/`, generated
//! from the schema cache as PostgREST does: one path per relation the role can
//! see (GET/POST/PATCH/DELETE with the row filters and the usual parameters),
//! one per function under `/rpc/`, and a definition per relation.

use serde_json::{json, Map, Value};

use crate::schema_cache::{Cardinality, Column, Function, Relation, SchemaCache};

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

/// A comment's first line and, when there is more, the rest without the
/// blank lines that may separate them (PostgREST's summary and description).
fn split_comment(comment: Option<&str>) -> (Option<String>, Option<String>) {
    let Some(comment) = comment else {
        return (None, None);
    };
    match comment.split_once('\n') {
        None => (Some(comment.to_string()), None),
        Some((first, rest)) => {
            let rest = rest.trim_start_matches('\n');
            (
                Some(first.to_string()),
                (!rest.is_empty()).then(|| rest.to_string()),
            )
        }
    }
}

/// An operation's `tags`, `summary` and `description` (from `comment`).
fn operation(tag: &str, comment: Option<&str>) -> Map<String, Value> {
    let mut op = Map::new();
    op.insert("tags".into(), json!([tag]));
    let (summary, description) = split_comment(comment);
    if let Some(s) = summary {
        op.insert("summary".into(), json!(s));
    }
    if let Some(d) = description {
        op.insert("description".into(), json!(d));
    }
    op
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
    let prefer = |values: &[&str]| {
        json!({"name": "Prefer", "in": "header", "required": false, "type": "string",
        "description": "Preference", "enum": values})
    };
    let mut m = Map::new();
    m.insert("preferParams".into(), prefer(&["params=single-object"]));
    m.insert(
        "preferReturn".into(),
        prefer(&["return=representation", "return=minimal", "return=none"]),
    );
    m.insert("preferCount".into(), prefer(&["count=none"]));
    m.insert(
        "preferPost".into(),
        prefer(&[
            "return=representation",
            "return=minimal",
            "return=none",
            "resolution=ignore-duplicates",
            "resolution=merge-duplicates",
        ]),
    );
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
    m
}

/// GET, and POST, PATCH and DELETE when the relation takes any write (as
/// PostgREST lists them: all three or none).
fn relation_path(rel: &Relation) -> Value {
    let r = |name: &str| json!({"$ref": format!("#/parameters/{name}")});
    let filters: Vec<Value> = rel
        .columns
        .iter()
        .map(|c| r(&format!("rowFilter.{}.{}", rel.name, c.name)))
        .collect();
    let body = format!("body.{}", rel.name);
    let op = |params: Vec<Value>, responses: Value| {
        let mut op = operation(&rel.name, rel.comment.as_deref());
        op.insert("parameters".into(), json!(params));
        op.insert("responses".into(), responses);
        Value::Object(op)
    };
    let mut get_params = filters.clone();
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
    let mut path = Map::new();
    path.insert(
        "get".into(),
        op(
            get_params,
            json!({"200": {"description": "OK", "schema": {"type": "array", "items": {"$ref": format!("#/definitions/{}", rel.name)}}},
                   "206": {"description": "Partial Content"}}),
        ),
    );
    if rel.insertable || rel.updatable || rel.deletable {
        path.insert(
            "post".into(),
            op(
                vec![r(&body), r("select"), r("preferPost")],
                json!({"201": {"description": "Created"}}),
            ),
        );
        let mut patch = filters.clone();
        patch.extend([r(&body), r("preferReturn")]);
        path.insert(
            "patch".into(),
            op(patch, json!({"204": {"description": "No Content"}})),
        );
        let mut delete = filters;
        delete.push(r("preferReturn"));
        path.insert(
            "delete".into(),
            op(delete, json!({"204": {"description": "No Content"}})),
        );
    }
    Value::Object(path)
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
fn type_schema(pg: &str) -> Value {
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

fn swagger_type(pg: &str) -> Option<&'static str> {
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

/// GET (unless the function is volatile, as PostgREST 13) with the arguments
/// in the query, and POST with them in the body.
fn function_path(f: &Function) -> Value {
    let tag = format!("(rpc) {}", f.name);
    let required: Vec<String> = f.required_args().iter().map(|a| a.name.clone()).collect();
    let op = |params: Vec<Value>| {
        let mut op = operation(&tag, f.comment.as_deref());
        op.insert(
            "produces".into(),
            json!([
                "application/json",
                "application/vnd.pgrst.object+json;nulls=stripped",
                "application/vnd.pgrst.object+json"
            ]),
        );
        op.insert("parameters".into(), json!(params));
        op.insert("responses".into(), json!({"200": {"description": "OK"}}));
        Value::Object(op)
    };
    let mut props = Map::new();
    for a in f.input_args() {
        props.insert(a.name.clone(), type_schema(&a.data_type));
    }
    let mut schema = json!({"type": "object", "properties": props});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    if let Some(d) = &f.comment {
        schema["description"] = json!(d);
    }
    let body = json!({"name": "args", "in": "body", "required": true, "schema": schema});
    let mut path = Map::new();
    if f.is_read_only() {
        let params = f
            .input_args()
            .map(|a| {
                let mut p =
                    json!({"name": a.name, "in": "query", "required": required.contains(&a.name)});
                match (a.mode.as_str(), a.data_type.strip_suffix("[]")) {
                    // A variadic argument is repeated: `?v=1&v=2`.
                    ("v", Some(inner)) => {
                        p["type"] = json!("array");
                        p["collectionFormat"] = json!("multi");
                        let mut items = json!({"format": inner});
                        if let Some(t) = swagger_type(inner) {
                            items["type"] = json!(t);
                        }
                        p["items"] = items;
                    }
                    // Arrays are written `{1,2}` in the query: strings.
                    _ => {
                        p["format"] = json!(a.data_type);
                        p["type"] = json!(match swagger_type(&a.data_type) {
                            Some("array") | None => "string",
                            Some(t) => t,
                        });
                    }
                }
                p
            })
            .collect();
        path.insert("get".into(), op(params));
    }
    path.insert(
        "post".into(),
        op(vec![body, json!({"$ref": "#/parameters/preferParams"})]),
    );
    Value::Object(path)
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
