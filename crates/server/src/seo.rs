//! What crawlers and link previews see without running JavaScript: the title,
//! description, Open Graph/Twitter tags, canonical link and JSON-LD written into
//! the served `index.html` for `/` and `/portfolio` (from the database, read as
//! `anon`), plus `robots.txt` and `sitemap.xml`. The app's own builders
//! (`frontend/src/features/seo/`) produce the same values after it runs; the
//! end-to-end suite compares the two.

use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::PgPool;

const DEFAULT_TITLE: &str = "Pleat Interiors";
const TITLE_SUFFIX: &str = " - Custom Curtains, Blinds & Furniture Covers";
const DEFAULT_SITE_DESCRIPTION: &str = "Custom curtains, blinds and furniture covers crafted with precision. Design consultation, measurement and installation.";
const DEFAULT_PAGE_DESCRIPTION: &str = "Transform your space with custom curtains, blinds and furniture covers, designed with you, measured precisely and installed in your home.";
const DEFAULT_IMAGE: &str = "/images/hero.svg";
const OPENING_HOURS: &str = "Mo-Fr 09:00-18:00, Sa 10:00-16:00";
const PORTFOLIO_HEADING: &str = "Our Portfolio";
const PORTFOLIO_INTRO: &str = "Curtains, blinds and furniture covers we have designed, made and fitted. Choose a category, then open a project to see every photo.";

const CONTENT_SQL: &str = "SELECT json_build_object(
  'settings', (SELECT row_to_json(s) FROM (SELECT site_title, site_description, logo_url FROM site_settings LIMIT 1) s),
  'hero', (SELECT row_to_json(h) FROM (SELECT subtitle, background_image FROM hero_content LIMIT 1) h),
  'contact', (SELECT row_to_json(c) FROM (SELECT phone, email, address, business_hours, social_facebook, social_instagram, social_linkedin FROM contact_info LIMIT 1) c),
  'services', (SELECT coalesce(json_agg(json_build_object('title', title, 'description', description) ORDER BY sort_order), '[]') FROM services),
  'testimonials', (SELECT coalesce(json_agg(json_build_object('name', name, 'content', content, 'rating', rating) ORDER BY sort_order), '[]') FROM testimonials),
  'updated', (SELECT max(t) FROM (SELECT max(updated_at) t FROM hero_content UNION ALL SELECT max(updated_at) FROM services
              UNION ALL SELECT max(updated_at) FROM portfolio_items UNION ALL SELECT max(updated_at) FROM testimonials
              UNION ALL SELECT max(updated_at) FROM about_content UNION ALL SELECT max(updated_at) FROM site_settings) u)
)::text";

