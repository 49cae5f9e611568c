//! An image's format and pixel size from the first bytes of its file, read
//! before the whole source is read or decoded, so what rendering it will
//! hold in memory is known before it is admitted. Deliberately small and
//! tolerant of a cut-off prefix: it only estimates; the decoder's own view
//! is checked against the admitted estimate before any pixel is allocated.

use image::ImageFormat;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub format: ImageFormat,
    /// As stored, before any EXIF orientation.
    pub width: u32,
    pub height: u32,
    /// The most a decoded pixel may take (the decoder may use less).
    pub bytes_per_pixel: u64,
    /// What the decoder holds per pixel besides the image it decodes into:
    /// a progressive JPEG's coefficients, WebP's planes.
    pub scratch_per_pixel: u64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Probe {
    Found(Header),
    /// A supported format whose size lies beyond the bytes given.
    NeedMore(ImageFormat),
    /// Not a JPEG, PNG, GIF or WebP, or a broken one.
    NotAnImage,
}

fn be16(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 2)
        .map(|s| u32::from(u16::from_be_bytes([s[0], s[1]])))
}

fn le16(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 2)
        .map(|s| u32::from(u16::from_le_bytes([s[0], s[1]])))
}

fn le24(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 3)
        .map(|s| u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 4)
        .map(|s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

fn found(format: ImageFormat, width: u32, height: u32, bytes_per_pixel: u64) -> Probe {
    if width == 0 || height == 0 {
        return Probe::NotAnImage;
    }
    let scratch_per_pixel = match format {
        // Lossy WebP decodes through YUV planes, lossless through ARGB words.
        ImageFormat::WebP => 4,
        // A frame smaller than the screen is decoded apart, then placed.
        ImageFormat::Gif => 4,
        _ => 0,
    };
    Probe::Found(Header {
        format,
        width,
        height,
        bytes_per_pixel,
        scratch_per_pixel,
    })
}

/// What `prefix`, the start of a file, says the image is.
pub fn probe(prefix: &[u8]) -> Probe {
    if prefix.starts_with(b"\x89PNG\r\n\x1a\n") {
        return png(prefix);
    }
    if prefix.starts_with(b"GIF87a") || prefix.starts_with(b"GIF89a") {
        return match (le16(prefix, 6), le16(prefix, 8)) {
            (Some(w), Some(h)) => found(ImageFormat::Gif, w, h, 4),
            _ => Probe::NeedMore(ImageFormat::Gif),
        };
    }
    if prefix.starts_with(b"\xFF\xD8\xFF") {
        return jpeg(prefix);
    }
    if prefix.starts_with(b"RIFF") {
        return match prefix.get(8..12) {
            Some(b"WEBP") => webp(prefix),
            Some(_) => Probe::NotAnImage,
            None => Probe::NeedMore(ImageFormat::WebP),
        };
    }
    Probe::NotAnImage
}

fn png(b: &[u8]) -> Probe {
    let more = Probe::NeedMore(ImageFormat::Png);
    if b.len() < 26 {
        return more;
    }
    if &b[12..16] != b"IHDR" {
        return Probe::NotAnImage;
    }
    let (Some(w), Some(h)) = (be32(b, 16), be32(b, 20)) else {
        return more;
    };
    // Decoded as 8 or 16 bits per sample, at most four samples.
    let bytes = if b[24] == 16 { 8 } else { 4 };
    found(ImageFormat::Png, w, h, bytes)
}

fn webp(b: &[u8]) -> Probe {
    let more = Probe::NeedMore(ImageFormat::WebP);
    let Some(chunk) = b.get(12..16) else {
        return more;
    };
    let size = match chunk {
        b"VP8 " => match (b.get(23..26), le16(b, 26), le16(b, 28)) {
            (Some(start), Some(w), Some(h)) if start == b"\x9d\x01\x2a" => {
                Some((w & 0x3fff, h & 0x3fff))
            }
            (Some(_), Some(_), Some(_)) => return Probe::NotAnImage,
            _ => None,
        },
        b"VP8L" => match (b.get(20), b.get(21..25)) {
            (Some(0x2f), Some(s)) => {
                let bits = u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
                Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
            }
            (Some(_), Some(_)) => return Probe::NotAnImage,
            _ => None,
        },
        b"VP8X" => match (le24(b, 24), le24(b, 27)) {
            (Some(w), Some(h)) => Some((w + 1, h + 1)),
            _ => None,
        },
        _ => return Probe::NotAnImage,
    };
    match size {
        Some((w, h)) => found(ImageFormat::WebP, w, h, 4),
        None => more,
    }
}

/// One step of a walk over a JPEG's markers: `b` starts at a marker.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    Done(Probe),
    /// The next marker is this many bytes further.
    Skip(u64),
    /// `b` ends before the marker does.
    Short,
}

