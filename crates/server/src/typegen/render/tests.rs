//! Rendering of hand-made catalogs: the PostgreSQL → TypeScript mapping and
//! the Insert/Update rules, without a database.

use serde_json::{json, Value};

use super::render;
use crate::typegen::Catalog;

fn ty(id: i64, schema: &str, name: &str, kind: &str) -> Value {
    json!({"id": id, "schema": schema, "name": name, "kind": kind, "element": null, "base": null,
           "relation": null, "composite": false, "labels": null, "attributes": null})
}

fn types() -> Vec<Value> {
    let mut v = vec![
        ty(16, "pg_catalog", "bool", "b"),
        ty(20, "pg_catalog", "int8", "b"),
        ty(23, "pg_catalog", "int4", "b"),
        ty(25, "pg_catalog", "text", "b"),
        ty(114, "pg_catalog", "json", "b"),
        ty(1700, "pg_catalog", "numeric", "b"),
        ty(2278, "pg_catalog", "void", "p"),
        ty(3614, "pg_catalog", "tsvector", "b"),
        ty(3802, "pg_catalog", "jsonb", "b"),
    ];
    let mut mood = ty(100, "public", "mood", "e");
    mood["labels"] = json!(["sad", "happy"]);
    let mut moods = ty(101, "public", "_mood", "b");
    moods["element"] = json!(100);
    let mut level = ty(102, "other", "level", "e");
    level["labels"] = json!(["low", "high"]);
    let mut levels = ty(103, "other", "_level", "b");
    levels["element"] = json!(102);
    let mut row = ty(200, "public", "books", "c");
    row["relation"] = json!(1000);
    let mut amount = ty(104, "public", "amount", "d");
    amount["base"] = json!(1700);
    let mut money = ty(300, "public", "money_pair", "c");
    money["relation"] = json!(3000);
    money["composite"] = json!(true);
    money["attributes"] = json!([{"name": "amount", "type": 104}, {"name": "label", "type": 25}]);
    v.extend([mood, moods, level, levels, row, amount, money]);
    v
}

fn col(
    table: i64,
    name: &str,
    ty: i64,
    nullable: bool,
    has_default: bool,
    identity: Option<&str>,
) -> Value {
    json!({"table_id": table, "name": name, "type": ty, "nullable": nullable,
           "has_default": has_default, "identity": identity, "updatable": true})
}

fn arg(name: &str, ty: i64, mode: &str, has_default: bool) -> Value {
    json!({"name": name, "type": ty, "mode": mode, "has_default": has_default})
}

fn function(name: &str, returns: i64, set: bool, rows: Option<f64>, args: Vec<Value>) -> Value {
    json!({"schema": "public", "name": name, "returns": returns, "returns_set": set, "rows": rows,
           "signature": "", "args": args})
}

fn catalog(
    schemas: &[&str],
    relations: Value,
    columns: Vec<Value>,
    functions: Vec<Value>,
) -> String {
    let mut c: Catalog = serde_json::from_value(json!({
        "relations": relations, "columns": columns, "relationships": [],
        "functions": functions, "types": types(),
    }))
    .expect("a valid catalog");
    c.schemas = schemas.iter().map(|s| s.to_string()).collect();
    render(&c)
}

fn books(columns: Vec<Value>, functions: Vec<Value>) -> String {
    let relations =
        json!([{"id": 1000, "schema": "public", "name": "books", "kind": "r", "updatable": true}]);
    catalog(&["public"], relations, columns, functions)
}

