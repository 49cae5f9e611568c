//! The CPU work of a rendering, synchronous (run on the blocking pool):
//! decode a JPEG, PNG, GIF (first frame) or WebP from a reader (a PNG or
//! GIF straight from the backend's stream, the others from memory), resize
//! as imgproxy does for Supabase (never enlarging) only the part of the
//! source that is kept, turn the result upright by the source's EXIF
//! orientation (so the turn copies the small result, not the source), and
//! encode WebP (lossy, libwebp) or the source's own format. Metadata is not carried over, as
//! imgproxy strips it. What a rendering will be and cost is [`super::geometry`].

use std::io::{BufRead, Cursor, Seek};

use image::codecs::gif::GifDecoder;
use image::codecs::jpeg::{JpegDecoder, JpegEncoder};
use image::codecs::png::PngDecoder;
use image::codecs::webp::WebPDecoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, Limits};

use super::geometry::{kept_box, pixels, swaps_sides, turned};
pub use super::geometry::{plan, Estimate, Output, Plan};
use super::options::TransformOptions;

/// imgproxy's `IMGPROXY_MAX_SRC_RESOLUTION` default, Supabase's documented
/// "image resolution cannot exceed 50MP": a decompression bomb is refused
/// from its header, before any pixel is allocated.
pub const MAX_PIXELS: u64 = 50_000_000;
/// Supabase's documented largest source ("image size cannot exceed 25MB").
pub const MAX_SOURCE_BYTES: u64 = 25 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    Unsupported,
    TooManyPixels,
}

impl RenderError {
    /// Supabase Storage's message for imgproxy's refusal.
    pub fn message(&self) -> &'static str {
        match self {
            RenderError::Unsupported => "The source image is invalid or unsupported for rendering",
            RenderError::TooManyPixels => "The source image resolution is too large to process",
        }
    }
}

/// What a source version is, as far as its renderings' output goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceInfo {
    pub format: ImageFormat,
    /// As displayed, after the EXIF orientation.
    pub width: u32,
    pub height: u32,
}

/// A finished rendering, and what its source turned out to be.
pub struct Rendered {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub source: SourceInfo,
}

pub fn content_type(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Jpeg => "image/jpeg",
        ImageFormat::Png => "image/png",
        ImageFormat::Gif => "image/gif",
        ImageFormat::WebP => "image/webp",
        _ => "application/octet-stream",
    }
}

/// The formats a source may be in, by the name the render index keeps.
pub fn format_name(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Jpeg => "jpeg",
        ImageFormat::Png => "png",
        ImageFormat::Gif => "gif",
        ImageFormat::WebP => "webp",
        _ => "other",
    }
}

pub fn format_named(name: &str) -> Option<ImageFormat> {
    match name {
        "jpeg" => Some(ImageFormat::Jpeg),
        "png" => Some(ImageFormat::Png),
        "gif" => Some(ImageFormat::Gif),
        "webp" => Some(ImageFormat::WebP),
        _ => None,
    }
}

/// The part of `img` that is kept, at its planned size: the centred `crop`
/// of the image scaled to `scaled`. A cover crop cuts the source to the box
/// it keeps first (and lets the rest go), so the resize pays only for that.
fn resize(img: DynamicImage, scaled: (u32, u32), crop: (u32, u32)) -> DynamicImage {
    let raw = (img.width(), img.height());
    if scaled == raw && crop == raw {
        return img;
    }
    let img = if crop == scaled {
        img
    } else {
        let (x, y, w, h) = kept_box(raw, scaled, crop);
        img.crop_imm(x, y, w, h)
    };
    if (img.width(), img.height()) == crop {
        return img;
    }
    img.resize_exact(crop.0, crop.1, FilterType::Lanczos3)
}

fn decoder<'r, R: BufRead + Seek + 'r>(
    reader: R,
    format: ImageFormat,
) -> Result<Box<dyn ImageDecoder + 'r>, RenderError> {
    let bad = |_| RenderError::Unsupported;
    Ok(match format {
        ImageFormat::Png => Box::new(PngDecoder::new(reader).map_err(bad)?),
        ImageFormat::Gif => Box::new(GifDecoder::new(reader).map_err(bad)?),
        ImageFormat::Jpeg => Box::new(JpegDecoder::new(reader).map_err(bad)?),
        ImageFormat::WebP => Box::new(WebPDecoder::new(reader).map_err(bad)?),
        _ => return Err(RenderError::Unsupported),
    })
}

