//! The TypeScript text: postgres-meta's layout (the Supabase CLI's output) with
//! Prettier's formatting, so a diff against a CLI-generated file shows only
//! what differs in the schema.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Catalog, Column, PgType, Relation, Relationship};
use functions::Callable;

/// The PostgREST version supabase-js is told the server speaks: 13 types
/// `.select('...many(col)')` as the arrays a to-many spread gives.
const POSTGREST_VERSION: &str = "13";

/// The whole `database.types.ts`: `Json`, `Database`, the helper types and `Constants`.
pub fn render(catalog: &Catalog) -> String {
    let mut schemas: Vec<&str> = catalog.schemas.iter().map(String::as_str).collect();
    schemas.sort_unstable();
    schemas.dedup();
    let r = Renderer {
        c: catalog,
        schemas: &schemas,
    };
    let mut out = String::new();
    out.push_str(JSON);
    out.push_str("\nexport type Database = {\n");
    out.push_str("  // The PostgREST version createClient<Database>() types its queries for\n");
    let _ = writeln!(
        out,
        "  __InternalSupabase: {{\n    PostgrestVersion: \"{POSTGREST_VERSION}\"\n  }}"
    );
    for schema in &schemas {
        r.schema(&mut out, schema);
    }
    out.push_str("}\n");
    let default = if schemas.contains(&"public") {
        "public"
    } else {
        catalog
            .schemas
            .first()
            .map(String::as_str)
            .unwrap_or("public")
    };
    out.push_str(&HELPERS.replace("DEFAULT_SCHEMA", &string(default)));
    out.push_str("\nexport const Constants = {\n");
    for schema in &schemas {
        let enums = r.enums(schema);
        if enums.is_empty() {
            let _ = writeln!(out, "  {}: {{\n    Enums: {{}},\n  }},", key(schema));
            continue;
        }
        let _ = writeln!(out, "  {}: {{\n    Enums: {{", key(schema));
        for t in enums {
            let labels: Vec<String> = t.labels.iter().flatten().map(|l| string(l)).collect();
            let _ = writeln!(out, "      {}: [{}],", key(&t.name), labels.join(", "));
        }
        out.push_str("    },\n  },\n");
    }
    out.push_str("} as const\n");
    out
}

const JSON: &str = "export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]
";

/// The helper types the CLI prints after `Database`: `Tables<'t'>` is a row of
/// the default schema, `Tables<{ schema: 's' }, 't'>` one of another schema.
/// Its text (`render/helpers.ts`) is fixed but for `DEFAULT_SCHEMA`.
const HELPERS: &str = include_str!("render/helpers.ts");

struct Renderer<'a> {
    c: &'a Catalog,
    schemas: &'a [&'a str],
}

