//! Running a planned request: one transaction as the request's role that
//! first checks a signed-in token's session (`auth.require_session`, before
//! the role switch), then switches role and sets the request settings
//! (`request.jwt.claims`, `request.method`, `request.path`, `request.headers`,
//! `request.client_ip`) and the role's `statement_timeout`
//! transaction-locally, then runs the one statement that returns body, page
//! total and total count.
//!
//! The statements are pipelined: BEGIN, the session check, the settings, the
//! statement and COMMIT go to the server in one write ending in one Sync, and
//! the server answers them in order in one flush (`wire::Conn::run`). A
//! failure makes the server skip the rest, COMMIT included; the failed
//! transaction is then rolled back before the connection is handed on. Only
//! a write whose row decides between COMMIT and ROLLBACK (`Ending::Decide`: a
//! singular response, max-affected, a rollback preference) waits for its row
//! before ending the transaction. All of them are prepared once per
//! connection. A plan (`explain`) runs the same way and always rolls back.

use sqlx::PgPool;

use crate::connections::{Connections, DbFailure, Lease};
use crate::response::{Decision, Ending, Outcome};
use crate::schema_cache::SchemaCache;
use crate::statement::{Param, Statement};
use crate::wire::{self, oid, Row, Step, TxStatus, Value};

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

const SET_CONFIG: &str =
    "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true), \
     set_config('request.method', $3, true), set_config('request.path', $4, true), \
     set_config('request.headers', $5, true), set_config('request.client_ip', $6, true), \
     set_config('statement_timeout', $7, true)";
const SET_CONFIG_TYPES: [u32; 7] = [oid::TEXT; 7];
const REQUIRE_SESSION: &str = "SELECT auth.require_session($1::uuid)";

/// The statements every request sends whatever it asks for, with their
/// parameter types: prepared on each connection opened ahead of requests
/// (`Connections::warm`), so the first requests after a start do not each
/// wait for them to be parsed.
pub const FIXED_STATEMENTS: [(&str, &[u32]); 6] = [
    ("BEGIN", &[]),
    ("BEGIN READ ONLY", &[]),
    (REQUIRE_SESSION, &[oid::TEXT]),
    (SET_CONFIG, &SET_CONFIG_TYPES),
    ("COMMIT", &[]),
    ("ROLLBACK", &[]),
];

impl RequestContext {
    fn settings(&self) -> [Value<'_>; 7] {
        [
            Value::Text(&self.role),
            Value::Text(&self.claims),
            Value::Text(&self.method),
            Value::Text(&self.path),
            Value::Text(&self.headers),
            Value::Text(&self.client_ip),
            Value::Text(&self.statement_timeout),
        ]
    }
}

fn values_of(params: &[Param]) -> Vec<Value<'_>> {
    params
        .iter()
        .map(|p| match p {
            Param::Text(v) => Value::Text(v),
            Param::TextArray(v) => Value::TextArray(v),
            Param::Int(v) => Value::Int(*v),
        })
        .collect()
}

fn outcome(row: &Row) -> Result<Outcome, wire::Failure> {
    Ok(Outcome {
        page_total: row.int("page_total")?.unwrap_or(0),
        total_count: row.int("total_count")?,
        body: row.text("body")?.map(str::to_string),
        response_headers: row.text("response_headers")?.map(str::to_string),
        response_status: row.text("response_status")?.map(str::to_string),
    })
}

/// Hand the connection back: at once when the server says no transaction is
/// open, after a ROLLBACK when one is (a failed statement, an unfinished
/// pipeline); a broken one is closed.
async fn settle(mut lease: Lease) {
    match lease.status() {
        TxStatus::Idle => lease.release(),
        TxStatus::InTransaction | TxStatus::Failed => {
            if lease.run(&[Step::new("ROLLBACK", &[])]).await.is_ok() {
                lease.release();
            }
        }
        TxStatus::Broken => {}
    }
}

/// `begin`, the session check, the settings and `sql` as `ctx`, and with
/// `finish` (COMMIT or ROLLBACK) the end of the transaction too, in one
/// write ending in one Sync. A statement the connection has not seen is
/// prepared in that write after the role switch, so that its names resolve
/// with the role's privileges (a schema only the API roles may use). Its one
/// row, or the first failure.
async fn pipeline(
    lease: &mut Lease,
    begin: &'static str,
    ctx: &RequestContext,
    sql: &str,
    params: &[Param],
    finish: Option<&'static str>,
) -> Result<Row, wire::Failure> {
    let mut rows = pipeline_rows(lease, begin, ctx, sql, params, finish).await?;
    match rows.len() {
        1 => Ok(rows.pop().expect("one row")),
        n => Err(wire::Failure::Decode(format!(
            "the statement returned {n} rows instead of one"
        ))),
    }
}

