//! The CHECK constraints the spec asks for, whatever the role.

use crate::helpers::*;

#[tokio::test]
async fn check_constraints_reject_out_of_range_content() {
    let pool = fresh_pool().await;
    // (constraint that must fire, statement)
    let rejected = [
        ("testimonials_rating_range", "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 0)"),
        ("testimonials_rating_range", "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 6)"),
        ("testimonials_rating_range", "UPDATE testimonials SET rating = 0"),
        ("about_content_years_experience_non_negative", "UPDATE about_content SET years_experience = -1"),
        ("about_content_projects_completed_non_negative", "UPDATE about_content SET projects_completed = -1"),
        ("site_settings_primary_color_hex", "UPDATE site_settings SET primary_color = 'red'"),
        ("site_settings_secondary_color_hex", "UPDATE site_settings SET secondary_color = 'red'"),
        ("portfolio_items_category_known", "UPDATE portfolio_items SET category = 'sofas'"),
        ("portfolio_items_category_known", "INSERT INTO portfolio_items (title, image_url, category) VALUES ('A', '/a.svg', 'sofas')"),
        ("services_title_not_blank", "UPDATE services SET title = E'\\n\\t'"),
    ];
    for (expected, sql) in rejected {
        let mut tx = as_role(&pool, Role::Authenticated).await;
        let err = sqlx::query(sql).execute(&mut *tx).await.expect_err(sql);
        assert_eq!(code(&err), CHECK_VIOLATION, "{sql}");
        assert_eq!(
            err.as_database_error().unwrap().constraint(),
            Some(expected),
            "{sql}"
        );
    }
    // The edges of each range are fine.
    let mut tx = as_role(&pool, Role::Authenticated).await;
    for sql in [
        "INSERT INTO testimonials (name, content, rating) VALUES ('A', 'B', 1), ('C', 'D', 5)",
        "UPDATE about_content SET years_experience = 0, projects_completed = 0",
        "UPDATE site_settings SET primary_color = '#AbCdEf'",
        "UPDATE portfolio_items SET category = 'furniture-covers' WHERE sort_order = 0",
    ] {
        assert!(run(&mut tx, sql).await > 0, "{sql}");
    }
}
