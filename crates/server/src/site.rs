//! The built site: static files from `PLEAT_SITE_DIR` (hashed `/assets/*` cached
//! for a year, everything else revalidated), the SPA fallback to `index.html`
//! for client-side routes, and the runtime config injected into `index.html` so
//! one build works against any deployment.

use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

/// Client-side routes of the React app; other extension-less paths still get
/// the app (so it can show its not-found page) but with a 404 status.
const APP_ROUTES: &[&str] = &["/", "/portfolio", "/terms", "/privacy", "/admin"];
const API_PREFIXES: &[&str] = &["/rest/", "/auth/", "/storage/"];

pub struct Site {
    pub dir: PathBuf,
    pub anon_key: String,
    /// The `authenticator` pool: page metadata is read as anon.
    pub pool: sqlx::PgPool,
}

/// Pages whose metadata and JSON-LD are written into the served HTML.
const SEO_PAGES: &[&str] = &["/", "/portfolio"];

pub async fn robots(req: HttpRequest) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(crate::seo::robots(&origin(&req)))
}

pub async fn sitemap(req: HttpRequest, site: web::Data<Site>) -> HttpResponse {
    let updated = match crate::seo::load(&site.pool).await {
        Ok(content) => content.updated().map(str::to_string),
        Err(e) => {
            tracing::warn!(error = %e, "sitemap: cannot read the content dates");
            None
        }
    };
    HttpResponse::Ok()
        .content_type("application/xml; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(crate::seo::sitemap(&origin(&req), updated.as_deref()))
}

fn origin(req: &HttpRequest) -> String {
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

pub async fn serve(req: HttpRequest, site: web::Data<Site>) -> HttpResponse {
    let path = req.path();
    if API_PREFIXES.iter().any(|p| path.starts_with(p))
        || ["/rest", "/auth", "/storage"].contains(&path)
    {
        return HttpResponse::NotFound().json(serde_json::json!({
            "code": "PGRST125", "message": format!("Invalid path specified in request URL"),
            "details": null, "hint": null,
        }));
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    let Some(relative) = safe_relative(path) else {
        return HttpResponse::NotFound().body("not found");
    };
    if relative.as_os_str().is_empty() || relative == Path::new("index.html") {
        return index(&req, &site, StatusCode::OK).await;
    }
    let file = site.dir.join(&relative);
    if file.is_file() {
        return static_file(&req, &file, relative.starts_with("assets")).await;
    }
    if relative.extension().is_some() {
        return HttpResponse::NotFound().body("not found");
    }
    let route = path.trim_end_matches('/');
    let status = if APP_ROUTES.contains(&route) || route.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    index(&req, &site, status).await
}

/// The request path as a relative path inside the site dir, or None if it
/// tries to leave it.
fn safe_relative(path: &str) -> Option<PathBuf> {
    let rel = Path::new(path.trim_start_matches('/'));
    rel.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| rel.to_path_buf())
}

async fn static_file(req: &HttpRequest, file: &Path, hashed: bool) -> HttpResponse {
    match NamedFile::open_async(file).await {
        Ok(named) => {
            let mut res = named.into_response(req);
            let cache = if hashed {
                "public, max-age=31536000, immutable"
            } else {
                "public, max-age=3600, must-revalidate"
            };
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            res
        }
        Err(_) => HttpResponse::NotFound().body("not found"),
    }
}

async fn index(req: &HttpRequest, site: &Site, status: StatusCode) -> HttpResponse {
    let path = site.dir.join("index.html");
    let Ok(html) = std::fs::read_to_string(&path) else {
        return HttpResponse::ServiceUnavailable()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .content_type("text/plain; charset=utf-8")
            .body(format!(
                "The site is not built: {} is missing. Build it with `npm run build` in frontend/ (scripts/run does this).",
                path.display()
            ));
    };
    let url = origin(req);
    let route = match req.path().trim_end_matches('/') {
        "" | "/index.html" => "/",
        other => other,
    };
    let html = if status == StatusCode::OK && SEO_PAGES.contains(&route) {
        match crate::seo::load(&site.pool).await {
            Ok(content) => crate::seo::apply(&html, &crate::seo::head(&content, route, &url)),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the page metadata; serving the plain page");
                html
            }
        }
    } else {
        html
    };
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/html; charset=utf-8")
        .body(inject_config(&html, &url, &site.anon_key))
}

/// Put `window.__PLEAT_CONFIG__` first in `<head>`, before any module script.
pub fn inject_config(html: &str, url: &str, anon_key: &str) -> String {
    let config = serde_json::json!({ "url": url, "anonKey": anon_key }).to_string();
    // `<` escaped so a hostile Host header cannot close the script element.
    let script = format!(
        "<script>window.__PLEAT_CONFIG__={}</script>",
        config.replace('<', "\\u003c")
    );
    match html.to_ascii_lowercase().find("<head>") {
        Some(i) => format!("{}{}{}", &html[..i + 6], script, &html[i + 6..]),
        None => format!("{script}{html}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_goes_first_in_head_and_is_escaped() {
        let out = inject_config(
            "<html><HEAD><title>x</title></HEAD></html>",
            "http://evil</script><script>alert(1)",
            "key",
        );
        assert_eq!(
            out,
            "<html><HEAD><script>window.__PLEAT_CONFIG__={\"anonKey\":\"key\",\"url\":\"http://evil\\u003c/script>\\u003cscript>alert(1)\"}</script><title>x</title></HEAD></html>"
        );
    }

    #[test]
    fn paths_cannot_leave_the_site_dir() {
        assert_eq!(
            safe_relative("/assets/a.js"),
            Some(PathBuf::from("assets/a.js"))
        );
        assert_eq!(safe_relative("/"), Some(PathBuf::new()));
        assert_eq!(safe_relative("/../etc/passwd"), None);
        assert_eq!(safe_relative("/a/./b"), Some(PathBuf::from("a/b")));
    }
}
