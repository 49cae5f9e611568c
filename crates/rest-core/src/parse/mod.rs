//! Turns one HTTP request, given as plain data, into an [`ApiRequest`] that cannot be
//! invalid: what is targeted and how, every query parameter parsed, the effective
//! range, the preferences and the media types. It knows nothing of the schema, so
//! whether names exist (and which ambiguous RPC parameters are arguments) is left
//! to the planner. Checks run in PostgREST's order, so the same request gets the
//! same first error.

mod cursor;
mod filter;
mod limits;
mod logic;
mod media;
mod order;
mod perror;
mod prefer;
mod query;
mod range;
mod select;
mod syntax;

use serde::Serialize;

use crate::error::Error;

pub use filter::{CompareOp, Filter, FtsOp, IsValue, OpExpr, Operation, Quantifier, SimpleOp};
pub use limits::{MAX_EMBED_DEPTH, MAX_JSON_PATH, MAX_LOGIC_DEPTH};
pub use logic::{LogicOp, LogicTree};
pub use media::{BodyType, MediaType, Offers, PlanMedia};
pub use order::{Direction, Nulls, OrderTerm};
pub use prefer::{Count, Handling, Missing, Preferences, Representation, Resolution, Transaction};
pub(crate) use query::decode_component;
pub use query::{Embedded, QueryParams, RpcParam};
pub use range::RowRange;
pub use select::{Aggregate, AggregateFunction, EmbedParams, JoinType, SelectItem};
pub use syntax::{EmbedPath, Field, JsonArrow, JsonOperand, JsonStep};

/// The request as the HTTP layer hands it over.
#[derive(Debug, Clone, Copy)]
pub struct RawRequest<'a> {
    /// `GET`, `HEAD`, `POST`, `PATCH`, `PUT`, `DELETE`, `OPTIONS` (others are refused).
    pub method: &'a str,
    /// The path after `/rest/v1`, still percent-encoded: `/items`, `/rpc/fn`, `/`.
    pub path: &'a str,
    /// The raw query string, still percent-encoded, without or with its `?`.
    pub query: &'a str,
    /// Header names in lower case; repeated headers appear repeatedly.
    pub headers: &'a [(&'a str, &'a str)],
}

