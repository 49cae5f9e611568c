//! The app of `pleat_test_support::spawn_app` with a built notes site and
//! its tables.

use std::path::Path;

use pleat_test_support::AppMigrations;
pub use pleat_test_support::{TestApp, JWT_SECRET};

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

/// The app with the notes site and its tables.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// [`spawn_app`] with extra `PLEAT_*` variables.
pub async fn spawn_app_with(extra: &[(&str, &str)]) -> TestApp {
    notes_app().vars(extra).spawn().await
}

/// The app of [`spawn_app`], to change further before it starts.
pub fn notes_app() -> pleat_test_support::AppBuilder {
    TestApp::builder().sql(NOTES_SQL).site(write_site)
}

/// The app whose migrations are in `dir` (`PLEAT_MIGRATIONS_DIR`), on a
/// fresh database migrated with them.
pub async fn spawn_app_with_migrations(dir: &Path) -> TestApp {
    spawn_app_with_migrations_and(dir, &[]).await
}

/// [`spawn_app_with_migrations`] with extra `PLEAT_*` variables.
pub async fn spawn_app_with_migrations_and(dir: &Path, extra: &[(&str, &str)]) -> TestApp {
    TestApp::builder()
        .migrations(AppMigrations::Dir(dir.to_path_buf()))
        .site(write_site)
        .vars(extra)
        .spawn()
        .await
}