fn encode(img: &DynamicImage, format: ImageFormat, quality: u8) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    match format {
        ImageFormat::WebP => {
            let mem = if img.color().has_alpha() {
                let rgba = img.to_rgba8();
                webp::Encoder::from_rgba(&rgba, rgba.width(), rgba.height())
                    .encode_simple(false, f32::from(quality))
                    .ok()?
            } else {
                let rgb = img.to_rgb8();
                webp::Encoder::from_rgb(&rgb, rgb.width(), rgb.height())
                    .encode_simple(false, f32::from(quality))
                    .ok()?
            };
            out.extend_from_slice(&mem);
        }
        ImageFormat::Jpeg => {
            let rgb = DynamicImage::ImageRgb8(img.to_rgb8());
            rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, quality))
                .ok()?;
        }
        ImageFormat::Gif => {
            DynamicImage::ImageRgba8(img.to_rgba8())
                .write_to(&mut Cursor::new(&mut out), format)
                .ok()?;
        }
        _ => img.write_to(&mut Cursor::new(&mut out), format).ok()?,
    }
    Some(out)
}

/// Render the `format` image read from `reader` with `o`, as WebP when
/// `webp`, else in its own format. `estimate` is what the rendering was
/// admitted with, taken from the file's first bytes: the decoder reads the
/// header itself, and a file whose header says more than the estimate
/// allowed for is refused before its pixels are decoded.
pub fn render<R: BufRead + Seek>(
    reader: R,
    format: ImageFormat,
    o: &TransformOptions,
    webp: bool,
    estimate: &Estimate,
    admitted: u64,
) -> Result<Rendered, RenderError> {
    let mut decoder = decoder(reader, format)?;
    let raw = decoder.dimensions();
    if pixels(raw) > MAX_PIXELS {
        return Err(RenderError::TooManyPixels);
    }
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 8);
    decoder
        .set_limits(limits)
        .map_err(|_| RenderError::TooManyPixels)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let actual = Estimate {
        raw,
        bytes_per_pixel: decoder.color_type().bytes_per_pixel().into(),
        ..*estimate
    };
    if actual.cost(o, Some(orientation)) > admitted {
        return Err(RenderError::Unsupported);
    }
    let swap = swaps_sides(orientation);
    let shown = if swap { turned(raw) } else { raw };
    let source = SourceInfo {
        format,
        width: shown.0,
        height: shown.1,
    };
    let out = Output::of(&source, o, webp);
    // Resized and cropped as stored, turned upright last: the turn then
    // copies the small result, not the decoded source.
    let (scaled, crop) = if swap {
        (turned(out.plan.scaled), turned(out.plan.crop))
    } else {
        (out.plan.scaled, out.plan.crop)
    };
    let img = DynamicImage::from_decoder(decoder).map_err(|_| RenderError::Unsupported)?;
    let mut img = resize(img, scaled, crop);
    img.apply_orientation(orientation);
    let bytes = encode(&img, out.format, o.quality()).ok_or(RenderError::Unsupported)?;
    Ok(Rendered {
        bytes,
        content_type: out.content_type(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::options::Resize;
    use crate::transform::probe::{probe, Probe};

    /// A whole file in memory, admitted with what its header says.
    fn render_file(
        source: &[u8],
        o: &TransformOptions,
        webp: bool,
    ) -> Result<Rendered, RenderError> {
        let Probe::Found(h) = probe(source) else {
            return Err(RenderError::Unsupported);
        };
        let estimate = Estimate {
            raw: (h.width, h.height),
            bytes_per_pixel: h.bytes_per_pixel,
            scratch_per_pixel: h.scratch_per_pixel,
            held_source: 2 * source.len() as u64,
        };
        let admitted = estimate.cost(o, None);
        render(Cursor::new(source), h.format, o, webp, &estimate, admitted)
    }

    fn opts(w: Option<u32>, h: Option<u32>, resize: Resize) -> TransformOptions {
        TransformOptions {
            width: w,
            height: h,
            resize,
            ..Default::default()
        }
    }

    #[test]
    fn geometry_follows_imgproxy_without_enlarging() {
        let src = (1600, 1200);
        let p = plan(src, &opts(Some(400), None, Resize::Cover));
        assert_eq!((p.scaled, p.crop), ((400, 300), (400, 300)));
        let p = plan(src, &opts(None, Some(300), Resize::Fill));
        assert_eq!(p.crop, (400, 300));
        let p = plan(src, &opts(Some(200), Some(200), Resize::Cover));
        assert_eq!((p.scaled, p.crop), ((267, 200), (200, 200)));
        let p = plan(src, &opts(Some(200), Some(200), Resize::Contain));
        assert_eq!(p.crop, (200, 150));
        let p = plan(src, &opts(Some(200), Some(200), Resize::Fill));
        assert_eq!(p.crop, (200, 200));
        // Never larger than the source.
        let p = plan(src, &opts(Some(2000), None, Resize::Cover));
        assert_eq!(p.crop, (1600, 1200));
        let p = plan(src, &opts(Some(2000), Some(100), Resize::Cover));
        assert_eq!((p.scaled, p.crop), ((1600, 1200), (1600, 100)));
        assert_eq!(plan(src, &TransformOptions::default()).crop, src);
    }

    fn jpeg(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbImage::from_fn(w, h, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut out = Vec::new();
        DynamicImage::ImageRgb8(img)
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))
            .unwrap();
        out
    }

    #[test]
    fn renders_webp_or_the_source_format_at_the_planned_size() {
        let src = jpeg(160, 120);
        let r = render_file(&src, &opts(Some(40), None, Resize::Cover), true).unwrap();
        assert_eq!(r.content_type, "image/webp");
        let back = image::load_from_memory(&r.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (40, 30));
        let r = render_file(&src, &opts(None, Some(60), Resize::Cover), false).unwrap();
        assert_eq!(r.content_type, "image/jpeg");
        assert_eq!(image::load_from_memory(&r.bytes).unwrap().height(), 60);
    }

    #[test]
    fn every_requested_size_renders_at_its_planned_size() {
        let src = jpeg(97, 61);
        for resize in [Resize::Cover, Resize::Contain, Resize::Fill] {
            for n in (1..=120).step_by(7) {
                for (w, h) in [
                    (Some(n), None),
                    (None, Some(n)),
                    (Some(n), Some(n)),
                    (Some(n), Some(120 - n + 1)),
                ] {
                    let o = TransformOptions {
                        width: w,
                        height: h,
                        resize,
                        ..Default::default()
                    };
                    let r = render_file(&src, &o, false).unwrap_or_else(|e| panic!("{o:?}: {e:?}"));
                    let back = image::load_from_memory(&r.bytes).unwrap();
                    assert_eq!(
                        (back.width(), back.height()),
                        plan((97, 61), &o).crop,
                        "{o:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn exif_orientation_is_applied_before_resizing() {
        // A 160×120 JPEG whose EXIF says "rotate 90°": displayed 120×160.
        let src = jpeg(160, 120);
        let exif: &[u8] = &[
            0xFF, 0xE1, 0x00, 0x22, b'E', b'x', b'i', b'f', 0, 0, b'M', b'M', 0, 0x2A, 0, 0, 0, 8,
            0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0,
        ];
        let mut rotated = src[..2].to_vec();
        rotated.extend_from_slice(exif);
        rotated.extend_from_slice(&src[2..]);
        let r = render_file(&rotated, &opts(Some(60), None, Resize::Cover), true).unwrap();
        let back = image::load_from_memory(&r.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (60, 80));
    }

    #[test]
    fn non_images_and_bombs_are_refused() {
        assert_eq!(
            render_file(b"hello, not an image", &TransformOptions::default(), true).err(),
            Some(RenderError::Unsupported)
        );
        // A valid PNG header claiming 10000×10000 pixels, and no pixel data.
        let mut png = Vec::new();
        png.extend_from_slice(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR");
        png.extend_from_slice(&10_000u32.to_be_bytes());
        png.extend_from_slice(&10_000u32.to_be_bytes());
        png.extend_from_slice(&[8, 2, 0, 0, 0]);
        let crc = crc32(&png[12..]);
        png.extend_from_slice(&crc.to_be_bytes());
        // The decoder reads the header chunks up to the first IDAT.
        png.extend_from_slice(&[0, 0, 0, 2]);
        let start = png.len();
        png.extend_from_slice(b"IDAT\x78\x9c");
        let crc = crc32(&png[start..]);
        png.extend_from_slice(&crc.to_be_bytes());
        assert_eq!(
            render_file(&png, &TransformOptions::default(), true).err(),
            Some(RenderError::TooManyPixels)
        );
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut c = 0xFFFF_FFFFu32;
        for b in data {
            c ^= u32::from(*b);
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }
}
