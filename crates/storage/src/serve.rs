//! Serving an object's bytes: Content-Type (HTML as text/plain, so uploads
//! cannot run script on our origin), stored Cache-Control, strong ETag,
//! Last-Modified, 304 on If-None-Match, one byte Range as 206, `?download=`
//! as Content-Disposition; bodies are streamed from the backend.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::backend::Backend;
use crate::error::StorageError;
use crate::media_type;
use crate::model::Object;
use crate::range::{self, Requested};

/// Types a browser would render as a document with script.
const DOCUMENT_TYPES: [&str; 4] = [
    "text/html",
    "application/xhtml+xml",
    "text/xml",
    "application/xml",
];

/// The Content-Type an object is served with: documents as text/plain, and
/// a stored value that is not one media type (written before uploads were
/// checked, or by SQL) as opaque bytes, never verbatim: a browser renders
/// `text/plain, text/html` as HTML.
fn safe_content_type(mimetype: &str) -> String {
    match media_type::parse(mimetype) {
        Ok(m) if DOCUMENT_TYPES.contains(&m.essence().as_str()) => "text/plain".to_string(),
        Ok(_) => mimetype.to_string(),
        Err(_) => "application/octet-stream".to_string(),
    }
}

/// What `encodeURIComponent` leaves as is, less `'()*`: RFC 8187 does not
/// allow them in `filename*` (`'` delimits its charset), and a decoder reads
/// their escapes as the same characters.
const FILENAME_STAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~');

/// The plain `filename` for clients that ignore `filename*`: a quoted
/// string of printable ASCII, anything else replaced by `_`.
fn ascii_filename(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => out.push('_'),
        }
    }
    out.push('"');
    out
}

/// `?download=` as Content-Disposition: bare `attachment;` when empty, else
/// the name in RFC 6266's two forms (Supabase sends the percent-encoded one
/// in both, which clients that ignore `filename*` show as `a%20b.txt`).
pub(crate) fn disposition(req: &HttpRequest) -> Option<String> {
    let query = web_query(req);
    let name = query
        .iter()
        .find(|(k, _)| k == "download")
        .map(|(_, v)| v.clone())?;
    if name.is_empty() {
        return Some("attachment;".into());
    }
    Some(format!(
        "attachment; filename={}; filename*=UTF-8''{}",
        ascii_filename(&name),
        utf8_percent_encode(&name, FILENAME_STAR)
    ))
}

fn web_query(req: &HttpRequest) -> Vec<(String, String)> {
    url_pairs(req.query_string())
}

pub fn url_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            let dec = |s: &str| {
                percent_encoding::percent_decode_str(&s.replace('+', " "))
                    .decode_utf8_lossy()
                    .into_owned()
            };
            (dec(k), dec(v))
        })
        .collect()
}

fn not_modified(req: &HttpRequest, obj: &Object) -> bool {
    match req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
    {
        Some(list) => list
            .split(',')
            .map(|t| t.trim().trim_start_matches("W/"))
            .any(|t| t == "*" || t == obj.etag()),
        None => {
            let since = req
                .headers()
                .get(header::IF_MODIFIED_SINCE)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| httpdate::parse_http_date(v).ok());
            since.is_some_and(|s| {
                std::time::SystemTime::from(obj.updated_at) <= s + std::time::Duration::from_secs(1)
            })
        }
    }
}

fn common(builder: &mut HttpResponseBuilder, obj: &Object) {
    builder
        .insert_header((header::ETAG, obj.etag()))
        .insert_header((
            header::LAST_MODIFIED,
            httpdate::fmt_http_date(obj.updated_at.into()),
        ))
        .insert_header((header::CACHE_CONTROL, obj.cache_control()))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header(("x-robots-tag", "none"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        // An SVG or PDF opened directly from our origin runs no script.
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        ))
        // Stored bytes go out as stored: no gzip that would break Range and
        // Content-Length (the Compress middleware skips encoded responses).
        .insert_header((header::CONTENT_ENCODING, "identity"));
}

