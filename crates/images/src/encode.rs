//! Making a photo's variants from its decoded pixels: each width of [`WIDTHS`] the photo reaches
//! (or its own width when narrower), in every format of [`FORMATS`], and the tiny blurred
//! placeholder. Only pixels are written, never the source's metadata: EXIF, XMP and ICC
//! segments (GPS location, camera serial numbers) do not survive.
//!
//! Each width is resized from the previous, larger one (Catmull-Rom), which costs a fraction of
//! resizing the full photo every time and looks the same. A photo with transparency keeps it in
//! AVIF and WebP; its JPEG fallback (for browsers that read neither, practically none) is laid on
//! white.

use base64::Engine;
use image::codecs::avif::AvifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ExtendedColorType, ImageEncoder, RgbImage, RgbaImage};

use super::Format;
use super::Photo;
use super::Reason;
use super::Variant;
use super::FORMATS;
use super::WIDTHS;

/// JPEG quality: the usual web setting, artefacts invisible at the sizes served.
const JPEG_QUALITY: u8 = 80;

/// WebP quality (libwebp's scale): about JPEG 80's look at two thirds of its bytes.
const WEBP_QUALITY: f32 = 75.0;

/// AVIF quality (ravif's scale) and encoder speed (1 slowest .. 10 fastest); see the module
/// docs of [`super`] for the measurements behind the speed.
const AVIF_QUALITY: u8 = 60;
const AVIF_SPEED: u8 = 8;

/// Width of the placeholder, in pixels: blurred and stretched, it only needs the photo's colours.
const PLACEHOLDER_WIDTH: u32 = 16;

/// Placeholder quality: its blur hides everything finer.
const PLACEHOLDER_QUALITY: f32 = 40.0;

/// Every setting that changes the variants, for the cache key: changing one redoes every photo.
/// Bump the trailing revision when the code changes what it makes.
pub fn settings() -> String {
    format!(
        "jpeg {JPEG_QUALITY}, webp {WEBP_QUALITY}, avif {AVIF_QUALITY} speed {AVIF_SPEED}, \
         placeholder {PLACEHOLDER_WIDTH} px {PLACEHOLDER_QUALITY}, revision 1"
    )
}

/// The photo's description and its variants' bytes, in the order of `photo.variants`.
pub fn variants(hash: &str, pixels: &DynamicImage) -> Result<(Photo, Vec<Vec<u8>>), Reason> {
    let alpha = has_transparency(pixels);
    let (width, height) = (pixels.width(), pixels.height());
    let mut resized = Vec::new();
    let mut larger = pixels.clone();
    for target in widths(width).into_iter().rev() {
        let target_height = scaled_height(width, height, target);
        if target != larger.width() {
            larger = larger.resize_exact(target, target_height, FilterType::CatmullRom);
        }
        resized.push(larger.clone());
    }
    resized.reverse();
    let mut variants = Vec::new();
    let mut files = Vec::new();
    for format in FORMATS {
        for image in &resized {
            files.push(encode(image, format, alpha)?);
            variants.push(Variant {
                format,
                width: image.width(),
                height: image.height(),
            });
        }
    }
    let photo = Photo {
        hash: hash.to_owned(),
        width,
        height,
        placeholder: if alpha {
            None
        } else {
            Some(placeholder(&larger))
        },
        variants,
    };
    Ok((photo, files))
}

/// The widths made for a photo `width` pixels wide: those of [`WIDTHS`] it reaches, and its own
/// width when it is narrower than the widest.
pub fn widths(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = WIDTHS.into_iter().filter(|&w| w <= width).collect();
    let widest = WIDTHS.last().copied().unwrap_or(width);
    if width < widest && !widths.contains(&width) {
        widths.push(width);
    }
    widths
}

/// The height of a `target`-wide copy of a `width` x `height` photo, rounded, at least 1.
fn scaled_height(width: u32, height: u32, target: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// Whether any pixel is not fully opaque (a PNG may carry an alpha channel it does not use).
fn has_transparency(pixels: &DynamicImage) -> bool {
    pixels.color().has_alpha() && pixels.to_rgba8().pixels().any(|pixel| pixel.0[3] < u8::MAX)
}

fn encode(image: &DynamicImage, format: Format, alpha: bool) -> Result<Vec<u8>, Reason> {
    let failed = |message: String| Reason::Encode { format, message };
    let (width, height) = (image.width(), image.height());
    let mut out = Vec::new();
    match format {
        Format::Jpeg => {
            let rgb = on_white(image);
            JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
                .write_image(rgb.as_raw(), width, height, ExtendedColorType::Rgb8)
                .map_err(|error| failed(error.to_string()))?;
        }
        Format::Webp => {
            let encoded = if alpha {
                webp::Encoder::from_rgba(image.to_rgba8().as_raw(), width, height)
                    .encode_simple(false, WEBP_QUALITY)
            } else {
                webp::Encoder::from_rgb(image.to_rgb8().as_raw(), width, height)
                    .encode_simple(false, WEBP_QUALITY)
            };
            out = encoded
                .map_err(|error| failed(format!("{error:?}")))?
                .to_vec();
        }
        Format::Avif => {
            let encoder = AvifEncoder::new_with_speed_quality(&mut out, AVIF_SPEED, AVIF_QUALITY);
            let written = if alpha {
                let rgba: RgbaImage = image.to_rgba8();
                encoder.write_image(rgba.as_raw(), width, height, ExtendedColorType::Rgba8)
            } else {
                let rgb: RgbImage = image.to_rgb8();
                encoder.write_image(rgb.as_raw(), width, height, ExtendedColorType::Rgb8)
            };
            written.map_err(|error| failed(error.to_string()))?;
        }
    }
    Ok(out)
}

/// The image laid on white, for JPEG, which has no transparency.
fn on_white(image: &DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |channel: u8| {
            let value = (u16::from(channel) * u16::from(a) + 255 * (255 - u16::from(a))) / 255;
            u8::try_from(value).unwrap_or(u8::MAX)
        };
        image::Rgb([over(r), over(g), over(b)])
    })
}

/// A [`PLACEHOLDER_WIDTH`]-pixel-wide WebP of the photo as a `data:` URI (some 100-200 bytes),
/// which the page stretches and blurs behind the photo until it loads.
fn placeholder(image: &DynamicImage) -> String {
    let height = scaled_height(image.width(), image.height(), PLACEHOLDER_WIDTH);
    let tiny = image
        .resize_exact(PLACEHOLDER_WIDTH, height, FilterType::Triangle)
        .to_rgb8();
    let bytes = webp::Encoder::from_rgb(tiny.as_raw(), tiny.width(), tiny.height())
        .encode(PLACEHOLDER_QUALITY)
        .to_vec();
    format!(
        "data:image/webp;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}
