//! A function call for the `pgrst_source` CTE: arguments from the query string as
//! typed parameters, from a JSON body through `json_to_recordset` (one row), or
//! the whole body as the single parameter; scalar results as `pgrst_scalar`.

use super::{ident, qualified};
use crate::plan::ir::{Call, CallArgs, Shape};
use crate::statement::Statement;

pub fn call(st: &mut Statement, c: &Call) -> String {
    let function = qualified(&c.function.schema, &c.function.name);
    let (prefix, args) = match &c.args {
        CallArgs::Direct(args) => {
            let args: Vec<String> = args
                .iter()
                .map(|(name, value, ty)| {
                    format!("{} := {}::{ty}", ident(name), st.bind_text(value.as_str()))
                })
                .collect();
            (String::new(), args.join(", "))
        }
        CallArgs::Single { body, data_type } => (
            String::new(),
            format!("{}::{data_type}", st.bind_text(body.as_str())),
        ),
        CallArgs::Json { params, .. } if params.is_empty() => (String::new(), String::new()),
        CallArgs::Json { body, params } => {
            let names: Vec<String> = params.iter().map(|(n, _)| ident(n)).collect();
            let typed: Vec<String> = params
                .iter()
                .map(|(n, t)| format!("{} {t}", ident(n)))
                .collect();
            let prefix = format!(
                "(SELECT {}::json AS json_data) pgrst_payload, LATERAL (SELECT {} FROM json_to_recordset(pgrst_payload.json_data) AS _({}) LIMIT 1) pgrst_body, LATERAL ",
                st.bind_text(body.as_str()),
                names.join(", "),
                typed.join(", ")
            );
            let args: Vec<String> = params
                .iter()
                .map(|(n, _)| format!("{0} := pgrst_body.{0}", ident(n)))
                .collect();
            (prefix, args.join(", "))
        }
    };
    match c.shape {
        Shape::Scalar | Shape::SetOfScalar => {
            format!("SELECT pgrst_call.pgrst_scalar FROM {prefix}(SELECT {function}({args}) pgrst_scalar) pgrst_call")
        }
        Shape::Composite | Shape::SetOfComposite => {
            format!("SELECT pgrst_call.* FROM {prefix}{function}({args}) pgrst_call")
        }
    }
}
