//! The CPU work of a rendering, synchronous (run on the blocking pool):
//! decode a JPEG, PNG, GIF (first frame) or WebP with a bounded size, turn
//! it upright by its EXIF orientation, resize as imgproxy does for
//! Supabase (never enlarging), and encode WebP (lossy, libwebp) or the
//! source's own format. Metadata is not carried over, as imgproxy strips it.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::options::{Resize, TransformOptions};

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

/// A finished rendering and its media type.
pub struct Rendered {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
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

/// What the output's size is: resize the whole image to `scaled`, then
/// keep the centred `crop` of it.
#[derive(Debug, PartialEq, Eq)]
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

fn decode(source: &[u8]) -> Result<(DynamicImage, ImageFormat), RenderError> {
    let mut reader = ImageReader::new(Cursor::new(source))
        .with_guessed_format()
        .map_err(|_| RenderError::Unsupported)?;
    let format = reader.format().ok_or(RenderError::Unsupported)?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP
    ) {
        return Err(RenderError::Unsupported);
    }
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|_| RenderError::Unsupported)?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(RenderError::TooManyPixels);
    }
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut img = DynamicImage::from_decoder(decoder).map_err(|_| RenderError::Unsupported)?;
    img.apply_orientation(orientation);
    Ok((img, format))
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

/// Render `source` with `o`, as WebP when `webp`, else in its own format.
pub fn render(source: &[u8], o: &TransformOptions, webp: bool) -> Result<Rendered, RenderError> {
    let (img, format) = decode(source)?;
    let p = plan((img.width(), img.height()), o);
    let mut img = if p.scaled == (img.width(), img.height()) {
        img
    } else {
        img.resize_exact(p.scaled.0, p.scaled.1, FilterType::Lanczos3)
    };
    if p.crop != p.scaled {
        let x = (p.scaled.0 - p.crop.0) / 2;
        let y = (p.scaled.1 - p.crop.1) / 2;
        img = img.crop_imm(x, y, p.crop.0, p.crop.1);
    }
    let out = if webp { ImageFormat::WebP } else { format };
    let bytes = encode(&img, out, o.quality()).ok_or(RenderError::Unsupported)?;
    Ok(Rendered {
        bytes,
        content_type: content_type(out),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::options::Resize;

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
        let r = render(&src, &opts(Some(40), None, Resize::Cover), true).unwrap();
        assert_eq!(r.content_type, "image/webp");
        let back = image::load_from_memory(&r.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (40, 30));
        let r = render(&src, &opts(None, Some(60), Resize::Cover), false).unwrap();
        assert_eq!(r.content_type, "image/jpeg");
        assert_eq!(image::load_from_memory(&r.bytes).unwrap().height(), 60);
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
        let r = render(&rotated, &opts(Some(60), None, Resize::Cover), true).unwrap();
        let back = image::load_from_memory(&r.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (60, 80));
    }

    #[test]
    fn non_images_and_bombs_are_refused() {
        assert_eq!(
            render(b"hello, not an image", &TransformOptions::default(), true).err(),
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
            render(&png, &TransformOptions::default(), true).err(),
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
