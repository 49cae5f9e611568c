//! Running a planned request: one transaction on the `authenticator` pool that
//! first switches role and sets the request settings (`request.jwt.claims`,
//! `request.method`, `request.path`, `request.headers`) transaction-locally,
//! then runs the one statement that returns body, page total and total count.
//! The caller decides from that row whether the transaction commits.
//!
//! BEGIN, COMMIT and ROLLBACK go as prepared statements like the rest, so the
//! server parses none of them per request.

use sqlx::postgres::PgRow;
use sqlx::{PgConnection, PgPool, Postgres, Row};

use crate::connections::{Connections, Lease};
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

/// What to do with the transaction once the outcome is known.
pub enum Decision<E> {
    Commit,
    Rollback,
    Fail(E),
}

pub fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments>,
    params: &'q [Param],
) -> sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments> {
    for p in params {
        query = match p {
            Param::Text(v) => query.bind(v.as_str()),
            Param::TextArray(v) => query.bind(v.as_slice()),
            Param::Int(v) => query.bind(*v),
        };
    }
    query
}

/// An open transaction on a leased connection. Ending it with [`Tx::commit`]
/// or [`Tx::rollback`] hands the connection back; dropping it closes the
/// connection, which rolls back on the server.
pub struct Tx {
    lease: Lease,
}

impl Tx {
    pub fn conn(&mut self) -> &mut PgConnection {
        &mut self.lease
    }

    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.end("COMMIT").await
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.end("ROLLBACK").await
    }

    async fn end(mut self, statement: &'static str) -> Result<(), sqlx::Error> {
        sqlx::query(statement).execute(&mut *self.lease).await?;
        self.lease.release();
        Ok(())
    }
}

pub async fn begin(
    conns: &Connections,
    ctx: &RequestContext,
    read_only: bool,
) -> Result<Tx, sqlx::Error> {
    let mut lease = conns.acquire().await?;
    let begin = if read_only {
        "BEGIN READ ONLY"
    } else {
        "BEGIN"
    };
    sqlx::query(begin).execute(&mut *lease).await?;
    let mut tx = Tx { lease };
    let set = sqlx::query(
        "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true), \
         set_config('request.method', $3, true), set_config('request.path', $4, true), \
         set_config('request.headers', $5, true)",
    )
    .bind(&ctx.role)
    .bind(&ctx.claims)
    .bind(&ctx.method)
    .bind(&ctx.path)
    .bind(&ctx.headers)
    .execute(tx.conn())
    .await;
    match set {
        Ok(_) => Ok(tx),
        Err(e) => Err(end_after_error(tx, e).await),
    }
}

/// A statement failed inside `tx`: roll back (keeping the connection when the
/// server is still talking) and return the statement's error.
async fn end_after_error(tx: Tx, e: sqlx::Error) -> sqlx::Error {
    if matches!(e, sqlx::Error::Database(_)) {
        let _ = tx.rollback().await;
    }
    e
}

fn outcome(row: &PgRow) -> Result<Outcome, sqlx::Error> {
    Ok(Outcome {
        page_total: row.try_get::<Option<i64>, _>("page_total")?.unwrap_or(0),
        total_count: row.try_get("total_count")?,
        body: row.try_get("body")?,
        response_headers: row.try_get("response_headers")?,
        response_status: row.try_get("response_status")?,
    })
}

/// Run `statement` in a fresh transaction as `ctx`; `decide` sees the outcome
/// before anything is committed (PGRST116 and max-affected roll back).
pub async fn run<E: From<sqlx::Error>>(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
    read_only: bool,
    decide: impl FnOnce(&Outcome) -> Decision<E>,
) -> Result<Outcome, E> {
    let mut tx = begin(conns, ctx, read_only).await?;
    let row = match bind_all(sqlx::query(&statement.text), &statement.params)
        .fetch_one(tx.conn())
        .await
    {
        Ok(row) => row,
        Err(e) => return Err(end_after_error(tx, e).await.into()),
    };
    let outcome = match outcome(&row) {
        Ok(o) => o,
        Err(e) => return Err(end_after_error(tx, e).await.into()),
    };
    match decide(&outcome) {
        Decision::Commit => tx.commit().await?,
        Decision::Rollback => tx.rollback().await?,
        Decision::Fail(e) => {
            tx.rollback().await?;
            return Err(e);
        }
    }
    Ok(outcome)
}

/// The planner's row estimate for `statement` (for `Prefer: count=planned`).
pub async fn planned_rows(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
) -> Result<Option<i64>, sqlx::Error> {
    let mut tx = begin(conns, ctx, true).await?;
    let text = format!("EXPLAIN (FORMAT JSON) {}", statement.text);
    let plan: Result<serde_json::Value, sqlx::Error> =
        bind_all(sqlx::query(&text), &statement.params)
            .fetch_one(tx.conn())
            .await
            .and_then(|row| row.try_get(0));
    let plan = match plan {
        Ok(p) => p,
        Err(e) => return Err(end_after_error(tx, e).await),
    };
    tx.rollback().await?;
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
