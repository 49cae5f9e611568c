//! Embedding views through their base tables' keys (the views fixture,
//! tests/fixtures/rest_views.sql): the joins on the views' own column names,
//! the many-to-many through a view junction, the ambiguity between the
//! foreign keys of a table toward a view, what a view cannot be embedded by,
//! and writes on the primary key a view takes from its table.

use crate::test_support::sql_views;

fn get(target: &str) -> String {
    sql_views("GET", target, &[], "")
}

#[test]
fn views_embed_on_their_own_column_names() {
    insta::assert_snapshot!(get("/v_sent?select=text,v_contacts(display_name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_sent"."text", row_to_json("v_sent_v_contacts_1".*)::jsonb AS "v_contacts"
    FROM "public"."v_sent"
    LEFT JOIN LATERAL (SELECT "v_contacts_1"."display_name"
    FROM "public"."v_contacts" AS "v_contacts_1"
    WHERE "v_contacts_1"."contact_id" = "public"."v_sent"."from_id") AS "v_sent_v_contacts_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/v_people?select=name,v_sent(text)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_people"."name", COALESCE("v_people_v_sent_1"."v_people_v_sent_1", '[]') AS "v_sent"
    FROM "public"."v_people"
    LEFT JOIN LATERAL (SELECT json_agg("v_people_v_sent_1")::jsonb AS "v_people_v_sent_1"
    FROM (SELECT "v_sent_1"."text"
    FROM "public"."v_sent" AS "v_sent_1"
    WHERE "v_sent_1"."from_id" = "public"."v_people"."id") AS "v_people_v_sent_1") AS "v_people_v_sent_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/v_people_stats?select=name,v_groups(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_people_stats"."name", COALESCE("v_people_stats_v_groups_1"."v_people_stats_v_groups_1", '[]') AS "v_groups"
    FROM "public"."v_people_stats"
    LEFT JOIN LATERAL (SELECT json_agg("v_people_stats_v_groups_1")::jsonb AS "v_people_stats_v_groups_1"
    FROM (SELECT "public"."v_groups"."name"
    FROM "public"."v_groups", "public"."v_memberships"
    WHERE "public"."v_groups"."id" = "public"."v_memberships"."group_id" AND "public"."v_memberships"."person_id" = "public"."v_people_stats"."id") AS "v_people_stats_v_groups_1") AS "v_people_stats_v_groups_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn a_table_and_its_view_need_a_hint() {
    insta::assert_snapshot!(get("/v_messages?select=body,v_people_stats(name)"), @r#"300 {"code":"PGRST201","details":[{"cardinality":"many-to-one","embedding":"v_messages with v_people_stats","relationship":"v_messages_recipient_fkey using v_messages(recipient) and v_people_stats(id)"},{"cardinality":"many-to-one","embedding":"v_messages with v_people_stats","relationship":"v_messages_sender_fkey using v_messages(sender) and v_people_stats(id)"}],"hint":"Try changing 'v_people_stats' to one of the following: 'v_people_stats!v_messages_recipient_fkey', 'v_people_stats!v_messages_sender_fkey'. Find the desired relationship in the 'details' key.","message":"Could not embed because more than one relationship was found for 'v_messages' and 'v_people_stats'"}"#);
    insta::assert_snapshot!(get("/v_messages?select=body,from:v_people_stats!sender(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_messages"."body", row_to_json("v_messages_from_1".*)::jsonb AS "from"
    FROM "public"."v_messages"
    LEFT JOIN LATERAL (SELECT "v_people_stats_1"."name"
    FROM "public"."v_people_stats" AS "v_people_stats_1"
    WHERE "v_people_stats_1"."id" = "public"."v_messages"."sender") AS "v_messages_from_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/v_messages?select=body,v_people_stats!v_messages_recipient_fkey(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_messages"."body", row_to_json("v_messages_v_people_stats_1".*)::jsonb AS "v_people_stats"
    FROM "public"."v_messages"
    LEFT JOIN LATERAL (SELECT "v_people_stats_1"."name"
    FROM "public"."v_people_stats" AS "v_people_stats_1"
    WHERE "v_people_stats_1"."id" = "public"."v_messages"."recipient") AS "v_messages_v_people_stats_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn what_a_view_is_not_embedded_by() {
    // The recipient is not in v_sent: no relationship uses it.
    insta::assert_snapshot!(get("/v_sent?select=text,v_people!recipient(name)"), @r#"400 {"code":"PGRST200","details":"Searched for a foreign key relationship between 'v_sent' and 'v_people' using the hint 'recipient' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'v_sent' and 'v_people' in the schema cache"}"#);
    // A column or constraint names a table's relationship, never a view's.
    insta::assert_snapshot!(get("/v_sent?select=text,from_id(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_sent"."text", row_to_json("v_sent_from_id_1".*)::jsonb AS "from_id"
    FROM "public"."v_sent"
    LEFT JOIN LATERAL (SELECT "v_people_1"."name"
    FROM "public"."v_people" AS "v_people_1"
    WHERE "v_people_1"."id" = "public"."v_sent"."from_id") AS "v_sent_from_id_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
    insta::assert_snapshot!(get("/v_messages?select=body,v_messages_sender_fkey(name)"), @r#"
    WITH pgrst_source AS (SELECT "public"."v_messages"."body", row_to_json("v_messages_v_messages_sender_fkey_1".*)::jsonb AS "v_messages_sender_fkey"
    FROM "public"."v_messages"
    LEFT JOIN LATERAL (SELECT "v_people_1"."name"
    FROM "public"."v_people" AS "v_people_1"
    WHERE "v_people_1"."id" = "public"."v_messages"."sender") AS "v_messages_v_messages_sender_fkey_1" ON TRUE)
    SELECT NULL::bigint AS total_count, page_total, (coalesce(json_agg(_postgrest_t), '[]'))::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    --
    "#);
}

#[test]
fn a_view_writes_on_the_primary_key_of_its_table() {
    // PUT needs a primary key; v_sent has its table's id, renamed message_id.
    insta::assert_snapshot!(sql_views("PUT", "/v_sent?message_id=eq.4", &[], r#"{"message_id":4,"text":"x","from_id":1}"#), @r#"
    WITH pgrst_source AS (INSERT INTO "public"."v_sent"("from_id", "message_id", "text")
    SELECT pgrst_body."from_id", pgrst_body."message_id", pgrst_body."text"
    FROM (SELECT $1::json AS json_data) pgrst_payload
    , LATERAL (SELECT "from_id", "message_id", "text"
    FROM json_to_recordset(pgrst_payload.json_data) AS _("from_id" integer, "message_id" integer, "text" text)) pgrst_body
    WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0' AND "pgrst_body"."message_id" = $2::integer
    ON CONFLICT("message_id") DO UPDATE
    SET "from_id" = EXCLUDED."from_id", "message_id" = EXCLUDED."message_id", "text" = EXCLUDED."text"
    WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'
    RETURNING 1)
    SELECT nullif(current_setting('pgrst.inserted', true), '')::bigint AS total_count, page_total, (NULL)::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "[{\"message_id\":4,\"text\":\"x\",\"from_id\":1}]", "4"
    "#);
    insta::assert_snapshot!(sql_views("POST", "/v_sent", &[("prefer", "resolution=merge-duplicates")], r#"{"message_id":4,"text":"x","from_id":1}"#), @r#"
    WITH pgrst_source AS (INSERT INTO "public"."v_sent"("from_id", "message_id", "text")
    SELECT pgrst_body."from_id", pgrst_body."message_id", pgrst_body."text"
    FROM (SELECT $1::json AS json_data) pgrst_payload
    , LATERAL (SELECT "from_id", "message_id", "text"
    FROM json_to_recordset(pgrst_payload.json_data) AS _("from_id" integer, "message_id" integer, "text" text)) pgrst_body
    WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'
    ON CONFLICT("message_id") DO UPDATE
    SET "from_id" = EXCLUDED."from_id", "message_id" = EXCLUDED."message_id", "text" = EXCLUDED."text"
    WHERE set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'
    RETURNING 1)
    SELECT nullif(current_setting('pgrst.inserted', true), '')::bigint AS total_count, page_total, (NULL)::text AS body …
    FROM (SELECT *
    FROM pgrst_source) _postgrest_t
    -- "[{\"message_id\":4,\"text\":\"x\",\"from_id\":1}]"
    "#);
}