impl<'a> Renderer<'a> {
    fn schema(&self, out: &mut String, schema: &str) {
        let _ = writeln!(out, "  {}: {{", key(schema));
        let rels = |views: bool| {
            let mut v: Vec<&Relation> = self
                .c
                .relations
                .iter()
                .filter(|r| r.schema == schema && matches!(r.kind.as_str(), "v" | "m") == views)
                .collect();
            v.sort_by(|a, b| a.name.cmp(&b.name));
            v
        };
        let functions = self.callables(schema);

        out.push_str("    Tables: {\n");
        let tables = rels(false);
        if tables.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for t in tables {
            let cols = self.columns(t.id);
            let _ = writeln!(out, "      {}: {{", key(&t.name));
            self.row(out, schema, t, &cols, &functions);
            out.push_str("        Insert: {\n");
            for c in &cols {
                if c.identity.as_deref() == Some("a") {
                    let _ = writeln!(out, "          {}?: never", key(&c.name));
                } else {
                    let optional = c.nullable || c.identity.is_some() || c.has_default;
                    self.field(out, &c.name, c.type_id, c.nullable, optional);
                }
            }
            out.push_str("        }\n        Update: {\n");
            for c in &cols {
                if c.identity.as_deref() == Some("a") {
                    let _ = writeln!(out, "          {}?: never", key(&c.name));
                } else {
                    self.field(out, &c.name, c.type_id, c.nullable, true);
                }
            }
            out.push_str("        }\n");
            self.relationships(out, t);
            out.push_str("      }\n");
        }
        out.push_str("    }\n    Views: {\n");
        let views = rels(true);
        if views.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for v in views {
            let cols = self.columns(v.id);
            let _ = writeln!(out, "      {}: {{", key(&v.name));
            self.row(out, schema, v, &cols, &functions);
            if v.updatable && v.kind == "v" {
                for part in ["Insert", "Update"] {
                    let _ = writeln!(out, "        {part}: {{");
                    for c in &cols {
                        if c.updatable {
                            self.field(out, &c.name, c.type_id, true, true);
                        } else {
                            let _ = writeln!(out, "          {}?: never", key(&c.name));
                        }
                    }
                    out.push_str("        }\n");
                }
            }
            self.relationships(out, v);
            out.push_str("      }\n");
        }
        out.push_str("    }\n    Functions: {\n");
        if functions.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        let mut by_name: BTreeMap<&str, Vec<&Callable>> = BTreeMap::new();
        for f in &functions {
            by_name.entry(f.f.name.as_str()).or_default().push(f);
        }
        for (name, mut overloads) in by_name {
            overloads.sort_by(|a, b| a.f.signature.cmp(&b.f.signature));
            let bodies: Vec<String> = overloads
                .iter()
                .map(|f| self.signature(schema, f, &overloads))
                .collect();
            if let [one] = bodies.as_slice() {
                let _ = writeln!(out, "      {}: {{\n{}      }}", key(name), indent(one, 8));
            } else {
                let _ = writeln!(out, "      {}:", key(name));
                for body in bodies {
                    let _ = writeln!(out, "        | {{\n{}          }}", indent(&body, 12));
                }
            }
        }
        out.push_str("    }\n    Enums: {\n");
        let enums = self.enums(schema);
        if enums.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for e in enums {
            let labels: Vec<String> = e.labels.iter().flatten().map(|l| string(l)).collect();
            let _ = writeln!(out, "      {}: {}", key(&e.name), labels.join(" | "));
        }
        out.push_str("    }\n    CompositeTypes: {\n");
        let mut composites: Vec<&PgType> = self
            .c
            .types
            .values()
            .filter(|t| t.schema == schema && t.composite)
            .collect();
        composites.sort_by(|a, b| a.name.cmp(&b.name));
        if composites.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for t in composites {
            let _ = writeln!(out, "      {}: {{", key(&t.name));
            for a in t.attributes.iter().flatten() {
                let ty = nullable(self.ts_type(a.type_id), true);
                let _ = writeln!(out, "        {}: {ty}", key(&a.name));
            }
            out.push_str("      }\n");
        }
        out.push_str("    }\n  }\n");
    }

