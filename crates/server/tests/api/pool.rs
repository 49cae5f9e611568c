//! The request connections of `/rest/v1` as the server starts.

use crate::helpers::spawn_app;

/// The REST connections are open before the first request: each worker opens
/// its share as it starts (the first requests after a start used to wait for
/// all of them being set up at once). By default there are twice the cores,
/// 4 to 16; `authenticator` also holds the auth and storage pool's connections.
#[tokio::test]
async fn request_connections_are_open_before_the_first_request() {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let want = i64::from(pleat_server::config::default_rest_pool(cores));
    let app = spawn_app().await;
    let pool = sqlx::PgPool::connect(&app.database_url).await.unwrap();
    let mut open = 0;
    for _ in 0..100 {
        open = sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM pg_stat_activity
              WHERE usename = 'authenticator' AND datname = current_database()",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        if open >= want {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(
        open >= want,
        "only {open} request connections open after start, want {want}"
    );
    let res = app.get("/rest/v1/services?select=id&limit=1").await;
    assert_eq!(res.status(), 200);
}
