//! `/rpc/fn`: the arguments (query string, JSON body, or the whole body for one
//! unnamed parameter), and the result read like a table when it returns rows,
//! so `select`, filters, `order` and embeds apply to it.

use std::collections::BTreeSet;

use super::columns::cast_type;
use super::ir::{Body, Call, CallArgs, Query, Rows, Shape, Source, TableRef, Total};
use super::read::{self, Level, ReadCtx};
use super::routine::{find, given, shape};
use super::skeleton::{self, RootParams};
use super::{body_for, counts, Common, Plan};
use crate::body;
use crate::error::{ArgsGiven, Error};
use crate::parse::{BodyType, Embedded, Invoke, MediaType, QueryParams};
use crate::response::ResponseKind;
use crate::schema_cache::{Column, Function, QualifiedName};

/// The columns of a composite result: its table's, or the OUT/TABLE parameters.
fn result_columns(c: &Common, f: &Function) -> (QualifiedName, Vec<Column>) {
    if let Some(rel) = f
        .return_relation
        .as_ref()
        .and_then(|q| c.cache.relation(&q.schema, &q.name))
    {
        return (rel.qualified_name(), rel.columns.clone());
    }
    let columns = f
        .args
        .iter()
        .filter(|a| matches!(a.mode.as_str(), "o" | "b" | "t"))
        .map(|a| Column {
            name: a.name.clone(),
            data_type: a.data_type.clone(),
            base_type: a.data_type.clone(),
            nullable: true,
            default: None,
            generated: false,
            array: a.data_type.ends_with("[]"),
            enum_values: None,
            max_length: None,
            comment: None,
        })
        .collect();
    (QualifiedName::new(&f.schema, &f.name), columns)
}

pub fn plan(c: &Common, name: &str, invoke: Invoke, body_bytes: &[u8]) -> Result<Plan, Error> {
    let overload_args: BTreeSet<&str> = c
        .cache
        .functions(c.schema, name)
        .iter()
        .flat_map(|f| f.input_args().map(|a| a.name.as_str()))
        .collect();
    let given = given(invoke, c.req.body_type);
    let q = &c.req.query;
    // On GET a parameter naming an argument is one; the others filter the result.
    let query_args: Vec<(String, String)> = match invoke {
        Invoke::Get { .. } => q
            .rpc_params
            .iter()
            .filter(|p| overload_args.contains(p.name.as_str()) || !p.filter)
            .map(|p| (p.name.clone(), p.value.clone()))
            .collect(),
        Invoke::Post => Vec::new(),
    };
    let raw = matches!(given, ArgsGiven::Raw(_));
    let payload = match (invoke, raw) {
        (Invoke::Post, false) => {
            let bytes: &[u8] = if body_bytes.is_empty() {
                b"{}"
            } else {
                body_bytes
            };
            Some(body::read(
                c.req.body_type.unwrap_or(BodyType::Json),
                bytes,
                q.columns.as_deref(),
                true,
            )?)
        }
        _ => None,
    };
    let keys: BTreeSet<String> = match (&payload, invoke) {
        (Some(p), _) => p.keys.iter().cloned().collect(),
        (None, Invoke::Get { .. }) => query_args.iter().map(|(k, _)| k.clone()).collect(),
        (None, Invoke::Post) => BTreeSet::new(),
    };
    let single_object = c.req.preferences.single_object_params && !raw;
    let f = match single_object {
        true => c
            .cache
            .functions(c.schema, name)
            .iter()
            .find(|f| matches!(f.input_args().collect::<Vec<_>>().as_slice(), [a] if matches!(a.data_type.as_str(), "json" | "jsonb")))
            .map_or_else(|| find(c, name, &keys, given), Ok)?,
        false => find(c, name, &keys, given)?,
    };
    let args = call_args(
        f,
        &query_args,
        &keys,
        payload.as_ref().map(|p| p.json.clone()),
        body_bytes,
        raw,
        single_object,
    )?;
    let call = Call {
        function: QualifiedName::new(&f.schema, &f.name),
        args,
        shape: shape(f),
    };

    let headers_only = matches!(invoke, Invoke::Get { headers_only: true });
    let arg_names: BTreeSet<&str> = f.input_args().map(|a| a.name.as_str()).collect();
    let result_query = QueryParams {
        filters: q
            .filters
            .iter()
            .filter(|fl| !(fl.path.is_empty() && arg_names.contains(fl.value.field.name.as_str())))
            .cloned()
            .collect::<Vec<Embedded<_>>>(),
        ..q.clone()
    };
    let scalar = matches!(call.shape, Shape::Scalar | Shape::SetOfScalar);
    let (rows, total, explain_count) = if scalar {
        let page = Rows::Page(read::restrict(c.req.range, c.settings.max_rows));
        let total = match c.req.preferences.count {
            Some(_) => Total::Source,
            None => Total::None,
        };
        (page, total, false)
    } else {
        let (relation, columns) = result_columns(c, f);
        let skel = skeleton::build(
            &relation.name,
            &result_query,
            RootParams {
                filters: true,
                order: true,
            },
        )?;
        let ctx = ReadCtx {
            cache: c.cache,
            schema: c.schema,
            max_rows: c.settings.max_rows,
            mutation: false,
            aggregates: c.settings.aggregates,
        };
        let level = Level {
            relation: relation.clone(),
            columns: &columns,
            table: TableRef::Alias(relation.name.clone()),
            from_source: true,
        };
        let root = read::root(&ctx, &level, &skel, c.req.range)?;
        let (total, explain_count) = counts(c.req.preferences.count, c.settings.max_rows);
        (Rows::Read(root), total, explain_count)
    };
    let body = match (&c.req.media_type, call.shape) {
        _ if headers_only => Body::Empty,
        (MediaType::Csv, _) => Body::Csv,
        // Whatever the shape, as PostgREST: a function returning geometry
        // gives features without properties.
        (MediaType::GeoJson, _) => body_for(&c.req.media_type, false, c.cache),
        (_, Shape::Scalar) => Body::Scalar { single: true },
        (MediaType::SingleObject { .. }, Shape::SetOfScalar) => Body::Scalar { single: true },
        (_, Shape::SetOfScalar) => Body::Scalar { single: false },
        (MediaType::SingleObject { strip_nulls }, _) => Body::Object {
            strip: *strip_nulls,
        },
        (MediaType::ArrayStripNulls, Shape::Composite) => Body::Object { strip: true },
        (_, Shape::Composite) => Body::Object { strip: false },
        (media, Shape::SetOfComposite) => body_for(media, false, c.cache),
    };
    let kind = ResponseKind::Call {
        headers_only,
        void: f.returns_void(),
    };
    let read_only = matches!(invoke, Invoke::Get { .. }) || f.is_read_only();
    // PostgREST 13 holds a call to `max-affected` as it holds an update: the rows
    // it returns are the rows it affected, so only a set-returning function can
    // be held to it.
    let prefs = &c.req.preferences;
    let max_affected = prefs
        .max_affected
        .filter(|_| prefs.handling == Some(crate::parse::Handling::Strict));
    if max_affected.is_some() && !f.returns_set {
        return Err(Error::MaxAffectedRpc);
    }
    let mut response = c.response(kind, &["count", "tx", "handling", "max-affected"]);
    response.max_affected = max_affected;
    let query = Query {
        source: Source::Call(call),
        rows,
        total,
        body,
        explain_count,
    };
    Ok(Plan {
        query,
        read_only,
        response,
    })
}

