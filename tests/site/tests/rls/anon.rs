//! What a visitor (anon) may and may not do on the site tables.

use crate::helpers::*;

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
        "hello@example.com",
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