impl RawRequest<'_> {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApiRequest {
    pub action: Action,
    /// The schema asked for with `Accept-Profile` (reads) or `Content-Profile`
    /// (writes); `None` means the default schema. Exposure is checked later.
    pub profile: Option<String>,
    pub query: QueryParams,
    /// The rows asked for at the top level (`Range` header, `limit`, `offset`).
    pub range: RowRange,
    pub preferences: Preferences,
    /// The media type to answer with (for a plan, the one it is the plan of).
    pub media_type: MediaType,
    /// `application/vnd.pgrst.plan`: answer with the EXPLAIN output of the
    /// statement instead of running it for its result.
    pub explain: Option<PlanMedia>,
    /// How to read the body, for requests that carry one.
    pub body_type: Option<BodyType>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Action {
    /// GET or HEAD on a table or view.
    Read {
        relation: String,
        headers_only: bool,
    },
    Mutate {
        relation: String,
        mutation: Mutation,
    },
    /// A function under `/rpc/`.
    Call { function: String, invoke: Invoke },
    /// OPTIONS on a table or view.
    RelationInfo { relation: String },
    /// OPTIONS on a function.
    RoutineInfo { function: String },
    /// GET or HEAD on the root: the OpenAPI description.
    Schema { headers_only: bool },
    /// OPTIONS on the root.
    SchemaInfo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mutation {
    /// POST
    Create,
    /// PATCH
    Update,
    /// PUT: insert or replace the one row its filters name.
    SingleUpsert,
    /// DELETE
    Delete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Invoke {
    /// POST: arguments in the body.
    Post,
    /// GET or HEAD: arguments in the query string, run read-only.
    Get { headers_only: bool },
}

enum Resource {
    Relation(String),
    Routine(String),
    Schema,
}

fn percent_decode(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|b| hex(*b)),
            bytes.get(i + 2).and_then(|b| hex(*b)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn resource(path: &str) -> Result<Resource, Error> {
    let path = path.strip_prefix('/').unwrap_or(path);
    let segments: Vec<String> = if path.is_empty() {
        Vec::new()
    } else {
        path.split('/').map(percent_decode).collect()
    };
    match segments.as_slice() {
        [] => Ok(Resource::Schema),
        [name] => Ok(Resource::Relation(name.clone())),
        [rpc, name] if rpc == "rpc" => Ok(Resource::Routine(name.clone())),
        _ => Err(Error::NotFound),
    }
}

fn action(resource: Resource, method: &str) -> Result<Action, Error> {
    use Action::*;
    Ok(match (resource, method) {
        (Resource::Relation(relation), "GET" | "HEAD") => Read {
            relation,
            headers_only: method == "HEAD",
        },
        (Resource::Relation(relation), "POST") => Mutate {
            relation,
            mutation: Mutation::Create,
        },
        (Resource::Relation(relation), "PATCH") => Mutate {
            relation,
            mutation: Mutation::Update,
        },
        (Resource::Relation(relation), "PUT") => Mutate {
            relation,
            mutation: Mutation::SingleUpsert,
        },
        (Resource::Relation(relation), "DELETE") => Mutate {
            relation,
            mutation: Mutation::Delete,
        },
        (Resource::Relation(relation), "OPTIONS") => RelationInfo { relation },
        (Resource::Routine(function), "GET" | "HEAD") => Call {
            function,
            invoke: Invoke::Get {
                headers_only: method == "HEAD",
            },
        },
        (Resource::Routine(function), "POST") => Call {
            function,
            invoke: Invoke::Post,
        },
        (Resource::Routine(function), "OPTIONS") => RoutineInfo { function },
        (Resource::Routine(_), _) => return Err(Error::InvalidRpcMethod(method.to_string())),
        (Resource::Schema, "GET" | "HEAD") => Schema {
            headers_only: method == "HEAD",
        },
        (Resource::Schema, "OPTIONS") => SchemaInfo,
        _ => return Err(Error::UnsupportedMethod(method.to_string())),
    })
}

/// Parses `req` into an [`ApiRequest`], or the error PostgREST would answer
/// with, as a server offering no plans and no GeoJSON.
pub fn parse(req: &RawRequest<'_>) -> Result<ApiRequest, Error> {
    parse_with(req, Offers::default())
}

/// [`parse`], with the media types the server's settings and extensions add.
pub fn parse_with(req: &RawRequest<'_>, offers: Offers) -> Result<ApiRequest, Error> {
    let action = action(resource(req.path)?, req.method)?;
    // Writes name their schema with Content-Profile, everything else with Accept-Profile.
    let writes = matches!(req.method, "POST" | "PATCH" | "PUT" | "DELETE");
    let profile = req
        .header(if writes {
            "content-profile"
        } else {
            "accept-profile"
        })
        .map(str::to_string);

    let rpc_read = matches!(
        action,
        Action::Call {
            invoke: Invoke::Get { .. },
            ..
        }
    );
    let (query, root_bounds) = query::parse(req.query, rpc_read)?;
    let range = range::top_level(req.method, root_bounds, req.header("range"))?;

    let body_type = match &action {
        Action::Mutate {
            mutation: Mutation::Delete,
            ..
        } => None,
        Action::Mutate { .. } => Some(media::body_type(req.header("content-type"), false)?),
        Action::Call {
            invoke: Invoke::Post,
            ..
        } => Some(media::body_type(req.header("content-type"), true)?),
        _ => None,
    };

    let preferences = Preferences::from_headers(req.headers.iter().copied());
    preferences.check_strict()?;

    let accepted = media::accept_list(req.header("accept"));
    let media_type = match &action {
        Action::RelationInfo { .. } | Action::RoutineInfo { .. } | Action::SchemaInfo => {
            MediaType::Json
        }
        // The OpenAPI description has no plan.
        Action::Schema { .. } => media::negotiate(
            &accepted,
            media::ROOT_MEDIA,
            Offers {
                plan: false,
                ..offers
            },
        )?,
        _ => media::negotiate(&accepted, media::RESOURCE_MEDIA, offers)?,
    };
    let (media_type, explain) = match media_type {
        MediaType::Plan(p) => {
            let target = match &p.target {
                MediaType::Any => MediaType::Json,
                t => t.clone(),
            };
            (target, Some(*p))
        }
        m => (m, None),
    };

    Ok(ApiRequest {
        action,
        profile,
        query,
        range,
        preferences,
        media_type,
        explain,
        body_type,
    })
}

#[cfg(test)]
mod tests;
