//! The photo pipeline (`src/images`) on real photos made here with the `image` crate: variants
//! of the stated widths and formats that decode completely (AVIF with Debian's `avifdec`) to
//! their stated size and to the photo's pixels, never upscaled, without the source's EXIF,
//! orientation applied; the cache reused (no encode) and a changed photo redone; every hostile
//! file refused with its message or read correctly; the `<picture>` markup; the variants served
//! by the real binary; `onespace images check`; the portrait stand-ins on /meet-the-team, and a coach's
//! photo from `team.toml` in their place.

use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, SystemTime};

use actix_web::test as app_test;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{DynamicImage, ImageEncoder, Rgb, RgbImage, Rgba, RgbaImage};
use onespace_images::{self as images, Format, Library, Photo};
use onespace_server::build_app;
use onespace_site::pages::components::{picture, Loading};

use crate::harness;
use crate::harness::built_site;
use crate::harness::{request, Server, TempDir};

/// A text planted in the test photo's EXIF, next to its GPS position: no variant may carry it.
const SECRET: &str = "ONESPACE-PRIVATE-LOCATION";

/// Pixels that look a little like a photo: smooth gradients with some detail.
fn scene(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let ring = ((x as f32 / 23.0).sin() * (y as f32 / 17.0).cos() * 40.0) as i32;
        Rgb([
            (60 + (x * 150 / width) as i32 + ring).clamp(0, 255) as u8,
            (40 + (y * 120 / height) as i32 - ring).clamp(0, 255) as u8,
            (200 - (x * 100 / width) as i32 + ring / 2).clamp(0, 255) as u8,
        ])
    })
}

fn jpeg(pixels: &RgbImage, exif: Option<Vec<u8>>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut out, 90);
    if let Some(exif) = exif {
        encoder.set_exif_metadata(exif).unwrap();
    }
    encoder
        .write_image(
            pixels.as_raw(),
            pixels.width(),
            pixels.height(),
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

fn png(image: &DynamicImage) -> Vec<u8> {
    let mut out = Vec::new();
    image.write_with_encoder(PngEncoder::new(&mut out)).unwrap();
    out
}

/// A little-endian TIFF block as a phone writes into a JPEG's APP1 segment: orientation 6 (the
/// phone was held upright: turn the stored pixels 90° clockwise), a description holding
/// [`SECRET`], and a GPS position (55° 53' N).
fn phone_exif() -> Vec<u8> {
    fn entry(out: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: u32) {
        out.extend(tag.to_le_bytes());
        out.extend(kind.to_le_bytes());
        out.extend(count.to_le_bytes());
        out.extend(value.to_le_bytes());
    }
    const ASCII: u16 = 2;
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const RATIONAL: u16 = 5;
    let (ifd0, gps, latitude, description) = (8u32, 50u32, 80u32, 104u32);
    let mut tiff = b"II*\0".to_vec();
    tiff.extend(ifd0.to_le_bytes());
    tiff.extend(3u16.to_le_bytes());
    entry(
        &mut tiff,
        0x010E,
        ASCII,
        SECRET.len() as u32 + 1,
        description,
    );
    entry(&mut tiff, 0x0112, SHORT, 1, 6);
    entry(&mut tiff, 0x8825, LONG, 1, gps);
    tiff.extend(0u32.to_le_bytes());
    assert_eq!(tiff.len() as u32, gps);
    tiff.extend(2u16.to_le_bytes());
    entry(&mut tiff, 0x0001, ASCII, 2, u32::from(b'N'));
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude);
    tiff.extend(0u32.to_le_bytes());
    assert_eq!(tiff.len() as u32, latitude);
    for value in [55u32, 1, 53, 1, 0, 1] {
        tiff.extend(value.to_le_bytes());
    }
    assert_eq!(tiff.len() as u32, description);
    tiff.extend(SECRET.as_bytes());
    tiff.push(0);
    tiff
}

/// An AVIF decoded completely by Debian's `avifdec` (libavif with dav1d, the AV1 decoder
/// Chromium and Firefox use; installed by `scripts/ensure-tools.sh --test-services`), written out
/// as PNG and read back. A real decoder rather than the header's declared size: a variant whose
/// AV1 data were damaged, cut short or of another size would pass a header check. No AV1 decoder
/// crate builds here without a C toolchain for dav1d or libaom, and the encoder's own crate
/// (ravif, rav1e) only encodes, so an independent decoder also checks the encoder.
fn decode_avif(bytes: &[u8]) -> DynamicImage {
    let dir = TempDir::new("avif-decode");
    let avif = dir.path().join("variant.avif");
    let png = dir.path().join("variant.png");
    std::fs::write(&avif, bytes).unwrap();
    let decoded = std::process::Command::new("avifdec")
        .arg(&avif)
        .arg(&png)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap_or_else(|error| {
            panic!("avifdec cannot run ({error}): install it with `make test-services`")
        });
    assert!(
        decoded.status.success(),
        "avifdec refused the variant: {}",
        String::from_utf8_lossy(&decoded.stderr)
    );
    image::open(&png).unwrap()
}

