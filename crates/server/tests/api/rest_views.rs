//! Views embedded through the keys of the tables they show, through
//! postgrest-rs on the neutral REST app (tests/fixtures/rest_views.sql):
//! a table from a view, a view from a table, view to view (a view of a view,
//! renamed columns), a view joining two tables, a many-to-many through a view
//! of a junction in a schema that is not exposed, the ambiguity between a
//! table's two foreign keys toward a view with its `!hint`, and upserts on the
//! primary key a view takes from its table.

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::rest::{client, send, spawn_rest_app};

async fn read(app: &TestApp, table: &str, select: &str, order: &str) -> (u16, Value) {
    let a = send(client(app).from(table).select(select).order(order)).await;
    (a.status, a.body)
}

#[tokio::test]
async fn views_embed_through_their_base_tables() {
    let app = spawn_rest_app().await;
    // A table from a view whose columns are renamed.
    assert_eq!(
        read(&app, "v_sent", "text,v_people(name)", "message_id").await,
        (
            200,
            json!([
                { "text": "Hi Ben", "v_people": { "name": "Ann" } },
                { "text": "Hi Ann", "v_people": { "name": "Ben" } },
                { "text": "All hands", "v_people": { "name": "Cy" } }
            ])
        )
    );
    // A view from a table: one-to-many on the view's own column.
    assert_eq!(
        read(&app, "v_people", "name,v_sent(message_id)", "id").await,
        (
            200,
            json!([
                { "name": "Ann", "v_sent": [{ "message_id": 1 }] },
                { "name": "Ben", "v_sent": [{ "message_id": 2 }] },
                { "name": "Cy", "v_sent": [{ "message_id": 3 }] }
            ])
        )
    );
    // View to view, the target a view of a view.
    assert_eq!(
        read(
            &app,
            "v_sent",
            "message_id,v_contacts(display_name)",
            "message_id"
        )
        .await,
        (
            200,
            json!([
                { "message_id": 1, "v_contacts": { "display_name": "Ann" } },
                { "message_id": 2, "v_contacts": { "display_name": "Ben" } },
                { "message_id": 3, "v_contacts": { "display_name": "Cy" } }
            ])
        )
    );
    // A view joining two tables relates by the recipient it shows.
    assert_eq!(
        read(&app, "v_inbox", "body,sender_name,v_people(name)", "id").await,
        (
            200,
            json!([
                { "body": "Hi Ben", "sender_name": "Ann", "v_people": { "name": "Ben" } },
                { "body": "Hi Ann", "sender_name": "Ben", "v_people": { "name": "Ann" } },
                { "body": "All hands", "sender_name": "Cy", "v_people": null }
            ])
        )
    );
    // Many-to-many through the view of a junction whose table is not exposed,
    // from a table and from a view.
    let groups = json!([
        { "name": "Ann", "v_groups": [{ "name": "admins" }, { "name": "editors" }] },
        { "name": "Ben", "v_groups": [{ "name": "editors" }] },
        { "name": "Cy", "v_groups": [] }
    ]);
    for origin in ["v_people", "v_people_stats"] {
        let a = send(
            client(&app)
                .from(origin)
                .select("name,v_groups(name)")
                .order("id")
                .order_with_options("name", Some("v_groups"), true, false),
        )
        .await;
        assert_eq!((a.status, &a.body), (200, &groups), "from {origin}");
    }
}

#[tokio::test]
async fn a_foreign_key_column_a_view_leaves_out_relates_nothing() {
    let app = spawn_rest_app().await;
    // v_sent shows the sender (renamed from_id), not the recipient.
    assert_eq!(
        read(
            &app,
            "v_sent",
            "message_id,v_people!from_id(name)",
            "message_id"
        )
        .await,
        (
            200,
            json!([
                { "message_id": 1, "v_people": { "name": "Ann" } },
                { "message_id": 2, "v_people": { "name": "Ben" } },
                { "message_id": 3, "v_people": { "name": "Cy" } }
            ])
        )
    );
    let a = send(
        client(&app)
            .from("v_sent")
            .select("text,v_people!recipient(name)"),
    )
    .await;
    assert_eq!(
        (a.status, a.body),
        (
            400,
            json!({
                "code": "PGRST200",
                "details": "Searched for a foreign key relationship between 'v_sent' and 'v_people' using the hint 'recipient' in the schema 'public', but no matches were found.",
                "hint": null,
                "message": "Could not find a relationship between 'v_sent' and 'v_people' in the schema cache"
            })
        )
    );
}

