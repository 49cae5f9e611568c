//! The only actix-aware file of pleat-rest: `/rest/v1/*` in, responses out.
//! Order: who is asking (JWT), the body (with its limit), a place under the
//! per-client cap for anonymous requests, `parse`, then the introspection answers
//! (OPTIONS, OpenAPI) or `prepare` (plan → sql) → `execute` → `response`, or for
//! `application/vnd.pgrst.plan` the statement's EXPLAIN output.

use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::{json, Value};
use sqlx::PgPool;

use pleat_auth::caller::{self, Caller, ClientLimit, TokenError, VerifiedTokens};
use pleat_auth::keyring::Keyring;

use crate::connections::{Connections, DbFailure};
use crate::error::Error;
use crate::execute::{self, RequestContext};
use crate::parse::{self, Action, ApiRequest, Offers, RawRequest};
use crate::plan::{self, PlanSettings};
use crate::prepare::prepare;
use crate::reload::{self, SharedCache};
use crate::statement::Param;
use crate::{openapi, response};

pub struct RestSettings {
    /// Exposed schemas; the first is the default.
    pub schemas: Vec<String>,
    /// Largest request body accepted, in bytes.
    pub max_body: usize,
    /// How long one statement may run, per role.
    pub timeouts: pleat_db::StatementTimeouts,
    /// Anonymous requests one client address may have in flight at once.
    pub anon_per_client: usize,
    /// Peers whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The public URL (`PLEAT_SITE_URL`): the OpenAPI document's host and
    /// scheme come from it, never from a request's `Host` or forwarded headers.
    pub public_url: String,
    /// `PLEAT_DB_AGGREGATES` (PostgREST's `db-aggregates-enabled`).
    pub aggregates: bool,
    /// `PLEAT_DB_PLAN` (PostgREST's `db-plan-enabled`): answer
    /// `application/vnd.pgrst.plan` with the statement's EXPLAIN output.
    pub plan: bool,
}

pub struct RestState {
    pub(crate) conns: Connections,
    tokens: VerifiedTokens,
    pub(crate) cache: SharedCache,
    pub(crate) settings: RestSettings,
    keyring: Keyring,
    anon_limit: ClientLimit,
}

impl RestState {
    /// Load the schema cache (through `owner`, which sees every catalog) and
    /// keep it fresh with a `NOTIFY pgrst` listener; requests run on `api`.
    pub async fn new(
        api: Connections,
        owner: PgPool,
        settings: RestSettings,
        keyring: Keyring,
    ) -> anyhow::Result<RestState> {
        let cache = reload::load_shared(&owner, &settings.schemas).await?;
        tokio::spawn(reload::listen(
            owner,
            settings.schemas.clone(),
            cache.clone(),
        ));
        Ok(RestState {
            conns: api,
            tokens: VerifiedTokens::new(),
            cache,
            anon_limit: ClientLimit::new(settings.anon_per_client),
            settings,
            keyring,
        })
    }

    /// The connections requests run on (the server warms them at start).
    pub fn conns(&self) -> &Connections {
        &self.conns
    }
}

/// Mount inside `web::scope("/rest/v1")`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.default_service(web::to(handle));
}

async fn handle(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<RestState>,
) -> HttpResponse {
    answer(req, payload, state).await
}

async fn answer(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<RestState>,
) -> HttpResponse {
    let headers: Vec<(String, String)> = req
        .headers()
        .iter()
        .filter_map(|(n, v)| {
            Some((
                n.as_str().to_ascii_lowercase(),
                v.to_str().ok()?.to_string(),
            ))
        })
        .collect();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let caller = match state
        .tokens
        .resolve(
            caller::token(header("authorization"), header("apikey")),
            &state.keyring,
        )
        .await
    {
        Ok(r) => r,
        Err(e) => return unauthorized(&e),
    };
    let session = match session_of(&caller) {
        Ok(session) => session,
        Err(e) => return unauthorized(&e),
    };
    let body = match read_body(payload, state.settings.max_body).await {
        Ok(b) => b,
        Err(resp) => return resp,
    };
    let client = caller::address::of_request(&req, &state.settings.trusted_proxies);
    let _admitted = match state.anon_limit.admit_caller(client, &caller).await {
        Ok(a) => a,
        Err(_) => return too_many(state.anon_limit.max()),
    };
    let path = match req.match_info().unprocessed() {
        "" => "/",
        p => p,
    };
    let pairs: Vec<(&str, &str)> = headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let raw = RawRequest {
        method: req.method().as_str(),
        path,
        query: req.query_string(),
        headers: &pairs,
    };
    let ctx = RequestContext {
        role: caller.role.clone(),
        claims: caller.claims.to_string(),
        method: req.method().as_str().to_string(),
        path: format!("/{}", path.trim_start_matches('/')),
        headers: headers_json(&headers),
        client_ip: client.map(|ip| ip.to_string()).unwrap_or_default(),
        statement_timeout: state.settings.timeouts.setting(&caller.role),
        session,
    };
    match serve(&state, &raw, &ctx, &body).await {
        Ok(resp) => resp,
        Err(e) => error_response(&e, &caller),
    }
}

