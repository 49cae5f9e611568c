//! What a signed-in owner (authenticated) and service_role may do.

use crate::helpers::*;

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
