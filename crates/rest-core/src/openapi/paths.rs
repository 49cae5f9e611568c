//! The `paths` and `parameters` of the OpenAPI document: one path per relation
//! (GET/POST/PATCH/DELETE with its row filters and the usual parameters, as
//! PostgREST lists them) and one per function under `/rpc/`.

use serde_json::{json, Map, Value};

use super::definitions::{swagger_type, type_schema};
use crate::schema_cache::{Function, Relation};

/// A comment's first line and, when there is more, the rest without the
/// blank lines that may separate them (PostgREST's summary and description).
pub(super) fn split_comment(comment: Option<&str>) -> (Option<String>, Option<String>) {
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

pub(super) fn common_parameters() -> Map<String, Value> {
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
pub(super) fn relation_path(rel: &Relation) -> Value {
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

/// GET (unless the function is volatile, as PostgREST 13) with the arguments
/// in the query, and POST with them in the body.
pub(super) fn function_path(f: &Function) -> Value {
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
