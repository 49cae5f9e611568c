//! From the row a statement returned to the HTTP answer, as PostgREST v12 gives
//! it: whether the transaction may commit (`decide`: PGRST116, PGRST115, PGRST124,
//! PGRST110, `tx=rollback`), then status, headers (`Content-Range`, `Content-Type`,
//! `Content-Profile`, `Preference-Applied`, `Location`) and body (`respond`), with
//! the `response.status`/`response.headers` a function set overriding them.

use serde_json::Value;

use crate::error::{Error, RangeError};
use crate::parse::{Count, MediaType, RowRange};

/// The row every main statement returns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    pub page_total: i64,
    pub total_count: Option<i64>,
    pub body: Option<String>,
    /// `response.headers` / `response.status` set by functions (PostgREST's GUCs).
    pub response_headers: Option<String>,
    pub response_status: Option<String>,
}

/// How a request's transaction ends (see [`ending`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// BEGIN READ ONLY, with COMMIT in the same write as the statement.
    Read,
    /// A write committed whatever its outcome: COMMIT in the same write.
    Commit,
    /// A write whose outcome decides: COMMIT or ROLLBACK once the row is in.
    Decide,
}

/// What to do with the transaction once the outcome is known.
pub enum Decision<E> {
    Commit,
    Rollback,
    Fail(E),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseKind {
    Read { headers_only: bool },
    Create { merge: bool },
    Update,
    SingleUpsert,
    Delete,
    Call { headers_only: bool, void: bool },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResponsePlan {
    pub kind: ResponseKind,
    pub media: MediaType,
    /// The top-level range, for `Content-Range` and 206/416.
    pub range: RowRange,
    pub count: Option<Count>,
    /// `max_rows`, which decides when an estimated count uses the planner.
    pub max_rows: Option<i64>,
    /// The body holds the representation (`return=representation`).
    pub representation: bool,
    /// `Preference-Applied` values, in PostgREST's order.
    pub applied: Vec<String>,
    pub rollback: bool,
    /// `max-affected` under `handling=strict`.
    pub max_affected: Option<i64>,
    /// The `limit` of a limited PATCH/DELETE.
    pub mutation_limit: Option<i64>,
    /// For `Location`: the relation and its primary key.
    pub relation: String,
    pub primary_key: Vec<String>,
    /// `Content-Profile`, when the schema was negotiated.
    pub profile: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
}

fn is_single(media: &MediaType) -> bool {
    matches!(media, MediaType::SingleObject { .. })
}

/// How a request's transaction ends: a write that [`decide`] commits whatever
/// its outcome sends COMMIT in the same pipelined write as its statement (a
/// failed statement turns that COMMIT into a rollback); the others wait for
/// the row before deciding.
pub fn ending(read_only: bool, plan: &ResponsePlan) -> Ending {
    let void = matches!(plan.kind, ResponseKind::Call { void: true, .. });
    if read_only {
        Ending::Read
    } else if (is_single(&plan.media) && !void)
        || plan.kind == ResponseKind::SingleUpsert
        || plan.max_affected.is_some()
        || plan.mutation_limit.is_some()
        || plan.rollback
    {
        Ending::Decide
    } else {
        Ending::Commit
    }
}

pub fn decide(plan: &ResponsePlan, outcome: &Outcome) -> Decision<Error> {
    let n = outcome.page_total;
    let void = matches!(plan.kind, ResponseKind::Call { void: true, .. });
    if is_single(&plan.media) && n != 1 && !void {
        return Decision::Fail(Error::Singularity(n));
    }
    if plan.kind == ResponseKind::SingleUpsert && n != 1 {
        return Decision::Fail(Error::PutMatchingPk);
    }
    if plan.max_affected.is_some_and(|max| n > max) {
        return Decision::Fail(Error::MaxAffected(n));
    }
    if let Some(limit) = plan.mutation_limit.filter(|limit| n > *limit) {
        return Decision::Fail(Error::ChangesOffLimits { changed: n, limit });
    }
    if plan.rollback {
        Decision::Rollback
    } else {
        Decision::Commit
    }
}

/// `Content-Range: lower-upper/total`, `*` for a range when there are no rows.
fn content_range(lower: i64, upper: i64, total: Option<i64>) -> (String, String) {
    let range = if total != Some(0) && lower <= upper {
        format!("{lower}-{upper}")
    } else {
        "*".to_string()
    };
    let total = total.map_or("*".to_string(), |t| t.to_string());
    ("Content-Range".into(), format!("{range}/{total}"))
}

fn content_type(media: &MediaType) -> (String, String) {
    (
        "Content-Type".into(),
        format!("{}; charset=utf-8", media.mime()),
    )
}

fn total(plan: &ResponsePlan, outcome: &Outcome, planned: Option<i64>) -> Option<i64> {
    match plan.count? {
        Count::Exact => outcome.total_count,
        Count::Planned => planned,
        // As in PostgREST, the exact count stands only while it is within
        // `max_rows`; past it (or with no `max_rows`, which PostgREST compares as
        // below any count) the planner's estimate wins if it is larger.
        Count::Estimated => match (outcome.total_count, plan.max_rows) {
            (Some(t), Some(max)) if t <= max => Some(t),
            (Some(t), _) => Some(planned.map_or(t, |p| p.max(t))),
            (None, _) => planned,
        },
    }
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            b => format!("%{b:02X}"),
        })
        .collect()
}

