//! The contact form's guards: visitors insert only the form's fields, one
//! message per request, at most 5 per client in 10 minutes (an IPv4 address,
//! or an IPv6 /64).

use sqlx::postgres::PgDatabaseError;

use crate::helpers::*;

const MINIMAL: &str = "INSERT INTO contact_messages (first_name, last_name, email, message)
                       VALUES ('Sam', 'Lee', 'sam@example.org', 'Roman blinds?')";
const TWO: &str = "INSERT INTO contact_messages (first_name, last_name, email, message)
                   VALUES ('A', 'B', 'a@example.org', 'One'), ('C', 'D', 'c@example.org', 'Two')";

/// The 429 a rate-limited insert raises, as PostgREST's `RAISE SQLSTATE 'PGRST'`.
fn too_many(err: &sqlx::Error) -> (Value, Value) {
    assert_eq!(code(err), "PGRST", "{err}");
    let pg = err
        .as_database_error()
        .unwrap()
        .downcast_ref::<PgDatabaseError>();
    let message: Value = serde_json::from_str(pg.message()).unwrap();
    let detail: Value = serde_json::from_str(pg.detail().unwrap()).unwrap();
    (message, detail)
}

async fn budget_used(pool: &PgPool, address: &str) -> Option<i32> {
    sqlx::query_scalar("SELECT sent FROM site_private.contact_message_budget WHERE client = $1")
        .bind(address)
        .fetch_optional(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn visitors_cannot_choose_the_id_or_the_date() {
    let pool = fresh_pool().await;
    let chosen = [
        "INSERT INTO contact_messages (id, first_name, last_name, email, message)
         VALUES (gen_random_uuid(), 'A', 'B', 'a@example.org', 'Hi')",
        "INSERT INTO contact_messages (created_at, first_name, last_name, email, message)
         VALUES ('2099-01-01', 'A', 'B', 'a@example.org', 'Hi')",
    ];
    for sql in chosen {
        assert_eq!(
            error_code(&pool, Role::Anon, sql).await,
            DENIED,
            "anon: {sql}"
        );
        let err = failure(as_stranger(&pool).await, sql).await;
        assert_eq!(code(&err), DENIED, "a stranger: {sql}");
    }
    assert_eq!(stored(&pool, "contact_messages").await, 0);

    // The form's own fields are enough, and the database dates the message.
    let mut tx = as_role(&pool, Role::Anon).await;
    assert_eq!(send(&mut tx, &message()).await.unwrap(), 1);
    tx.commit().await.unwrap();
    let fresh: bool = sqlx::query_scalar(
        "SELECT created_at > now() - interval '1 minute' AND created_at <= now() FROM contact_messages",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(fresh);
}

#[tokio::test]
async fn visitors_send_one_message_per_request() {
    let pool = fresh_pool().await;
    let err = failure(from_address(&pool, Role::Anon, "198.51.100.1").await, TWO).await;
    assert_eq!(code(&err), RAISED);
    assert_eq!(
        err.as_database_error().unwrap().message(),
        "Send one contact message per request (this request had 2)."
    );
    let select_many = "INSERT INTO contact_messages (first_name, last_name, email, message)
                       SELECT 'A', 'B', 'a@example.org', 'Spam ' || n FROM generate_series(1, 50) n";
    let err = failure(
        from_address(&pool, Role::Anon, "198.51.100.1").await,
        select_many,
    )
    .await;
    assert_eq!(code(&err), RAISED);
    let err = failure(as_stranger(&pool).await, TWO).await;
    assert_eq!(code(&err), RAISED, "a signed-in stranger is a visitor too");
    assert_eq!(stored(&pool, "contact_messages").await, 0);
    assert_eq!(
        budget_used(&pool, "198.51.100.1").await,
        None,
        "refusals cost nothing"
    );

    for role in [Role::Authenticated, Role::ServiceRole] {
        let mut tx = as_role(&pool, role).await;
        assert_eq!(run(&mut tx, TWO).await, 2, "{role:?} may insert several");
        tx.commit().await.unwrap();
    }
    assert_eq!(stored(&pool, "contact_messages").await, 4);
}

#[tokio::test]
async fn the_sixth_message_in_ten_minutes_from_one_address_is_refused() {
    let pool = fresh_pool().await;
    let spammer = "203.0.113.7";
    for n in 1..=5 {
        let mut tx = from_address(&pool, Role::Anon, spammer).await;
        assert_eq!(run(&mut tx, MINIMAL).await, 1, "message {n}");
        tx.commit().await.unwrap();
    }
    let err = failure(from_address(&pool, Role::Anon, spammer).await, MINIMAL).await;
    let (message, detail) = too_many(&err);
    assert_eq!(message["code"], "PT429");
    assert_eq!(
        message["message"],
        "Too many messages. Please try again later."
    );
    assert_eq!(
        message["hint"],
        "At most 5 messages in 10 minutes from one address."
    );
    assert_eq!(detail["status"], 429);
    let retry: u64 = detail["headers"]["Retry-After"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "Retry-After {retry}");
    // A signed-in stranger at that address shares its budget.
    let mut stranger = as_stranger(&pool).await;
    sqlx::query("SELECT set_config('request.client_ip', $1, true)")
        .bind(spammer)
        .execute(&mut *stranger)
        .await
        .unwrap();
    too_many(&failure(stranger, MINIMAL).await);
    assert_eq!(stored(&pool, "contact_messages").await, 5);
    assert_eq!(
        budget_used(&pool, spammer).await,
        Some(5),
        "refusals cost nothing"
    );

    // Another address has its own budget; editors and service_role have none.
    let mut tx = from_address(&pool, Role::Anon, "203.0.113.8").await;
    assert_eq!(run(&mut tx, MINIMAL).await, 1);
    tx.commit().await.unwrap();
    for role in [Role::Authenticated, Role::ServiceRole] {
        for _ in 0..6 {
            let mut tx = from_address(&pool, role, spammer).await;
            assert_eq!(run(&mut tx, MINIMAL).await, 1, "{role:?}");
            tx.commit().await.unwrap();
        }
    }
    assert_eq!(stored(&pool, "contact_messages").await, 18);

    // Once the window has passed, the address may send again.
    sqlx::query(
        "UPDATE site_private.contact_message_budget
            SET window_start = window_start - interval '10 minutes' WHERE client = $1",
    )
    .bind(spammer)
    .execute(&pool)
    .await
    .unwrap();
    let mut tx = from_address(&pool, Role::Anon, spammer).await;
    assert_eq!(run(&mut tx, MINIMAL).await, 1, "a new window");
    tx.commit().await.unwrap();
    assert_eq!(budget_used(&pool, spammer).await, Some(1));
}

/// A client holding an IPv6 /64 cannot send each message from a new address
/// of it; another /64 is another client.
#[tokio::test]
async fn addresses_of_one_ipv6_64_share_one_budget() {
    let pool = fresh_pool().await;
    for n in 1..=5 {
        let address = format!("2001:db8:7:1::{n:x}");
        let mut tx = from_address(&pool, Role::Anon, &address).await;
        assert_eq!(run(&mut tx, MINIMAL).await, 1, "message {n} from {address}");
        tx.commit().await.unwrap();
    }
    let rotated = "2001:db8:7:1:8f3e:12:abcd:99";
    let (message, _) =
        too_many(&failure(from_address(&pool, Role::Anon, rotated).await, MINIMAL).await);
    assert_eq!(message["code"], "PT429");
    assert_eq!(budget_used(&pool, "2001:db8:7:1::").await, Some(5));
    let mut tx = from_address(&pool, Role::Anon, "2001:db8:7:2::1").await;
    assert_eq!(
        run(&mut tx, MINIMAL).await,
        1,
        "the next /64 is another client"
    );
    tx.commit().await.unwrap();
    // An IPv4 client seen through a dual-stack socket is that IPv4 client.
    for _ in 0..5 {
        let mut tx = from_address(&pool, Role::Anon, "192.0.2.44").await;
        run(&mut tx, MINIMAL).await;
        tx.commit().await.unwrap();
    }
    too_many(
        &failure(
            from_address(&pool, Role::Anon, "::ffff:192.0.2.44").await,
            MINIMAL,
        )
        .await,
    );
}

#[tokio::test]
async fn requests_without_an_address_share_one_budget() {
    let pool = fresh_pool().await;
    for _ in 0..5 {
        let mut tx = as_role(&pool, Role::Anon).await;
        assert_eq!(run(&mut tx, MINIMAL).await, 1);
        tx.commit().await.unwrap();
    }
    too_many(&failure(as_role(&pool, Role::Anon).await, MINIMAL).await);
    assert_eq!(budget_used(&pool, "unknown").await, Some(5));
}

#[tokio::test]
async fn ended_windows_of_other_addresses_are_forgotten() {
    let pool = fresh_pool().await;
    for address in ["192.0.2.1", "192.0.2.2"] {
        let mut tx = from_address(&pool, Role::Anon, address).await;
        run(&mut tx, MINIMAL).await;
        tx.commit().await.unwrap();
    }
    sqlx::query(
        "UPDATE site_private.contact_message_budget
            SET window_start = window_start - interval '11 minutes' WHERE client = '192.0.2.1'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let mut tx = from_address(&pool, Role::Anon, "192.0.2.3").await;
    run(&mut tx, MINIMAL).await;
    tx.commit().await.unwrap();
    assert_eq!(
        budget_used(&pool, "192.0.2.1").await,
        None,
        "expired row removed"
    );
    assert_eq!(
        budget_used(&pool, "192.0.2.2").await,
        Some(1),
        "live row kept"
    );
}

#[tokio::test]
async fn the_api_roles_cannot_touch_the_budget() {
    let pool = fresh_pool().await;
    for role in [Role::Anon, Role::Authenticated, Role::ServiceRole] {
        for sql in [
            "SELECT * FROM site_private.contact_message_budget",
            "DELETE FROM site_private.contact_message_budget",
        ] {
            assert_eq!(
                error_code(&pool, role, sql).await,
                DENIED,
                "{role:?}: {sql}"
            );
        }
    }
}