/// A variant decoded completely, after checking its format by its signature.
fn decode(format: Format, bytes: &[u8]) -> DynamicImage {
    match format {
        Format::Avif => {
            assert_eq!(&bytes[4..12], b"ftypavif", "not an AVIF");
            decode_avif(bytes)
        }
        Format::Webp | Format::Jpeg => {
            let expected = if format == Format::Webp {
                image::ImageFormat::WebP
            } else {
                image::ImageFormat::Jpeg
            };
            assert_eq!(image::guess_format(bytes).unwrap(), expected);
            image::load_from_memory(bytes).unwrap()
        }
    }
}

/// The mean difference per channel between two images of the same size, 0 to 255.
fn mean_difference(a: &DynamicImage, b: &DynamicImage) -> f64 {
    let (a, b) = (a.to_rgb8(), b.to_rgb8());
    assert_eq!(a.dimensions(), b.dimensions());
    let total: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    total as f64 / a.as_raw().len() as f64
}

fn bytes_of(library: &Library, photo: &Photo, format: Format, width: u32) -> Vec<u8> {
    let variant = photo
        .of_format(format)
        .find(|variant| variant.width == width)
        .unwrap_or_else(|| panic!("no {format:?} variant {width} px wide"));
    let url = photo.url(variant);
    let file = url.strip_prefix(onespace_images::IMAGES_PREFIX).unwrap();
    library.file(file).unwrap().identity().to_vec()
}

fn widths(photo: &Photo, format: Format) -> Vec<u32> {
    photo
        .of_format(format)
        .map(|variant| variant.width)
        .collect()
}

