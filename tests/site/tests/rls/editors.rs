//! Signed in is not enough to edit: only an editor (`app_metadata.editor =
//! true` in the JWT, set by administrators) writes content and reads messages.
//! A stranger who signed themselves up is a visitor with an account.

use crate::helpers::*;

#[tokio::test]
async fn a_signed_in_stranger_reads_content_but_cannot_change_it() {
    let pool = fresh_pool().await;
    for (table, seed, insert) in CONTENT {
        let mut tx = as_stranger(&pool).await;
        assert_eq!(
            count(&mut tx, table).await,
            seed,
            "a stranger reads {table}"
        );
        drop(tx);

        let err = failure(as_stranger(&pool).await, insert).await;
        assert_eq!(code(&err), DENIED, "a stranger inserts into {table}");

        // Rows an editor could change are invisible to the stranger's writes.
        let mut tx = as_stranger(&pool).await;
        let update = format!("UPDATE {table} SET updated_at = now() + interval '1 day'");
        assert_eq!(run(&mut tx, &update).await, 0, "a stranger updates {table}");
        assert_eq!(
            run(&mut tx, &format!("DELETE FROM {table}")).await,
            0,
            "a stranger deletes from {table}"
        );
        tx.commit().await.unwrap();
        assert_eq!(stored(&pool, table).await, seed, "{table} is unchanged");
        let changed: i64 = sqlx::query_scalar(&format!(
            "SELECT count(*) FROM {table} WHERE updated_at > now() + interval '1 hour'"
        ))
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(changed, 0, "no row of {table} was updated");
    }
}

#[tokio::test]
async fn a_signed_in_stranger_cannot_read_or_delete_contact_messages() {
    let pool = fresh_pool().await;
    let mut tx = as_role(&pool, Role::Anon).await;
    send(&mut tx, &message()).await.unwrap();
    tx.commit().await.unwrap();

    let mut tx = as_stranger(&pool).await;
    assert_eq!(
        count(&mut tx, "contact_messages").await,
        0,
        "nothing to read"
    );
    assert_eq!(run(&mut tx, "DELETE FROM contact_messages").await, 0);
    tx.commit().await.unwrap();
    assert_eq!(stored(&pool, "contact_messages").await, 1);

    let update = "UPDATE contact_messages SET message = 'changed'";
    assert_eq!(
        code(&failure(as_stranger(&pool).await, update).await),
        DENIED
    );
}

#[tokio::test]
async fn only_a_json_true_editor_flag_makes_an_editor() {
    let pool = fresh_pool().await;
    let cases = [
        (json!({"provider": "email", "editor": true}), true),
        (json!({"editor": false}), false),
        (json!({"editor": "true"}), false),
        (json!({"editor": 1}), false),
        (json!({"editor": null}), false),
        (json!({"editor": {"nested": true}}), false),
        (json!({}), false),
        (json!("not an object"), false),
        (Value::Null, false),
    ];
    for (app_metadata, editor) in cases {
        let claims = signed_in_claims(app_metadata.clone());
        let mut tx = begin_as(&pool, Role::Authenticated, &claims).await.unwrap();
        let is_editor: bool = sqlx::query_scalar("SELECT public.is_editor()")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
        assert_eq!(is_editor, editor, "app_metadata {app_metadata}");
        let inserted = sqlx::query("INSERT INTO services (title, description) VALUES ('T', 'D')")
            .execute(&mut *tx)
            .await;
        assert_eq!(inserted.is_ok(), editor, "app_metadata {app_metadata}");
    }
    // An editor flag at the top level of the claims is not app_metadata.
    let top_level = json!({"role": "authenticated", "sub": STRANGER_ID, "editor": true});
    let mut tx = begin_as(&pool, Role::Authenticated, &top_level)
        .await
        .unwrap();
    let is_editor: bool = sqlx::query_scalar("SELECT public.is_editor()")
        .fetch_one(&mut *tx)
        .await
        .unwrap();
    assert!(!is_editor);
}

#[tokio::test]
async fn anon_is_never_an_editor_whatever_its_claims_say() {
    let pool = fresh_pool().await;
    // The role decides which policies apply: the editor policies are for
    // authenticated only, so anon claims carrying the flag change nothing.
    let claims = json!({"role": "anon", "app_metadata": {"editor": true}});
    let tx = begin_as(&pool, Role::Anon, &claims).await.unwrap();
    let err = failure(
        tx,
        "INSERT INTO services (title, description) VALUES ('T', 'D')",
    )
    .await;
    assert_eq!(code(&err), DENIED);
    let tx = begin_as(&pool, Role::Anon, &claims).await.unwrap();
    let err = failure(tx, "SELECT id FROM contact_messages").await;
    assert_eq!(code(&err), DENIED);
}
