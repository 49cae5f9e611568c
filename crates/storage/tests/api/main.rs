//! HTTP tests of `/storage/v1`: statuses, headers and error bodies, through
//! the whole app (`pleat_test_support`, `Application::build` on port 0) on a
//! throwaway database.

// Test code may unwrap (the workspace lints forbid it outside tests).
#![allow(clippy::unwrap_used)]

/// Each scenario `async fn name(app: TestApp)` of the module as two tests,
/// `name::local` (a directory) and `name::s3` (the throwaway S3 server;
/// skipped, loudly, without one).
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn local() {
                super::$name(crate::helpers::spawn_app().await).await
            }

            #[tokio::test]
            async fn s3() {
                if let Some(app) = crate::helpers::spawn_s3_app(crate::helpers::MAX_UPLOAD).await {
                    super::$name(app).await
                }
            }
        }
    )*};
}

mod backends;
mod errors;
mod helpers;
mod hostile;
mod render;
mod serving;
mod uploads;
