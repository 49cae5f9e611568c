//! Computed fields and computed relationships through postgrest-rs on the
//! neutral REST app (`tests/fixtures/rest_computed.sql`): functions over a
//! row type named like columns, functions returning rows embedded by name,
//! run as the request's role, and new ones served after a schema reload.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::{encode, EncodingKey, Header};
use serde_json::{json, Value};

use crate::helpers::{TestApp, JWT_SECRET};
use crate::rest::{client, send, spawn_rest_app};

async fn get(req: postgrest::Builder) -> (u16, Value) {
    let a = send(req).await;
    (a.status, a.body)
}

fn authenticated() -> String {
    let exp = SystemTime::now().duration_since(UNIX_EPOCH).unwrap() + Duration::from_secs(3600);
    encode(
        &Header::default(),
        &json!({"role": "authenticated", "sub": "00000000-0000-4000-8000-000000000001", "exp": exp.as_secs()}),
        &EncodingKey::from_secret(JWT_SECRET.as_bytes()),
    )
    .unwrap()
}

#[tokio::test]
async fn computed_fields_are_selected_filtered_and_ordered_like_columns() {
    let app = spawn_rest_app().await;
    let people = || client(&app).from("cf_people");
    assert_eq!(
        get(people()
            .select("id,name:full_name,len:name_length::text")
            .like("full_name", "*a*")
            .gte("name_length", "12")
            .order("full_name.desc"))
        .await,
        (
            200,
            json!([
                {"id": 2, "name": "Jacques Demy", "len": "12"},
                {"id": 4, "name": "Chantal Akerman", "len": "15"}
            ])
        )
    );
}

#[tokio::test]
async fn embeds_read_the_rows_of_computed_relationships() {
    let app = spawn_rest_app().await;
    assert_eq!(
        get(client(&app)
            .from("cf_premieres")
            .select("location,film(title,director(full_name))")
            .eq("id", "4"))
        .await,
        (
            200,
            json!([{"location": "Cannes", "film": {"title": "Jeanne Dielman", "director": {"full_name": "Chantal Akerman"}}}])
        ),
        "to-one: SETOF … ROWS 1, and a function returning one row"
    );
    assert_eq!(
        get(client(&app)
            .from("cf_films")
            .select("id,premieres(location)")
            .eq("id", "2")
            .order_with_options("location", Some("premieres"), true, false))
        .await,
        (
            200,
            json!([{"id": 2, "premieres": [{"location": "Cannes"}, {"location": "Paris"}]}])
        ),
        "to-many: SETOF"
    );
    assert_eq!(
        get(client(&app)
            .from("cf_films")
            .select("title,cf_people(last_name)")
            .eq("id", "1"))
        .await,
        (
            200,
            json!([{"title": "Cléo from 5 to 7", "cf_people": {"last_name": "Varda"}}])
        ),
        "the function named like the table replaces the two ambiguous foreign keys"
    );
}

#[tokio::test]
async fn the_functions_run_as_the_request_role() {
    let app = spawn_rest_app().await;
    let (status, body) = get(client(&app).from("cf_people").select("salary_band")).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], "42501");
    assert_eq!(
        get(client(&app)
            .from("cf_people")
            .select("salary_band")
            .eq("id", "3")
            .auth(authenticated()))
        .await,
        (200, json!([{"salary_band": "standard"}]))
    );
    // The relationship's rows pass cf_reviews' policies for the caller.
    let reviews = |t: Option<String>| {
        let req = client(&app)
            .from("cf_films")
            .select("film_reviews(id)")
            .eq("id", "1");
        get(match t {
            Some(t) => req.auth(t),
            None => req,
        })
    };
    assert_eq!(
        reviews(None).await,
        (200, json!([{"film_reviews": [{"id": 1}]}]))
    );
    assert_eq!(
        reviews(Some(authenticated())).await,
        (200, json!([{"film_reviews": [{"id": 1}, {"id": 2}]}]))
    );
}

async fn wait_for(app: &TestApp, select: &str) -> (u16, Value) {
    let mut last = (0, Value::Null);
    for _ in 0..100 {
        last = get(client(app).from("cf_films").select(select).eq("id", "3")).await;
        if last.0 == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    last
}

#[tokio::test]
async fn new_functions_are_served_after_notify_reload() {
    let app = spawn_rest_app().await;
    let (status, body) = get(client(&app).from("cf_films").select("decade")).await;
    assert_eq!((status, &body["code"]), (400, &json!("42703")));
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    sqlx::raw_sql(
        "CREATE FUNCTION public.decade(public.cf_films) RETURNS int LANGUAGE sql STABLE AS $$ SELECT $1.year / 10 * 10 $$;
         CREATE FUNCTION public.school(public.cf_films) RETURNS SETOF public.cf_schools ROWS 1 LANGUAGE sql STABLE
           AS $$ SELECT * FROM public.cf_schools WHERE id = $1.school_id $$;
         NOTIFY pgrst, 'reload schema';",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(
        wait_for(&app, "decade,school(name)").await,
        (200, json!([{"decade": 1970, "school": {"name": "INSAS"}}]))
    );
}

#[tokio::test]
async fn a_computed_field_cannot_write_through_a_read() {
    let app = spawn_rest_app().await;
    let (status, body) = get(client(&app)
        .from("cf_people")
        .select("touch_job")
        .eq("id", "1"))
    .await;
    assert_eq!((status, &body["code"]), (405, &json!("25006")), "{body}");
    assert_eq!(
        get(client(&app).from("cf_people").select("job").eq("id", "1")).await,
        (200, json!([{"job": "director"}]))
    );
}

#[tokio::test]
async fn the_row_is_passed_even_when_a_column_has_the_table_name() {
    let app = spawn_rest_app().await;
    assert_eq!(
        get(client(&app)
            .from("cf_labels")
            .select("id,shout,twins(id)")
            .eq("shout", "NEW!")
            .order("id"))
        .await,
        (
            200,
            json!([
                {"id": 1, "shout": "NEW!", "twins": [{"id": 3}]},
                {"id": 3, "shout": "NEW!", "twins": [{"id": 1}]}
            ])
        )
    );
}
