//! Migrations apply on a fresh database, and applying them again changes nothing.

use pleat_db::migrate;
use sqlx::PgPool;

#[tokio::test]
async fn migrations_apply_twice_without_change() {
    let pool = PgPool::connect_with(pleat_db::testing::fresh_database().await)
        .await
        .unwrap();
    let count = |pool: PgPool| async move {
        sqlx::query_scalar::<_, i64>("SELECT count(*) FROM _sqlx_migrations")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = count(pool.clone()).await;
    assert_eq!(before as usize, migrate::MIGRATOR.iter().count());
    migrate::run(&pool).await.unwrap();
    migrate::run(&pool).await.unwrap();
    assert_eq!(count(pool.clone()).await, before);
    let heroes: i64 = sqlx::query_scalar("SELECT count(*) FROM hero_content")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(heroes, 1, "seed rows are not duplicated");
}

#[tokio::test]
async fn the_api_roles_exist_with_the_right_attributes() {
    let pool = PgPool::connect_with(pleat_db::testing::fresh_database().await)
        .await
        .unwrap();
    let rows: Vec<(String, bool, bool, bool)> = sqlx::query_as(
        "SELECT rolname::text, rolcanlogin, rolinherit, rolbypassrls FROM pg_roles
         WHERE rolname IN ('anon','authenticated','service_role','authenticator') ORDER BY rolname",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            ("anon".into(), false, false, false),
            ("authenticated".into(), false, false, false),
            ("authenticator".into(), true, false, false),
            ("service_role".into(), false, false, true),
        ]
    );
    let members: Vec<String> = sqlx::query_scalar(
        "SELECT r.rolname::text FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
         JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = 'authenticator' ORDER BY 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(members, vec!["anon", "authenticated", "service_role"]);
}
