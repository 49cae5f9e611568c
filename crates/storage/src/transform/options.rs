//! Image transformation options as Supabase Storage takes them: from the
//! `/render/image` query (validated as its `transformationOptionsSchema`),
//! from a `createSignedUrl` body's `transform`, and from the
//! `transformations` claim of a render token; clamped to Supabase's default
//! limits (width and height 1..=2000).

use serde_json::Value;

use crate::error::StorageError;

/// `IMAGE_TRANSFORMATION_LIMIT_MIN_SIZE` / `_MAX_SIZE` defaults of Supabase Storage.
pub const MIN_SIZE: u32 = 1;
pub const MAX_SIZE: u32 = 2000;
/// imgproxy's default quality, which Supabase documents as the default.
pub const DEFAULT_QUALITY: u8 = 80;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resize {
    /// Keep the aspect ratio, fill the box, crop what sticks out (imgproxy `fill`).
    #[default]
    Cover,
    /// Keep the aspect ratio, fit inside the box (imgproxy `fit`).
    Contain,
    /// Stretch to the box (imgproxy `force`).
    Fill,
}

impl Resize {
    fn parse(s: &str) -> Option<Resize> {
        match s {
            "cover" => Some(Resize::Cover),
            "contain" => Some(Resize::Contain),
            "fill" => Some(Resize::Fill),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Resize::Cover => "cover",
            Resize::Contain => "contain",
            Resize::Fill => "fill",
        }
    }

    /// imgproxy's name, which Supabase reports in `X-Transformations`.
    fn imgproxy(self) -> &'static str {
        match self {
            Resize::Cover => "fill",
            Resize::Contain => "fit",
            Resize::Fill => "force",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Origin,
    Webp,
    Avif,
}

impl Format {
    fn parse(s: &str) -> Option<Format> {
        match s {
            "origin" => Some(Format::Origin),
            "webp" => Some(Format::Webp),
            "avif" => Some(Format::Avif),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Format::Origin => "origin",
            Format::Webp => "webp",
            Format::Avif => "avif",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TransformOptions {
    /// Clamped to `MIN_SIZE..=MAX_SIZE`; 0 (or absent) means "from the aspect ratio".
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub resize: Resize,
    pub format: Option<Format>,
    pub quality: Option<u8>,
}

fn clamp(n: u64) -> Option<u32> {
    (n > 0).then(|| n.clamp(MIN_SIZE.into(), MAX_SIZE.into()) as u32)
}

/// One value as Fastify's coercing validator reads it (`where` names it in
/// the message, e.g. `querystring/width`).
fn integer(v: &Value, at: &str) -> Result<Option<i64>, StorageError> {
    let n = match v {
        Value::Null => return Ok(None),
        Value::String(s) if s.is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        _ => None,
    };
    n.map(Some)
        .ok_or_else(|| StorageError::invalid_request(format!("{at} must be integer")))
}

fn text<'v>(v: &'v Value, at: &str) -> Result<Option<&'v str>, StorageError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.is_empty() => Ok(None),
        Value::String(s) => Ok(Some(s)),
        _ => Err(StorageError::invalid_request(format!(
            "{at} must be string"
        ))),
    }
}

fn not_allowed(at: &str) -> StorageError {
    StorageError::invalid_request(format!("{at} must be equal to one of the allowed values"))
}

impl TransformOptions {
    /// From `/render/image` query pairs; unknown parameters are ignored, as
    /// Supabase's schema allows.
    pub fn from_query(pairs: &[(String, String)]) -> Result<TransformOptions, StorageError> {
        let mut map = serde_json::Map::new();
        for (k, v) in pairs {
            map.entry(k.clone())
                .or_insert_with(|| Value::String(v.clone()));
        }
        Self::from_map(&map, "querystring")
    }

    /// From a `createSignedUrl` body's `transform` object.
    pub fn from_json(v: &Value) -> Result<TransformOptions, StorageError> {
        match v {
            Value::Null => Ok(TransformOptions::default()),
            Value::Object(map) => Self::from_map(map, "body/transform"),
            _ => Err(StorageError::invalid_request(
                "body/transform must be object",
            )),
        }
    }

