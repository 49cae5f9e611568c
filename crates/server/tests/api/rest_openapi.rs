//! The OpenAPI (Swagger 2.0) document at `GET /rest/v1/`, read through
//! postgrest-rs (a "table" named "" is the root) on the neutral REST app:
//! the definitions, paths and parameters PostgREST gives for a commented
//! table and function, the schema's comment as title and description, and
//! only what the request's role may use (PostgREST's follow-privileges).

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::rest::{client, send, spawn_rest_app};

async fn document(app: &TestApp, key: &str) -> Value {
    let res = send(client(app).from("").auth(key)).await;
    assert_eq!(res.status, 200, "{}", res.body);
    res.body
}

async fn owner_sql(app: &TestApp, sql: &str) {
    sqlx::raw_sql(sql).execute(&app.owner).await.unwrap();
}

#[tokio::test]
async fn a_commented_table_is_described_as_postgrest_describes_it() {
    let app = spawn_rest_app().await;
    let doc = document(&app, &app.anon_key).await;
    assert_eq!(
        doc["definitions"]["ex_orders"],
        json!({
            "type": "object",
            "description": "Orders of books\nOne row per order line.",
            "properties": {
                "id": {"format": "integer", "type": "integer",
                       "description": "Note:\nThis is a Primary Key.<pk/>"},
                "book_id": {"format": "integer", "type": "integer",
                            "description": "Note:\nThis is a Foreign Key to `books.id`.<fk table='books' column='id'/>"},
                "qty": {"format": "integer", "type": "integer", "default": 1,
                        "description": "Copies ordered"},
                "note": {"format": "character varying", "type": "string", "maxLength": 40},
            },
            "required": ["id", "book_id", "qty"],
        })
    );
    let path = &doc["paths"]["/ex_orders"];
    assert_eq!(path["get"]["summary"], "Orders of books");
    assert_eq!(path["get"]["description"], "One row per order line.");
    assert_eq!(path["get"]["tags"], json!(["ex_orders"]));
    assert_eq!(
        path["get"]["parameters"],
        json!([
            {"$ref": "#/parameters/rowFilter.ex_orders.id"},
            {"$ref": "#/parameters/rowFilter.ex_orders.book_id"},
            {"$ref": "#/parameters/rowFilter.ex_orders.qty"},
            {"$ref": "#/parameters/rowFilter.ex_orders.note"},
            {"$ref": "#/parameters/select"},
            {"$ref": "#/parameters/order"},
            {"$ref": "#/parameters/range"},
            {"$ref": "#/parameters/rangeUnit"},
            {"$ref": "#/parameters/offset"},
            {"$ref": "#/parameters/limit"},
            {"$ref": "#/parameters/preferCount"},
        ])
    );
    assert_eq!(
        path["get"]["responses"]["200"]["schema"],
        json!({"type": "array", "items": {"$ref": "#/definitions/ex_orders"}})
    );
    assert_eq!(
        path["post"]["parameters"],
        json!([
            {"$ref": "#/parameters/body.ex_orders"},
            {"$ref": "#/parameters/select"},
            {"$ref": "#/parameters/preferPost"},
        ])
    );
    assert_eq!(
        path["patch"]["responses"]["204"]["description"],
        "No Content"
    );
    assert_eq!(
        path["delete"]["responses"]["204"]["description"],
        "No Content"
    );
    assert_eq!(
        doc["parameters"]["rowFilter.ex_orders.qty"],
        json!({"name": "qty", "in": "query", "required": false, "type": "string", "description": "Copies ordered"})
    );
    assert_eq!(
        doc["parameters"]["body.ex_orders"],
        json!({"name": "ex_orders", "in": "body", "required": false, "description": "ex_orders",
               "schema": {"$ref": "#/definitions/ex_orders"}})
    );
    assert_eq!(
        doc["definitions"]["authors"]["properties"]["tags"],
        json!({"format": "text[]", "type": "array", "items": {"type": "string"}})
    );
    assert_eq!(
        doc["definitions"]["books"]["properties"]["price"],
        json!({"format": "numeric", "type": "number"}),
        "the type without its modifiers, as PostgREST's format"
    );
}

