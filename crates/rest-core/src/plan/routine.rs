//! Choosing the function `/rpc/fn` calls among its overloads, as PostgREST's
//! `findProc` does: by the argument names given, falling back to a single unnamed
//! json/jsonb (or text, xml, bytea) parameter for the whole body; PGRST202 with
//! PostgREST's "Perhaps you meant" hints, PGRST203 when several fit.

use std::collections::BTreeSet;

use super::ir::Shape;
use super::{fuzzy, Common};
use crate::error::{ArgsGiven, Error, SchemaError};
use crate::parse::{BodyType, Invoke};
use crate::schema_cache::Function;

pub fn given(invoke: Invoke, body_type: Option<BodyType>) -> ArgsGiven {
    match (invoke, body_type) {
        (Invoke::Get { .. }, _) => ArgsGiven::Query,
        (_, Some(BodyType::TextPlain)) => ArgsGiven::Raw("text"),
        (_, Some(BodyType::TextXml)) => ArgsGiven::Raw("xml"),
        (_, Some(BodyType::OctetStream)) => ArgsGiven::Raw("bytea"),
        _ => ArgsGiven::Json,
    }
}

fn matches_keys(f: &Function, keys: &BTreeSet<String>, given: ArgsGiven) -> bool {
    let inputs: Vec<&str> = f.input_args().map(|a| a.name.as_str()).collect();
    if inputs.is_empty() {
        return keys.is_empty() && !matches!(given, ArgsGiven::Raw(_));
    }
    let required: BTreeSet<&str> = f.required_args().iter().map(|a| a.name.as_str()).collect();
    let optional: BTreeSet<&str> = inputs
        .iter()
        .copied()
        .filter(|n| !required.contains(n))
        .collect();
    let rest: BTreeSet<&str> = keys
        .iter()
        .map(String::as_str)
        .filter(|k| !optional.contains(k))
        .collect();
    rest == required
}

fn single_unnamed(f: &Function, given: ArgsGiven) -> bool {
    let inputs: Vec<_> = f.input_args().collect();
    match (inputs.as_slice(), given) {
        ([a], ArgsGiven::Json) => {
            a.name.is_empty() && matches!(a.data_type.as_str(), "json" | "jsonb")
        }
        ([a], ArgsGiven::Raw(ty)) => a.name.is_empty() && a.data_type == ty,
        _ => false,
    }
}

fn signature(f: &Function) -> String {
    let args: Vec<String> = f
        .input_args()
        .map(|a| format!("{} => {}", a.name, a.data_type))
        .collect();
    format!("{}.{}({})", f.schema, f.name, args.join(", "))
}

fn not_found(c: &Common, name: &str, keys: &BTreeSet<String>, given: ArgsGiven) -> Error {
    let overloads = c.cache.functions(c.schema, name);
    let list = |names: Vec<&str>| format!("({})", names.join(", "));
    let suggestion = if overloads.is_empty() {
        let names: Vec<&str> = c
            .cache
            .functions
            .keys()
            .filter(|q| q.schema == c.schema)
            .map(|q| q.name.as_str())
            .collect();
        fuzzy::best(name, &names, 0.75).map(str::to_string)
    } else {
        let lists: Vec<String> = overloads
            .iter()
            .map(|f| {
                let mut names: Vec<&str> = f.input_args().map(|a| a.name.as_str()).collect();
                names.sort();
                list(names)
            })
            .collect();
        let refs: Vec<&str> = lists.iter().map(String::as_str).collect();
        fuzzy::best(
            &list(keys.iter().map(String::as_str).collect()),
            &refs,
            0.33,
        )
        .map(|l| format!("{name}{l}"))
    };
    SchemaError::NoFunction {
        schema: c.schema.to_string(),
        name: name.to_string(),
        keys: keys.iter().cloned().collect(),
        given,
        suggestion,
    }
    .into()
}

/// The overload `keys` call (PostgREST's `findProc`).
pub fn find<'a>(
    c: &Common<'a>,
    name: &str,
    keys: &BTreeSet<String>,
    given: ArgsGiven,
) -> Result<&'a Function, Error> {
    let overloads = c.cache.functions(c.schema, name);
    let named: Vec<&Function> = overloads
        .iter()
        .filter(|f| matches_keys(f, keys, given))
        .collect();
    let fallback: Vec<&Function> = overloads
        .iter()
        .filter(|f| !matches_keys(f, keys, given) && single_unnamed(f, given))
        .collect();
    match (named.as_slice(), fallback.as_slice()) {
        ([], []) => Err(not_found(c, name, keys, given)),
        ([one], _) | ([], [one]) => Ok(one),
        (many, _) if !many.is_empty() => {
            Err(SchemaError::AmbiguousFunction(many.iter().map(|f| signature(f)).collect()).into())
        }
        (_, many) => {
            Err(SchemaError::AmbiguousFunction(many.iter().map(|f| signature(f)).collect()).into())
        }
    }
}

pub fn shape(f: &Function) -> Shape {
    match (f.returns_set, f.returns_composite) {
        (true, true) => Shape::SetOfComposite,
        (false, true) => Shape::Composite,
        (true, false) => Shape::SetOfScalar,
        (false, false) => Shape::Scalar,
    }
}
