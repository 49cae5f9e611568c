//! Where an emailed link may send the browser: `redirect_to` when it matches
//! an entry of `PLEAT_REDIRECT_URLS` (default: the site URL), otherwise the
//! site URL, as GoTrue falls back to `SITE_URL`. An entry matches the same
//! scheme, host and port and any path at or below its own; an entry ending in
//! `*` matches any URL that starts with what precedes the `*`.

use crate::AuthState;

fn matches(entry: &str, candidate: &url::Url) -> bool {
    if let Some(prefix) = entry.strip_suffix('*') {
        return candidate.as_str().starts_with(prefix);
    }
    let Ok(allowed) = url::Url::parse(entry) else {
        return false;
    };
    let base = allowed.path().trim_end_matches('/');
    allowed.scheme() == candidate.scheme()
        && allowed.host_str() == candidate.host_str()
        && allowed.port_or_known_default() == candidate.port_or_known_default()
        && (candidate.path() == base
            || candidate.path().starts_with(&format!("{base}/"))
            || base.is_empty())
}

/// The site URL (where a refused or absent `redirect_to` goes).
pub fn site_url(state: &AuthState) -> String {
    state
        .settings
        .site_url
        .clone()
        .unwrap_or_else(|| "http://localhost".into())
}

pub fn resolve(state: &AuthState, requested: Option<&str>) -> String {
    match requested.map(str::trim).filter(|r| !r.is_empty()) {
        Some(requested) if allowed(state, requested) => requested.to_string(),
        _ => site_url(state),
    }
}

/// Whether `candidate` is an http(s) URL without credentials that an entry
/// of `PLEAT_REDIRECT_URLS` matches.
pub fn allowed(state: &AuthState, candidate: &str) -> bool {
    match url::Url::parse(candidate) {
        Ok(url) => {
            matches!(url.scheme(), "http" | "https")
                && url.username().is_empty()
                && state
                    .settings
                    .redirect_urls
                    .iter()
                    .any(|e| matches(e, &url))
        }
        Err(_) => false,
    }
}

/// `?redirect_to=` as supabase-js sends it with `/recover`, `/otp`, `/user`
/// and `/invite`.
pub fn query_param(req: &actix_web::HttpRequest) -> Option<String> {
    url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(k, _)| k == "redirect_to")
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::matches;

    fn ok(entry: &str, url: &str) -> bool {
        matches(entry, &url::Url::parse(url).unwrap())
    }

    #[test]
    fn entries_match_their_origin_and_paths_below() {
        assert!(ok("https://shop.example", "https://shop.example/admin#x"));
        assert!(ok(
            "https://shop.example/app",
            "https://shop.example/app/reset"
        ));
        assert!(!ok(
            "https://shop.example/app",
            "https://shop.example/application"
        ));
        assert!(!ok(
            "https://shop.example",
            "https://shop.example.evil.test/"
        ));
        assert!(!ok("https://shop.example", "http://shop.example/"));
        assert!(!ok("https://shop.example", "https://shop.example:8443/"));
        assert!(ok(
            "http://localhost:3000/*",
            "http://localhost:3000/anything?x=1"
        ));
    }
}