#[tokio::test]
async fn a_function_has_get_and_post_with_its_arguments() {
    let app = spawn_rest_app().await;
    let doc = document(&app, &app.anon_key).await;
    let path = &doc["paths"]["/rpc/ex_copies_of"];
    for method in ["get", "post"] {
        assert_eq!(path[method]["summary"], "Copies of a book ordered");
        assert_eq!(
            path[method]["description"],
            "Counts every order of at least at_least copies."
        );
        assert_eq!(path[method]["tags"], json!(["(rpc) ex_copies_of"]));
        assert_eq!(
            path[method]["produces"],
            json!([
                "application/json",
                "application/vnd.pgrst.object+json;nulls=stripped",
                "application/vnd.pgrst.object+json"
            ])
        );
    }
    assert_eq!(
        path["get"]["parameters"],
        json!([
            {"name": "book", "in": "query", "required": true, "format": "integer", "type": "integer"},
            {"name": "at_least", "in": "query", "required": false, "format": "integer", "type": "integer"},
        ])
    );
    assert_eq!(
        path["post"]["parameters"],
        json!([
            {"name": "args", "in": "body", "required": true, "schema": {
                "type": "object",
                "description": "Copies of a book ordered\nCounts every order of at least at_least copies.",
                "properties": {
                    "book": {"format": "integer", "type": "integer"},
                    "at_least": {"format": "integer", "type": "integer"},
                },
                "required": ["book"],
            }},
            {"$ref": "#/parameters/preferParams"},
        ])
    );
    assert!(
        doc["paths"]["/rpc/add_review"]["get"].is_null(),
        "a volatile function is POST only"
    );
    assert!(doc["paths"]["/rpc/add_review"]["post"].is_object());
}

#[tokio::test]
async fn the_schema_comment_is_the_title_and_description() {
    let app = spawn_rest_app().await;
    owner_sql(
        &app,
        "COMMENT ON SCHEMA public IS 'Bookshop API\n\nBooks, authors\nand orders.'",
    )
    .await;
    let doc = document(&app, &app.anon_key).await;
    assert_eq!(doc["info"]["title"], "Bookshop API");
    assert_eq!(doc["info"]["description"], "Books, authors\nand orders.");
    assert_eq!(
        doc["externalDocs"]["url"],
        "https://postgrest.org/en/v12/references/api.html"
    );
}

#[tokio::test]
async fn only_what_the_role_may_use_is_listed() {
    let app = spawn_rest_app().await;
    owner_sql(
        &app,
        "REVOKE ALL ON ex_orders FROM anon; \
         REVOKE ALL ON ex_order_lines FROM anon; GRANT UPDATE (qty) ON ex_order_lines TO anon; \
         REVOKE EXECUTE ON FUNCTION ex_copies_of(int, int) FROM PUBLIC, anon; \
         GRANT EXECUTE ON FUNCTION ex_copies_of(int, int) TO service_role",
    )
    .await;
    let anon = document(&app, &app.anon_key).await;
    assert!(anon["paths"]["/ex_orders"].is_null());
    assert!(anon["definitions"]["ex_orders"].is_null());
    assert!(anon["parameters"]["body.ex_orders"].is_null());
    assert!(anon["parameters"]["rowFilter.ex_orders.qty"].is_null());
    assert!(
        anon["paths"]["/ex_order_lines"].is_object(),
        "a column privilege is enough"
    );
    assert!(anon["paths"]["/rpc/ex_copies_of"].is_null());
    assert!(anon["paths"]["/books"].is_object());
    let service = document(&app, &app.service_key).await;
    assert!(service["paths"]["/ex_orders"].is_object());
    assert!(service["paths"]["/rpc/ex_copies_of"].is_object());
}

#[tokio::test]
async fn an_accept_profile_gets_its_schema_named_back() {
    let app = spawn_rest_app().await;
    let res = send(client(&app).schema("public").from("")).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-profile"), "public");
    let res = send(client(&app).schema("auth").from("")).await;
    assert_eq!(res.status, 406);
    assert_eq!(res.body["code"], "PGRST106");
}