async fn serve(
    state: &RestState,
    raw: &RawRequest<'_>,
    ctx: &RequestContext,
    body: &[u8],
) -> Result<HttpResponse, Error> {
    let cache = reload::current(&state.cache);
    let offers = Offers {
        plan: state.settings.plan,
        geojson: cache.geojson.is_some(),
    };
    let api = parse::parse_with(raw, offers)?;
    match &api.action {
        Action::SchemaInfo => return Ok(allow("OPTIONS,GET,HEAD")),
        Action::RelationInfo { relation } => {
            let schema = schema_of(&api, &state.settings.schemas)?;
            let rel = plan::table(&cache, &schema, relation)?;
            let mut methods = vec!["OPTIONS", "GET", "HEAD"];
            if rel.insertable {
                methods.push("POST");
            }
            // PUT upserts one row by its primary key: it inserts and updates.
            if rel.insertable && rel.updatable && !rel.primary_key().is_empty() {
                methods.push("PUT");
            }
            if rel.updatable {
                methods.push("PATCH");
            }
            if rel.deletable {
                methods.push("DELETE");
            }
            return Ok(allow(&methods.join(",")));
        }
        Action::RoutineInfo { function } => {
            let schema = schema_of(&api, &state.settings.schemas)?;
            let fns = cache.functions(&schema, function);
            let read_only = !fns.is_empty() && fns.iter().all(|f| f.is_read_only());
            return Ok(allow(if read_only {
                "OPTIONS,GET,HEAD,POST"
            } else {
                "OPTIONS,POST"
            }));
        }
        Action::Schema { headers_only } => {
            let schema = schema_of(&api, &state.settings.schemas)?;
            let doc = openapi_for(state, ctx, &cache, &schema).await?;
            let mut resp = HttpResponse::Ok();
            resp.content_type("application/openapi+json; charset=utf-8");
            if api.profile.is_some() || state.settings.schemas.len() > 1 {
                resp.insert_header(("content-profile", schema.as_str()));
            }
            return Ok(if *headers_only {
                resp.finish()
            } else {
                resp.body(doc.to_string())
            });
        }
        _ => {}
    }
    let settings = PlanSettings {
        schemas: state.settings.schemas.clone(),
        max_rows: None,
        aggregates: state.settings.aggregates,
    };
    let plan = prepare(&api, &cache, &settings, body)?;
    if let Some(explain) = &plan.explain {
        let body = execute::explain(&state.conns, ctx, &plan.statement, plan.read_only).await?;
        let mut resp = HttpResponse::Ok();
        resp.insert_header(("content-type", format!("{}; charset=utf-8", explain.mime)));
        if let Some(profile) = &plan.response.profile {
            resp.insert_header(("content-profile", profile.as_str()));
        }
        return Ok(resp.body(body));
    }
    let ending = response::ending(plan.read_only, &plan.response);
    let outcome = execute::run(&state.conns, ctx, &plan.statement, ending, |o| {
        response::decide(&plan.response, o)
    })
    .await?;
    let planned = match &plan.count_statement {
        Some(s) => execute::planned_rows(&state.conns, ctx, s).await?,
        None => None,
    };
    let out = response::respond(&plan.response, &outcome, planned)?;
    let mut resp = HttpResponse::build(StatusCode::from_u16(out.status).unwrap_or(StatusCode::OK));
    for (name, value) in &out.headers {
        if let (Ok(n), Ok(v)) = (
            HeaderName::try_from(name.as_str()),
            HeaderValue::from_str(value),
        ) {
            resp.insert_header((n, v));
        }
    }
    Ok(match out.body {
        Some(b) => resp.body(b),
        None => resp.finish(),
    })
}

fn schema_of(api: &ApiRequest, schemas: &[String]) -> Result<String, Error> {
    match &api.profile {
        None => Ok(schemas[0].clone()),
        Some(p) if schemas.contains(p) => Ok(p.clone()),
        Some(p) => Err(Error::UnacceptableSchema {
            schema: p.clone(),
            exposed: schemas.to_vec(),
        }),
    }
}

fn allow(methods: &str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("allow", methods))
        .finish()
}

