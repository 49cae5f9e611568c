//! Shared by the RLS tests: roles, claims, and running statements as a role.

pub use pleat_db::{begin_as, Role};
use pleat_test_support::{AppMigrations, TestDatabase};
pub use serde_json::{json, Value};
pub use sqlx::{PgPool, Postgres, Transaction};

pub const DENIED: &str = "42501";
pub const CHECK_VIOLATION: &str = "23514";
pub const RAISED: &str = "P0001";
pub const OWNER_ID: &str = "6f1c2a8e-3b4d-4c5e-9f60-7a8b9c0d1e2f";
pub const STRANGER_ID: &str = "0b7e4c1d-2a3f-4e5d-8c6b-9a0f1e2d3c4b";

/// Content tables: name, seed rows, and a valid insert of one more row.
pub const CONTENT: [(&str, i64, &str); 7] = [
    ("hero_content", 1, "INSERT INTO hero_content DEFAULT VALUES"),
    (
        "services",
        5,
        "INSERT INTO services (title, description) VALUES ('Upholstery', 'Chairs.')",
    ),
    (
        "portfolio_items",
        6,
        "INSERT INTO portfolio_items (title, image_url) VALUES ('Hall', '/h.svg')",
    ),
    (
        "testimonials",
        3,
        "INSERT INTO testimonials (name, content) VALUES ('Ann', 'Lovely work.')",
    ),
    (
        "about_content",
        1,
        "INSERT INTO about_content (title, content) VALUES ('About', 'We sew.')",
    ),
    ("contact_info", 1, "INSERT INTO contact_info DEFAULT VALUES"),
    (
        "site_settings",
        1,
        "INSERT INTO site_settings DEFAULT VALUES",
    ),
];

pub const SEND_MESSAGE: &str = "INSERT INTO contact_messages
    (first_name, last_name, email, phone, service_needed, message) VALUES ($1, $2, $3, $4, $5, $6)";

pub async fn fresh_pool() -> PgPool {
    let site = AppMigrations::Dir(pleat_site_tests::site_migrations_dir());
    TestDatabase::with_app(&site).await.pool().await
}

/// The claims of each role's requests; the signed-in one is the owner, an
/// editor (an account an administrator made).
pub fn claims(role: Role) -> Value {
    match role {
        Role::Authenticated => json!({
            "role": "authenticated",
            "sub": OWNER_ID,
            "email": "owner@example.com",
            "app_metadata": {"provider": "email", "providers": ["email"], "editor": true}
        }),
        other => json!({"role": other.as_str()}),
    }
}

/// A signed-in account with `app_metadata` as given: without `editor: true`
/// it is a stranger who signed themselves up.
pub fn signed_in_claims(app_metadata: Value) -> Value {
    json!({
        "role": "authenticated",
        "sub": STRANGER_ID,
        "email": "someone@example.com",
        "app_metadata": app_metadata
    })
}

pub async fn as_role(pool: &PgPool, role: Role) -> Transaction<'static, Postgres> {
    begin_as(pool, role, &claims(role)).await.unwrap()
}

/// A signed-in account that is not an editor.
pub async fn as_stranger(pool: &PgPool) -> Transaction<'static, Postgres> {
    let claims = signed_in_claims(json!({"provider": "email", "providers": ["email"]}));
    begin_as(pool, Role::Authenticated, &claims).await.unwrap()
}

/// `role` with the claims of [`claims`], its request coming from `address`
/// (what /rest/v1 sets as `request.client_ip`).
pub async fn from_address(
    pool: &PgPool,
    role: Role,
    address: &str,
) -> Transaction<'static, Postgres> {
    let mut tx = as_role(pool, role).await;
    sqlx::query("SELECT set_config('request.client_ip', $1, true)")
        .bind(address)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx
}

/// Run `sql` in `tx` (then dropped, so rolled back), expecting an error.
pub async fn failure(mut tx: Transaction<'static, Postgres>, sql: &str) -> sqlx::Error {
    match sqlx::query(sql).execute(&mut *tx).await {
        Ok(done) => panic!("{sql:?} ({} rows) should have failed", done.rows_affected()),
        Err(err) => err,
    }
}

pub fn code(err: &sqlx::Error) -> String {
    err.as_database_error()
        .and_then(|e| e.code())
        .unwrap_or_else(|| panic!("not a database error with a code: {err}"))
        .into_owned()
}

/// Run `sql` as `role` in a transaction of its own (rolled back), expecting an error.
pub async fn error_code(pool: &PgPool, role: Role, sql: &str) -> String {
    let mut tx = as_role(pool, role).await;
    match sqlx::query(sql).execute(&mut *tx).await {
        Ok(done) => panic!(
            "{role:?} ran {sql:?} ({} rows) but it should have failed",
            done.rows_affected()
        ),
        Err(err) => code(&err),
    }
}

pub async fn run(tx: &mut Transaction<'static, Postgres>, sql: &str) -> u64 {
    sqlx::query(sql)
        .execute(&mut **tx)
        .await
        .unwrap_or_else(|e| panic!("{sql:?} failed: {e}"))
        .rows_affected()
}

pub async fn count(tx: &mut Transaction<'static, Postgres>, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&mut **tx)
        .await
        .unwrap_or_else(|e| panic!("counting {table} failed: {e}"))
}

/// Count as the superuser, outside any API role.
pub async fn stored(pool: &PgPool, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A valid contact message as the six bound fields of [`SEND_MESSAGE`].
pub fn message() -> [Option<String>; 6] {
    [
        "Jane",
        "Doe",
        "jane@example.com",
        "+1 555 0100",
        "Custom Curtains",
        "Please call me about a quote.",
    ]
    .map(|s| Some(s.to_string()))
}

pub async fn send(
    tx: &mut Transaction<'static, Postgres>,
    fields: &[Option<String>; 6],
) -> Result<u64, sqlx::Error> {
    let mut query = sqlx::query(SEND_MESSAGE);
    for field in fields {
        query = query.bind(field.clone());
    }
    query
        .execute(&mut **tx)
        .await
        .map(|done| done.rows_affected())
}
