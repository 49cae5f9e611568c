//! Running a planned request: one transaction as the request's role that
//! first checks a signed-in token's session (`auth.require_session`, before
//! the role switch), then switches role and sets the request settings
//! (`request.jwt.claims`, `request.method`, `request.path`, `request.headers`,
//! `request.client_ip`) and the role's `statement_timeout`
//! transaction-locally, then runs the one statement that returns body, page
//! total and total count.
//!
//! The statements are pipelined: BEGIN, the session check, the settings, the
//! statement and COMMIT go to the server in one write, and the server answers
//! them in order (a failure makes the rest of the transaction fail, and COMMIT
//! then rolls back). Only a write whose row decides between COMMIT and
//! ROLLBACK (`Ending::Decide`: a singular response, max-affected, a rollback
//! preference) waits for its row before ending the transaction. All of them
//! are prepared once per connection.

use futures_util::future::{join, join3, join5};
use sqlx::PgPool;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::Row;

use crate::connections::{Connections, DbFailure, Lease};
use crate::schema_cache::{SchemaCache, INTROSPECTION_SQL};
use crate::statement::{Param, Statement};

/// Who is asking and how, as the database will see it.
#[derive(Debug, Clone)]
pub struct RequestContext {
    pub role: String,
    pub claims: String,
    pub method: String,
    pub path: String,
    /// JSON object of the request headers with lower-case names.
    pub headers: String,
    /// The client's address as resolved through trusted proxies (empty when
    /// unknown), for per-client limits in SQL: unlike the raw headers, a
    /// client cannot choose it.
    pub client_ip: String,
    /// Milliseconds each statement may run, for the role (see
    /// `pleat_db::StatementTimeouts::setting`); a cancelled one is SQLSTATE
    /// 57014, answered 500 as PostgREST does.
    pub statement_timeout: String,
    /// The session a signed-in token names: checked inside the transaction,
    /// before the role switch (`auth.require_session`), so a signed-out
    /// session aborts it and answers 401 PGRST301.
    pub session: Option<String>,
}

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

/// How a request's transaction ends (see `response::ending`).
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

const SET_CONFIG: &str =
    "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true), \
     set_config('request.method', $3, true), set_config('request.path', $4, true), \
     set_config('request.headers', $5, true), set_config('request.client_ip', $6, true), \
     set_config('statement_timeout', $7, true)";
const SET_CONFIG_TYPES: [Type; 7] = [Type::TEXT; 7];
const REQUIRE_SESSION: &str = "SELECT auth.require_session($1::uuid)";

/// The statements every request sends whatever it asks for, with their
/// parameter types: prepared on each connection opened ahead of requests
/// (`Connections::warm`), so the first requests after a start do not each
/// wait for them to be parsed.
pub const FIXED_STATEMENTS: [(&str, &[Type]); 6] = [
    ("BEGIN", &[]),
    ("BEGIN READ ONLY", &[]),
    (REQUIRE_SESSION, &[Type::TEXT]),
    (SET_CONFIG, &SET_CONFIG_TYPES),
    ("COMMIT", &[]),
    ("ROLLBACK", &[]),
];

impl RequestContext {
    fn settings(&self) -> [&(dyn ToSql + Sync); 7] {
        [
            &self.role,
            &self.claims,
            &self.method,
            &self.path,
            &self.headers,
            &self.client_ip,
            &self.statement_timeout,
        ]
    }
}

/// Parameter types as the statement text expects them (values go as text and
/// the SQL casts them).
fn types_of(params: &[Param]) -> Vec<Type> {
    params
        .iter()
        .map(|p| match p {
            Param::Text(_) => Type::TEXT,
            Param::TextArray(_) => Type::TEXT_ARRAY,
            Param::Int(_) => Type::INT8,
        })
        .collect()
}

fn values_of(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|p| match p {
            Param::Text(v) => v as &(dyn ToSql + Sync),
            Param::TextArray(v) => v as &(dyn ToSql + Sync),
            Param::Int(v) => v as &(dyn ToSql + Sync),
        })
        .collect()
}

