//! Parsers for one configuration value each: whole numbers, booleans,
//! durations, the site URL and proxy addresses, each failing with the one-line
//! [`ConfigError`] naming the variable.

use std::time::Duration;

use ipnet::IpNet;
use pleat_db::timeouts::parse_duration;

use super::{invalid, ConfigError};

pub(super) fn duration<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
    name: &str,
    default: Duration,
) -> Result<Duration, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(v) => parse_duration(v).ok_or_else(|| {
            invalid(
                name,
                format!("`{v}` is not a duration like 3000, 500ms or 3s"),
            )
        }),
    }
}

/// An absolute http(s) URL with a host and nothing after its path; the
/// trailing slash is dropped so `{site_url}/path` never doubles it.
pub(super) fn parse_site_url(value: &str) -> Result<String, ConfigError> {
    let bad = |why: &str| invalid("PLEAT_SITE_URL", format!("`{value}` {why}"));
    let url = url::Url::parse(value).map_err(|_| bad("is not an absolute URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad("must start with http:// or https://"));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad("has no host"));
    }
    if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
        return Err(bad("must not have a query, fragment or user name"));
    }
    Ok(url.as_str().trim_end_matches('/').to_string())
}

pub(super) fn number(
    value: Option<&str>,
    name: &str,
    default: u64,
    min: u64,
) -> Result<u64, ConfigError> {
    match value {
        None => Ok(default),
        Some(v) => match v.parse::<u64>() {
            Ok(n) if n >= min => Ok(n),
            _ => Err(invalid(
                name,
                format!("`{v}` is not a whole number of at least {min}"),
            )),
        },
    }
}

/// A size in bytes: a whole number, or one with a binary unit (`512MiB`,
/// `2GiB`, `64KiB`).
pub(super) fn bytes(
    value: Option<&str>,
    name: &str,
    default: u64,
    min: u64,
) -> Result<u64, ConfigError> {
    let Some(v) = value else {
        return Ok(default);
    };
    let trimmed = v.trim();
    let lower = trimmed.to_ascii_lowercase();
    let (digits, unit) = [("kib", 1u64 << 10), ("mib", 1 << 20), ("gib", 1 << 30)]
        .iter()
        .find_map(|(suffix, unit)| lower.strip_suffix(suffix).map(|d| (d.trim_end(), *unit)))
        .unwrap_or((lower.as_str(), 1));
    match digits.parse::<u64>().ok().and_then(|n| n.checked_mul(unit)) {
        Some(n) if n >= min => Ok(n),
        _ => Err(invalid(
            name,
            format!("`{v}` is not a size of at least {min} bytes (bytes, or with KiB, MiB or GiB)"),
        )),
    }
}

pub(super) fn boolean(value: Option<&str>, name: &str, default: bool) -> Result<bool, ConfigError> {
    match value.map(|v| v.to_ascii_lowercase()) {
        None => Ok(default),
        Some(v) => match v.as_str() {
            "true" | "1" | "yes" | "on" => Ok(true),
            "false" | "0" | "no" | "off" => Ok(false),
            _ => Err(invalid(name, format!("`{v}` is not true or false"))),
        },
    }
}

pub(super) fn parse_net(s: &str) -> Option<IpNet> {
    s.parse::<IpNet>()
        .ok()
        .or_else(|| s.parse::<std::net::IpAddr>().ok().map(IpNet::from))
}
