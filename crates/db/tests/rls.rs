//! Row-level security and grants, exercised the way requests reach the database:
//! a transaction opened by `begin_as`, which switches role and sets the JWT
//! claims transaction-locally. Every statement that should fail runs in its own
//! transaction, because a failed statement aborts the transaction it is in.

use pleat_db::{begin_as, Role};
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::{PgPool, Postgres, Transaction};

const DENIED: &str = "42501";
const CHECK_VIOLATION: &str = "23514";
const OWNER_ID: &str = "6f1c2a8e-3b4d-4c5e-9f60-7a8b9c0d1e2f";

/// Content tables: name, seed rows, and a valid insert of one more row.
const CONTENT: [(&str, i64, &str); 7] = [
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

const SEND_MESSAGE: &str = "INSERT INTO contact_messages
    (first_name, last_name, email, phone, service_needed, message) VALUES ($1, $2, $3, $4, $5, $6)";

async fn fresh_pool() -> PgPool {
    PgPool::connect_with(pleat_db::testing::fresh_database().await)
        .await
        .unwrap()
}

fn claims(role: Role) -> Value {
    match role {
        Role::Authenticated => {
            json!({"role": "authenticated", "sub": OWNER_ID, "email": "owner@example.com"})
        }
        other => json!({"role": other.as_str()}),
    }
}

async fn as_role(pool: &PgPool, role: Role) -> Transaction<'static, Postgres> {
    begin_as(pool, role, &claims(role)).await.unwrap()
}

fn code(err: &sqlx::Error) -> String {
    err.as_database_error()
        .and_then(|e| e.code())
        .unwrap_or_else(|| panic!("not a database error with a code: {err}"))
        .into_owned()
}

/// Run `sql` as `role` in a transaction of its own (rolled back), expecting an error.
async fn error_code(pool: &PgPool, role: Role, sql: &str) -> String {
    let mut tx = as_role(pool, role).await;
    match sqlx::query(sql).execute(&mut *tx).await {
        Ok(done) => panic!(
            "{role:?} ran {sql:?} ({} rows) but it should have failed",
            done.rows_affected()
        ),
        Err(err) => code(&err),
    }
}

async fn run(tx: &mut Transaction<'static, Postgres>, sql: &str) -> u64 {
    sqlx::query(sql)
        .execute(&mut **tx)
        .await
        .unwrap_or_else(|e| panic!("{sql:?} failed: {e}"))
        .rows_affected()
}

async fn count(tx: &mut Transaction<'static, Postgres>, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&mut **tx)
        .await
        .unwrap_or_else(|e| panic!("counting {table} failed: {e}"))
}

/// Count as the superuser, outside any API role.
async fn stored(pool: &PgPool, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A valid contact message as the six bound fields of [`SEND_MESSAGE`].
fn message() -> [Option<String>; 6] {
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

async fn send(
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

#[tokio::test]
async fn anon_reads_every_content_table_and_sees_the_seed_rows() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::Anon).await;
    for (table, seed, _) in CONTENT {
        assert_eq!(
            count(&mut tx, table).await,
            seed,
            "anon sees every seed row of {table}"
        );
    }
    let firsts: Vec<Option<String>> = sqlx::query_scalar(
        "SELECT (SELECT title FROM hero_content)
         UNION ALL SELECT (SELECT title FROM services ORDER BY sort_order LIMIT 1)
         UNION ALL SELECT (SELECT title FROM portfolio_items ORDER BY sort_order LIMIT 1)
         UNION ALL SELECT (SELECT name FROM testimonials ORDER BY sort_order LIMIT 1)
         UNION ALL SELECT (SELECT title FROM about_content)
         UNION ALL SELECT (SELECT email FROM contact_info)
         UNION ALL SELECT (SELECT site_title FROM site_settings)",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    let expected = [
        "Transform Your Space",
        "Custom Curtains",
        "Living Room Linen Drapes",
        "Sarah Mitchell",
        "About Our Craft",
        "hello@pleatinteriors.com",
        "Pleat Interiors",
    ];
    assert_eq!(firsts, expected.map(|s| Some(s.to_string())));
}

#[tokio::test]
async fn anon_cannot_insert_update_or_delete_content() {
    let pool = fresh_pool().await;
    for (table, seed, insert) in CONTENT {
        assert_eq!(
            error_code(&pool, Role::Anon, insert).await,
            DENIED,
            "anon inserts into {table}"
        );
        let update = format!("UPDATE {table} SET updated_at = now()");
        assert_eq!(
            error_code(&pool, Role::Anon, &update).await,
            DENIED,
            "anon updates {table}"
        );
        let delete = format!("DELETE FROM {table}");
        assert_eq!(
            error_code(&pool, Role::Anon, &delete).await,
            DENIED,
            "anon deletes from {table}"
        );
        assert_eq!(stored(&pool, table).await, seed, "{table} is unchanged");
    }
}

#[tokio::test]
async fn anon_cannot_read_update_or_delete_contact_messages() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::ServiceRole).await;
    send(&mut tx, &message()).await.unwrap();
    tx.commit().await.unwrap();

    for sql in [
        "SELECT id FROM contact_messages",
        "SELECT count(*) FROM contact_messages",
        "UPDATE contact_messages SET message = 'changed'",
        "DELETE FROM contact_messages",
        // return=representation would need SELECT, which anon does not have.
        "INSERT INTO contact_messages (first_name, last_name, email, message)
         VALUES ('A', 'B', 'a@b.c', 'Hi') RETURNING id",
    ] {
        assert_eq!(
            error_code(&pool, Role::Anon, sql).await,
            DENIED,
            "anon: {sql}"
        );
    }
    let unchanged: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM contact_messages WHERE message = 'Please call me about a quote.'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(unchanged, 1);
    assert_eq!(stored(&pool, "contact_messages").await, 1);
}