#[derive(Debug, Default, Deserialize)]
pub struct Content {
    settings: Option<Settings>,
    hero: Option<Hero>,
    contact: Option<Value>,
    #[serde(default)]
    services: Vec<Value>,
    #[serde(default)]
    testimonials: Vec<Value>,
    updated: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct Settings {
    site_title: Option<String>,
    site_description: Option<String>,
    logo_url: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
struct Hero {
    subtitle: Option<String>,
    background_image: Option<String>,
}

/// The public content, read as anon in a read-only transaction.
pub async fn load(pool: &PgPool) -> anyhow::Result<Content> {
    let mut tx = pleat_db::begin_as(pool, pleat_db::Role::Anon, &json!({"role": "anon"})).await?;
    let text: String = sqlx::query_scalar(CONTENT_SQL).fetch_one(&mut *tx).await?;
    tx.rollback().await?;
    Ok(serde_json::from_str(&text)?)
}

fn present(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn absolute(value: &str, origin: &str) -> String {
    if value.starts_with("http://") || value.starts_with("https://") {
        value.to_string()
    } else {
        format!(
            "{}/{}",
            origin.trim_end_matches('/'),
            value.trim_start_matches('/')
        )
    }
}

/// `&`, `<`, `>`, `"` and `'` escaped for text and attribute values.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The head elements for `path` (`/` or `/portfolio`).
pub fn head(content: &Content, path: &str, origin: &str) -> String {
    let settings = content.settings.as_ref();
    let site = settings
        .and_then(|s| present(&s.site_title))
        .unwrap_or(DEFAULT_TITLE);
    let hero = content.hero.as_ref();
    let (title, description) = if path == "/portfolio" {
        (
            format!("{PORTFOLIO_HEADING} - {site}"),
            PORTFOLIO_INTRO.to_string(),
        )
    } else {
        let description = settings
            .and_then(|s| present(&s.site_description))
            .or_else(|| hero.and_then(|h| present(&h.subtitle)))
            .unwrap_or(DEFAULT_PAGE_DESCRIPTION);
        (format!("{site}{TITLE_SUFFIX}"), description.to_string())
    };
    let image = absolute(
        hero.and_then(|h| present(&h.background_image))
            .unwrap_or(DEFAULT_IMAGE),
        origin,
    );
    let url = absolute(path, origin);
    let mut out = format!("<title>{}</title>", escape(&title));
    let tags = [
        ("name", "description", description.as_str()),
        ("property", "og:title", title.as_str()),
        ("property", "og:description", description.as_str()),
        ("property", "og:image", image.as_str()),
        ("property", "og:url", url.as_str()),
        ("property", "og:type", "website"),
        ("property", "og:site_name", site),
        ("name", "twitter:card", "summary_large_image"),
        ("name", "twitter:title", title.as_str()),
        ("name", "twitter:description", description.as_str()),
        ("name", "twitter:image", image.as_str()),
    ];
    for (attr, key, value) in tags {
        out.push_str(&format!(
            "<meta {attr}=\"{key}\" content=\"{}\">",
            escape(value)
        ));
    }
    out.push_str(&format!(
        "<link rel=\"canonical\" href=\"{}\">",
        escape(&url)
    ));
    let ld = json_ld(content, site, origin);
    out.push_str(&format!(
        "<script id=\"structured-data\" type=\"application/ld+json\">{}</script>",
        ld.to_string().replace('<', "\\u003c")
    ));
    out
}

fn json_ld(content: &Content, site: &str, origin: &str) -> Value {
    let home = absolute("/", origin);
    let org_id = format!("{home}#organization");
    let biz_id = format!("{home}#localbusiness");
    let settings = content.settings.as_ref();
    let description = settings
        .and_then(|s| present(&s.site_description))
        .unwrap_or(DEFAULT_SITE_DESCRIPTION);
    let logo = settings
        .and_then(|s| present(&s.logo_url))
        .map(|l| absolute(l, origin));
    let image = content
        .hero
        .as_ref()
        .and_then(|h| present(&h.background_image))
        .map(|i| absolute(i, origin));
    let info = content.contact.clone().unwrap_or(Value::Null);
    let field = |k: &str| {
        info.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let (telephone, email, address) = (field("phone"), field("email"), field("address"));
    let same_as: Vec<String> = ["social_facebook", "social_instagram", "social_linkedin"]
        .iter()
        .filter_map(|k| field(k))
        .collect();
    let same_as = (!same_as.is_empty()).then_some(same_as);
    let contact_point = (telephone.is_some() || email.is_some()).then(|| {
        compact(json!({"@type": "ContactPoint", "contactType": "customer service", "telephone": telephone, "email": email}))
    });
    let organization = compact(json!({
        "@type": "Organization", "@id": org_id, "name": site, "url": home, "description": description,
        "logo": logo, "email": email, "telephone": telephone, "sameAs": same_as, "contactPoint": contact_point,
    }));
    let business = compact(json!({
        "@type": "LocalBusiness", "@id": biz_id, "name": site, "url": home, "description": description,
        "image": image, "logo": logo, "telephone": telephone, "email": email,
        "address": address.as_ref().map(|a| json!({"@type": "PostalAddress", "streetAddress": a})),
        "openingHours": field("business_hours").unwrap_or_else(|| OPENING_HOURS.to_string()),
        "priceRange": "$$", "sameAs": same_as, "parentOrganization": {"@id": org_id},
    }));
    let website = json!({
        "@type": "WebSite", "@id": format!("{home}#website"), "name": site, "url": home,
        "publisher": {"@id": org_id},
        "potentialAction": {"@type": "SearchAction",
            "target": {"@type": "EntryPoint", "urlTemplate": format!("{home}?q={{search_term_string}}")},
            "query-input": "required name=search_term_string"},
    });
    let crumbs: Vec<Value> = [("Home", "/"), ("Services", "/#services"), ("Portfolio", "/portfolio"), ("Contact", "/#contact")]
        .iter()
        .enumerate()
        .map(|(i, (name, path))| json!({"@type": "ListItem", "position": i + 1, "name": name, "item": absolute(path, origin)}))
        .collect();
    let mut graph = vec![
        organization,
        business,
        website,
        json!({"@type": "BreadcrumbList", "itemListElement": crumbs}),
    ];
    for s in &content.services {
        let title = s.get("title").cloned().unwrap_or(Value::Null);
        let description = s
            .get("description")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|d| !d.is_empty());
        graph.push(compact(
            json!({"@type": "Service", "name": title, "description": description,
            "serviceType": title, "provider": {"@id": biz_id}, "areaServed": address}),
        ));
    }
    for t in &content.testimonials {
        graph.push(json!({"@type": "Review", "author": {"@type": "Person", "name": t.get("name")},
            "reviewBody": t.get("content"),
            "reviewRating": {"@type": "Rating", "ratingValue": t.get("rating").filter(|r| !r.is_null()).cloned().unwrap_or(json!(5)),
                             "bestRating": 5, "worstRating": 1},
            "itemReviewed": {"@id": biz_id}}));
    }
    json!({"@context": "https://schema.org", "@graph": graph})
}

/// Drop null fields, as the app's builder leaves absent ones out.
fn compact(mut v: Value) -> Value {
    if let Value::Object(map) = &mut v {
        map.retain(|_, value| !value.is_null());
    }
    v
}

/// Replace the page's static `<title>` and description with `head`.
pub fn apply(html: &str, head: &str) -> String {
    let mut html = html.to_string();
    if let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>")) {
        html.replace_range(start..end + "</title>".len(), "");
    }
    if let Some(at) = html.find("name=\"description\"") {
        if let (Some(start), Some(len)) = (html[..at].rfind("<meta"), html[at..].find('>')) {
            html.replace_range(start..at + len + 1, "");
        }
    }
    match html.find("</head>") {
        Some(i) => format!("{}{}{}", &html[..i], head, &html[i..]),
        None => format!("{head}{html}"),
    }
}

pub fn robots(origin: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: {}\n",
        absolute("/sitemap.xml", origin)
    )
}

pub fn sitemap(origin: &str, updated: Option<&str>) -> String {
    let lastmod = updated.map(|u| u.get(..10).unwrap_or(u).to_string());
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for (path, modified) in [
        ("/", lastmod.clone()),
        ("/portfolio", lastmod),
        ("/terms", Some("2025-10-10".into())),
        ("/privacy", Some("2025-10-10".into())),
    ] {
        out.push_str(&format!(
            "  <url><loc>{}</loc>",
            escape(&absolute(path, origin))
        ));
        if let Some(m) = modified {
            out.push_str(&format!("<lastmod>{m}</lastmod>"));
        }
        out.push_str("</url>\n");
    }
    out.push_str("</urlset>\n");
    out
}

impl Content {
    pub fn updated(&self) -> Option<&str> {
        self.updated.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_fill_an_empty_database() {
        let head = head(&Content::default(), "/", "https://shop.example");
        assert!(head.starts_with(
            "<title>Pleat Interiors - Custom Curtains, Blinds &amp; Furniture Covers</title>"
        ));
        assert!(head.contains(
            "<meta property=\"og:image\" content=\"https://shop.example/images/hero.svg\">"
        ));
        assert!(head.contains("<link rel=\"canonical\" href=\"https://shop.example/\">"));
        assert!(head.contains("\"openingHours\":\"Mo-Fr 09:00-18:00, Sa 10:00-16:00\""));
        assert!(head.contains("\"priceRange\":\"$$\""));
    }

    #[test]
    fn content_is_escaped() {
        let content: Content = serde_json::from_value(json!({
            "settings": {"site_title": "A \"B\" <C>", "site_description": null, "logo_url": null},
            "testimonials": [{"name": "</script><script>alert(1)</script>", "content": "x", "rating": null}],
        })).unwrap();
        let head = head(&content, "/", "http://h");
        assert!(head.contains("<title>A &quot;B&quot; &lt;C&gt; - Custom"));
        assert!(!head.contains("</script><script>"));
        assert!(head.contains("\"ratingValue\":5"));
    }

    #[test]
    fn apply_replaces_the_static_title_and_description() {
        let html = "<html><head><title>Old</title><meta\n name=\"description\"\n content=\"old\" /><link rel=\"icon\"></head><body></body></html>";
        let out = apply(html, "<title>New</title>");
        assert_eq!(
            out,
            "<html><head><link rel=\"icon\"><title>New</title></head><body></body></html>"
        );
    }

    #[test]
    fn robots_and_sitemap_point_at_the_site() {
        assert!(robots("http://h:1").contains("Sitemap: http://h:1/sitemap.xml"));
        let map = sitemap("http://h:1", Some("2026-01-02T03:04:05+00:00"));
        assert!(
            map.contains("<url><loc>http://h:1/portfolio</loc><lastmod>2026-01-02</lastmod></url>")
        );
        assert!(map.contains("<loc>http://h:1/privacy</loc><lastmod>2025-10-10</lastmod>"));
    }
}
