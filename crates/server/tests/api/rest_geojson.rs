//! `Accept: application/geo+json` through postgrest-rs on the neutral REST
//! app: not offered (406 PGRST107) while the database has no PostGIS; once
//! PostGIS is created (in a schema of its own, off the search path) and the
//! schema cache reloaded, a FeatureCollection by its `ST_AsGeoJSON`. Needs
//! PostGIS installed on the machine (scripts/test installs it).

use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::rest::{client, send, spawn_rest_app};

/// `request` with `Accept: application/geo+json` (postgrest-rs sets `Accept`
/// on every request it builds, so it is replaced on the built request).
async fn geojson(request: postgrest::Builder) -> (u16, Value) {
    let (http, built) = request.build().build_split();
    let mut built = built.unwrap();
    built
        .headers_mut()
        .insert("accept", "application/geo+json".parse().unwrap());
    let res = http.execute(built).await.expect("the server answered");
    let status = res.status().as_u16();
    let text = res.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn create_postgis(app: &TestApp) {
    let superuser = sqlx::PgPool::connect_with(app.options.clone())
        .await
        .unwrap();
    let available: Option<i32> =
        sqlx::query_scalar("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")
            .fetch_optional(&superuser)
            .await
            .unwrap();
    assert!(
        available.is_some(),
        "PostGIS is not installed: scripts/test installs it (postgresql-15-postgis-3)"
    );
    sqlx::raw_sql(
        "CREATE SCHEMA gis; GRANT USAGE ON SCHEMA gis TO anon, authenticated, service_role;
         CREATE EXTENSION postgis SCHEMA gis;
         CREATE TABLE public.geo_places (id int PRIMARY KEY, name text NOT NULL, spot gis.geometry(Point, 4326));
         INSERT INTO public.geo_places VALUES (1, 'quay', 'SRID=4326;POINT(2.35 48.85)');
         GRANT SELECT ON public.geo_places TO anon;
         NOTIFY pgrst, 'reload schema';",
    )
    .execute(&superuser)
    .await
    .unwrap();
}

#[tokio::test]
async fn geojson_is_406_without_postgis_and_features_with_it() {
    let app = spawn_rest_app().await;
    let (status, body) = geojson(client(&app).from("books").select("id")).await;
    assert_eq!(status, 406);
    assert_eq!(
        body,
        json!({"code": "PGRST107", "message": "None of these media types are available: application/geo+json",
               "details": null, "hint": null})
    );

    create_postgis(&app).await;
    // The reload is asynchronous: wait until the new table is served.
    let mut served = false;
    for _ in 0..100 {
        if send(client(&app).from("geo_places").select("id"))
            .await
            .status
            == 200
        {
            served = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(served, "the schema cache never saw geo_places");
    let (status, body) = geojson(client(&app).from("geo_places").select("*")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.35, 48.85]},
             "properties": {"id": 1, "name": "quay"}}
        ]})
    );
    let (status, body) = geojson(client(&app).from("books").select("id")).await;
    assert_eq!((status, &body["code"]), (400, &json!("22023")), "{body}");
    assert_eq!(body["message"], "geometry column is missing");
}