#[tokio::test]
async fn anon_can_send_a_contact_message_without_returning() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::Anon).await;
    assert_eq!(send(&mut tx, &message()).await.unwrap(), 1);
    // Optional fields may be left out.
    let minimal = "INSERT INTO contact_messages (first_name, last_name, email, message)
                   VALUES ('Sam', 'Lee', 'sam@example.org', 'Do you make Roman blinds?')";
    assert_eq!(run(&mut tx, minimal).await, 1);
    tx.commit().await.unwrap();

    let mut tx = as_role(&pool, Role::ServiceRole).await;
    let rows: Vec<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT first_name, phone, message FROM contact_messages ORDER BY first_name",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            (
                "Jane".into(),
                Some("+1 555 0100".into()),
                "Please call me about a quote.".into()
            ),
            ("Sam".into(), None, "Do you make Roman blinds?".into()),
        ]
    );
}

#[tokio::test]
async fn anon_contact_message_fields_are_length_and_blank_checked() {
    let pool = fresh_pool().await;
    // (field index, column, longest allowed, required)
    let fields = [
        (0, "first_name", 50, true),
        (1, "last_name", 50, true),
        (2, "email", 100, true),
        (3, "phone", 20, false),
        (4, "service_needed", 50, false),
        (5, "message", 2000, true),
    ];
    let sized = |column: &str, len: usize| match column {
        "email" => format!("{}@example.com", "e".repeat(len - "@example.com".len())),
        _ => "x".repeat(len),
    };
    for (i, column, max, required) in fields {
        let mut too_long = message();
        too_long[i] = Some(sized(column, max + 1));
        let mut tx = as_role(&pool, Role::Anon).await;
        let err = send(&mut tx, &too_long)
            .await
            .expect_err("an over-long value was accepted");
        assert_eq!(code(&err), CHECK_VIOLATION, "{column} of {} chars", max + 1);
        let constraint = err
            .as_database_error()
            .unwrap()
            .constraint()
            .map(str::to_owned);
        assert_eq!(
            constraint,
            Some(format!("contact_messages_{column}_length"))
        );
        drop(tx);

        if required {
            for blank in ["", "   ", "\t\n"] {
                let mut empty = message();
                empty[i] = Some(blank.to_string());
                let mut tx = as_role(&pool, Role::Anon).await;
                let err = send(&mut tx, &empty)
                    .await
                    .expect_err("a blank value was accepted");
                assert_eq!(code(&err), CHECK_VIOLATION, "{column} = {blank:?}");
                let constraint = err
                    .as_database_error()
                    .unwrap()
                    .constraint()
                    .unwrap_or_default()
                    .to_owned();
                assert!(
                    constraint.starts_with(&format!("contact_messages_{column}_")),
                    "{constraint}"
                );
            }
        }
    }
    let mut not_an_email = message();
    not_an_email[2] = Some("jane at example.com".into());
    let mut tx = as_role(&pool, Role::Anon).await;
    let err = send(&mut tx, &not_an_email)
        .await
        .expect_err("an email without @ was accepted");
    assert_eq!(code(&err), CHECK_VIOLATION);
    drop(tx);

    let mut tx = as_role(&pool, Role::ServiceRole).await;
    assert_eq!(
        count(&mut tx, "contact_messages").await,
        0,
        "no rejected message was stored"
    );
    drop(tx);

    // Exactly at every limit is accepted.
    let mut longest = message();
    for (i, column, max, _) in fields {
        longest[i] = Some(sized(column, max));
    }
    let mut tx = as_role(&pool, Role::Anon).await;
    assert_eq!(send(&mut tx, &longest).await.unwrap(), 1);
    tx.commit().await.unwrap();
    assert_eq!(stored(&pool, "contact_messages").await, 1);
}