    fn columns(&self, table: i64) -> Vec<&'a Column> {
        let mut cols: Vec<&Column> = self
            .c
            .columns
            .iter()
            .filter(|c| c.table_id == table)
            .collect();
        cols.sort_by(|a, b| a.name.cmp(&b.name));
        cols
    }

    fn enums(&self, schema: &str) -> Vec<&'a PgType> {
        let mut v: Vec<&PgType> = self
            .c
            .types
            .values()
            .filter(|t| t.schema == schema && t.kind == "e")
            .collect();
        v.sort_by(|a, b| a.name.cmp(&b.name));
        v
    }

    /// The row: its columns, then its computed fields (functions taking the row).
    fn row(
        &self,
        out: &mut String,
        schema: &str,
        rel: &Relation,
        cols: &[&Column],
        fns: &[Callable],
    ) {
        out.push_str("        Row: {\n");
        for c in cols {
            self.field(out, &c.name, c.type_id, c.nullable, false);
        }
        for f in fns
            .iter()
            .filter(|f| self.computed_field_of(f.f) == Some(rel.id))
        {
            let ty = nullable(self.returns(schema, f.f), true);
            let _ = writeln!(
                out,
                "          {}: {}",
                key(&f.f.name),
                indent_tail(&ty, 10)
            );
        }
        out.push_str("        }\n");
    }

    fn field(&self, out: &mut String, name: &str, ty: i64, is_null: bool, optional: bool) {
        let ty = nullable(self.ts_type(ty), is_null);
        let q = if optional { "?" } else { "" };
        let _ = writeln!(out, "          {}{q}: {ty}", key(name));
    }

    fn relationships(&self, out: &mut String, rel: &Relation) {
        let mut list: Vec<&Relationship> = self
            .c
            .relationships
            .iter()
            .filter(|r| {
                r.schema == rel.schema
                    && r.relation == rel.name
                    && r.referenced_schema == rel.schema
            })
            .collect();
        // postgres-meta's order: name, referenced relation, then the
        // referenced columns as JSON text; ties (a view showing a key column
        // twice) keep the order they were listed in.
        let json = |c: &[String]| serde_json::to_string(c).unwrap_or_default();
        list.sort_by(|a, b| {
            (&a.name, &a.referenced_relation, json(&a.referenced_columns)).cmp(&(
                &b.name,
                &b.referenced_relation,
                json(&b.referenced_columns),
            ))
        });
        if list.is_empty() {
            out.push_str("        Relationships: []\n");
            return;
        }
        out.push_str("        Relationships: [\n");
        for r in list {
            let _ = write!(
                out,
                "          {{\n            foreignKeyName: {}\n            columns: {}\n            isOneToOne: {}\n            referencedRelation: {}\n            referencedColumns: {}\n          }},\n",
                string(&r.name),
                strings(&r.columns),
                r.one_to_one,
                string(&r.referenced_relation),
                strings(&r.referenced_columns),
            );
        }
        out.push_str("        ]\n");
    }

    /// PostgreSQL type → TypeScript, as postgres-meta maps them: numbers
    /// (bigint and numeric too, as supabase-js receives them from JSON),
    /// strings, `Json`, arrays, enums and row types by reference when their
    /// schema is rendered, `unknown` for the rest (ranges, tsvector, …).
    fn ts_type(&self, id: i64) -> String {
        let Some(t) = self.c.types.get(&id) else {
            return "unknown".into();
        };
        if let Some(base) = t.base {
            return self.ts_type(base);
        }
        if let Some(element) = t.element {
            return array(&self.ts_type(element));
        }
        let rendered = self.schemas.contains(&t.schema.as_str());
        if t.schema == "pg_catalog" {
            return match t.name.as_str() {
                "bool" => "boolean",
                "int2" | "int4" | "int8" | "float4" | "float8" | "numeric" => "number",
                "bytea" | "bpchar" | "varchar" | "date" | "text" | "time" | "timetz"
                | "timestamp" | "timestamptz" | "uuid" | "interval" => "string",
                "json" | "jsonb" => "Json",
                "void" => "undefined",
                "record" => "Record<string, unknown>",
                _ => "unknown",
            }
            .into();
        }
        // Extension types postgres-meta knows by name wherever they live.
        if matches!(t.name.as_str(), "citext" | "vector") {
            return "string".into();
        }
        match t.kind.as_str() {
            "e" if rendered => format!(
                "Database[{}][\"Enums\"][{}]",
                string(&t.schema),
                string(&t.name)
            ),
            "e" => t
                .labels
                .iter()
                .flatten()
                .map(|l| string(l))
                .collect::<Vec<_>>()
                .join(" | "),
            "c" if rendered && t.composite => format!(
                "Database[{}][\"CompositeTypes\"][{}]",
                string(&t.schema),
                string(&t.name)
            ),
            "c" if rendered => {
                let rel = t
                    .relation
                    .and_then(|id| self.c.relations.iter().find(|r| r.id == id));
                match rel {
                    Some(r) => {
                        let part = if matches!(r.kind.as_str(), "v" | "m") {
                            "Views"
                        } else {
                            "Tables"
                        };
                        format!(
                            "Database[{}][\"{part}\"][{}][\"Row\"]",
                            string(&r.schema),
                            string(&r.name)
                        )
                    }
                    None => "unknown".into(),
                }
            }
            _ => "unknown".into(),
        }
    }
}

/// `T | null`, except for `unknown`, which holds null already.
fn nullable(ty: String, is_null: bool) -> String {
    if is_null && ty != "unknown" {
        format!("{ty} | null")
    } else {
        ty
    }
}

fn array(ty: &str) -> String {
    if ty.contains(" | ") && !ty.starts_with('{') {
        format!("({ty})[]")
    } else {
        format!("{ty}[]")
    }
}

/// A property name: bare when it is an identifier, else a quoted string.
fn key(name: &str) -> String {
    let mut chars = name.chars();
    let ident = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if ident {
        name.to_string()
    } else {
        string(name)
    }
}

/// A TypeScript string literal (JSON's escaping is valid TypeScript).
fn string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

fn strings(list: &[String]) -> String {
    let items: Vec<String> = list.iter().map(|s| string(s)).collect();
    format!("[{}]", items.join(", "))
}

/// Every line of `text` indented by `n` spaces.
fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}

/// `text` whose first line continues the current one and whose next lines are
/// indented by `n` spaces.
fn indent_tail(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    let mut lines = text.lines();
    let mut out = lines.next().unwrap_or_default().to_string();
    for l in lines {
        out.push('\n');
        out.push_str(&pad);
        out.push_str(l);
    }
    out
}

mod functions;
#[cfg(test)]
mod tests;
