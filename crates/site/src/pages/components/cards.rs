//! Cards: features with an icon, member testimonials and image slots.
//!
//! Image slots hold the studio's art ([`crate::art`]) until its own photos arrive. Each slot has
//! a fixed aspect ratio and an SVG with width and height, so swapping in a real
//! `<img width height loading="lazy">` later moves nothing on the page.

use maud::{html, Markup};

use onespace_core::content::testimonials::Testimonial;
use onespace_core::content::File;

use super::heading;
use super::icon;
use crate::art::Art;
use crate::icons::{Feature, Icon};
use crate::render::marks;

/// A feature card whose title is a heading of `level`.
pub fn feature_card(feature: &Feature, level: u8) -> Markup {
    card(feature.icon, feature.title, feature.text, level)
}

/// A card with an icon, a title (a heading of `level`) and text computed at render time.
pub fn card(which: Icon, title: &str, text: &str, level: u8) -> Markup {
    html! {
        article class="card feature-card" {
            span class="feature-icon" { (icon(which)) }
            (heading(level, "card-title", html! { (title) }))
            p class="card-text" { (text) }
        }
    }
}

/// A grid of feature cards.
pub fn feature_grid(features: &[Feature], level: u8, columns: &str) -> Markup {
    html! {
        div class={ "card-grid " (columns) } {
            @for feature in features { (feature_card(feature, level)) }
        }
    }
}

/// One testimonial card: the quote at `index` of `testimonials.toml`, its words and name marked
/// with their fields for the staff area's preview (`render::marks`).
pub fn testimonial(index: usize, item: &Testimonial) -> Markup {
    let mark = |field: &str| {
        marks::field(
            File::Testimonials.name(),
            &format!("testimonials[{index}].{field}"),
        )
    };
    html! {
        figure class="card testimonial" {
            p class="stars" {
                span class="sr-only" { "Rated " (item.rating) " out of 5" }
                @for _ in 0..item.rating {
                    span class="star" aria-hidden="true" { (icon(Icon::Star)) }
                }
            }
            blockquote class="testimonial-text" { p data-field=[mark("text")] { "\u{201c}" (item.text) "\u{201d}" } }
            figcaption class="testimonial-name" data-field=[mark("name")] {
                (item.name)
                @let source = item.source_text();
                @if source.is_some() || item.date.is_some() {
                    span class="testimonial-source" {
                        @if let Some(source) = source { (source) }
                        @if source.is_some() && item.date.is_some() { ", " }
                        @if let Some(date) = item.date { time datetime=(date.iso()) { (date.long()) } }
                    }
                }
            }
        }
    }
}

/// A grid of testimonial cards.
pub fn testimonials(items: &[(usize, &Testimonial)]) -> Markup {
    // As many columns as quotes (four: two then four), so a single quote beside a photo takes
    // the whole column rather than a third of it.
    let columns = match items.len() {
        0 | 1 => "",
        2 => "md:grid-cols-2",
        4 => "sm:grid-cols-2 lg:grid-cols-4",
        _ => "md:grid-cols-3",
    };
    html! {
        div class={ "card-grid " (columns) } {
            @for (index, item) in items { (testimonial(*index, item)) }
        }
    }
}

/// Aspect ratio of an image slot, with the pixel size a photo for it should have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ratio {
    /// 4:3 landscape (1200 x 900).
    Landscape,
    /// 16:9 wide (1600 x 900).
    Wide,
    /// 4:5 portrait (800 x 1000).
    Portrait,
    /// 1:1 square (900 x 900).
    Square,
}

impl Ratio {
    /// The box's aspect-ratio class: the photo or art fills it, so nothing shifts as it loads.
    pub(crate) fn class(self) -> &'static str {
        match self {
            Self::Landscape => "aspect-[4/3]",
            Self::Wide => "aspect-[16/9]",
            Self::Portrait => "aspect-[4/5]",
            Self::Square => "aspect-square",
        }
    }

    fn size(self) -> (u32, u32) {
        match self {
            Self::Landscape => (1200, 900),
            Self::Wide => (1600, 900),
            Self::Portrait => (800, 1000),
            Self::Square => (900, 900),
        }
    }
}

/// An image slot described by `label` (its text alternative), showing `art`'s drawing until a
/// photo takes its place.
pub fn image_slot(art: Art, ratio: Ratio, label: &str) -> Markup {
    let (width, height) = ratio.size();
    html! {
        div class={ "image-slot art-" (art.key()) " " (ratio.class()) } role="img" aria-label=(label) data-photo-slot data-art=(art.key()) {
            (art.draw(width, height))
        }
    }
}
