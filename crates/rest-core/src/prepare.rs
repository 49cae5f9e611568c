//! A parsed request's way through the rest of the core, one way: `plan` checks
//! it against the schema cache and decides (the IR), then `sql` renders what was
//! decided. Nothing flows back from `sql` to `plan`.

use crate::error::Error;
use crate::parse::{ApiRequest, PlanMedia};
use crate::plan::{self, PlanSettings};
use crate::response::ResponsePlan;
use crate::schema_cache::SchemaCache;
use crate::sql;
use crate::statement::Statement;

/// What `execute` runs and `response` answers with.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub statement: Statement,
    pub read_only: bool,
    /// For `count=planned|estimated`: the query whose planner estimate is the count.
    pub count_statement: Option<Statement>,
    pub response: ResponsePlan,
    /// Set when the answer is the plan of `statement` (already wrapped in
    /// EXPLAIN): its rows are the body, and its transaction never commits.
    pub explain: Option<PlanMedia>,
}

/// Plans `req`, whose body (for writes and calls) is `body`, and renders the plan.
pub fn prepare(
    req: &ApiRequest,
    cache: &SchemaCache,
    settings: &PlanSettings,
    body: &[u8],
) -> Result<Prepared, Error> {
    let plan = plan::plan(req, cache, settings, body)?;
    let mut statement = sql::statement(&plan.query);
    let count_statement = match &req.explain {
        Some(explain) => {
            statement.text = sql::explain(explain, &statement.text);
            None
        }
        None => sql::count_statement(&plan.query),
    };
    Ok(Prepared {
        statement,
        read_only: plan.read_only,
        count_statement,
        response: plan.response,
        explain: req.explain.clone(),
    })
}
