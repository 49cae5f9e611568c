//! What a rendering will be, known from the source's header before any pixel
//! is decoded: its geometry (imgproxy's, never enlarging), its output (format,
//! quality, size: the render cache's key) and the memory it will hold (what
//! the render pool admits against its budget).

use image::metadata::Orientation;
use image::ImageFormat;

use super::image_ops::{content_type, format_name, SourceInfo};
use super::options::{Resize, TransformOptions};

/// Buffers, tables and encoder state beside the pixels, per rendering.
const OVERHEAD: u64 = 2 * 1024 * 1024;

/// What the output's size is: resize the whole image to `scaled`, then
/// keep the centred `crop` of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub scaled: (u32, u32),
    pub crop: (u32, u32),
}

fn scaled(n: u32, by: f64) -> u32 {
    ((f64::from(n) * by).round() as u32).max(1)
}

/// imgproxy's geometry without `enlarge`: a missing side follows the aspect
/// ratio, and no side grows past the source's.
pub fn plan(src: (u32, u32), o: &TransformOptions) -> Plan {
    let (sw, sh) = src;
    let fx = o.width.map(|w| f64::from(w) / f64::from(sw));
    let fy = o.height.map(|h| f64::from(h) / f64::from(sh));
    let out = match (fx, fy) {
        (None, None) => (sw, sh),
        (Some(f), None) | (None, Some(f)) => {
            let f = f.min(1.0);
            (scaled(sw, f), scaled(sh, f))
        }
        (Some(fx), Some(fy)) => match o.resize {
            Resize::Fill => (scaled(sw, fx.min(1.0)), scaled(sh, fy.min(1.0))),
            Resize::Contain => {
                let f = fx.min(fy).min(1.0);
                (scaled(sw, f), scaled(sh, f))
            }
            Resize::Cover => {
                let f = fx.max(fy).min(1.0);
                let s = (scaled(sw, f), scaled(sh, f));
                let crop = (
                    o.width.unwrap_or(s.0).min(s.0),
                    o.height.unwrap_or(s.1).min(s.1),
                );
                return Plan { scaled: s, crop };
            }
        },
    };
    Plan {
        scaled: out,
        crop: out,
    }
}

/// Everything that decides a rendering's bytes besides the source version:
/// requests that differ only in what cannot show (a size past the
/// source's, the resize mode of an unscaled image, the quality of a
/// lossless format) have one output, hence one cache entry and one ETag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Output {
    pub plan: Plan,
    pub format: ImageFormat,
    /// Only for the lossy encoders (WebP, JPEG).
    pub quality: Option<u8>,
}

impl Output {
    pub fn of(source: &SourceInfo, o: &TransformOptions, webp: bool) -> Output {
        let format = if webp {
            ImageFormat::WebP
        } else {
            source.format
        };
        Output {
            plan: plan((source.width, source.height), o),
            format,
            quality: matches!(format, ImageFormat::WebP | ImageFormat::Jpeg).then(|| o.quality()),
        }
    }

    pub fn fingerprint(&self) -> String {
        let Plan { scaled, crop } = self.plan;
        format!(
            "{}x{}-{}x{}-{}-q{}",
            scaled.0,
            scaled.1,
            crop.0,
            crop.1,
            format_name(self.format),
            self.quality.unwrap_or(0)
        )
    }

    pub fn extension(&self) -> &'static str {
        match self.format {
            ImageFormat::Jpeg => "jpg",
            ImageFormat::Png => "png",
            ImageFormat::Gif => "gif",
            _ => "webp",
        }
    }

    pub fn content_type(&self) -> &'static str {
        content_type(self.format)
    }
}

pub(super) fn swaps_sides(o: Orientation) -> bool {
    matches!(
        o,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

pub(super) fn turned((w, h): (u32, u32)) -> (u32, u32) {
    (h, w)
}

pub(super) fn pixels((w, h): (u32, u32)) -> u64 {
    u64::from(w) * u64::from(h)
}

/// What is known of a source before it is decoded, to price its
/// renderings: its `raw` size (as stored), the most a decoded pixel takes,
/// what its decoder holds per pixel besides, and the bytes of its file the
/// rendering keeps in memory.
pub struct Estimate {
    pub raw: (u32, u32),
    pub bytes_per_pixel: u64,
    pub scratch_per_pixel: u64,
    pub held_source: u64,
}

impl Estimate {
    /// The most a rendering with `o` holds: a sum over its stages (decode,
    /// resize, orientation, encode) rather than their peak, so an upper
    /// bound. `orientation`: `None` when not known yet (the larger of both
    /// turns is taken).
    pub fn cost(&self, o: &TransformOptions, orientation: Option<Orientation>) -> u64 {
        match orientation {
            Some(turn) => self.cost_turned(o, swaps_sides(turn), turn != Orientation::NoTransforms),
            None => self
                .cost_turned(o, false, true)
                .max(self.cost_turned(o, true, true)),
        }
    }

    fn cost_turned(&self, o: &TransformOptions, swap: bool, orient: bool) -> u64 {
        let bpp = self.bytes_per_pixel;
        let raw = self.raw;
        let shown = if swap { turned(raw) } else { raw };
        let p = plan(shown, o);
        let (scaled, crop) = if swap {
            (turned(p.scaled), turned(p.crop))
        } else {
            (p.scaled, p.crop)
        };
        let decoded = pixels(raw) * (bpp + self.scratch_per_pixel);
        let resized = if scaled == raw && crop == scaled {
            0
        } else {
            // A cover crop first copies the part of the source it keeps.
            let (_, _, w, h) = kept_box(raw, scaled, crop);
            let kept = if crop == scaled {
                0
            } else {
                u64::from(w) * u64::from(h) * bpp
            };
            // Resized columns first, into RGBA f32 (16 bytes a pixel) at
            // the kept width and the new height, then rows: often the
            // largest buffer of a rendering.
            kept + u64::from(w) * u64::from(crop.1) * 16 + pixels(crop) * bpp
        };
        let oriented = if orient { pixels(crop) * bpp } else { 0 };
        // An 8-bit copy for the encoder, and its working memory and output.
        let encoded = pixels(crop) * 8;
        self.held_source + decoded + resized + oriented + encoded + OVERHEAD
    }
}

/// The box of the source (x, y, width, height) that becomes the centred
/// `crop` of the image scaled to `scaled`, widened to whole pixels.
pub(super) fn kept_box(
    raw: (u32, u32),
    scaled: (u32, u32),
    crop: (u32, u32),
) -> (u32, u32, u32, u32) {
    let side = |raw: u32, scaled: u32, crop: u32| {
        if crop == scaled {
            return (0, raw);
        }
        let f = f64::from(scaled) / f64::from(raw);
        let start = (f64::from((scaled - crop) / 2) / f)
            .floor()
            .min(f64::from(raw - 1));
        let end = (f64::from((scaled - crop) / 2 + crop) / f)
            .ceil()
            .min(f64::from(raw));
        (start as u32, ((end - start) as u32).max(1))
    };
    let (x, w) = side(raw.0, scaled.0, crop.0);
    let (y, h) = side(raw.1, scaled.1, crop.1);
    (x, y, w, h)
}