#[tokio::test]
async fn authenticated_edits_every_content_table() {
    let pool = fresh_pool().await;
    for (table, seed, insert) in CONTENT {
        let mut tx = as_role(&pool, Role::Authenticated).await;
        assert_eq!(run(&mut tx, insert).await, 1, "insert into {table}");
        assert_eq!(count(&mut tx, table).await, seed + 1, "select from {table}");
        let update = format!("UPDATE {table} SET updated_at = now() + interval '1 day'");
        assert_eq!(
            run(&mut tx, &update).await,
            (seed + 1) as u64,
            "update {table}"
        );
        assert_eq!(
            run(&mut tx, &format!("DELETE FROM {table}")).await,
            (seed + 1) as u64,
            "delete from {table}"
        );
        assert_eq!(count(&mut tx, table).await, 0);
        tx.commit().await.unwrap();
        assert_eq!(
            stored(&pool, table).await,
            0,
            "{table} changes were committed"
        );
    }
}

#[tokio::test]
async fn authenticated_reads_and_deletes_contact_messages_but_cannot_update_them() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::Anon).await;
    send(&mut tx, &message()).await.unwrap();
    tx.commit().await.unwrap();

    let update = "UPDATE contact_messages SET message = 'changed'";
    assert_eq!(error_code(&pool, Role::Authenticated, update).await, DENIED);

    let mut tx = as_role(&pool, Role::Authenticated).await;
    let emails: Vec<String> = sqlx::query_scalar("SELECT email FROM contact_messages")
        .fetch_all(&mut *tx)
        .await
        .unwrap();
    assert_eq!(emails, vec!["jane@example.com"]);
    let mut own = message();
    own[0] = Some("Owner".into());
    assert_eq!(
        send(&mut tx, &own).await.unwrap(),
        1,
        "signed-in users may send too"
    );
    assert_eq!(run(&mut tx, "DELETE FROM contact_messages").await, 2);
    tx.commit().await.unwrap();
    assert_eq!(stored(&pool, "contact_messages").await, 0);
}

#[tokio::test]
async fn service_role_sees_and_changes_everything() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::Anon).await;
    send(&mut tx, &message()).await.unwrap();
    tx.commit().await.unwrap();

    let message_insert = "INSERT INTO contact_messages (first_name, last_name, email, message)
                          VALUES ('Ops', 'Bot', 'ops@example.com', 'Test')";
    let tables = CONTENT
        .into_iter()
        .chain([("contact_messages", 1, message_insert)]);
    for (table, seed, insert) in tables {
        let mut tx = as_role(&pool, Role::ServiceRole).await;
        assert_eq!(count(&mut tx, table).await, seed, "select from {table}");
        assert_eq!(run(&mut tx, insert).await, 1, "insert into {table}");
        let update = format!("UPDATE {table} SET created_at = created_at - interval '1 day'");
        assert_eq!(
            run(&mut tx, &update).await,
            (seed + 1) as u64,
            "update {table}"
        );
        assert_eq!(
            run(&mut tx, &format!("DELETE FROM {table}")).await,
            (seed + 1) as u64,
            "delete from {table}"
        );
        tx.commit().await.unwrap();
        assert_eq!(
            stored(&pool, table).await,
            0,
            "{table} changes were committed"
        );
    }
}

#[tokio::test]
async fn check_constraints_reject_out_of_range_content() {
    let pool = fresh_pool().await;
    // (constraint that must fire, statement)
    let rejected = [
        ("testimonials_rating_range", "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 0)"),
        ("testimonials_rating_range", "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 6)"),
        ("testimonials_rating_range", "UPDATE testimonials SET rating = 0"),
        ("about_content_years_experience_non_negative", "UPDATE about_content SET years_experience = -1"),
        ("about_content_projects_completed_non_negative", "UPDATE about_content SET projects_completed = -1"),
        ("site_settings_primary_color_hex", "UPDATE site_settings SET primary_color = 'red'"),
        ("site_settings_secondary_color_hex", "UPDATE site_settings SET secondary_color = 'red'"),
        ("portfolio_items_category_known", "UPDATE portfolio_items SET category = 'sofas'"),
        ("portfolio_items_category_known", "INSERT INTO portfolio_items (title, image_url, category) VALUES ('A', '/a.svg', 'sofas')"),
        ("services_title_not_blank", "UPDATE services SET title = E'\\n\\t'"),
    ];
    for (expected, sql) in rejected {
        let mut tx = as_role(&pool, Role::Authenticated).await;
        let err = sqlx::query(sql).execute(&mut *tx).await.expect_err(sql);
        assert_eq!(code(&err), CHECK_VIOLATION, "{sql}");
        assert_eq!(
            err.as_database_error().unwrap().constraint(),
            Some(expected),
            "{sql}"
        );
    }
    // The edges of each range are fine.
    let mut tx = as_role(&pool, Role::Authenticated).await;
    for sql in [
        "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 1), ('C', 'D', 5)",
        "UPDATE about_content SET years_experience = 0, projects_completed = 0",
        "UPDATE site_settings SET primary_color = '#AbCdEf'",
        "UPDATE portfolio_items SET category = 'furniture-covers' WHERE sort_order = 0",
    ] {
        assert!(run(&mut tx, sql).await > 0, "{sql}");
    }
}

#[tokio::test]
async fn auth_helpers_return_the_claims_only_inside_the_transaction() {
    let opts = pleat_db::testing::fresh_database().await;
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect_with(opts)
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
