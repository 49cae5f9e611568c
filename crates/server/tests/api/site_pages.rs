//! The app's declared pages (`_pleat/pages.json`): reads run as anon and
//! inlined, templates rendered into the head and body, templated files, and a
//! page still served when its reads or declaration fail.

use serde_json::{json, Value};

use crate::helpers::spawn_app;

/// The text of the first `<script …{marker}…>` element.
fn script_text<'a>(html: &'a str, marker: &str) -> &'a str {
    let at = html
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} missing: {html}"));
    let start = at + html[at..].find('>').unwrap() + 1;
    let end = start + html[start..].find("</script>").unwrap();
    &html[start..end]
}

#[tokio::test]
async fn declared_reads_are_inlined_as_escaped_json() {
    let app = spawn_app().await;
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    let text = script_text(&html, "id=\"pleat-data\"");
    assert!(html.contains("<script type=\"application/json\" id=\"pleat-data\">"));
    for raw in ['<', '>', '&', '\u{2028}'] {
        assert!(!text.contains(raw), "{raw:?} left raw in {text}");
    }
    let data: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        data,
        json!({"notes": [
            {"title": "</script><script>alert(1)</script> & \"Notes\"", "body": "line\u{2028}break"},
            {"title": "Second", "body": "<b>bold</b>"},
        ]}),
        "reads anon may not make (secrets: no grant) or that fail (missing) are left out"
    );
}

#[tokio::test]
async fn the_head_and_body_templates_are_rendered_with_html_escaping() {
    let app = spawn_app().await;
    let html = app.get("/").await.text().await.unwrap();
    assert_eq!(html.matches("<title>").count(), 1, "{html}");
    assert!(
        !html.contains("content=\"static\""),
        "the static description is replaced"
    );
    assert!(html.contains(
        "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Notes&quot; - Notes</title>"
    ));
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{}/\">",
        app.address
    )));
    let ld: Value = serde_json::from_str(script_text(&html, "application/ld+json")).unwrap();
    assert_eq!(ld["url"], format!("{}/", app.address));
    assert_eq!(ld["name"], "</script><script>alert(1)</script> & \"Notes\"");
    assert!(html.contains("<body><noscript><h1>&lt;/script&gt;"));
    assert!(html.contains("<p>&lt;b&gt;bold&lt;/b&gt;</p>"));
    assert!(
        html.contains("<p>no secrets</p>"),
        "a failed read is undefined to templates"
    );
    assert_eq!(html.matches("<script>alert").count(), 0);

    let about = app.get("/about/").await.text().await.unwrap();
    assert!(about.contains("<title>About - Notes</title>"));
    assert!(about.contains(&format!("href=\"{}/about\"", app.address)));
    assert!(
        !about.contains("pleat-data"),
        "a page without reads inlines none"
    );
}

#[tokio::test]
async fn robots_and_sitemap_come_from_the_apps_templates() {
    let app = spawn_app().await;
    let res = app.get("/robots.txt").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(
        res.text().await.unwrap(),
        format!(
            "User-agent: *\nDisallow: /admin\n\nSitemap: {}/sitemap.xml\n",
            app.address
        )
    );
    let res = app.get("/sitemap.xml").await;
    assert_eq!(
        res.headers()["content-type"],
        "application/xml; charset=utf-8"
    );
    assert_eq!(
        res.text().await.unwrap(),
        format!(
            "<urlset><url><loc>{}/</loc><lastmod>2026-01-02</lastmod></url></urlset>",
            app.address
        )
    );
}

#[tokio::test]
async fn a_broken_declaration_leaves_the_page_as_built() {
    let app = spawn_app().await;
    let manifest = app.site_dir.path().join("_pleat/pages.json");
    // A new modification time makes pleat read the declaration again.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&manifest, "{ not json").unwrap();
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(html.contains("<title>Pleat</title>") && html.contains("__PLEAT_CONFIG__"));
    assert!(!html.contains("pleat-data"));
    assert_eq!(app.get("/robots.txt").await.status(), 404);

    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(
        &manifest,
        r#"{"pages": {"/": {"data": {"notes": "notes?select=title"}, "head": "broken.html"}}}"#,
    )
    .unwrap();
    std::fs::write(app.site_dir.path().join("_pleat/broken.html"), "{{ 1 +* }}").unwrap();
    let html = app.get("/").await.text().await.unwrap();
    assert!(
        !html.contains("pleat-data"),
        "a template that does not compile disables the declaration"
    );

    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(
        app.site_dir.path().join("_pleat/broken.html"),
        "{{ data.notes|length + 'x' }}",
    )
    .unwrap();
    std::fs::write(
        &manifest,
        r#"{"pages": {"/": {"data": {"notes": "notes?select=title"}, "head": "broken.html"}}}"#,
    )
    .unwrap();
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(
        html.contains("<title>Pleat</title>"),
        "a template that fails to render is left out"
    );
    assert!(
        html.contains("id=\"pleat-data\""),
        "the data is still inlined"
    );
}

#[tokio::test]
async fn declared_reads_cannot_write() {
    let app = spawn_app().await;
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(
        app.site_dir.path().join("_pleat/pages.json"),
        r#"{"pages": {"/": {"data": {"notes": "notes?select=title&order=id", "root": "?"}}}}"#,
    )
    .unwrap();
    let html = app.get("/").await.text().await.unwrap();
    let data: Value = serde_json::from_str(script_text(&html, "id=\"pleat-data\"")).unwrap();
    assert_eq!(
        data,
        json!({"notes": [{"title": "</script><script>alert(1)</script> & \"Notes\""}, {"title": "Second"}]})
    );
}

#[tokio::test]
async fn a_read_can_take_a_query_parameter_of_the_page_request() {
    let app = spawn_app().await;
    std::thread::sleep(std::time::Duration::from_millis(20));
    let declared = app.site_dir.path().join("_pleat");
    std::fs::write(
        declared.join("note.head.html"),
        "<title>{{ data.note[0].title or \"All notes\" }}</title>",
    )
    .unwrap();
    std::fs::write(
        declared.join("pages.json"),
        r#"{"pages": {"/": {"data": {"note": "notes?select=title&id=eq.{query.note}", "count": "notes?select=id"}, "head": "note.head.html"}}}"#,
    )
    .unwrap();
    let data_of = |html: &str| -> Value {
        serde_json::from_str(script_text(html, "id=\"pleat-data\"")).unwrap()
    };

    let html = app.get("/?note=2&utm_source=x").await.text().await.unwrap();
    assert!(html.contains("<title>Second</title>"), "{html}");
    assert_eq!(data_of(&html)["note"], json!([{"title": "Second"}]));

    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains("<title>All notes</title>"), "{html}");
    assert_eq!(
        data_of(&html),
        json!({"count": [{"id": 1}, {"id": 2}]}),
        "without the parameter the read is left out"
    );

    // The value is one value: it cannot widen the filter into a second condition.
    let html = app.get("/?note=1%26id%3Deq.2").await.text().await.unwrap();
    assert!(html.contains("<title>All notes</title>"), "{html}");
    assert!(data_of(&html).get("note").is_none());
}