#[tokio::test]
async fn a_table_and_its_view_are_told_apart_by_a_hint() {
    let app = spawn_rest_app().await;
    // Two foreign keys of v_messages reach v_people, so its view too.
    let a = send(
        client(&app)
            .from("v_messages")
            .select("body,v_people_stats(name)"),
    )
    .await;
    assert_eq!(
        (a.status, a.body),
        (
            300,
            json!({
                "code": "PGRST201",
                "details": [
                    {
                        "cardinality": "many-to-one",
                        "embedding": "v_messages with v_people_stats",
                        "relationship": "v_messages_recipient_fkey using v_messages(recipient) and v_people_stats(id)"
                    },
                    {
                        "cardinality": "many-to-one",
                        "embedding": "v_messages with v_people_stats",
                        "relationship": "v_messages_sender_fkey using v_messages(sender) and v_people_stats(id)"
                    }
                ],
                "hint": "Try changing 'v_people_stats' to one of the following: 'v_people_stats!v_messages_recipient_fkey', 'v_people_stats!v_messages_sender_fkey'. Find the desired relationship in the 'details' key.",
                "message": "Could not embed because more than one relationship was found for 'v_messages' and 'v_people_stats'"
            })
        )
    );
    // The constraint or the column as the hint picks one.
    assert_eq!(
        read(
            &app,
            "v_messages",
            "id,from:v_people_stats!v_messages_sender_fkey(name,sent),to:v_people_stats!recipient(name)",
            "id"
        )
        .await,
        (
            200,
            json!([
                { "id": 1, "from": { "name": "Ann", "sent": 1 }, "to": { "name": "Ben" } },
                { "id": 2, "from": { "name": "Ben", "sent": 1 }, "to": { "name": "Ann" } },
                { "id": 3, "from": { "name": "Cy", "sent": 1 }, "to": null }
            ])
        )
    );
    // A foreign key column as the target names the table, never its views.
    assert_eq!(
        read(&app, "v_sent", "message_id,from_id(name)", "message_id").await,
        (
            200,
            json!([
                { "message_id": 1, "from_id": { "name": "Ann" } },
                { "message_id": 2, "from_id": { "name": "Ben" } },
                { "message_id": 3, "from_id": { "name": "Cy" } }
            ])
        )
    );
}

#[tokio::test]
async fn a_view_upserts_on_the_primary_key_of_its_table() {
    let app = spawn_rest_app().await;
    let a = send(
        client(&app)
            .from("v_sent")
            .upsert(r#"[{"message_id": 1, "text": "Hi Ben, again", "from_id": 1}, {"message_id": 4, "text": "New", "from_id": 2}]"#),
    )
    .await;
    assert_eq!(
        (a.status, a.body),
        (
            201,
            json!([
                { "message_id": 1, "text": "Hi Ben, again", "from_id": 1 },
                { "message_id": 4, "text": "New", "from_id": 2 }
            ])
        )
    );
    assert_eq!(
        read(&app, "v_messages", "id,body,sender,recipient", "id").await,
        (
            200,
            json!([
                { "id": 1, "body": "Hi Ben, again", "sender": 1, "recipient": 2 },
                { "id": 2, "body": "Hi Ann", "sender": 2, "recipient": 1 },
                { "id": 3, "body": "All hands", "sender": 3, "recipient": null },
                { "id": 4, "body": "New", "sender": 2, "recipient": null }
            ])
        )
    );
}
