//! The built app: static files from `PLEAT_SITE_DIR` (hashed `/assets/*` cached
//! for a year, everything else revalidated), the SPA fallback to `index.html`
//! for client-side routes, the runtime config injected into `index.html` so one
//! build works against any deployment, and what the app declares in `_pleat/`
//! (its pages' data, head and body, and templated files such as robots.txt).
//! Every URL written into a page comes from `PLEAT_SITE_URL`, never from the
//! request's `Host` or forwarded headers.

mod encoded;
mod headers;
mod inject;
mod manifest;
mod params;
mod render;

use std::path::{Component, Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use pleat_rest::routes::RestState;

use self::headers::SecurityHeaders;
use self::manifest::Declarations;
use self::render::Context;

const API_PREFIXES: &[&str] = &["/rest/", "/auth/", "/storage/"];

pub struct Site {
    dir: PathBuf,
    site_url: String,
    config_script: String,
    declarations: Declarations,
    headers: SecurityHeaders,
    rest: web::Data<RestState>,
}

impl Site {
    pub fn new(dir: PathBuf, site_url: String, anon_key: &str, rest: web::Data<RestState>) -> Site {
        let config_script = inject::config_script_body(&site_url, anon_key);
        Site {
            declarations: Declarations::new(&dir),
            headers: SecurityHeaders::new(&site_url, &config_script),
            dir,
            site_url,
            config_script,
            rest,
        }
    }
}

pub async fn serve(req: HttpRequest, site: web::Data<Site>) -> HttpResponse {
    let mut res = respond(&req, &site).await;
    site.headers.apply(&mut res);
    res
}

async fn respond(req: &HttpRequest, site: &Site) -> HttpResponse {
    let path = req.path();
    if API_PREFIXES.iter().any(|p| path.starts_with(p))
        || ["/rest", "/auth", "/storage"].contains(&path)
    {
        return HttpResponse::NotFound()
            .insert_header(("proxy-status", "PostgREST; error=PGRST125"))
            .json(serde_json::json!({
                "code": "PGRST125", "message": "Invalid path specified in request URL",
                "details": null, "hint": null,
            }));
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    let Some(relative) = safe_relative(path) else {
        return not_found();
    };
    // The app's declaration is for pleat, not for visitors.
    if relative.starts_with(manifest::DIR) {
        return not_found();
    }
    let declared = site.declarations.current();
    if let Some(file) = declared.as_ref().and_then(|d| d.file(path)) {
        let reads = params::bind(&file.data, req.query_string());
        let data = render::read_all(&site.rest, &reads).await;
        let ctx = site.context(path, path, &data);
        let declared = declared.as_ref().expect("a file was declared");
        return match render::template(&declared.templates, &file.template, &ctx) {
            Some(body) => HttpResponse::Ok()
                .insert_header((header::CONTENT_TYPE, file.content_type.as_str()))
                .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
                .body(body),
            None => HttpResponse::ServiceUnavailable()
                .insert_header((header::CACHE_CONTROL, "no-cache"))
                .finish(),
        };
    }
    if relative.as_os_str().is_empty() || relative == Path::new("index.html") {
        return index(req, site, "/", StatusCode::OK).await;
    }
    let file = site.dir.join(&relative);
    if file.is_file() {
        return static_file(req, &file, relative.starts_with("assets")).await;
    }
    if relative.extension().is_some() {
        return not_found();
    }
    let route = match path.trim_end_matches('/') {
        "" => "/",
        route => route,
    };
    // The app's routes are `/` and its declared pages; other extension-less
    // paths still get the app (so it can show its not-found page), as a 404.
    let known = route == "/" || declared.is_some_and(|d| d.page(route).is_some());
    let status = if known {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    index(req, site, route, status).await
}

fn not_found() -> HttpResponse {
    HttpResponse::NotFound().body("not found")
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
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    let (encoded, varies) = encoded::choose(file, accept);
    let opened = match &encoded {
        Some((sibling, encoding)) => NamedFile::open_async(sibling).await.map(|named| {
            // The sibling stands for the file: its type, not the `.gz`/`.br` one.
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
            named
                .set_content_type(actix_files::file_extension_to_mime(ext))
                .set_content_encoding(*encoding)
                .disable_content_disposition()
        }),
        None => NamedFile::open_async(file).await,
    };
    match opened {
        Ok(named) => {
            let mut res = named.into_response(req);
            let cache = if hashed {
                "public, max-age=31536000, immutable"
            } else {
                "public, max-age=3600, must-revalidate"
            };
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            if varies {
                res.headers_mut()
                    .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
            res
        }
        Err(_) => not_found(),
    }
}

impl Site {
    fn context<'a>(
        &'a self,
        path: &'a str,
        request_path: &'a str,
        data: &'a serde_json::Map<String, serde_json::Value>,
    ) -> Context<'a> {
        Context {
            site_url: &self.site_url,
            path,
            request_path,
            data,
        }
    }
}

/// `index.html` with the runtime config and, for a declared page served with
/// 200, its data, head and body.
async fn index(req: &HttpRequest, site: &Site, route: &str, status: StatusCode) -> HttpResponse {
    let path = site.dir.join("index.html");
    let Ok(html) = tokio::fs::read_to_string(&path).await else {
        return HttpResponse::ServiceUnavailable()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .content_type("text/plain; charset=utf-8")
            .body(format!(
                "The site is not built: {} is missing. Build it with `npm run build` in frontend/ (scripts/run does this).",
                path.display()
            ));
    };
    let declared = site.declarations.current();
    let page = declared
        .as_ref()
        .filter(|_| status == StatusCode::OK)
        .and_then(|d| Some((d, d.page(route)?)));
    let html = match page {
        None => inject::page(
            &html,
            &inject::Parts {
                config: &site.config_script,
                ..inject::Parts::default()
            },
        ),
        Some((declared, page)) => {
            let reads = params::bind(&page.data, req.query_string());
            let data = render::read_all(&site.rest, &reads).await;
            let ctx = site.context(route, req.path(), &data);
            let render = |name: &Option<String>| {
                name.as_ref()
                    .and_then(|n| render::template(&declared.templates, n, &ctx))
            };
            let (head, body) = (render(&page.head), render(&page.body));
            let lang = render(&page.lang);
            let data = serde_json::Value::Object(data.clone());
            inject::page(
                &html,
                &inject::Parts {
                    config: &site.config_script,
                    data: (!reads.is_empty()).then_some(&data),
                    head: head.as_deref(),
                    body: body.as_deref(),
                    lang: lang.as_deref(),
                },
            )
        }
    };
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .content_type("text/html; charset=utf-8")
        .body(html)
}

#[cfg(test)]
mod tests {
    use super::*;

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