/// The four kinds of photo the studio will drop in.
fn write_photos(dir: &Path) {
    std::fs::write(dir.join("studio.jpg"), jpeg(&scene(1700, 1100), None)).unwrap();
    // Stored 1000 x 750 on its side, shown 750 x 1000 upright.
    std::fs::write(
        dir.join("coach.jpg"),
        jpeg(&scene(1000, 750), Some(phone_exif())),
    )
    .unwrap();
    let logo = RgbaImage::from_fn(600, 400, |x, y| {
        let inside = (x as i32 - 300).pow(2) + (y as i32 - 200).pow(2) < 150 * 150;
        if inside {
            Rgba([242, 106, 46, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    std::fs::write(dir.join("badge.png"), png(&DynamicImage::ImageRgba8(logo))).unwrap();
    std::fs::write(
        dir.join("tiny.png"),
        png(&DynamicImage::ImageRgb8(scene(40, 30))),
    )
    .unwrap();
}

/// Prepares `source`'s photos as the server does, in the release binary (`onespace images
/// check`), then reads them here from the cache it filled: the library, and how many variants the
/// binary encoded. Encoding in this test binary would run the AV1 encoder unoptimised (its
/// generic code is instantiated here, at opt-level 0) and take minutes; reading the binary's
/// cache in process also proves that both agree on the cache's keys.
fn prepared_by_the_binary(source: &Path, data: &Path) -> (Library, usize) {
    let output = std::process::Command::new(harness::binary())
        .args(["images", "check"])
        .arg(source)
        .arg("--data")
        .arg(data)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let encoded = stdout
        .lines()
        .find_map(|line| line.split_once(" variants encoded"))
        .and_then(|(before, _)| before.rsplit(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count of encoded variants in: {stdout}"));
    let (library, errors) = images::prepare(source, &images::cache_dir(data));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(library.encoded(), 0, "the binary's cache was not reused");
    (library, encoded)
}

#[test]
fn every_photo_gets_its_variants_in_each_format_never_upscaled_and_without_exif() {
    let source = TempDir::new("images-source");
    let data = TempDir::new("images-data");
    write_photos(source.path());
    let (library, _) = prepared_by_the_binary(source.path(), data.path());
    let expected: HashMap<&str, (u32, u32, Vec<u32>)> = HashMap::from([
        ("studio.jpg", (1700, 1100, vec![480, 768, 1200, 1600])),
        ("coach.jpg", (750, 1000, vec![480, 750])),
        ("badge.png", (600, 400, vec![480, 600])),
        ("tiny.png", (40, 30, vec![40])),
    ]);
    assert_eq!(library.photos().count(), expected.len());
    for (name, (width, height, stated)) in &expected {
        let photo = library.photo(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!((photo.width, photo.height), (*width, *height), "{name}");
        for format in [Format::Avif, Format::Webp, Format::Jpeg] {
            assert_eq!(&widths(photo, format), stated, "{name} {format:?}");
            for variant in photo.of_format(format) {
                let bytes = bytes_of(&library, photo, format, variant.width);
                let decoded = decode(format, &bytes);
                let size = (decoded.width(), decoded.height());
                assert_eq!(size, (variant.width, variant.height), "{name} {format:?}");
                // The pixels are the photo's: each format's variant looks like the JPEG one of
                // the same width (lossy encoders differ by a few levels, a wrong or garbled
                // picture by tens). The badge is compared where it is opaque only.
                if format != Format::Jpeg && name != &"badge.png" {
                    let jpeg = decode(
                        Format::Jpeg,
                        &bytes_of(&library, photo, Format::Jpeg, variant.width),
                    );
                    let difference = mean_difference(&decoded, &jpeg);
                    assert!(
                        difference < 8.0,
                        "{name} {format:?} {}: differs from the JPEG by {difference:.1}",
                        variant.width
                    );
                }
                // The ratio is the photo's (within rounding): the orientation was applied.
                let ratio = f64::from(variant.width) / f64::from(variant.height);
                let expected_ratio = f64::from(*width) / f64::from(*height);
                assert!((ratio - expected_ratio).abs() < 0.02, "{name} {size:?}");
                assert!(
                    !bytes.windows(4).any(|window| window == b"Exif")
                        && !bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes()),
                    "{name} {format:?} {} carries EXIF",
                    variant.width
                );
            }
        }
    }
    // The source did carry it: the test would fail if the JPEG had been copied.
    let source_bytes = std::fs::read(source.path().join("coach.jpg")).unwrap();
    assert!(source_bytes
        .windows(SECRET.len())
        .any(|w| w == SECRET.as_bytes()));
    // The upright portrait: the stored image's left column (bluish) is now its top row.
    let coach = library.photo("coach.jpg").unwrap();
    let upright = image::load_from_memory(&bytes_of(&library, coach, Format::Jpeg, 750))
        .unwrap()
        .to_rgb8();
    let top_right = upright.get_pixel(740, 10).0;
    let bottom_left = upright.get_pixel(10, 990).0;
    assert!(
        top_right[2] > bottom_left[2],
        "{top_right:?} {bottom_left:?}"
    );
    // Transparency stays in WebP; the JPEG fallback lays it on white; no placeholder shows
    // through it.
    let badge = library.photo("badge.png").unwrap();
    let webp = image::load_from_memory(&bytes_of(&library, badge, Format::Webp, 600)).unwrap();
    assert!(webp.color().has_alpha());
    assert_eq!(webp.to_rgba8().get_pixel(5, 5).0[3], 0);
    let fallback = image::load_from_memory(&bytes_of(&library, badge, Format::Jpeg, 600))
        .unwrap()
        .to_rgb8();
    assert!(fallback
        .get_pixel(5, 5)
        .0
        .iter()
        .all(|&channel| channel > 245));
    assert!(badge.placeholder.is_none());
    // Opaque photos have a tiny placeholder inline.
    let placeholder = library
        .photo("studio.jpg")
        .unwrap()
        .placeholder
        .clone()
        .unwrap();
    assert!(placeholder.starts_with("data:image/webp;base64,"));
    assert!(placeholder.len() < 600, "{}", placeholder.len());
}

#[test]
fn the_picture_markup_offers_every_format_with_srcset_sizes_dimensions_and_alt() {
    let source = TempDir::new("images-markup");
    let data = TempDir::new("images-markup-data");
    std::fs::write(source.path().join("room.jpg"), jpeg(&scene(900, 600), None)).unwrap();
    let (library, _) = prepared_by_the_binary(source.path(), data.path());
    let photo = library.photo("room.jpg").unwrap();
    let sizes = "(min-width: 1024px) 50vw, 100vw";
    let lazy = picture(
        photo,
        "The hot yoga room, lit warm",
        sizes,
        Loading::Lazy,
        "",
    )
    .into_string();
    let hash = &photo.hash;
    for expected in [
        "<picture>".to_owned(),
        format!(
            r#"<source type="image/avif" srcset="/images/{hash}-480.avif 480w, /images/{hash}-768.avif 768w, /images/{hash}-900.avif 900w" sizes="{sizes}">"#
        ),
        format!(
            r#"<source type="image/webp" srcset="/images/{hash}-480.webp 480w, /images/{hash}-768.webp 768w, /images/{hash}-900.webp 900w" sizes="{sizes}">"#
        ),
        format!(
            r#"src="/images/{hash}-900.jpg" srcset="/images/{hash}-480.jpg 480w, /images/{hash}-768.jpg 768w, /images/{hash}-900.jpg 900w" sizes="{sizes}" width="900" height="600" alt="The hot yoga room, lit warm" loading="lazy" decoding="async">"#
        ),
        r#"<img class="photo-placeholder" src="data:image/webp;base64,"#.to_owned(),
    ] {
        assert!(lazy.contains(&expected), "{expected}\nnot in\n{lazy}");
    }
    assert!(!lazy.contains("fetchpriority"));
    let first = picture(
        photo,
        "The hot yoga room",
        sizes,
        Loading::Priority,
        "focus-x-40 focus-y-70",
    )
    .into_string();
    assert!(
        first.contains(r#"loading="eager" fetchpriority="high" decoding="async""#),
        "{first}"
    );
    // A focal point is the `<img>`'s classes, beside its own.
    assert!(
        first.contains(r#"<img class="photo-img focus-x-40 focus-y-70" src="#),
        "{first}"
    );
}

fn modified_times(dir: &Path) -> Vec<(String, SystemTime)> {
    let mut times = Vec::new();
    for folder in std::fs::read_dir(dir).unwrap() {
        for file in std::fs::read_dir(folder.unwrap().path()).unwrap() {
            let file = file.unwrap();
            times.push((
                file.path().display().to_string(),
                file.metadata().unwrap().modified().unwrap(),
            ));
        }
    }
    times.sort();
    times
}

#[test]
fn a_second_run_reuses_the_cache_and_a_changed_photo_is_redone() {
    let source = TempDir::new("images-reuse");
    let data = TempDir::new("images-reuse-data");
    let cache = images::cache_dir(data.path());
    std::fs::write(source.path().join("a.jpg"), jpeg(&scene(500, 300), None)).unwrap();
    std::fs::write(source.path().join("b.jpg"), jpeg(&scene(300, 500), None)).unwrap();
    let (first, encoded) = prepared_by_the_binary(source.path(), data.path());
    // a: 480 and 500 wide, b: 300 wide; three formats each.
    assert_eq!(encoded, 9);
    let before = modified_times(&cache);
    assert_eq!(before.len(), 9 + 2, "nine variants and two descriptions");

    let (second, _) = images::prepare(source.path(), &cache);
    assert_eq!(second.encoded(), 0, "everything came from the cache");
    assert_eq!(modified_times(&cache), before, "no file was rewritten");
    assert_eq!(second.photo("a.jpg"), first.photo("a.jpg"));

    // The studio replaces b with another photo under the same name.
    std::fs::write(source.path().join("b.jpg"), jpeg(&scene(320, 500), None)).unwrap();
    let (third, encoded) = prepared_by_the_binary(source.path(), data.path());
    assert_eq!(encoded, 3, "only the changed photo is encoded");
    let (old, new) = (first.photo("b.jpg").unwrap(), third.photo("b.jpg").unwrap());
    assert_ne!(old.hash, new.hash);
    assert_eq!((new.width, new.height), (320, 500));
    assert_eq!(third.photo("a.jpg"), first.photo("a.jpg"));
}

/// A JPEG whose header claims `width` x `height` over a small real image: the decoder must
/// refuse it from the header alone (a decompression bomb looks the same).
fn jpeg_claiming(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = jpeg(&scene(64, 48), None);
    let sof = bytes
        .windows(2)
        .position(|pair| pair == [0xFF, 0xC0])
        .expect("a baseline frame header");
    bytes[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
    bytes[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
    bytes
}

/// A CMYK JPEG (as print designers export): four components with the Adobe marker, stored
/// inverted as Photoshop writes them (the encoder inverts the ink amounts it is given), every
/// pixel pure cyan: full cyan ink, no magenta, yellow or black.
fn cmyk_jpeg() -> Vec<u8> {
    let (width, height) = (64u16, 48u16);
    let pixels: Vec<u8> = (0..usize::from(width) * usize::from(height))
        .flat_map(|_| [255u8, 0, 0, 0])
        .collect();
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 90)
        .encode(&pixels, width, height, jpeg_encoder::ColorType::Cmyk)
        .unwrap();
    out
}

#[test]
fn hostile_and_unusual_files_are_refused_by_name_or_read_correctly() {
    let source = TempDir::new("images-hostile");
    let cache = TempDir::new("images-hostile-cache");
    let dir = source.path();
    std::fs::write(dir.join("notes.txt"), "Opening hours: 6am to 9pm\n").unwrap();
    std::fs::write(dir.join("renamed.jpg"), b"%PDF-1.7 not a photo at all").unwrap();
    std::fs::write(dir.join("huge.jpg"), jpeg_claiming(10_000, 6_000)).unwrap();
    std::fs::write(dir.join("bomb.jpg"), jpeg_claiming(65_000, 65_000)).unwrap();
    let whole = jpeg(&scene(400, 300), None);
    std::fs::write(dir.join("cut.jpg"), &whole[..whole.len() / 2]).unwrap();
    let whole_png = png(&DynamicImage::ImageRgb8(scene(400, 300)));
    std::fs::write(dir.join("cut.png"), &whole_png[..whole_png.len() / 2]).unwrap();
    std::fs::write(
        dir.join("logo.svg"),
        r#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>"#,
    )
    .unwrap();
    std::fs::write(dir.join("print.jpg"), cmyk_jpeg()).unwrap();
    let deep = image::ImageBuffer::<Rgb<u16>, _>::from_fn(300, 200, |x, _| {
        Rgb([(x * 218) as u16, 30_000, 65_535])
    });
    std::fs::write(dir.join("deep.png"), png(&DynamicImage::ImageRgb16(deep))).unwrap();
    std::fs::write(dir.join("empty.jpg"), b"").unwrap();

    let (library, errors) = images::prepare(dir, cache.path());
    let messages: HashMap<String, String> = errors
        .iter()
        .map(|error| {
            let name = error
                .path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, error.to_string())
        })
        .collect();
    let expect = |name: &str, reason: &str| {
        let message = messages
            .get(name)
            .unwrap_or_else(|| panic!("no error for {name}: {messages:?}"));
        let path = dir.join(name).display().to_string();
        assert_eq!(message, &format!("{path}: {reason}"), "{name}");
    };
    let not_image =
        "is not a JPEG, PNG or WebP image (an iPhone HEIC photo must be exported as JPEG)";
    expect("notes.txt", not_image);
    expect("renamed.jpg", not_image);
    expect("empty.jpg", not_image);
    expect(
        "huge.jpg",
        "is 10000 x 6000 pixels (60 megapixels), more than the 50 megapixels a photo may have: \
         resize it (2400 px wide is plenty)",
    );
    expect(
        "bomb.jpg",
        "is 65000 x 65000 pixels (4225 megapixels), more than the 50 megapixels a photo may \
         have: resize it (2400 px wide is plenty)",
    );
    expect(
        "cut.jpg",
        "is damaged or cut short and cannot be decoded (the JPEG ends before its end-of-image \
         marker)",
    );
    let cut_png = messages.get("cut.png").expect("an error for cut.png");
    assert!(
        cut_png.starts_with(&format!(
            "{}: is damaged or cut short and cannot be decoded (",
            dir.join("cut.png").display()
        )),
        "{cut_png}"
    );
    expect(
        "logo.svg",
        "is an SVG drawing, not a photo (SVG can carry script and is not accepted as a photo): \
         export it as PNG or JPEG",
    );
    assert_eq!(errors.len(), 8, "{messages:?}");

    // CMYK and 16-bit photos are read, with their colours.
    let print = library.photo("print.jpg").expect("the CMYK JPEG is read");
    let cyan = image::load_from_memory(&bytes_of(&library, print, Format::Jpeg, 64))
        .unwrap()
        .to_rgb8();
    let [r, g, b] = cyan.get_pixel(32, 24).0;
    assert!(r < 60 && g > 150 && b > 200, "cyan came out as {r} {g} {b}");
    let deep = library.photo("deep.png").expect("the 16-bit PNG is read");
    let eight = image::load_from_memory(&bytes_of(&library, deep, Format::Webp, 300))
        .unwrap()
        .to_rgb8();
    let [r, g, b] = eight.get_pixel(299, 100).0;
    assert!(r > 225 && (100..140).contains(&g) && b > 235, "{r} {g} {b}");
    assert_eq!(library.photos().count(), 2);
}

#[test]
fn a_missing_folder_is_no_photos_not_an_error() {
    let cache = TempDir::new("images-none");
    let (library, errors) = images::prepare(&cache.path().join("absent"), cache.path());
    assert!(errors.is_empty());
    assert_eq!(library.photos().count(), 0);
}

#[actix_web::test]
async fn the_server_serves_variants_hashed_and_immutable_and_unknown_names_are_not_found() {
    let folder = content_folder("images-served");
    let source = folder.path().join("content/images");
    let data = TempDir::new("images-served-data");
    std::fs::write(source.join("room.jpg"), jpeg(&scene(520, 400), None)).unwrap();
    std::fs::write(source.join("broken.png"), b"not a png").unwrap();
    let content_dir = folder.path().join("content").display().to_string();
    let server = Server::start(data.path(), &[("ONESPACE_CONTENT_DIR", &content_dir)]).await;
    harness::wait_for(harness::PHOTO_ENCODING, "photos ready", || {
        server.log().contains("photos ready")
    })
    .await;
    let log = server.log();
    assert!(
        log.contains("photo left out") && log.contains("broken.png: is not a JPEG"),
        "{log}"
    );
    // The server's cache is what a check finds: nothing to encode.
    let (library, _) = images::prepare(&source, &images::cache_dir(data.path()));
    assert_eq!(library.encoded(), 0);
    let photo = library.photo("room.jpg").unwrap();
    for format in [Format::Avif, Format::Webp, Format::Jpeg] {
        for variant in photo.of_format(format) {
            let url = photo.url(variant);
            let response = request(&server.addr, "GET", &url, &[], b"").await.unwrap();
            assert_eq!(response.status, 200, "{url}");
            assert_eq!(
                response.header("content-type"),
                Some(format.mime()),
                "{url}"
            );
            assert_eq!(
                response.header("cache-control"),
                Some("public, max-age=31536000, immutable"),
                "{url}"
            );
            let served = decode(format, &response.body);
            assert_eq!(
                (served.width(), served.height()),
                (variant.width, variant.height),
                "{url}"
            );
            let etag = response.header("etag").expect("an ETag").to_owned();
            let again = request(&server.addr, "GET", &url, &[("If-None-Match", &etag)], b"")
                .await
                .unwrap();
            assert_eq!(again.status, 304, "{url}");
        }
    }
    let hash = &photo.hash;
    for unknown in [
        format!("/images/{hash}-9999.jpg"),
        "/images/0000000000000000-480.avif".to_owned(),
        "/images/../onespace.sqlite".to_owned(),
        "/images/".to_owned(),
    ] {
        let response = request(&server.addr, "GET", &unknown, &[], b"")
            .await
            .unwrap();
        assert_eq!(response.status, 404, "{unknown}");
        assert!(
            response.text().contains("Oops! Page not found"),
            "{unknown}"
        );
    }
    let refused = request(
        &server.addr,
        "POST",
        &photo.url(&photo.variants[0]),
        &[],
        b"",
    )
    .await
    .unwrap();
    assert_eq!(refused.status, 405);
    server.kill();
}

#[test]
fn images_check_prints_each_file_and_fails_on_an_unusable_one() {
    let source = TempDir::new("images-check");
    let data = TempDir::new("images-check-data");
    std::fs::write(source.path().join("room.jpg"), jpeg(&scene(300, 200), None)).unwrap();
    std::fs::write(
        source.path().join("menu.svg"),
        "<svg><script>x()</script></svg>",
    )
    .unwrap();
    let check = || {
        std::process::Command::new(harness::binary())
            .args(["images", "check"])
            .arg(source.path())
            .arg("--data")
            .arg(data.path())
            .output()
            .unwrap()
    };
    let output = check();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("ok     room.jpg: 300 x 200, 3 variants (300 px wide)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "error  {}: is an SVG drawing",
            source.path().join("menu.svg").display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 photos ready, 1 unusable; 3 variants encoded"),
        "{stdout}"
    );
    std::fs::remove_file(source.path().join("menu.svg")).unwrap();
    let output = check();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("1 photos ready, 0 unusable; 0 variants encoded"),
        "{stdout}"
    );
}

#[actix_web::test]
async fn coaches_without_a_photo_get_a_stand_in_naming_their_discipline() {
    let app = app_test::init_service(build_app(built_site::site())).await;
    let response = app_test::call_service(
        &app,
        app_test::TestRequest::get()
            .uri("/meet-the-team")
            .to_request(),
    )
    .await;
    let html = harness::as_written(&String::from_utf8_lossy(
        &app_test::read_body(response).await,
    ));
    let cards: Vec<&str> = html
        .split(r#"<article class="card team-card""#)
        .skip(1)
        .collect();
    let team = onespace_server::content_source::default_content()
        .unwrap()
        .team;
    assert_eq!(cards.len(), team.coaches.len());
    for (card, member) in cards.iter().zip(team.coaches.iter()) {
        // Their first specialty, in the studio's colours: no initials, no grey box.
        let discipline = member.specialties[0].replace('&', "&amp;");
        assert!(
            card.contains(&format!(
                r#"<span class="stand-in-discipline">{discipline}</span>"#
            )),
            "{}: {card}",
            member.name
        );
        assert!(!card.contains("data-photo-slot"), "{}", member.name);
    }
    assert!(html.contains("stand-in stand-in-heat") && html.contains("stand-in stand-in-ice"));
}

/// A content folder written by `content init`, with an empty `images/` beside the files.
fn content_folder(label: &str) -> TempDir {
    let dir = harness::content_folder(label);
    std::fs::create_dir_all(dir.path().join("content/images")).unwrap();
    dir
}

/// Appends `[[photo]]` entries to the folder's photos.toml.
fn place_photos(dir: &TempDir, entries: &[(&str, &str, &str)]) {
    let path = dir.path().join("content/photos.toml");
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (place, file, alt) in entries {
        text.push_str(&format!(
            "\n[[photo]]\nplace = \"{place}\"\nfile = \"{file}\"\nalt = \"{alt}\"\n"
        ));
    }
    std::fs::write(path, text).unwrap();
}

/// `onespace ARGS` with the folder's content and data: (success, stdout, stderr).
fn run(dir: &TempDir, args: &[&str]) -> (bool, String, String) {
    let output = std::process::Command::new(harness::binary())
        .args(args)
        .env("ONESPACE_CONTENT_DIR", dir.path().join("content"))
        .env("ONESPACE_DATA_DIR", dir.path().join("data"))
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `onespace content check` on the folder's content.
fn check(dir: &TempDir) -> (bool, String, String) {
    let content = dir.path().join("content");
    run(dir, &["content", "check", content.to_str().unwrap()])
}

/// The attribute `name` of the first tag in `html` that starts with `tag_start`.
fn attribute<'a>(html: &'a str, tag_start: &str, name: &str) -> Option<&'a str> {
    let tag = html.split(tag_start).nth(1)?.split('>').next()?;
    tag.split(&format!(" {name}=\"")).nth(1)?.split('"').next()
}

#[test]
fn content_check_refuses_a_photo_without_alt_text_or_file_and_a_damaged_one() {
    let dir = content_folder("photos-check");
    let images_dir = dir.path().join("content/images");
    std::fs::write(images_dir.join("room.jpg"), jpeg(&scene(300, 200), None)).unwrap();
    std::fs::write(
        images_dir.join("cut.jpg"),
        &jpeg(&scene(300, 200), None)[..400],
    )
    .unwrap();
    place_photos(
        &dir,
        &[
            ("hot-yoga/hero", "room.jpg", " "),
            ("pilates/hero", "missing.jpg", "A pilates class"),
            ("the-moon/hero", "room.jpg", "The moon"),
        ],
    );
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    // An unknown place stops the file's reading: it is reported alone, with its line.
    assert!(stderr.contains("photos.toml line "), "{stderr}");
    assert!(
        stderr
            .contains("photo[2].place: unknown variant 'the-moon/hero', expected one of 'share', "),
        "{stderr}"
    );
    // Corrected: the missing alt text and file, and the damaged photo, each by name.
    let path = dir.path().join("content/photos.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("the-moon/hero", "hyrox/training")).unwrap();
    let (valid, _, stderr) = check(&dir);
    assert!(!valid);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with("photos.toml line ")
            && lines[0].contains(": photo[0].alt: must say what the photo shows"),
        "{stderr}"
    );
    assert!(
        lines[1].contains(": photo[1].file: 'missing.jpg' is not in "),
        "{stderr}"
    );
    assert!(
        lines[2].contains("cut.jpg: is damaged or cut short"),
        "{stderr}"
    );
    assert!(lines[3].ends_with(": 3 mistake(s) found"), "{stderr}");
}

#[actix_web::test]
async fn placed_photos_show_in_their_pages_with_priority_share_card_and_live_reload() {
    let dir = content_folder("photos-pages");
    let images_dir = dir.path().join("content/images");
    std::fs::write(
        images_dir.join("hot-room.jpg"),
        jpeg(&scene(1300, 900), None),
    )
    .unwrap();
    std::fs::write(images_dir.join("floor.jpg"), jpeg(&scene(600, 800), None)).unwrap();
    place_photos(
        &dir,
        &[
            (
                "hot-yoga/hero",
                "hot-room.jpg",
                "A hot yoga class in the infrared studio",
            ),
            (
                "hot-yoga/studio",
                "floor.jpg",
                "Mats laid out on the warm floor",
            ),
        ],
    );
    let (valid, stdout, stderr) = check(&dir);
    assert!(valid, "{stderr}");
    assert!(stdout.contains("(2 photos ready)"), "{stdout}");
    let content = dir.path().join("content").display().to_string();
    let server = Server::start(
        &dir.path().join("data"),
        &[("ONESPACE_CONTENT_DIR", &content)],
    )
    .await;
    let page = |path: &'static str| {
        let addr = server.addr.clone();
        async move { request(&addr, "GET", path, &[], b"").await.unwrap().text() }
    };
    let mut html = page("/hot-yoga").await;
    let deadline = std::time::Instant::now() + harness::PHOTO_ENCODING;
    while !html.contains("<picture>") {
        assert!(std::time::Instant::now() < deadline, "{}", server.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
        html = page("/hot-yoga").await;
    }
    // The hero: its photo, loaded first; the studio section's: lazily.
    let hero = html
        .split("data-photo-place=\"hot-yoga/hero\"")
        .nth(1)
        .unwrap();
    let hero_img = attribute(hero, "<img class=\"photo-img\"", "alt");
    assert_eq!(hero_img, Some("A hot yoga class in the infrared studio"));
    assert_eq!(
        attribute(hero, "<img class=\"photo-img\"", "fetchpriority"),
        Some("high")
    );
    assert_eq!(
        attribute(hero, "<img class=\"photo-img\"", "loading"),
        Some("eager")
    );
    assert_eq!(
        attribute(hero, "<img class=\"photo-img\"", "width"),
        Some("1300")
    );
    assert!(attribute(hero, "<source type=\"image/avif\"", "srcset")
        .unwrap()
        .contains(" 1200w, "));
    assert!(attribute(hero, "<source type=\"image/avif\"", "sizes")
        .unwrap()
        .contains("50vw"));
    let studio = html
        .split("data-photo-place=\"hot-yoga/studio\"")
        .nth(1)
        .unwrap();
    assert_eq!(
        attribute(studio, "<img class=\"photo-img\"", "loading"),
        Some("lazy")
    );
    assert_eq!(
        attribute(studio, "<img class=\"photo-img\"", "fetchpriority"),
        None
    );
    assert_eq!(
        html.matches("fetchpriority=\"high\"").count(),
        1,
        "one priority image"
    );
    // Shared: the hero's photo, 1200 px wide, with its alt text.
    let og = attribute(&html, "<meta property=\"og:image\"", "content").unwrap();
    assert!(og.contains("/images/") && og.ends_with("-1200.jpg"), "{og}");
    assert_eq!(
        attribute(&html, "<meta property=\"og:image:width\"", "content"),
        Some("1200")
    );
    assert_eq!(
        attribute(&html, "<meta property=\"og:image:alt\"", "content"),
        Some("A hot yoga class in the infrared studio")
    );
    let path = og
        .split_once("/images/")
        .map(|(_, file)| format!("/images/{file}"))
        .unwrap();
    let card = request(&server.addr, "GET", &path, &[], b"").await.unwrap();
    assert_eq!(card.status, 200);
    assert_eq!(decode(Format::Jpeg, &card.body).width(), 1200);
    // A page without a photo keeps its art and the designed share card.
    let about = page("/about").await;
    assert!(about.contains("data-photo-slot") && !about.contains("<picture>"));
    assert!(attribute(&about, "<meta property=\"og:image\"", "content")
        .unwrap()
        .ends_with("/og-image.png"));

    // A photo added while the server runs is served without a restart.
    std::fs::write(images_dir.join("team.jpg"), jpeg(&scene(500, 300), None)).unwrap();
    place_photos(
        &dir,
        &[("share", "team.jpg", "The One Space team in the studio")],
    );
    let deadline = std::time::Instant::now() + harness::PHOTO_ENCODING;
    loop {
        let about = page("/about").await;
        if let Some(og) = attribute(&about, "<meta property=\"og:image\"", "content") {
            if og.ends_with("-500.jpg") {
                break;
            }
        }
        assert!(std::time::Instant::now() < deadline, "{}", server.log());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.kill();

    // The static render writes the pages with their photos and the variants they name.
    let out = dir.path().join("out");
    let (rendered, stdout, stderr) = run(&dir, &["render", "--out", out.to_str().unwrap()]);
    assert!(rendered, "{stderr}");
    assert!(stdout.contains("wrote "));
    let static_page = std::fs::read_to_string(out.join("hot-yoga.html")).unwrap();
    assert!(static_page.contains("data-photo-place=\"hot-yoga/hero\""));
    let src = attribute(&static_page, "<img class=\"photo-img\"", "src").unwrap();
    assert!(out.join(src.trim_start_matches('/')).is_file(), "{src}");
}

#[actix_web::test]
async fn a_coach_with_a_photo_shows_it_as_a_picture_with_its_alt_text_the_others_keep_their_stand_ins(
) {
    let dir = content_folder("images-coach");
    let content = dir.path().join("content");
    let photos = content.join("images");
    std::fs::write(photos.join("ross.jpg"), jpeg(&scene(600, 800), None)).unwrap();
    let team = content.join("team.toml");
    let text = std::fs::read_to_string(&team).unwrap();
    assert!(text.contains("id = \"ross\"\n"));
    let alt = "Ross Campbell coaching a HYROX class";
    std::fs::write(
        &team,
        text.replacen(
            "id = \"ross\"\n",
            &format!("id = \"ross\"\nphoto = \"ross.jpg\"\nphoto_alt = \"{alt}\"\n"),
            1,
        ),
    )
    .unwrap();
    let data = dir.path().join("data");
    let server = Server::start(
        &data,
        &[("ONESPACE_CONTENT_DIR", content.to_str().unwrap())],
    )
    .await;
    harness::wait_for(harness::PHOTO_ENCODING, "photos ready", || {
        server.log().contains("photos ready")
    })
    .await;
    let page = request(&server.addr, "GET", "/meet-the-team", &[], b"")
        .await
        .unwrap()
        .text();
    server.kill();
    let card = |id: &str| {
        page.split(&format!(r#"<article class="card team-card" id="{id}">"#))
            .nth(1)
            .and_then(|rest| rest.split("</article>").next())
            .unwrap_or_else(|| panic!("no card for {id}"))
            .to_owned()
    };
    let ross = card("ross");
    // Exactly the picture component, from the photo the server prepared (its cache is what a
    // check finds).
    let (library, _) = images::prepare(&photos, &images::cache_dir(&data));
    let photo = library.photo("ross.jpg").unwrap();
    let sizes = onespace_site::pages::components::photo::PORTRAIT_SIZES;
    assert!(ross.contains(&picture(photo, alt, sizes, Loading::Lazy, "").into_string()));
    assert!(ross.contains("<picture><source type=\"image/avif\" srcset=\"/images/"));
    assert!(ross.contains(&format!(
        "srcset=\"{}\" sizes=\"{sizes}\" width=\"600\" height=\"800\" alt=\"{alt}\" loading=\"lazy\"",
        photo.srcset(Format::Jpeg)
    )));
    assert!(photo.srcset(Format::Jpeg).contains(" 480w, "));
    assert!(
        !ross.contains("stand-in"),
        "the photo replaces the stand-in"
    );
    for other in ["kirsty", "eilidh", "jamie"] {
        let card = card(other);
        assert!(card.contains("class=\"stand-in-discipline\""), "{other}");
        assert!(!card.contains("<picture>"), "{other}");
    }
}
