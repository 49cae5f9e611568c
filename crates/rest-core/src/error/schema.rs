//! PGRST2xx: what the schema cache cannot find or cannot choose between, with
//! PostgREST's texts, including the "Perhaps you meant" hints and the candidate
//! relationships of an ambiguous embed.

use serde_json::Value;

/// How the arguments of a missing function were given, which PostgREST's texts
/// mention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgsGiven {
    /// GET: arguments in the query string.
    Query,
    /// POST with a JSON (or form, or CSV) body: named arguments, or the whole body
    /// for a single unnamed json/jsonb parameter.
    Json,
    /// POST with a raw body for a single unnamed parameter of this type
    /// (`text`, `xml`, `bytea`).
    Raw(&'static str),
}

/// The near miss a PGRST200 hint suggests: the child when the parent has
/// relationships, else the parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelSuggestion {
    Parent(String),
    Child(String),
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SchemaError {
    /// PGRST200
    #[error("Could not find a relationship between '{parent}' and '{child}' in the schema cache")]
    NoRelationship {
        parent: String,
        child: String,
        embed_hint: Option<String>,
        schema: String,
        suggestion: Option<RelSuggestion>,
    },
    /// PGRST201: `candidates` are PostgREST's `{cardinality, embedding, relationship}`
    /// objects, `hints` the `'child!name'` forms that would disambiguate.
    #[error(
        "Could not embed because more than one relationship was found for '{parent}' and '{child}'"
    )]
    AmbiguousRelationship {
        parent: String,
        child: String,
        candidates: Vec<Value>,
        hints: Vec<String>,
    },
    /// PGRST202: `keys` are the argument names given, sorted.
    #[error("Could not find the function {schema}.{name}{} in the schema cache", match (.given, .keys.is_empty()) {
        (ArgsGiven::Raw(_), _) => String::new(),
        (_, true) => " without parameters".to_string(),
        (_, false) => format!("({})", .keys.join(", ")),
    })]
    NoFunction {
        schema: String,
        name: String,
        keys: Vec<String>,
        given: ArgsGiven,
        suggestion: Option<String>,
    },
    /// PGRST203: the candidates as `schema.fn(arg => type, …)`.
    #[error("Could not choose the best candidate function between: {}", .0.join(", "))]
    AmbiguousFunction(Vec<String>),
    /// PGRST204
    #[error("Could not find the '{column}' column of '{relation}' in the schema cache")]
    ColumnNotFound { relation: String, column: String },
    /// PGRST205
    #[error("Could not find the table '{schema}.{name}' in the schema cache")]
    TableNotFound {
        schema: String,
        name: String,
        suggestion: Option<String>,
    },
}

impl SchemaError {
    pub fn status(&self) -> u16 {
        match self {
            Self::NoRelationship { .. } | Self::ColumnNotFound { .. } => 400,
            Self::AmbiguousRelationship { .. } | Self::AmbiguousFunction(_) => 300,
            Self::NoFunction { .. } | Self::TableNotFound { .. } => 404,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::NoRelationship { .. } => "PGRST200",
            Self::AmbiguousRelationship { .. } => "PGRST201",
            Self::NoFunction { .. } => "PGRST202",
            Self::AmbiguousFunction(_) => "PGRST203",
            Self::ColumnNotFound { .. } => "PGRST204",
            Self::TableNotFound { .. } => "PGRST205",
        }
    }

    pub fn details(&self) -> Option<Value> {
        Some(match self {
            Self::NoRelationship {
                parent,
                child,
                embed_hint,
                schema,
                ..
            } => Value::String(format!(
                "Searched for a foreign key relationship between '{parent}' and '{child}'{} in the schema '{schema}', but no matches were found.",
                embed_hint.as_ref().map(|h| format!(" using the hint '{h}'")).unwrap_or_default()
            )),
            Self::AmbiguousRelationship { candidates, .. } => Value::Array(candidates.clone()),
            Self::NoFunction {
                schema,
                name,
                keys,
                given,
                ..
            } => {
                let params = match keys.len() {
                    0 => " without parameters".to_string(),
                    1 => format!(" with parameter {}", keys[0]),
                    _ => format!(" with parameters {}", keys.join(", ")),
                };
                let searched = match given {
                    ArgsGiven::Raw(ty) => format!(" with a single unnamed {ty} parameter"),
                    ArgsGiven::Json => format!("{params} or with a single unnamed json/jsonb parameter"),
                    ArgsGiven::Query => params,
                };
                Value::String(format!(
                    "Searched for the function {schema}.{name}{searched}, but no matches were found in the schema cache."
                ))
            }
            _ => return None,
        })
    }

    pub fn hint(&self) -> Option<Value> {
        let text = match self {
            Self::NoRelationship { child, suggestion: Some(RelSuggestion::Child(s)), .. } => {
                format!("Perhaps you meant '{s}' instead of '{child}'.")
            }
            Self::NoRelationship { parent, suggestion: Some(RelSuggestion::Parent(s)), .. } => {
                format!("Perhaps you meant '{s}' instead of '{parent}'.")
            }
            Self::AmbiguousRelationship { hints, child, .. } => format!(
                "Try changing '{child}' to one of the following: {}. Find the desired relationship in the 'details' key.",
                hints.join(", ")
            ),
            Self::NoFunction { given: ArgsGiven::Raw(_), .. } => return None,
            Self::NoFunction { schema, suggestion: Some(s), .. } => {
                format!("Perhaps you meant to call the function {schema}.{s}")
            }
            Self::AmbiguousFunction(_) => "Try renaming the parameters or the function itself in the database so function overloading can be resolved".to_string(),
            Self::TableNotFound { schema, suggestion: Some(s), .. } => {
                format!("Perhaps you meant the table '{schema}.{s}'")
            }
            _ => return None,
        };
        Some(Value::String(text))
    }
}
