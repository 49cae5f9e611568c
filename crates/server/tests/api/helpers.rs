use std::path::Path;

use pleat_server::config::Config;
use pleat_server::startup::Application;

pub const JWT_SECRET: &str = "pleat-test-secret-pleat-test-secret-0123";

pub struct TestApp {
    pub address: String,
    pub anon_key: String,
    pub service_key: String,
    pub database_url: String,
    pub client: reqwest::Client,
    pub site_dir: tempfile::TempDir,
    _data_dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{}", self.address, path))
            .send()
            .await
            .expect("request failed")
    }
}

/// A built site like Vite's: index.html, a hashed asset, a public file.
fn write_site(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("images")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html><head><title>Pleat</title><script type=\"module\" src=\"/assets/index-AbC123.js\"></script></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js"), "console.log('pleat')").unwrap();
    std::fs::write(
        dir.join("images/hero.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// [`spawn_app`] with more configuration variables.
pub async fn spawn_app_with(extra: &[(&str, &str)]) -> TestApp {
    pleat_server::telemetry::init();
    let site_dir = tempfile::tempdir().unwrap();
    write_site(site_dir.path());
    let data_dir = tempfile::tempdir().unwrap();
    let url = pleat_db::testing::fresh_database_url().await;
    let config = Config::from_vars(
        [
            ("DATABASE_URL".to_string(), url.clone()),
            ("PLEAT_ADDR".to_string(), "127.0.0.1:0".to_string()),
            ("PLEAT_JWT_SECRET".to_string(), JWT_SECRET.to_string()),
            (
                "PLEAT_SITE_DIR".to_string(),
                site_dir.path().display().to_string(),
            ),
            (
                "PLEAT_DATA_DIR".to_string(),
                data_dir.path().display().to_string(),
            ),
        ]
        .into_iter()
        .chain(extra.iter().map(|(k, v)| (k.to_string(), v.to_string()))),
    )
    .unwrap();
    let app = Application::build(config)
        .await
        .expect("app failed to build");
    let address = format!("http://127.0.0.1:{}", app.port());
    let anon_key = app.keys().anon.clone();
    let service_key = app.keys().service_role.clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        anon_key,
        service_key,
        database_url: url,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        site_dir,
        _data_dir: data_dir,
    }
}