/// The bytes a [`Step`] needs at most.
pub const STEP_BYTES: usize = 9;

pub fn jpeg_step(b: &[u8]) -> Step {
    let (Some(&ff), Some(&marker)) = (b.first(), b.get(1)) else {
        return Step::Short;
    };
    // Bytes where a marker should be: skipped to the next marker, as
    // libjpeg and zune-jpeg do (a segment whose length is a little off is
    // common enough in photos that decode everywhere).
    if ff != 0xFF {
        return Step::Skip(1);
    }
    match marker {
        // Fill bytes before a marker.
        0xFF => Step::Skip(1),
        // Markers without a length.
        0x01 | 0xD0..=0xD7 => Step::Skip(2),
        // A scan or the end before any frame header.
        0xD8..=0xDA => Step::Done(Probe::NotAnImage),
        0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
            let (Some(h), Some(w)) = (be16(b, 5), be16(b, 7)) else {
                return Step::Short;
            };
            // Decoded as one to four samples of 8 bits; a progressive frame
            // keeps every coefficient (up to four 16-bit samples a pixel)
            // until its last scan.
            Step::Done(match found(ImageFormat::Jpeg, w, h, 4) {
                Probe::Found(mut header) if matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE) => {
                    header.scratch_per_pixel = 8;
                    Probe::Found(header)
                }
                other => other,
            })
        }
        _ => match be16(b, 2) {
            None => Step::Short,
            Some(len) if len < 2 => Step::Done(Probe::NotAnImage),
            Some(len) => Step::Skip(2 + u64::from(len)),
        },
    }
}

/// Walks the markers to the first frame header (SOFn), skipping segments
/// by their length; EXIF, ICC profiles, thumbnails and depth maps may come
/// first, megabytes of them.
fn jpeg(b: &[u8]) -> Probe {
    let mut at = 2usize;
    loop {
        match jpeg_step(b.get(at..).unwrap_or(&[])) {
            Step::Done(p) => return p,
            Step::Skip(n) => at = at.saturating_add(n as usize),
            Step::Short => return Probe::NeedMore(ImageFormat::Jpeg),
        }
    }
}

/// [`jpeg_step`]s over a file arriving in chunks, holding no more than a
/// marker's bytes: feed every chunk in order until it answers.
pub struct JpegWalk {
    /// Offset of the next marker, and of the first byte of the next chunk.
    at: u64,
    pos: u64,
    /// The bytes from `at` on, while fewer than a step needs.
    window: Vec<u8>,
}

impl Default for JpegWalk {
    fn default() -> Self {
        JpegWalk {
            at: 2,
            pos: 0,
            window: Vec::with_capacity(STEP_BYTES),
        }
    }
}

