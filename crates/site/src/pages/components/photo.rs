//! Photographs in a page: [`picture`] for a prepared photo ([`onespace_images`]), [`photo_slot`]
//! for a place that shows the studio's photo when `photos.toml` gives one and its art when not,
//! and [`portrait_stand_in`] for a coach who has no portrait yet.

use maud::{html, Markup};
use onespace_core::content::Place;

use super::cards::{image_slot, Ratio};
use crate::art::Art;
use crate::render::RenderContext;
use crate::routes::{MainPhoto, Route, ROUTES};
use onespace_images::{Format, Photo, FORMATS};

/// `sizes` of a photo in half the page column (`.split-media`: the whole width on phones, half
/// from 768 px, at most half of the 80rem column: (1280 - 2 × 32 padding - 64 gap) / 2).
pub const HALF_COLUMN: &str = "(min-width: 1280px) 576px, (min-width: 768px) 50vw, 100vw";

/// `sizes` of a class card's photo on /our-classes (`.class-grid`: one column, two from 1024 px,
/// each at most half of the 80rem column).
pub const CLASS_CARD: &str = "(min-width: 1280px) 576px, (min-width: 1024px) 50vw, 100vw";

/// `sizes` of one of two photos side by side in half the column.
pub const QUARTER_COLUMN: &str =
    "(min-width: 1280px) 280px, (min-width: 768px) 25vw, (min-width: 640px) 50vw, 100vw";

/// A photo the content places on the site, ready to show.
#[derive(Debug, Clone)]
pub struct Placed<'a> {
    /// The prepared photo.
    pub photo: &'a Photo,
    /// Its text alternative, from `photos.toml`.
    pub alt: &'a str,
    /// Its focal point's classes (`focus-x-40 focus-y-70`), which keep the subject in the
    /// place's crop; empty for the middle.
    pub focus: String,
}

impl RenderContext {
    /// The photo `photos.toml` puts at `place`, once prepared; `None` while there is none (or it
    /// is still being prepared, or could not be used), and the place shows its art.
    pub fn photo_at(&self, place: Place) -> Option<Placed<'_>> {
        let placed = self.content.photos.at(place)?;
        let photo = self.images.photo(&placed.file)?;
        Some(Placed {
            photo,
            alt: &placed.alt,
            focus: placed.focus_classes(),
        })
    }
}

/// How the photo at `place` loads: a hero's first, at high priority (it is the page's Largest
/// Contentful Paint), every other one lazily as it nears the screen.
fn loading(place: Place) -> Loading {
    let hero = |route: &Route| route.main_photo == Some(MainPhoto::Hero(place));
    if ROUTES.iter().any(hero) {
        Loading::Priority
    } else {
        Loading::Lazy
    }
}

/// The place `place` in a box of `ratio`: the studio's photo filling the box (cropped to it,
/// so the layout is the designed one whatever the photo's shape) with its alt text, or, without
/// one, the art described by `label`. `sizes` is the width the box takes ([`HALF_COLUMN`]...).
pub fn photo_slot(
    context: &RenderContext,
    place: Place,
    art: Art,
    ratio: Ratio,
    label: &str,
    sizes: &str,
) -> Markup {
    match context.photo_at(place) {
        Some(placed) => html! {
            div class={ "image-slot image-slot-photo " (ratio.class()) } data-photo-place=(place.key()) {
                (picture(placed.photo, placed.alt, sizes, loading(place), &placed.focus))
            }
        },
        None => image_slot(art, ratio, label),
    }
}

/// How a photo loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loading {
    /// Below the fold: fetched as it nears the viewport.
    Lazy,
    /// The page's largest image (its Largest Contentful Paint): fetched first, at high priority.
    Priority,
}

/// A `<picture>` offering each format's variants (AVIF, then WebP) with `srcset` and `sizes`,
/// and the JPEG fallback `<img>` with its own `srcset`, the photo's `width` and `height` (so the
/// box is reserved before it loads: no layout shift), the required `alt` text and the loading
/// mode. `sizes` is the width the photo takes in the layout (e.g. `(min-width: 768px) 50vw,
/// 100vw`), from which the browser picks a variant. The tiny blurred placeholder sits behind it
/// as an `<img>` of its own (a `data:` URI): the Content-Security-Policy refuses inline styles,
/// so it cannot be a `style` background. `focus` is the focal point's classes (or empty), which
/// set where a crop to the place's box keeps.
pub fn picture(photo: &Photo, alt: &str, sizes: &str, loading: Loading, focus: &str) -> Markup {
    let fallback = photo.widest(Format::Jpeg);
    let (width, height) = fallback.map_or((photo.width, photo.height), |v| (v.width, v.height));
    let priority = loading == Loading::Priority;
    html! {
        div class="photo" {
            @if let Some(placeholder) = &photo.placeholder {
                img class="photo-placeholder" src=(placeholder) alt="" width=(width) height=(height);
            }
            picture {
                @for format in FORMATS.iter().filter(|format| **format != Format::Jpeg) {
                    source type=(format.mime()) srcset=(photo.srcset(*format)) sizes=(sizes);
                }
                img class={ "photo-img" @if !focus.is_empty() { " " (focus) } }
                    src=[fallback.map(|variant| photo.url(variant))]
                    srcset=(photo.srcset(Format::Jpeg))
                    sizes=(sizes)
                    width=(width)
                    height=(height)
                    alt=(alt)
                    loading=(if priority { "eager" } else { "lazy" })
                    fetchpriority=[priority.then_some("high")]
                    decoding="async";
            }
        }
    }
}

/// The width a coach's portrait takes on /meet-the-team: the card's 3:4 tile, 7 to 11rem wide
/// (`.team-portrait`, by the card's width).
pub const PORTRAIT_SIZES: &str = "(min-width: 1024px) 176px, 144px";

/// The width the founder's portrait takes on /about (`.founder-portrait`, 12 to 16rem).
pub const FOUNDER_SIZES: &str = "(min-width: 640px) 256px, 192px";

/// Where the rings behind a stand-in centre, by card: each coach's tile is drawn differently.
const STAND_IN_RING_CENTRES: [(u32, u32); 4] = [(300, 400), (0, 400), (300, 0), (0, 0)];

/// A coach's discipline (their first specialty) on the brand's heat or ice gradient, with rings
/// of light and the studio's name, in the 3:4 tile a portrait will take: a designed card, like
/// a class poster, rather than initials or a grey box that read as a photo still missing.
/// `index` alternates which colour leads and where the rings centre, so neighbouring cards
/// differ. The name, role and specialties are the card's own text, so the tile is hidden from
/// assistive technology.
pub fn portrait_stand_in(discipline: &str, index: usize) -> Markup {
    let lead = if index % 2 == 0 {
        "stand-in-heat"
    } else {
        "stand-in-ice"
    };
    let (cx, cy) = STAND_IN_RING_CENTRES[index % STAND_IN_RING_CENTRES.len()];
    html! {
        div class={ "stand-in " (lead) } aria-hidden="true" data-stand-in {
            svg class="stand-in-art" viewBox="0 0 300 400" width="300" height="400" preserveAspectRatio="xMidYMid slice" fill="none" {
                @for r in [140, 220, 300, 380] {
                    circle class="stand-in-ring" cx=(cx) cy=(cy) r=(r) {}
                }
            }
            span class="stand-in-brand" { "One Space" }
            span class="stand-in-discipline" { (discipline) }
        }
    }
}
