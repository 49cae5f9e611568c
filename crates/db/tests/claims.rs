//! `auth.uid()`, `auth.role()`, `auth.email()`, `auth.jwt()` and their lifetime
//! in the transaction `begin_as` opens.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

use pleat_db::{begin_as, Role};
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::{PgPool, Postgres, Transaction};

const OWNER_ID: &str = "6f1c2a8e-3b4d-4c5e-9f60-7a8b9c0d1e2f";

/// The claims of each role's requests; the signed-in one has an email.
fn claims(role: Role) -> Value {
    match role {
        Role::Authenticated => json!({
            "role": "authenticated",
            "sub": OWNER_ID,
            "email": "owner@example.com",
            "app_metadata": {"provider": "email", "providers": ["email"]}
        }),
        other => json!({"role": other.as_str()}),
    }
}

async fn as_role(pool: &PgPool, role: Role) -> Transaction<'static, Postgres> {
    begin_as(pool, role, &claims(role)).await.unwrap()
}

#[tokio::test]
async fn auth_helpers_return_the_claims_only_inside_the_transaction() {
    let db = pleat_test_support::TestDatabase::new().await;
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect_with(db.options)
        .await
        .unwrap();
    type Helpers = (
        Option<uuid::Uuid>,
        Option<String>,
        Option<String>,
        Value,
        String,
        i32,
    );
    let helpers = "SELECT auth.uid(), auth.role(), auth.email(), auth.jwt(),
                          current_user::text, pg_backend_pid()";

    let mut tx = as_role(&pool, Role::Authenticated).await;
    let inside: Helpers = sqlx::query_as(helpers).fetch_one(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    let after_commit: Helpers = sqlx::query_as(helpers).fetch_one(&pool).await.unwrap();

    assert_eq!(
        (
            inside.0,
            inside.1.as_deref(),
            inside.2.as_deref(),
            &inside.3,
            inside.4.as_str()
        ),
        (
            Some(OWNER_ID.parse().unwrap()),
            Some("authenticated"),
            Some("owner@example.com"),
            &claims(Role::Authenticated),
            "authenticated",
        )
    );
    assert_eq!(after_commit.5, inside.5, "the same connection");
    assert_eq!(
        (after_commit.0, after_commit.1, after_commit.2),
        (None, None, None)
    );
    assert_eq!(after_commit.3, json!({}));
    assert_ne!(
        after_commit.4, "authenticated",
        "the role ended with the transaction"
    );

    let mut tx = as_role(&pool, Role::Anon).await;
    let anon: Helpers = sqlx::query_as(helpers).fetch_one(&mut *tx).await.unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(
        (anon.0, anon.1.as_deref(), anon.2, anon.4.as_str()),
        (None, Some("anon"), None, "anon")
    );
    assert_eq!(anon.3, json!({"role": "anon"}));

    let mut next = pool.begin().await.unwrap();
    let after_rollback: Helpers = sqlx::query_as(helpers).fetch_one(&mut *next).await.unwrap();
    assert_eq!(after_rollback.5, inside.5, "the same connection");
    assert_eq!(
        (after_rollback.0, after_rollback.1, after_rollback.2),
        (None, None, None)
    );
    assert_eq!(after_rollback.3, json!({}));
    assert_eq!(after_rollback.4, after_commit.4);
}
