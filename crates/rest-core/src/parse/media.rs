//! Media types: decoding `Accept` (ordered by q-value, then specificity) and choosing
//! what to answer with (PGRST107 when nothing fits; plans and GeoJSON only when the
//! server offers them), and deciding how a request body will be read from its
//! `Content-Type` (PGRST102 when it cannot be).

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
    /// `application/vnd.pgrst.plan…`: the EXPLAIN output of the statement that
    /// would answer with another media type.
    Plan(Box<PlanMedia>),
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
            "application/vnd.pgrst.plan" | "application/vnd.pgrst.plan+text" => {
                MediaType::Plan(Box::new(PlanMedia::decode(false, &params)))
            }
            "application/vnd.pgrst.plan+json" => {
                MediaType::Plan(Box::new(PlanMedia::decode(true, &params)))
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
            MediaType::Plan(p) => &p.mime,
            MediaType::Other(s) => s,
        }
    }
}

/// What `application/vnd.pgrst.plan` asks for: `EXPLAIN` in JSON or text of
/// the statement that would answer with `target` (the `for` parameter,
/// `application/json` when absent), with the `options` PostgreSQL's EXPLAIN
/// takes. Unknown options are ignored, as PostgREST ignores them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanMedia {
    pub target: MediaType,
    pub json: bool,
    pub analyze: bool,
    pub verbose: bool,
    pub settings: bool,
    pub buffers: bool,
    pub wal: bool,
    /// As PostgREST renders it (in `Content-Type` and in PGRST107): format,
    /// the decoded `for` type, then the options in a fixed order.
    pub mime: String,
}

impl PlanMedia {
    fn decode(json: bool, params: &[&str]) -> PlanMedia {
        let param = |name: &str| {
            params.iter().find_map(|p| {
                let (k, v) = p.split_once('=')?;
                k.trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| v.trim().trim_matches('"').to_string())
            })
        };
        let target = MediaType::decode(&param("for").unwrap_or_else(|| "application/json".into()));
        let options = param("options").unwrap_or_default();
        let has = |o: &str| options.split('|').any(|x| x == o);
        let mut plan = PlanMedia {
            target,
            json,
            analyze: has("analyze"),
            verbose: has("verbose"),
            settings: has("settings"),
            buffers: has("buffers"),
            wal: has("wal"),
            mime: String::new(),
        };
        let named: Vec<&str> = plan.options().iter().map(|(_, name)| *name).collect();
        plan.mime = format!(
            "application/vnd.pgrst.plan+{}; for=\"{}\"{}",
            if json { "json" } else { "text" },
            plan.target.mime(),
            if named.is_empty() {
                String::new()
            } else {
                format!("; options={}", named.join("|"))
            }
        );
        plan
    }

    /// The options asked for, as EXPLAIN names them and as the media type does.
    pub fn options(&self) -> Vec<(&'static str, &'static str)> {
        [
            (self.analyze, ("ANALYZE", "analyze")),
            (self.verbose, ("VERBOSE", "verbose")),
            (self.settings, ("SETTINGS", "settings")),
            (self.buffers, ("BUFFERS", "buffers")),
            (self.wal, ("WAL", "wal")),
        ]
        .into_iter()
        .filter_map(|(on, names)| on.then_some(names))
        .collect()
    }
}

/// What the server may answer with beyond what a resource produces: the
/// settings and installed extensions that enable a media type.
#[derive(Debug, Clone, Copy, Default)]
pub struct Offers {
    /// `application/vnd.pgrst.plan` (`PLEAT_DB_PLAN`, PostgREST's `db-plan-enabled`).
    pub plan: bool,
    /// `application/geo+json`, which needs PostGIS's `ST_AsGeoJSON`.
    pub geojson: bool,
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
/// with `*/*` meaning JSON. GeoJSON and plans count only when `offers` has
/// them; a plan is for a media type that `produces` allows.
pub fn negotiate(
    accepted: &[MediaType],
    produces: &[MediaType],
    offers: Offers,
) -> Result<MediaType, Error> {
    let offered = |m: &MediaType| match m {
        MediaType::Any => true,
        MediaType::GeoJson => offers.geojson && produces.contains(m),
        MediaType::Plan(p) => {
            offers.plan
                && (p.target == MediaType::Any
                    || (p.target != MediaType::GeoJson || offers.geojson)
                        && produces.contains(&p.target))
        }
        m => produces.contains(m),
    };
    accepted
        .iter()
        .find(|m| offered(m))
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
    MediaType::GeoJson,
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
