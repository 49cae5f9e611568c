//! A database migrated by the release before the migration sets (one sqlx
//! history, backend and site migrations mixed in `migrations/`) starts on the
//! current layout: nothing re-runs, nothing is lost, what is new is applied.
//! The fixture is that release's `pleat migrate` + `pleat user add`, dumped.

use serde_json::Value;
use sqlx::{Connection, PgConnection};

use pleat_site_tests::site_migrations_dir;

use crate::helpers::spawn_site_on;

const LEGACY_DUMP: &str = include_str!("../fixtures/legacy-e76e42b.sql");

/// A new database holding the legacy release's data and history.
async fn legacy_database() -> String {
    let admin_url = std::env::var("TEST_DATABASE_URL").expect("run with scripts/test");
    let name = format!("legacy_{:016x}", rand::random::<u64>());
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE \"{name}\""))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let url = format!("{}/{name}", admin_url.rsplit_once('/').unwrap().0);
    let mut conn = PgConnection::connect(&url).await.unwrap();
    // Roles are cluster-wide: the legacy release had created them on its cluster.
    sqlx::raw_sql(&pleat_db::migrate::ROLES.iter().next().unwrap().sql)
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::raw_sql(LEGACY_DUMP).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    url
}

#[tokio::test]
async fn a_database_of_the_previous_layout_upgrades_in_place() {
    let url = legacy_database().await;
    let app = spawn_site_on(&url).await;
    let mut db = PgConnection::connect(&url).await.unwrap();

    // Every migration of every set is recorded, once.
    let recorded: Vec<(String, i64)> =
        sqlx::query_as("SELECT set_name, version FROM pleat.schema_migrations ORDER BY 1, 2")
            .fetch_all(&mut db)
            .await
            .unwrap();
    let mut expected: Vec<(String, i64)> = pleat_server::migrations::all(&site_migrations_dir())
        .await
        .unwrap()
        .iter()
        .flat_map(|s| s.migrations.iter().map(|m| (s.name.clone(), m.version)))
        .collect();
    expected.sort();
    assert_eq!(recorded, expected);

    // Nothing that ran under the old layout ran again: the seed did not add a
    // second hero, and the owner's edits and rows are there.
    let read = |path: &str| {
        app.client
            .get(format!("{}/rest/v1/{path}", app.address))
            .header("apikey", &app.anon_key)
            .send()
    };
    let heroes: Vec<Value> = read("hero_content?select=title")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        heroes,
        vec![serde_json::json!({"title": "Curtains made by the legacy release"})]
    );
    let services: Vec<Value> = read("services?select=title&title=eq.Legacy%20service")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(services.len(), 1);
    let messages: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM public.contact_messages WHERE message = 'Sent before the upgrade'",
    )
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(messages, 1);

    // The owner made by the old release still signs in.
    let signed_in = app
        .client
        .post(format!("{}/auth/v1/token?grant_type=password", app.address))
        .header("apikey", &app.anon_key)
        .json(&serde_json::json!({"email": "owner@example.com", "password": "owner-password-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        signed_in.status(),
        200,
        "{}",
        signed_in.text().await.unwrap()
    );

    // A second start on the upgraded database changes nothing.
    let again = spawn_site_on(&url).await;
    drop(again);
    let after: i64 = sqlx::query_scalar("SELECT count(*) FROM pleat.schema_migrations")
        .fetch_one(&mut db)
        .await
        .unwrap();
    assert_eq!(after as usize, expected.len());
}
