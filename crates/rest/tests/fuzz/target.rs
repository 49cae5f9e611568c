//! One case through what `/rest/v1` does before the database: `parse`, then
//! `plan` (which renders the SQL) against the fixture schema cache, as
//! `routes.rs` calls them. Besides panics and stack overflows (caught by the
//! driver), a finding is any answer a client must never get: a 5xx for its
//! own request, or SQL that PostgreSQL would choke on in ways that are not the
//! client's fault (NUL in the text or a parameter, a negative LIMIT/OFFSET,
//! more parameters than the protocol can bind).

use pleat_rest::parse::{parse, Action, RawRequest};
use pleat_rest::plan::PlanSettings;
use pleat_rest::prepare::prepare;
use pleat_rest::schema_cache::SchemaCache;
use pleat_rest::statement::{Param, Statement};

use super::case::Case;

/// How a case ended when it was not a finding.
pub enum Outcome {
    Refused,
    Planned,
    Answered,
}

fn check_statement(st: &Statement) -> Result<(), String> {
    if st.text.contains('\0') {
        return Err("the SQL text contains NUL".into());
    }
    if st.params.len() > usize::from(u16::MAX) {
        return Err(format!(
            "{} parameters (at most 65535 can be bound)",
            st.params.len()
        ));
    }
    for p in &st.params {
        let nul = match p {
            Param::Text(t) => t.contains('\0'),
            Param::TextArray(a) => a.iter().any(|t| t.contains('\0')),
            Param::Int(_) => false,
        };
        if nul {
            return Err("a text parameter contains NUL".into());
        }
    }
    for word in ["LIMIT -", "OFFSET -"] {
        if st.text.contains(word) {
            return Err(format!("the SQL has a negative {word}"));
        }
    }
    Ok(())
}

pub fn run(case: &Case, cache: &SchemaCache, settings: &PlanSettings) -> Result<Outcome, String> {
    let headers: Vec<(&str, &str)> = case
        .headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let raw = RawRequest {
        method: case.method,
        path: &case.path,
        query: &case.query,
        headers: &headers,
    };
    let result = parse(&raw).and_then(|req| match req.action {
        Action::Read { .. } | Action::Mutate { .. } | Action::Call { .. } => {
            prepare(&req, cache, settings, case.body.as_bytes()).map(Some)
        }
        // Introspection is answered from the cache without a statement.
        _ => Ok(None),
    });
    match result {
        Err(e) => {
            let body = e.to_json().to_string();
            if e.status() >= 500 {
                return Err(format!("answered {}: {body}", e.status()));
            }
            Ok(Outcome::Refused)
        }
        Ok(None) => Ok(Outcome::Answered),
        Ok(Some(p)) => {
            check_statement(&p.statement)?;
            if let Some(count) = &p.count_statement {
                check_statement(count)?;
            }
            Ok(Outcome::Planned)
        }
    }
}
