//! The `Functions` of a schema: which functions PostgREST can call, their
//! `Args` and `Returns`, computed fields and the overloads it cannot tell apart.

use std::fmt::Write;

use super::super::{Arg, Function};
use super::{array, key, nullable, string, Renderer};

/// PostgREST calls a function with one unnamed argument only when that
/// argument is json, jsonb or text (the body is passed whole).
const UNNAMED_ARG_TYPES: [&str; 3] = ["json", "jsonb", "text"];

/// A function PostgREST can call, with its input arguments sorted by name.
pub(super) struct Callable<'a> {
    pub(super) f: &'a Function,
    pub(super) inputs: Vec<&'a Arg>,
}

impl<'a> Renderer<'a> {
    /// The functions of `schema` that PostgREST can call: every input named,
    /// or the unnamed ones of a kind it passes a body to (json, jsonb, text) or
    /// a single row argument (a computed field).
    pub(super) fn callables(&self, schema: &str) -> Vec<Callable<'a>> {
        let mut v: Vec<Callable> = self
            .c
            .functions
            .iter()
            .filter(|f| f.schema == schema)
            .filter_map(|f| {
                let mut inputs: Vec<&Arg> =
                    f.args.iter().filter(|a| matches!(a.mode.as_str(), "i" | "b" | "v")).collect();
                inputs.sort_by(|a, b| a.name.cmp(&b.name));
                let callable = inputs.iter().all(|a| !a.name.is_empty())
                    || inputs
                        .iter()
                        .all(|a| !a.name.is_empty() || (a.has_default && self.is_body_type(a.type_id)))
                    || matches!(inputs.as_slice(), [a] if a.name.is_empty()
                        && (self.is_body_type(a.type_id) || self.row_relation(a.type_id).is_some()));
                callable.then_some(Callable { f, inputs })
            })
            .collect();
        v.sort_by(|a, b| a.f.name.cmp(&b.f.name));
        v
    }

    pub(super) fn is_body_type(&self, ty: i64) -> bool {
        self.c.types.get(&ty).is_some_and(|t| {
            t.schema == "pg_catalog" && UNNAMED_ARG_TYPES.contains(&t.name.as_str())
        })
    }

    /// The relation whose row type `ty` is (a table, view or composite type).
    pub(super) fn row_relation(&self, ty: i64) -> Option<i64> {
        self.c.types.get(&ty).and_then(|t| t.relation)
    }

    /// The table a computed field belongs to: a function of one unnamed
    /// argument, that table's row.
    pub(super) fn computed_field_of(&self, f: &Function) -> Option<i64> {
        match f.args.as_slice() {
            [a] if a.name.is_empty() && !a.has_default && a.mode == "i" => {
                self.row_relation(a.type_id)
            }
            _ => None,
        }
    }

    /// The name of the relation a function returns rows of (its table, view,
    /// or composite type), which supabase-js lets `select()` pick columns of.
    pub(super) fn returned_relation(&self, f: &Function) -> Option<&'a str> {
        let t = self.c.types.get(&f.returns)?;
        let rel = t.relation?;
        Some(
            self.c
                .relations
                .iter()
                .find(|r| r.id == rel)
                .map_or(t.name.as_str(), |r| r.name.as_str()),
        )
    }

    /// The TypeScript of what a function returns, one row (a set adds `[]` later).
    pub(super) fn returns(&self, schema: &str, f: &Function) -> String {
        let table_cols: Vec<&Arg> = {
            let mut v: Vec<&Arg> = f.args.iter().filter(|a| a.mode == "t").collect();
            v.sort_by(|a, b| a.name.cmp(&b.name));
            v
        };
        if !table_cols.is_empty() {
            let fields: Vec<String> = table_cols
                .iter()
                .map(|a| format!("  {}: {}", key(&a.name), self.ts_type(a.type_id)))
                .collect();
            return format!("{{\n{}\n}}", fields.join("\n"));
        }
        let rel = self.row_relation(f.returns).and_then(|id| {
            self.c
                .relations
                .iter()
                .find(|r| r.id == id && r.schema == schema)
        });
        if let Some(rel) = rel {
            let fields: Vec<String> = self
                .columns(rel.id)
                .iter()
                .map(|c| {
                    format!(
                        "  {}: {}",
                        key(&c.name),
                        nullable(self.ts_type(c.type_id), c.nullable)
                    )
                })
                .collect();
            return format!("{{\n{}\n}}", fields.join("\n"));
        }
        self.ts_type(f.returns)
    }

    /// `Args`, `Returns` and (for a function returning rows) `SetofOptions`,
    /// one line each as members of the signature's object type.
    pub(super) fn signature(&self, schema: &str, f: &Callable, overloads: &[&Callable]) -> String {
        let args = if f.inputs.is_empty() {
            "never".to_string()
        } else {
            let list: Vec<String> = f
                .inputs
                .iter()
                .map(|a| {
                    let q = if a.has_default { "?" } else { "" };
                    format!("{}{q}: {}", key(&a.name), self.ts_type(a.type_id))
                })
                .collect();
            format!("{{ {} }}", list.join("; "))
        };
        let fun = f.f;
        let many = fun.rows.is_some_and(|r| r > 1.0);
        let returned = self.returned_relation(fun);
        let mut returns = if let Some(error) = self.conflict(schema, f, overloads) {
            format!("{{ error: true }} & {}", string(&error))
        } else if self.computed_field_of(fun).is_some() && returned.is_none() {
            let why = format!(
                "the function {schema}.{} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache",
                fun.name
            );
            format!("{{ error: true }} & {}", string(&why))
        } else {
            self.returns(schema, fun)
        };
        // One estimated row collapses the array only when SetofOptions says
        // so: supabase-js restores the array of a direct call from it.
        if fun.returns_set && (many || returned.is_none()) {
            returns = array(&returns);
        }
        let mut text = format!("Args: {args}\nReturns: {returns}\n");
        if let Some(to) = returned {
            // A function of one row (named or not) is an embed from that row's relation.
            let row_arg = match fun.args.as_slice() {
                [a] => self
                    .row_relation(a.type_id)
                    .and_then(|_| self.c.types.get(&a.type_id)),
                _ => None,
            };
            let (from, one, set) = match row_arg {
                Some(arg) => {
                    let from = arg.name.as_str();
                    if fun.returns_set {
                        (from, !many, true)
                    } else {
                        (from, true, false)
                    }
                }
                None => ("*", !many, fun.returns_set),
            };
            let _ = write!(
                text,
                "SetofOptions: {{\n  from: {}\n  to: {}\n  isOneToOne: {one}\n  isSetofReturn: {set}\n}}\n",
                string(from),
                string(to)
            );
        }
        text
    }

    /// Overloads PostgREST cannot tell apart by argument names: the call
    /// fails with PGRST203, so the type says so instead of picking one.
    pub(super) fn conflict(
        &self,
        schema: &str,
        f: &Callable,
        overloads: &[&Callable],
    ) -> Option<String> {
        let type_name = |id: i64| self.c.types.get(&id).map_or("unknown", |t| t.name.as_str());
        let others = || overloads.iter().filter(|o| !std::ptr::eq(o.f, f.f));
        let name = &f.f.name;
        match f.inputs.as_slice() {
            [] => {
                let other = others().find(
                    |o| matches!(o.inputs.as_slice(), [a] if a.name.is_empty() && a.has_default),
                )?;
                Some(format!(
                    "Could not choose the best candidate function between: {schema}.{name}(), {schema}.{name}( => {}). Try renaming the parameters or the function itself in the database so function overloading can be resolved",
                    type_name(other.f.returns)
                ))
            }
            [arg] if !arg.name.is_empty() => {
                let mut all: Vec<&Callable> = others()
                    .filter(|o| matches!(o.inputs.as_slice(), [a] if a.name == arg.name && a.type_id != arg.type_id))
                    .copied()
                    .collect();
                if all.is_empty() {
                    return None;
                }
                all.push(f);
                all.sort_by_key(|o| o.inputs.first().map_or(0, |a| a.type_id));
                let list: Vec<String> = all
                    .iter()
                    .map(|o| {
                        let args: Vec<String> = o
                            .inputs
                            .iter()
                            .map(|a| format!("{} => {}", a.name, type_name(a.type_id)))
                            .collect();
                        format!("{schema}.{name}({})", args.join(", "))
                    })
                    .collect();
                Some(format!(
                    "Could not choose the best candidate function between: {}. Try renaming the parameters or the function itself in the database so function overloading can be resolved",
                    list.join(", ")
                ))
            }
            _ => None,
        }
    }
}
