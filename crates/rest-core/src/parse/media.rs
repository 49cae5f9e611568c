//! Media types: decoding `Accept` (ordered by q-value, then specificity) and choosing
//! what to answer with (PGRST107 when nothing fits), and deciding how a request body
//! will be read from its `Content-Type` (PGRST102 when it cannot be).

use serde::Serialize;

use crate::error::Error;

/// A media type as PostgREST recognises it; parameters other than
/// `nulls=stripped` are dropped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MediaType {
    Json,
    GeoJson,
    Csv,
    TextPlain,
    TextXml,
    OpenApi,
    UrlEncoded,
    OctetStream,
    Any,
    /// `application/vnd.pgrst.object+json`: exactly one row as an object.
    SingleObject {
        strip_nulls: bool,
    },
    /// `application/vnd.pgrst.array+json;nulls=stripped`
    ArrayStripNulls,
    /// `application/vnd.pgrst.plan…`: EXPLAIN output, which Pleat does not offer;
    /// held as PostgREST renders it in the 406 message.
    Plan(String),
    Other(String),
}

impl MediaType {
    pub fn decode(value: &str) -> MediaType {
        let mut parts = value.split(';');
        let (Some(essence), params) = (parts.next(), parts.collect::<Vec<_>>()) else {
            return MediaType::Any;
        };
        let stripped = params == ["nulls=stripped"];
        match essence {
            "" if params.is_empty() => MediaType::Any,
            "application/json" => MediaType::Json,
            "application/geo+json" => MediaType::GeoJson,
            "text/csv" => MediaType::Csv,
            "text/plain" => MediaType::TextPlain,
            "text/xml" => MediaType::TextXml,
            "application/openapi+json" => MediaType::OpenApi,
            "application/x-www-form-urlencoded" => MediaType::UrlEncoded,
            "application/octet-stream" => MediaType::OctetStream,
            "*/*" => MediaType::Any,
            "application/vnd.pgrst.object+json" | "application/vnd.pgrst.object" => {
                MediaType::SingleObject {
                    strip_nulls: stripped,
                }
            }
            "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" if stripped => {
                MediaType::ArrayStripNulls
            }
            "application/vnd.pgrst.array+json" | "application/vnd.pgrst.array" => MediaType::Json,
            e if e.starts_with("application/vnd.pgrst.plan") => {
                MediaType::Plan(plan_mime(e, &params))
            }
            other => MediaType::Other(other.to_string()),
        }
    }

    pub fn mime(&self) -> &str {
        match self {
            MediaType::Json => "application/json",
            MediaType::GeoJson => "application/geo+json",
            MediaType::Csv => "text/csv",
            MediaType::TextPlain => "text/plain",
            MediaType::TextXml => "text/xml",
            MediaType::OpenApi => "application/openapi+json",
            MediaType::UrlEncoded => "application/x-www-form-urlencoded",
            MediaType::OctetStream => "application/octet-stream",
            MediaType::Any => "*/*",
            MediaType::SingleObject { strip_nulls: true } => {
                "application/vnd.pgrst.object+json;nulls=stripped"
            }
            MediaType::SingleObject { strip_nulls: false } => "application/vnd.pgrst.object+json",
            MediaType::ArrayStripNulls => "application/vnd.pgrst.array+json;nulls=stripped",
            MediaType::Plan(s) => s,
            MediaType::Other(s) => s,
        }
    }
}

/// PostgREST's rendering of a plan media type: format (`+text` unless `+json`),
/// the `for` type (default `application/json`) and `options` when given.
fn plan_mime(essence: &str, params: &[&str]) -> String {
    let format = if essence.ends_with("+json") {
        "+json"
    } else {
        "+text"
    };
    let param = |name: &str| {
        params
            .iter()
            .find_map(|p| p.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
            .map(|v| v.trim_matches('"').to_string())
            .filter(|v| !v.is_empty())
    };
    let target = param("for").unwrap_or_else(|| "application/json".into());
    let mut out = format!("application/vnd.pgrst.plan{format}; for=\"{target}\"");
    if let Some(options) = param("options") {
        out.push_str(&format!("; options={options}"));
    }
    out
}

/// `Accept` split into media types, best first: by q-value, then by specificity
/// (parameters count for, wildcards against), keeping the header's order on ties.
/// Spaces are ignored and `q` with what follows it is dropped, as wai's
/// `parseHttpAccept` does for PostgREST.
pub fn accept_list(header: Option<&str>) -> Vec<MediaType> {
    let Some(header) = header else {
        return vec![MediaType::Any];
    };
    let mut ranked: Vec<(String, f64, i64)> = header
        .split(',')
        .map(|item| {
            let item: String = item.chars().filter(|c| *c != ' ').collect();
            let (essence, q) = match item.find(";q=") {
                Some(i) => {
                    let q = item[i + 3..].split(';').next().unwrap_or("");
                    (
                        item[..i].to_string(),
                        q.parse::<f64>()
                            .ok()
                            .filter(|q| q.is_finite())
                            .unwrap_or(1.0),
                    )
                }
                None => (item.clone(), 1.0),
            };
            let specificity =
                essence.matches(';').count() as i64 - essence.matches('*').count() as i64;
            (essence, q, specificity)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.cmp(&a.2)));
    ranked
        .into_iter()
        .map(|(essence, _, _)| MediaType::decode(&essence))
        .collect()
}

/// The response media type: the first accepted one that `produces` allows,
/// with `*/*` meaning JSON.
pub fn negotiate(accepted: &[MediaType], produces: &[MediaType]) -> Result<MediaType, Error> {
    accepted
        .iter()
        .find(|m| **m == MediaType::Any || produces.contains(m))
        .map(|m| {
            if *m == MediaType::Any {
                produces[0].clone()
            } else {
                m.clone()
            }
        })
        .ok_or_else(|| Error::MediaType(accepted.iter().map(|m| m.mime().to_string()).collect()))
}

/// What tables, views and functions can answer with.
pub const RESOURCE_MEDIA: &[MediaType] = &[
    MediaType::Json,
    MediaType::Csv,
    MediaType::SingleObject { strip_nulls: false },
    MediaType::SingleObject { strip_nulls: true },
    MediaType::ArrayStripNulls,
];

/// What the root (the OpenAPI description) can answer with.
pub const ROOT_MEDIA: &[MediaType] = &[MediaType::OpenApi, MediaType::Json];

/// How a request body is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyType {
    Json,
    Csv,
    UrlEncoded,
    /// Raw bodies, for functions with a single unnamed text, xml or bytea parameter.
    TextPlain,
    TextXml,
    OctetStream,
}

/// Decides the body type from `Content-Type` (JSON when absent). Raw types are only
/// for RPC, where the body becomes the single unnamed argument.
pub fn body_type(content_type: Option<&str>, is_rpc: bool) -> Result<BodyType, Error> {
    let media = content_type.map_or(MediaType::Json, MediaType::decode);
    Ok(match (&media, is_rpc) {
        (MediaType::Json, _) => BodyType::Json,
        (MediaType::Csv, _) => BodyType::Csv,
        (MediaType::UrlEncoded, _) => BodyType::UrlEncoded,
        (MediaType::TextPlain, true) => BodyType::TextPlain,
        (MediaType::TextXml, true) => BodyType::TextXml,
        (MediaType::OctetStream, true) => BodyType::OctetStream,
        (other, _) => {
            return Err(Error::InvalidBody(format!(
                "Content-Type not acceptable: {}",
                other.mime()
            )))
        }
    })
}

#[cfg(test)]
mod tests;