/// The response for GET (or HEAD, without a body) of `obj`.
pub async fn object(
    req: &HttpRequest,
    backend: &Backend,
    obj: &Object,
    head_only: bool,
    expires: Option<i64>,
) -> Result<HttpResponse, StorageError> {
    let Some(version) = obj.version.as_deref() else {
        return Err(StorageError::object_not_found());
    };
    if not_modified(req, obj) {
        let mut b = HttpResponse::NotModified();
        common(&mut b, obj);
        return Ok(b.finish());
    }
    let size = obj.size();
    let range = req
        .headers()
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok());
    let (mut builder, part) = match range::parse(range, size) {
        Requested::Whole => (HttpResponse::Ok(), None),
        Requested::Part(r) => {
            let mut b = HttpResponse::PartialContent();
            b.insert_header((
                header::CONTENT_RANGE,
                format!("bytes {}-{}/{size}", r.start, r.end - 1),
            ));
            (b, Some(r))
        }
        Requested::Unsatisfiable => return Err(StorageError::invalid_range()),
    };
    common(&mut builder, obj);
    // A signed URL is good until its token expires, so caches keep it no longer.
    if let Some(exp) = expires {
        builder.insert_header((header::EXPIRES, crate::expires::http_date(exp)));
        builder.insert_header((header::CACHE_CONTROL, "private"));
    }
    builder.insert_header((header::CONTENT_TYPE, safe_content_type(obj.mimetype())));
    if let Some(d) = disposition(req) {
        builder.insert_header((header::CONTENT_DISPOSITION, d));
    }
    let length = part.as_ref().map_or(size, |r| r.end - r.start);
    if head_only {
        // actix sends no body for HEAD but takes Content-Length from the body's size.
        let empty = futures_util::stream::empty::<Result<bytes::Bytes, StorageError>>();
        return Ok(builder.no_chunking(length).streaming(empty));
    }
    let stream = if length == 0 {
        None
    } else {
        Some(backend.read(version, part).await?)
    };
    Ok(match stream {
        Some(s) => builder.no_chunking(length).streaming(s),
        None => builder.finish(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_served_as_plain_text() {
        assert_eq!(safe_content_type("text/html; charset=utf-8"), "text/plain");
        assert_eq!(safe_content_type("TEXT/HTML ; charset=\"x\""), "text/plain");
        assert_eq!(safe_content_type("image/svg+xml"), "image/svg+xml");
        assert_eq!(safe_content_type("image/png"), "image/png");
    }

    #[test]
    fn stored_lists_and_garbage_are_opaque_bytes() {
        for bad in ["text/plain, text/html", "text/html,", "", "html"] {
            assert_eq!(safe_content_type(bad), "application/octet-stream", "{bad}");
        }
    }

    #[test]
    fn download_names_in_both_forms() {
        let cases = [
            ("custom_name.svg", "\"custom_name.svg\"", "custom_name.svg"),
            ("my letters.txt", "\"my letters.txt\"", "my%20letters.txt"),
            ("a~b!c-d.e", "\"a~b!c-d.e\"", "a~b!c-d.e"),
            (
                "R\u{e9}sum\u{e9} \"v2\" (1)*'.pdf",
                "\"R_sum_ \\\"v2\\\" (1)*'.pdf\"",
                "R%C3%A9sum%C3%A9%20%22v2%22%20%281%29%2A%27.pdf",
            ),
            (
                "semi;colon\\.txt",
                "\"semi;colon\\\\.txt\"",
                "semi%3Bcolon%5C.txt",
            ),
        ];
        for (name, plain, star) in cases {
            let query = url_encoded(name);
            let req = actix_web::test::TestRequest::get()
                .uri(&format!("/x?download={query}"))
                .to_http_request();
            assert_eq!(
                disposition(&req).unwrap(),
                format!("attachment; filename={plain}; filename*=UTF-8''{star}"),
                "{name}"
            );
        }
    }

    fn url_encoded(s: &str) -> String {
        utf8_percent_encode(s, NON_ALPHANUMERIC).to_string()
    }

    #[test]
    fn query_pairs_are_decoded() {
        assert_eq!(
            url_pairs("download=my%20file.png&token=a.b"),
            vec![
                ("download".into(), "my file.png".into()),
                ("token".into(), "a.b".into())
            ]
        );
        assert_eq!(url_pairs("download"), vec![("download".into(), "".into())]);
    }
}