fn call_args(
    f: &Function,
    query_args: &[(String, String)],
    keys: &BTreeSet<String>,
    json: Option<String>,
    body_bytes: &[u8],
    raw: bool,
    single_object: bool,
) -> Result<CallArgs, Error> {
    let inputs: Vec<_> = f.input_args().collect();
    if raw || single_object || (inputs.len() == 1 && inputs[0].name.is_empty()) {
        let data_type = inputs
            .first()
            .map_or("json".to_string(), |a| cast_type(&a.data_type));
        let body = if data_type == "bytea" {
            format!(
                "\\x{}",
                body_bytes
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect::<String>()
            )
        } else if raw || !body_bytes.is_empty() {
            // PostgreSQL text (and xml, json) cannot hold NUL: refused here, as
            // PostgreSQL would refuse it, rather than sent as a parameter.
            if body_bytes.contains(&0) {
                return Err(Error::InvalidBody(format!(
                    "The request body contains the NUL character, which a {data_type} argument cannot hold"
                )));
            }
            String::from_utf8_lossy(body_bytes).into_owned()
        } else {
            "{}".to_string()
        };
        return Ok(CallArgs::Single { body, data_type });
    }
    Ok(match json {
        Some(body) => CallArgs::Json {
            body,
            params: inputs
                .iter()
                .filter(|a| keys.contains(&a.name))
                .map(|a| (a.name.clone(), cast_type(&a.data_type)))
                .collect(),
        },
        None => CallArgs::Direct(
            inputs
                .iter()
                .filter_map(|a| {
                    let (_, v) = query_args.iter().find(|(k, _)| k == &a.name)?;
                    Some((a.name.clone(), v.clone(), cast_type(&a.data_type)))
                })
                .collect(),
        ),
    })
}