/// The lines between `start` (a line of the output, trimmed) and the next `}` at its depth.
fn block(out: &str, start: &str) -> Vec<String> {
    let mut lines = out.lines().skip_while(|l| l.trim() != start);
    let first = lines
        .next()
        .unwrap_or_else(|| panic!("no {start} in\n{out}"));
    let depth = first.len() - first.trim_start().len();
    lines
        .take_while(|l| !(l.trim() == "}" && l.len() - l.trim_start().len() == depth))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn columns_map_to_typescript_and_insert_update_follow_defaults_and_identity() {
    let out = books(
        vec![
            col(1000, "id", 20, false, false, Some("a")),
            col(1000, "title", 25, false, false, None),
            col(1000, "price", 104, true, false, None),
            col(1000, "moods", 101, false, true, None),
            col(1000, "levels", 103, true, false, None),
            col(1000, "meta", 3802, false, true, None),
            col(1000, "search", 3614, true, false, None),
            col(1000, "first name", 16, false, false, Some("d")),
        ],
        vec![],
    );
    assert_eq!(
        block(&out, "Row: {"),
        [
            "\"first name\": boolean",
            "id: number",
            "levels: (\"low\" | \"high\")[] | null",
            "meta: Json",
            "moods: Database[\"public\"][\"Enums\"][\"mood\"][]",
            "price: number | null",
            "search: unknown",
            "title: string",
        ]
    );
    assert_eq!(
        block(&out, "Insert: {"),
        [
            "\"first name\"?: boolean",
            "id?: never",
            "levels?: (\"low\" | \"high\")[] | null",
            "meta?: Json",
            "moods?: Database[\"public\"][\"Enums\"][\"mood\"][]",
            "price?: number | null",
            "search?: unknown",
            "title: string",
        ]
    );
    let update = block(&out, "Update: {");
    assert!(update.contains(&"id?: never".to_string()), "{update:?}");
    assert!(update.contains(&"title?: string".to_string()), "{update:?}");
    assert!(out.contains("        Relationships: []\n"));
}

#[test]
fn functions_postgrest_can_call_with_their_arguments_and_rows() {
    let out = books(
        vec![col(1000, "id", 23, false, true, None)],
        vec![
            function("greet", 25, false, None, vec![arg("name", 25, "i", true)]),
            function(
                "books_by",
                200,
                true,
                Some(1000.0),
                vec![arg("author", 23, "i", false)],
            ),
            function("echo", 114, false, None, vec![arg("", 114, "i", false)]),
            // PostgREST cannot pass an unnamed int: not callable, not listed.
            function("double", 23, false, None, vec![arg("", 23, "i", false)]),
            function(
                "pairs",
                2249,
                true,
                Some(1000.0),
                vec![arg("n", 23, "t", false), arg("a", 25, "t", false)],
            ),
            function("label", 25, false, None, vec![arg("", 200, "i", false)]),
            function("nothing", 2278, false, None, vec![]),
            function(
                "reviews_of",
                200,
                true,
                Some(1000.0),
                vec![arg("book", 200, "i", false)],
            ),
            function("pick", 25, false, None, vec![arg("a", 23, "i", false)]),
            function("pick", 25, false, None, vec![arg("a", 25, "i", false)]),
        ],
    );
    assert_eq!(
        block(&out, "greet: {"),
        ["Args: { name?: string }", "Returns: string"]
    );
    assert_eq!(
        block(&out, "books_by: {"),
        [
            "Args: { author: number }",
            "Returns: {",
            "id: number",
            "}[]",
            "SetofOptions: {",
            "from: \"*\"",
            "to: \"books\"",
            "isOneToOne: false",
            "isSetofReturn: true",
            "}",
        ]
    );
    assert_eq!(
        block(&out, "echo: {"),
        ["Args: { \"\": Json }", "Returns: Json"]
    );
    assert!(!out.contains("double"), "{out}");
    assert_eq!(
        block(&out, "pairs: {"),
        ["Args: never", "Returns: {", "a: string", "n: number", "}[]"]
    );
    assert_eq!(
        block(&out, "nothing: {"),
        ["Args: never", "Returns: undefined"]
    );
    assert!(
        block(&out, "reviews_of: {")
            .join("\n")
            .contains("from: \"books\"\nto: \"books\"\nisOneToOne: false\nisSetofReturn: true"),
        "{out}"
    );
    // PostgREST tells overloads apart by argument names only: `pick(a)` is ambiguous.
    let conflict = "Returns: { error: true } & \"Could not choose the best candidate function between: public.pick(a => int4), public.pick(a => text). Try renaming the parameters or the function itself in the database so function overloading can be resolved\"";
    assert_eq!(out.matches(conflict).count(), 2, "{out}");
    assert!(
        out.contains("      pick:\n        | {\n            Args: { a: number }\n"),
        "{out}"
    );
    // A function of the row is a computed field of the table.
    assert_eq!(
        block(&out, "Row: {"),
        ["id: number", "label: string | null"]
    );
}

#[test]
fn an_empty_schema_and_composite_types() {
    let relations = json!([]);
    let out = catalog(&["other", "public", "empty"], relations, vec![], vec![]);
    assert_eq!(block(&out, "other: {").len(), 15, "{out}");
    assert_eq!(block(&out, "Tables: {"), ["[_ in never]: never"]);
    assert_eq!(block(&out, "Functions: {"), ["[_ in never]: never"]);
    assert_eq!(
        block(&out, "money_pair: {"),
        ["amount: number | null", "label: string | null"]
    );
    assert!(out.contains("      level: \"low\" | \"high\"\n"), "{out}");
    assert!(out.contains(
        "type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, \"public\">]"
    ));
    assert!(out.ends_with(
        "export const Constants = {\n  empty: {\n    Enums: {},\n  },\n  other: {\n    Enums: {\n      level: [\"low\", \"high\"],\n    },\n  },\n  public: {\n    Enums: {\n      mood: [\"sad\", \"happy\"],\n    },\n  },\n} as const\n"
    ));
}