/// [`pipeline`], with every row `sql` returned.
async fn pipeline_rows(
    lease: &mut Lease,
    begin: &'static str,
    ctx: &RequestContext,
    sql: &str,
    params: &[Param],
    finish: Option<&'static str>,
) -> Result<Vec<Row>, wire::Failure> {
    let values = values_of(params);
    let settings = ctx.settings();
    let session;
    let mut steps = Vec::with_capacity(5);
    steps.push(Step::new(begin, &[]));
    if let Some(sid) = &ctx.session {
        session = [Value::Text(sid)];
        steps.push(Step::new(REQUIRE_SESSION, &session));
    }
    steps.push(Step::new(SET_CONFIG, &settings));
    let main = steps.len();
    steps.push(Step::new(sql, &values));
    if let Some(finish) = finish {
        steps.push(Step::new(finish, &[]));
    }
    Ok(lease.run(&steps).await?.swap_remove(main))
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
    // Nothing to undo unless the outcome decides: COMMIT goes in the same
    // write.
    let finish = (ending != Ending::Decide).then_some("COMMIT");
    let mut lease = conns.acquire().await?;
    let row = pipeline(
        &mut lease,
        begin,
        ctx,
        &statement.text,
        &statement.params,
        finish,
    )
    .await;
    let outcome = match row.and_then(|row| outcome(&row)) {
        Ok(outcome) => outcome,
        Err(e) => {
            settle(lease).await;
            return Err(DbFailure::from(e).into());
        }
    };
    if finish.is_some() {
        settle(lease).await;
        return match decide(&outcome) {
            Decision::Fail(e) => Err(e),
            Decision::Commit | Decision::Rollback => Ok(outcome),
        };
    }
    let (end, failure) = match decide(&outcome) {
        Decision::Commit => ("COMMIT", None),
        Decision::Rollback => ("ROLLBACK", None),
        Decision::Fail(e) => ("ROLLBACK", Some(e)),
    };
    let ended = lease.run(&[Step::new(end, &[])]).await;
    settle(lease).await;
    ended.map_err(DbFailure::from)?;
    match failure {
        Some(e) => Err(e),
        None => Ok(outcome),
    }
}

/// One row of `sql` read as `ctx` (then rolled back).
pub async fn read_one(
    conns: &Connections,
    ctx: &RequestContext,
    sql: &str,
    params: &[Param],
) -> Result<Row, DbFailure> {
    let mut lease = conns.acquire().await?;
    let row = pipeline(
        &mut lease,
        "BEGIN READ ONLY",
        ctx,
        sql,
        params,
        Some("ROLLBACK"),
    )
    .await;
    settle(lease).await;
    Ok(row?)
}

/// The output of `statement`, an EXPLAIN, as PostgREST answers it: each row
/// (one for JSON, one per line for text) followed by a newline. Run as `ctx`
/// in a transaction that always rolls back, so that `ANALYZE` of a write
/// shows what it would do and keeps none of it.
pub async fn explain(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
    read_only: bool,
) -> Result<String, DbFailure> {
    let begin = if read_only {
        "BEGIN READ ONLY"
    } else {
        "BEGIN"
    };
    let mut lease = conns.acquire().await?;
    let rows = pipeline_rows(
        &mut lease,
        begin,
        ctx,
        &statement.text,
        &statement.params,
        Some("ROLLBACK"),
    )
    .await;
    settle(lease).await;
    let mut out = String::new();
    for row in rows? {
        out.push_str(row.text(0)?.unwrap_or_default());
        out.push('\n');
    }
    Ok(out)
}

/// The planner's row estimate for `statement` (for `Prefer: count=planned`).
pub async fn planned_rows(
    conns: &Connections,
    ctx: &RequestContext,
    statement: &Statement,
) -> Result<Option<i64>, DbFailure> {
    let text = format!("EXPLAIN (FORMAT JSON) {}", statement.text);
    let row = read_one(conns, ctx, &text, &statement.params).await?;
    let plan = row.json(0)?.unwrap_or_default();
    Ok(plan[0]["Plan"]["Plan Rows"].as_f64().map(|n| n as i64))
}

/// The introspection query; `$1` is the `text[]` of exposed schemas.
const INTROSPECTION_SQL: &str = include_str!("introspect.sql");

/// The functions over row types (computed fields and relationships); `$1` as above.
const COMPUTED_SQL: &str = include_str!("computed.sql");

/// Views' stored queries and the keys of what they read; `$1` the schemas
/// whose views get keys, `$2` those whose views are looked through.
pub const VIEW_KEYS_SQL: &str = include_str!("introspect_views.sql");

/// Load the schema cache for the exposed schemas. Every query reads one
/// snapshot of the catalogs, so the relations, the views' keys and the
/// computed fields describe the same catalog (a migration committing between
/// them cannot leave a computed field on a relation the cache does not have).
pub async fn load_schema_cache(pool: &PgPool, schemas: &[String]) -> anyhow::Result<SchemaCache> {
    let mut tx = pool.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    let json: String = sqlx::query_scalar(INTROSPECTION_SQL)
        .bind(schemas)
        .fetch_one(&mut *tx)
        .await?;
    // A view may read a view of `public` (PostgREST's default extra search
    // path), which is looked through even when not exposed.
    let through: Vec<String> = schemas
        .iter()
        .cloned()
        .chain(std::iter::once("public".to_string()))
        .collect();
    let views: serde_json::Value = sqlx::query_scalar::<_, String>(VIEW_KEYS_SQL)
        .bind(schemas)
        .bind(&through)
        .fetch_one(&mut *tx)
        .await
        .map(|text| serde_json::from_str(&text))??;
    let computed: String = sqlx::query_scalar(COMPUTED_SQL)
        .bind(schemas)
        .fetch_one(&mut *tx)
        .await?;
    let geojson = sqlx::query_scalar(GEOJSON_SQL)
        .fetch_optional(&mut *tx)
        .await?;
    tx.commit().await?;
    let mut doc: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&json)?;
    doc.insert("views".into(), views);
    let mut cache = SchemaCache::from_parts(
        &serde_json::Value::Object(doc).to_string(),
        serde_json::from_str(&computed)?,
    )?;
    cache.geojson = geojson;
    Ok(cache)
}

/// Where PostGIS (3 or later) put `ST_AsGeoJSON(record)`, whatever schema the
/// extension was created in.
const GEOJSON_SQL: &str = "SELECT n.nspname::text FROM pg_proc p \
     JOIN pg_namespace n ON n.oid = p.pronamespace \
     WHERE p.proname = 'st_asgeojson' AND p.proargtypes[0] = 'record'::regtype \
     ORDER BY n.nspname = 'public' DESC, n.nspname LIMIT 1";