fn outcome(row: &Row) -> Result<Outcome, tokio_postgres::Error> {
    Ok(Outcome {
        page_total: row.try_get::<_, Option<i64>>("page_total")?.unwrap_or(0),
        total_count: row.try_get("total_count")?,
        body: row.try_get("body")?,
        response_headers: row.try_get("response_headers")?,
        response_status: row.try_get("response_status")?,
    })
}

/// End the transaction on `lease` with `statement` (COMMIT or ROLLBACK) and
/// hand the connection back.
async fn end(mut lease: Lease, statement: &'static str) -> Result<(), DbFailure> {
    let end = lease.prepare(statement, &[]).await?;
    lease.client().execute(&end, &[]).await?;
    lease.release();
    Ok(())
}

/// After a failure: roll back if the server is still talking (a database
/// error), so the connection can serve again; otherwise it is closed.
async fn abandon(lease: Lease, e: &tokio_postgres::Error) {
    if e.as_db_error().is_some() {
        let _ = end(lease, "ROLLBACK").await;
    }
}

/// The row of a pipelined transaction, or its first failure in statement
/// order: statements after a failure only report that it was aborted.
fn first_failure(
    before: [Result<u64, tokio_postgres::Error>; 3],
    query: Result<Row, tokio_postgres::Error>,
) -> Result<Row, tokio_postgres::Error> {
    for step in before {
        step?;
    }
    query
}

/// `begin`, the settings and `sql` as `ctx`, and with `finish` (COMMIT or
/// ROLLBACK) the end of the transaction too, in one write when the connection
/// has prepared `sql` before. A statement it has not seen is prepared inside
/// the transaction, after the role switch, so that its names resolve with the
/// role's privileges (a schema only the API roles may use). The flag tells
/// whether `finish` ended the transaction.
async fn pipeline(
    lease: &mut Lease,
    begin: &'static str,
    ctx: &RequestContext,
    sql: &str,
    params: &[Param],
    finish: Option<&'static str>,
) -> (Result<Row, tokio_postgres::Error>, bool) {
    let types = types_of(params);
    let fixed = async {
        let b = lease.prepare(begin, &[]).await?;
        let c = match ctx.session {
            Some(_) => Some(lease.prepare(REQUIRE_SESSION, &[Type::TEXT]).await?),
            None => None,
        };
        let s = lease.prepare(SET_CONFIG, &SET_CONFIG_TYPES).await?;
        let f = match finish {
            Some(f) => Some(lease.prepare(f, &[]).await?),
            None => None,
        };
        Ok::<_, tokio_postgres::Error>((b, c, s, f, lease.cached(sql, &types)))
    };
    let (b, c, s, f, known) = match fixed.await {
        Ok(fixed) => fixed,
        Err(e) => return (Err(e), false),
    };
    let values = values_of(params);
    let settings = ctx.settings();
    let check = async {
        match (&c, &ctx.session) {
            (Some(c), Some(sid)) => lease.client().execute(c, &[sid]).await,
            _ => Ok(0),
        }
    };
    let sent = std::time::Instant::now();
    let (row, finished) = match known {
        Some(main) => {
            let client = lease.client();
            let (rb, rc, rs, rm, rf) = join5(
                client.execute(&b, &[]),
                check,
                client.execute(&s, &settings),
                client.query_one(&main, &values),
                finish_with(client, f.as_ref()),
            )
            .await;
            (first_failure([rb, rc, rs], rm), rf)
        }
        None => {
            let client = lease.client();
            let (rb, rc, rs) = join3(
                client.execute(&b, &[]),
                check,
                client.execute(&s, &settings),
            )
            .await;
            if let Err(e) = rb.and(rc).and(rs) {
                return (Err(e), false);
            }
            let main = match lease.prepare(sql, &types).await {
                Ok(main) => main,
                Err(e) => return (Err(e), false),
            };
            let client = lease.client();
            let (rm, rf) = join(
                client.query_one(&main, &values),
                finish_with(client, f.as_ref()),
            )
            .await;
            (rm, rf)
        }
    };
    crate::timings::ROUND_TRIP.record(sent.elapsed());
    match finished {
        Ok(ended) => (row, ended),
        Err(e) => (row.and(Err(e)), false),
    }
}