/// `/relation?pk=eq.value` from the inserted row.
fn location(plan: &ResponsePlan, row: &str) -> Option<String> {
    let row: serde_json::Map<String, Value> = serde_json::from_str(row).ok()?;
    let parts: Vec<String> = row
        .iter()
        .filter(|(k, _)| plan.primary_key.contains(k))
        .map(|(k, v)| {
            let value = match v {
                Value::Null => "is.null".to_string(),
                Value::String(s) => format!("eq.{s}"),
                other => format!("eq.{other}"),
            };
            format!("{}={}", encode(k), encode(&value))
        })
        .collect();
    Some(format!("/{}?{}", encode(&plan.relation), parts.join("&")))
}

/// The `response.headers` a function set: a JSON array of one-key objects.
fn guc_headers(raw: &str) -> Result<Vec<(String, String)>, Error> {
    let items: Vec<serde_json::Map<String, Value>> =
        serde_json::from_str(raw).map_err(|_| Error::GucHeaders)?;
    items
        .into_iter()
        .map(|o| match o.into_iter().collect::<Vec<_>>().as_slice() {
            [(k, Value::String(v))] => Ok((k.clone(), v.clone())),
            _ => Err(Error::GucHeaders),
        })
        .collect()
}

fn overrides(mut r: Response, outcome: &Outcome) -> Result<Response, Error> {
    if let Some(status) = &outcome.response_status {
        r.status = status
            .trim()
            .parse()
            .ok()
            .filter(|s| (100..600).contains(s))
            .ok_or(Error::GucStatus)?;
    }
    if let Some(raw) = &outcome.response_headers {
        let set = guc_headers(raw)?;
        r.headers
            .retain(|(k, _)| !set.iter().any(|(n, _)| n.eq_ignore_ascii_case(k)));
        r.headers.extend(set);
    }
    Ok(r)
}

pub fn respond(
    plan: &ResponsePlan,
    outcome: &Outcome,
    planned_count: Option<i64>,
) -> Result<Response, Error> {
    let n = outcome.page_total;
    let counted = plan.count.map(|_| n);
    let mut headers = Vec::new();
    let typed = |headers: &mut Vec<(String, String)>| {
        headers.push(content_type(&plan.media));
        if let Some(p) = &plan.profile {
            headers.push(("Content-Profile".into(), p.clone()));
        }
    };
    let (status, body) = match plan.kind {
        ResponseKind::Read { headers_only } | ResponseKind::Call { headers_only, .. } => {
            let total = total(plan, outcome, planned_count);
            let lower = plan.range.offset;
            let upper = lower + n - 1;
            let status = match total {
                Some(t) if lower > t => {
                    return Err(Error::InvalidRange(RangeError::OutOfBounds {
                        lower,
                        total: t,
                    }))
                }
                Some(t) if 1 + upper - lower < t => 206,
                _ => 200,
            };
            headers.push(content_range(lower, upper, total));
            if matches!(plan.kind, ResponseKind::Call { void: true, .. }) {
                (204, None)
            } else {
                typed(&mut headers);
                (
                    status,
                    if headers_only {
                        None
                    } else {
                        outcome.body.clone()
                    },
                )
            }
        }
        ResponseKind::Create { merge } => {
            if let Some(loc) = outcome
                .body
                .as_deref()
                .filter(|_| !plan.representation && n == 1)
                .and_then(|row| location(plan, row))
            {
                headers.push(("Location".into(), loc));
            }
            headers.push(content_range(1, 0, counted));
            let inserted = outcome.total_count.unwrap_or(n);
            let status = if merge && inserted <= 0 { 200 } else { 201 };
            (status, None)
        }
        ResponseKind::Update => {
            headers.push(content_range(0, n - 1, counted));
            (if plan.representation { 200 } else { 204 }, None)
        }
        ResponseKind::Delete => {
            headers.push(content_range(1, 0, counted));
            (if plan.representation { 200 } else { 204 }, None)
        }
        ResponseKind::SingleUpsert => {
            let inserted = outcome.total_count.unwrap_or(0);
            (
                if !plan.representation {
                    204
                } else if inserted > 0 {
                    201
                } else {
                    200
                },
                None,
            )
        }
    };
    let is_mutation = !matches!(
        plan.kind,
        ResponseKind::Read { .. } | ResponseKind::Call { .. }
    );
    let body = if is_mutation && plan.representation {
        typed(&mut headers);
        outcome.body.clone()
    } else {
        body
    };
    if !plan.applied.is_empty() {
        headers.push(("Preference-Applied".into(), plan.applied.join(", ")));
    }
    overrides(
        Response {
            status,
            headers,
            body,
        },
        outcome,
    )
}

#[cfg(test)]
mod tests;