impl JpegWalk {
    pub fn feed(&mut self, chunk: &[u8]) -> Option<Probe> {
        let start = self.pos;
        self.pos += chunk.len() as u64;
        let mut i = 0usize;
        loop {
            if self.window.is_empty() {
                let here = start + i as u64;
                if here < self.at {
                    i += (self.at - here).min((chunk.len() - i) as u64) as usize;
                }
            }
            if i == chunk.len() {
                return None;
            }
            let take = (STEP_BYTES - self.window.len()).min(chunk.len() - i);
            self.window.extend_from_slice(&chunk[i..i + take]);
            i += take;
            match jpeg_step(&self.window) {
                Step::Done(p) => return Some(p),
                Step::Short => {}
                Step::Skip(n) => {
                    self.at += n;
                    if n < self.window.len() as u64 {
                        self.window.drain(..n as usize);
                    } else {
                        self.window.clear();
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{DynamicImage, RgbaImage};
    use std::io::Cursor;

    fn encoded(format: ImageFormat, w: u32, h: u32) -> Vec<u8> {
        let img = DynamicImage::ImageRgba8(RgbaImage::from_fn(w, h, |x, y| {
            image::Rgba([x as u8, y as u8, 7, 255])
        }));
        let img = if format == ImageFormat::Jpeg {
            DynamicImage::ImageRgb8(img.to_rgb8())
        } else {
            img
        };
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), format).unwrap();
        out
    }

    #[test]
    fn sizes_of_every_supported_format_from_their_first_bytes() {
        for format in [
            ImageFormat::Png,
            ImageFormat::Gif,
            ImageFormat::Jpeg,
            ImageFormat::WebP,
        ] {
            let file = encoded(format, 123, 45);
            match probe(&file[..file.len().min(64)]) {
                Probe::Found(h) => assert_eq!(
                    (h.format, h.width, h.height),
                    (format, 123, 45),
                    "{format:?}"
                ),
                other => panic!("{format:?}: {other:?}"),
            }
            assert_eq!(probe(&file[..8]), Probe::NeedMore(format), "{format:?}");
        }
        let lossy = webp::Encoder::from_rgb(&[9u8; 30 * 20 * 3], 30, 20)
            .encode(80.0)
            .to_vec();
        assert!(matches!(probe(&lossy), Probe::Found(h) if (h.width, h.height) == (30, 20)));
    }

    #[test]
    fn a_jpeg_frame_header_after_large_segments_is_found_or_asked_for() {
        let file = encoded(ImageFormat::Jpeg, 40, 30);
        // A 60 KB application segment before the rest.
        let mut padded = file[..2].to_vec();
        padded.extend_from_slice(&[0xFF, 0xE2, 0xEA, 0x62]);
        padded.extend(std::iter::repeat_n(0u8, 0xEA62 - 2));
        padded.extend_from_slice(&file[2..]);
        assert_eq!(probe(&padded[..4096]), Probe::NeedMore(ImageFormat::Jpeg));
        assert!(matches!(probe(&padded), Probe::Found(h) if (h.width, h.height) == (40, 30)));
    }

    #[test]
    fn a_jpeg_walked_in_chunks_of_any_size_finds_its_frame_header() {
        let file = encoded(ImageFormat::Jpeg, 40, 30);
        let mut padded = file[..2].to_vec();
        for _ in 0..40 {
            padded.extend_from_slice(&[0xFF, 0xE1, 0xFF, 0xFF]);
            padded.extend(std::iter::repeat_n(7u8, 0xFFFF - 2));
        }
        padded.extend_from_slice(&file[2..]);
        for size in [1, 3, 9, 1000, 65_536, padded.len()] {
            let mut walk = JpegWalk::default();
            let found = padded.chunks(size).find_map(|c| walk.feed(c));
            assert!(
                matches!(found, Some(Probe::Found(h)) if (h.width, h.height) == (40, 30)),
                "chunks of {size}: {found:?}"
            );
        }
        let mut walk = JpegWalk::default();
        assert_eq!(
            walk.feed(b"\xFF\xD8\xFF\xDA\x00\x02"),
            Some(Probe::NotAnImage)
        );
    }

    #[test]
    fn other_files_are_not_images() {
        assert_eq!(probe(b"hello, not an image"), Probe::NotAnImage);
        assert_eq!(probe(b""), Probe::NotAnImage);
        assert_eq!(probe(b"\xFF\xD8\xFF\xDA\x00\x02"), Probe::NotAnImage);
        let mut zero = encoded(ImageFormat::Png, 4, 4);
        zero[16..20].copy_from_slice(&0u32.to_be_bytes());
        assert_eq!(probe(&zero), Probe::NotAnImage);
    }
}