async fn finish_with(
    client: &tokio_postgres::Client,
    finish: Option<&tokio_postgres::Statement>,
) -> Result<bool, tokio_postgres::Error> {
    match finish {
        Some(f) => client.execute(f, &[]).await.map(|_| true),
        None => Ok(false),
    }
}

/// Run `statement` in a fresh transaction as `ctx`; `decide` sees the outcome
/// before anything is committed (PGRST116 and max-affected roll back) unless
/// `ending` says the decision cannot depend on it.
pub async fn run<E: From<DbFailure>>(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
    ending: Ending,
    decide: impl FnOnce(&Outcome) -> Decision<E>,
) -> Result<Outcome, E> {
    let begin = match ending {
        Ending::Read => "BEGIN READ ONLY",
        Ending::Commit | Ending::Decide => "BEGIN",
    };
    if ending != Ending::Decide {
        // Nothing to undo: the outcome only decides the answer.
        let row = finished(
            conns,
            ctx,
            begin,
            &statement.text,
            &statement.params,
            "COMMIT",
        )
        .await?;
        let outcome = outcome(&row).map_err(DbFailure::from)?;
        return match decide(&outcome) {
            Decision::Fail(e) => Err(e),
            Decision::Commit | Decision::Rollback => Ok(outcome),
        };
    }
    let mut lease = conns.acquire().await?;
    let (row, _) = pipeline(
        &mut lease,
        begin,
        ctx,
        &statement.text,
        &statement.params,
        None,
    )
    .await;
    let outcome = match row.and_then(|row| outcome(&row)) {
        Ok(outcome) => outcome,
        Err(e) => {
            abandon(lease, &e).await;
            return Err(DbFailure::from(e).into());
        }
    };
    match decide(&outcome) {
        Decision::Commit => end(lease, "COMMIT").await?,
        Decision::Rollback => end(lease, "ROLLBACK").await?,
        Decision::Fail(e) => {
            end(lease, "ROLLBACK").await?;
            return Err(e);
        }
    }
    Ok(outcome)
}

/// One row of `sql` as `ctx` in a transaction opened by `begin` and ended by
/// `finish`, all in one pipelined write.
async fn finished(
    conns: &Connections,
    ctx: &RequestContext,
    begin: &'static str,
    sql: &str,
    params: &[Param],
    finish: &'static str,
) -> Result<Row, DbFailure> {
    let mut lease = conns.acquire().await?;
    let done = pipeline(&mut lease, begin, ctx, sql, params, Some(finish)).await;
    match done {
        (Ok(row), true) => {
            lease.release();
            Ok(row)
        }
        (Err(e), true) => {
            lease.release();
            Err(e.into())
        }
        // A pipeline with a finishing statement ends the transaction or fails;
        // should it not have, the connection is not handed on.
        (Ok(row), false) => Ok(row),
        (Err(e), false) => {
            abandon(lease, &e).await;
            Err(e.into())
        }
    }
}

/// One row of `sql` read as `ctx` (then rolled back).
pub async fn read_one(
    conns: &Connections,
    ctx: &RequestContext,
    sql: &str,
    params: &[Param],
) -> Result<Row, DbFailure> {
    finished(conns, ctx, "BEGIN READ ONLY", sql, params, "ROLLBACK").await
}

/// The planner's row estimate for `statement` (for `Prefer: count=planned`).
pub async fn planned_rows(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
) -> Result<Option<i64>, DbFailure> {
    let text = format!("EXPLAIN (FORMAT JSON) {}", statement.text);
    let row = read_one(conns, ctx, &text, &statement.params).await?;
    let plan: serde_json::Value = row.try_get(0)?;
    Ok(plan[0]["Plan"]["Plan Rows"].as_f64().map(|n| n as i64))
}

/// Load the schema cache for the exposed schemas (one query).
pub async fn load_schema_cache(pool: &PgPool, schemas: &[String]) -> anyhow::Result<SchemaCache> {
    let json: String = sqlx::query_scalar(INTROSPECTION_SQL)
        .bind(schemas)
        .fetch_one(pool)
        .await?;
    Ok(SchemaCache::from_json(&json)?)
}