    fn from_map(
        map: &serde_json::Map<String, Value>,
        at: &str,
    ) -> Result<TransformOptions, StorageError> {
        let get = |k: &str| map.get(k).unwrap_or(&Value::Null);
        let size = |k: &str| -> Result<Option<u32>, StorageError> {
            match integer(get(k), &format!("{at}/{k}"))? {
                Some(n) if n < 0 => Err(StorageError::invalid_request(format!(
                    "{at}/{k} must be >= 0"
                ))),
                Some(n) => Ok(clamp(n as u64)),
                None => Ok(None),
            }
        };
        let quality = match integer(get("quality"), &format!("{at}/quality"))? {
            Some(q) if q < 20 => {
                return Err(StorageError::invalid_request(format!(
                    "{at}/quality must be >= 20"
                )))
            }
            Some(q) if q > 100 => {
                return Err(StorageError::invalid_request(format!(
                    "{at}/quality must be <= 100"
                )))
            }
            q => q.map(|q| q as u8),
        };
        let resize = match text(get("resize"), &format!("{at}/resize"))? {
            Some(s) => Resize::parse(s).ok_or_else(|| not_allowed(&format!("{at}/resize")))?,
            None => Resize::Cover,
        };
        let format = match text(get("format"), &format!("{at}/format"))? {
            Some(s) => Some(Format::parse(s).ok_or_else(|| not_allowed(&format!("{at}/format")))?),
            None => None,
        };
        Ok(TransformOptions {
            width: size("width")?,
            height: size("height")?,
            resize,
            format,
            quality,
        })
    }

    /// From a render token's `transformations` claim, read leniently as
    /// Supabase reads it (what does not parse is left out).
    pub fn from_claim(s: &str) -> TransformOptions {
        let mut o = TransformOptions::default();
        for part in s.split(',') {
            let (name, value) = part.split_once(':').unwrap_or((part, ""));
            let number = || value.trim().parse::<u64>().ok();
            match name.trim() {
                "width" => o.width = number().and_then(clamp),
                "height" => o.height = number().and_then(clamp),
                "resize" => o.resize = Resize::parse(value).unwrap_or_default(),
                "format" => o.format = Format::parse(value),
                "quality" => {
                    o.quality = number().filter(|q| (20..=100).contains(q)).map(|q| q as u8)
                }
                _ => {}
            }
        }
        o
    }

    /// The `transformations` claim of a render token (Supabase's
    /// `applyTransformation(transform, keepOriginal = true)`).
    pub fn to_claim(&self) -> String {
        let mut s = Vec::new();
        if let Some(h) = self.height {
            s.push(format!("height:{h}"));
        }
        if let Some(w) = self.width {
            s.push(format!("width:{w}"));
        }
        if self.width.is_some() || self.height.is_some() {
            s.push(format!("resize:{}", self.resize.name()));
        }
        if let Some(q) = self.quality {
            s.push(format!("quality:{q}"));
        }
        if let Some(f) = self.format.filter(|f| *f != Format::Origin) {
            s.push(format!("format:{}", f.name()));
        }
        s.join(",")
    }

    /// The `X-Transformations` header (imgproxy's names), empty when nothing applies.
    pub fn header(&self) -> String {
        let mut s = Vec::new();
        if let Some(h) = self.height {
            s.push(format!("height:{h}"));
        }
        if let Some(w) = self.width {
            s.push(format!("width:{w}"));
        }
        if self.width.is_some() || self.height.is_some() {
            s.push(format!("resizing_type:{}", self.resize.imgproxy()));
        }
        if let Some(q) = self.quality {
            s.push(format!("quality:{q}"));
        }
        if let Some(f) = self.format.filter(|f| *f != Format::Origin) {
            s.push(format!("format:{}", f.name()));
        }
        s.join(",")
    }

    pub fn is_empty(&self) -> bool {
        *self == TransformOptions::default()
    }

    pub fn quality(&self) -> u8 {
        self.quality.unwrap_or(DEFAULT_QUALITY)
    }

    /// WebP, or the source's own format. Without `format`, WebP when the
    /// client's `Accept` names it (imgproxy's WebP detection, which Supabase
    /// enables); AVIF is answered with WebP (no AVIF encoder is built in).
    pub fn webp_output(&self, accept: Option<&str>) -> bool {
        match self.format {
            Some(Format::Webp | Format::Avif) => true,
            Some(Format::Origin) => false,
            None => accept.is_some_and(|a| {
                a.split(',').any(|t| {
                    t.split(';')
                        .next()
                        .is_some_and(|m| m.trim().eq_ignore_ascii_case("image/webp"))
                })
            }),
        }
    }
}

#[cfg(test)]
mod tests;