/// The OpenAPI document listing what this role may see, as PostgREST's
/// default `openapi-mode` (follow-privileges) counts it: relations it owns
/// (through membership) or has any privilege on, on the table or on a column
/// (a table a role may only insert some columns into is still listed),
/// partitions left out; functions it may execute. The schema's comment gives
/// the title and description.
async fn openapi_for(
    state: &RestState,
    ctx: &RequestContext,
    cache: &crate::schema_cache::SchemaCache,
    schema: &str,
) -> Result<Value, Error> {
    let row = execute::read_one(
        &state.conns,
        ctx,
        "SELECT
           coalesce((SELECT array_agg(c.relname::text) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = $1 AND c.relkind IN ('r','v','m','f','p') AND NOT c.relispartition
                       AND (pg_has_role(c.relowner, 'USAGE')
                            OR has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                            OR has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))), '{}'),
           coalesce((SELECT array_agg(p.proname::text) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                     WHERE n.nspname = $1 AND has_function_privilege(p.oid, 'EXECUTE')), '{}'),
           (SELECT obj_description(n.oid, 'pg_namespace') FROM pg_namespace n WHERE n.nspname = $1)",
        &[Param::Text(schema.to_string())],
    )
    .await?;
    let relations = row
        .text_array(0)
        .map_err(DbFailure::from)?
        .unwrap_or_default();
    let functions = row
        .text_array(1)
        .map_err(DbFailure::from)?
        .unwrap_or_default();
    let comment = row.text(2).map_err(DbFailure::from)?;
    let mut visible = openapi::Visible::all(cache, schema);
    visible.relations.retain(|r| relations.contains(&r.name));
    visible.functions.retain(|f| functions.contains(&f.name));
    let (scheme, rest) = state
        .settings
        .public_url
        .split_once("://")
        .unwrap_or(("http", &state.settings.public_url));
    let host = rest.split('/').next().unwrap_or(rest);
    Ok(openapi::document(
        cache,
        &visible,
        &openapi::Site {
            host,
            scheme,
            schema_comment: comment,
        },
    ))
}

/// A token from `/auth/v1` names its session; once that session is signed
/// out, the token no longer works here either (Supabase would accept it until
/// it expires).
/// The session a token names, to be checked inside the request's transaction
/// (see `execute::RequestContext::session`); none for tokens without one
/// (the API keys). A `session_id` that is no UUID is refused here.
fn session_of(caller: &Caller) -> Result<Option<String>, TokenError> {
    let Some(sid) = caller.session_id() else {
        return Ok(None);
    };
    if sid.len() != 36 || !sid.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        return Err(TokenError {
            code: "PGRST301",
            message: "JWT session has ended".into(),
            details: Some("The token's session_id is not a session".into()),
        });
    }
    Ok(Some(sid.to_string()))
}

/// A refused token: 401 with PostgREST's body and a `WWW-Authenticate` header.
fn unauthorized(e: &TokenError) -> HttpResponse {
    HttpResponse::Unauthorized()
        .insert_header(("www-authenticate", e.www_authenticate()))
        .insert_header(("proxy-status", format!("PostgREST; error={}", e.code)))
        .json(json!({"code": e.code, "message": e.message, "details": e.details, "hint": null}))
}

/// No place under the anonymous per-client cap: 429 in PostgREST's format
/// with `Retry-After`.
fn too_many(max: usize) -> HttpResponse {
    HttpResponse::TooManyRequests()
        .insert_header(("retry-after", "1"))
        .json(json!({
            "code": "PGRST429",
            "message": "Too many concurrent requests from this client",
            "details": format!(
                "At most {max} anonymous requests per client address run at once"
            ),
            "hint": "Wait for earlier requests to finish, or sign in",
        }))
}

fn headers_json(headers: &[(String, String)]) -> String {
    let mut map = serde_json::Map::new();
    for (n, v) in headers {
        map.insert(n.clone(), Value::String(v.clone()));
    }
    Value::Object(map).to_string()
}

async fn read_body(mut payload: web::Payload, limit: usize) -> Result<Vec<u8>, HttpResponse> {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| {
            HttpResponse::BadRequest().json(json!({
                "code": "PGRST102", "message": format!("Could not read the request body: {e}"),
                "details": null, "hint": null,
            }))
        })?;
        if body.len() + chunk.len() > limit {
            return Err(HttpResponse::PayloadTooLarge().json(json!({
                "code": "PGRST413",
                "message": format!("The request body is larger than the limit of {limit} bytes"),
                "details": null,
                "hint": "Send less data per request, or raise PLEAT_MAX_BODY",
            })));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn error_response(e: &Error, caller: &Caller) -> HttpResponse {
    if let Error::Unexpected(cause) = e {
        // `{:#}` is the cause chain on one line; `?` would add anyhow's
        // backtrace, dozens of lines per failing request.
        tracing::error!(error = %format_args!("{cause:#}"), "unexpected error in /rest/v1");
    }
    let status = e.status_for(&caller.role);
    let mut resp = HttpResponse::build(
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
    );
    for (name, value) in e.headers_for(&caller.role) {
        if let (Ok(n), Ok(v)) = (
            HeaderName::try_from(name.as_str()),
            HeaderValue::from_str(&value),
        ) {
            resp.insert_header((n, v));
        }
    }
    resp.json(e.to_json())
}
