//! Reading and decoding a photo within bounds. A studio drops files in a folder; any of them may
//! be huge, cut short, not an image at all or made to hurt, so every step has a limit:
//! - the file: at most [`MAX_FILE_BYTES`], read once;
//! - the format: sniffed from the bytes, not the name; SVG (which can carry script) and anything
//!   but JPEG, PNG and WebP are refused before a decoder sees them;
//! - the pixels: the header's dimensions are checked against [`MAX_PIXELS`] before anything is
//!   allocated, and the decoder's allocations are capped ([`MAX_ALLOC_BYTES`]);
//! - a JPEG must end with its end-of-image marker: the JPEG decoder would otherwise fill a
//!   truncated photo's missing rows with grey and call it a success;
//! - the time: decoding runs on its own thread and is abandoned after [`TIME_LIMIT`] (the pixel
//!   cap already bounds the work; this is the belt to its braces).
//!
//! CMYK JPEGs are converted to RGB by the decoder and 16-bit PNGs reduced to 8 bits: both are
//! correct results, not errors. The EXIF orientation is applied, so a portrait taken with the
//! phone on its side stands up.

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::Reason;

/// The largest source file accepted: a 50-megapixel JPEG straight from a camera is ~30 MB.
pub const MAX_FILE_BYTES: u64 = 40_000_000;

/// The most pixels a photo may have: 50 megapixels (a 48-megapixel phone photo passes; a
/// 60-megapixel one, or a decompression bomb claiming 100 000 x 100 000, does not).
pub const MAX_PIXELS: u64 = 50_000_000;

/// The decoder's allocation cap: a 50-megapixel photo with 16-bit RGBA channels.
pub const MAX_ALLOC_BYTES: u64 = MAX_PIXELS * 8;

/// How long one decode may take before the photo is reported as too slow.
pub const TIME_LIMIT: Duration = Duration::from_secs(30);

/// How far into a file an SVG's opening tag is looked for (after an XML declaration, comments or
/// a doctype).
const SVG_SNIFF_BYTES: usize = 1024;

/// The source file's bytes, refused when larger than [`MAX_FILE_BYTES`].
pub fn read(path: &Path) -> Result<Vec<u8>, Reason> {
    let file = std::fs::File::open(path).map_err(Reason::Read)?;
    let size = file.metadata().map_err(Reason::Read)?.len();
    if size > MAX_FILE_BYTES {
        return Err(Reason::FileTooLarge(size));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or_default());
    // The file may grow while read: never read more than the cap (plus one byte to notice).
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(Reason::Read)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Reason::FileTooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The photo's pixels, upright, within the limits above.
pub fn decode(bytes: Vec<u8>) -> Result<DynamicImage, Reason> {
    let format = sniff(&bytes)?;
    let bytes = std::sync::Arc::new(bytes);
    let (sender, receiver) = std::sync::mpsc::sync_channel(1);
    let on_thread = std::sync::Arc::clone(&bytes);
    let spawned = std::thread::Builder::new()
        .name("decode-photo".to_owned())
        .spawn(move || {
            // The receiver is gone only after a timeout, already reported.
            let _ = sender.send(decode_now(&on_thread, format));
        });
    match spawned {
        Ok(_) => receiver
            .recv_timeout(TIME_LIMIT)
            .unwrap_or(Err(Reason::TooSlow)),
        // No thread to spare: decode here, still within the pixel and allocation caps.
        Err(_) => decode_now(&bytes, format),
    }
}

/// The format of `bytes`, or why it is not a photo this pipeline reads: for a studio upload,
/// checked before anything is stored.
pub fn sniff(bytes: &[u8]) -> Result<ImageFormat, Reason> {
    if looks_like_svg(bytes) {
        return Err(Reason::Svg);
    }
    match image::guess_format(bytes) {
        Ok(format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP)) => {
            if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
                return Err(Reason::Damaged(
                    "the JPEG ends before its end-of-image marker".to_owned(),
                ));
            }
            Ok(format)
        }
        _ => Err(Reason::NotAnImage),
    }
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(SVG_SNIFF_BYTES)]).to_lowercase();
    let head = head.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('<') && head.contains("<svg")
}

/// Whether a JPEG's entropy-coded data is followed by its end-of-image marker (FF D9). The
/// segments before the first scan are walked by their lengths (an EXIF thumbnail inside them has
/// an end marker of its own); after it, FF D9 can only be the end (data bytes FF are stuffed as
/// FF 00). Bytes after the marker (a phone's motion-photo trailer) are allowed.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return false;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF {
            at += 1;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        if marker == 0xDA {
            let scan = &bytes[(at + 2 + length).min(bytes.len())..];
            return scan.windows(2).any(|pair| pair == [0xFF, 0xD9]);
        }
        at += 2 + length;
    }
    false
}

fn decode_now(bytes: &[u8], format: ImageFormat) -> Result<DynamicImage, Reason> {
    let mut reader = ImageReader::with_format(std::io::Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_ALLOC_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Reason::TooManyPixels { width, height });
    }
    let orientation = decoder.orientation().map_err(damaged)?;
    let mut pixels = DynamicImage::from_decoder(decoder).map_err(damaged)?;
    pixels.apply_orientation(orientation);
    Ok(pixels)
}

fn damaged(error: image::ImageError) -> Reason {
    match error {
        image::ImageError::Limits(limit) => Reason::Damaged(format!(
            "decoding would need more memory than allowed: {limit}"
        )),
        other => Reason::Damaged(other.to_string()),
    }
}
