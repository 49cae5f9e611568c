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

/// A built site like Vite's: index.html, a hashed asset, a public file, and
/// what a small notes app declares in `_pleat/` (see docs/pages.md).
fn write_site(dir: &Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("images")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><html><head><title>Pleat</title><meta name=\"description\" content=\"static\"><script type=\"module\" src=\"/assets/index-AbC123.js\"></script></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/index-AbC123.js"), "console.log('pleat')").unwrap();
    std::fs::write(
        dir.join("images/hero.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    let declared = dir.join("_pleat");
    std::fs::create_dir_all(&declared).unwrap();
    for (name, text) in DECLARED {
        std::fs::write(declared.join(name), text).unwrap();
    }
}

const DECLARED: &[(&str, &str)] = &[
    (
        "pages.json",
        r#"{
  "pages": {
    "/": {
      "data": {
        "notes": "notes?select=title,body&order=id",
        "secrets": "secrets?select=*",
        "missing": "no_such_table?select=*"
      },
      "head": "home.head.html",
      "body": "home.body.html"
    },
    "/about": { "head": "about.head.html" },
    "/admin": {}
  },
  "files": {
    "/robots.txt": { "template": "robots.txt", "content_type": "text/plain; charset=utf-8" },
    "/sitemap.xml": {
      "template": "sitemap.xml",
      "content_type": "application/xml; charset=utf-8",
      "data": { "latest": "notes?select=updated_at&order=updated_at.desc&limit=1" }
    }
  }
}"#,
    ),
    (
        "home.head.html",
        r#"<title>{{ data.notes[0].title }} - Notes</title><link rel="canonical" href="{{ site_url }}{{ path }}"><meta property="og:url" content="{{ site_url }}{{ request_path }}"><script id="structured-data" type="application/ld+json">{{ {"@context": "https://schema.org", "name": data.notes[0].title, "url": site_url ~ "/"}|tojson }}</script>"#,
    ),
    (
        "home.body.html",
        "<noscript><h1>{{ data.notes[0].title }}</h1>{% for note in data.notes %}<p>{{ note.body }}</p>{% endfor %}{% if data.secrets is undefined %}<p>no secrets</p>{% endif %}</noscript>",
    ),
    (
        "about.head.html",
        "<title>About - Notes</title><link rel=\"canonical\" href=\"{{ site_url }}{{ path }}\">",
    ),
    (
        "robots.txt",
        "User-agent: *\nDisallow: /admin\n\nSitemap: {{ site_url }}/sitemap.xml\n",
    ),
    (
        "sitemap.xml",
        "<urlset><url><loc>{{ site_url }}/</loc><lastmod>{{ data.latest[0].updated_at[:10] }}</lastmod></url></urlset>",
    ),
];

/// The notes app's tables: `notes` readable by anon, `secrets` not.
const NOTES_SQL: &str = r#"
create table public.notes (id int primary key, title text not null, body text not null,
  updated_at timestamptz not null default '2026-01-02T03:04:05Z');
grant select on public.notes to anon;
insert into public.notes (id, title, body) values
  (1, '</script><script>alert(1)</script> & "Notes"', 'line' || chr(8232) || 'break'),
  (2, 'Second', '<b>bold</b>');
create table public.secrets (id int primary key, text text);
insert into public.secrets values (1, 'hidden');
"#;

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// [`spawn_app`] with extra `PLEAT_*` variables.
pub async fn spawn_app_with(extra: &[(&str, &str)]) -> TestApp {
    let url = pleat_db::testing::fresh_database_url(&repo_sets().await).await;
    let owner = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::raw_sql(NOTES_SQL).execute(&owner).await.unwrap();
    owner.close().await;
    spawn_on_with(url, &repo_migrations_dir(), extra).await
}

/// The app whose migrations are in `dir` (`PLEAT_MIGRATIONS_DIR`) rather than
/// the repository's, on a fresh database migrated with them.
pub async fn spawn_app_with_migrations(dir: &Path) -> TestApp {
    let sets = pleat_server::migrations::all(dir).await.unwrap();
    let url = pleat_db::testing::fresh_database_url(&sets).await;
    spawn_on_with(url, dir, &[]).await
}

/// The app on the database at `url`, migrating it as `pleat serve` does.
pub async fn spawn_on(url: String) -> TestApp {
    spawn_on_with(url, &repo_migrations_dir(), &[]).await
}

async fn spawn_on_with(url: String, migrations: &Path, extra: &[(&str, &str)]) -> TestApp {
    pleat_server::telemetry::init();
    let site_dir = tempfile::tempdir().unwrap();
    write_site(site_dir.path());
    let data_dir = tempfile::tempdir().unwrap();
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
            (
                "PLEAT_MIGRATIONS_DIR".to_string(),
                migrations.display().to_string(),
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

/// The sets `pleat` applies, with the repository's app migrations.
pub async fn repo_sets() -> Vec<pleat_db::migrate::Set> {
    pleat_server::migrations::all(&repo_migrations_dir())
        .await
        .unwrap()
}

pub fn repo_migrations_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations")
}
