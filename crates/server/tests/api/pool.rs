//! The request connections of `/rest/v1` as the server starts.

use crate::helpers::spawn_app;

/// The REST connections are open before the first request: each worker opens
/// its share as it starts (the first requests after a start used to wait for
/// all of them being set up at once), and there are as many as the default
/// pool for this machine's cores, no more.
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
              WHERE application_name = 'pleat rest' AND datname = current_database()",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        if open >= want {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(open, want, "request connections open after start");
    let res = app.get("/rest/v1/notes?select=id&limit=1").await;
    assert_eq!(res.status(), 200);
}
