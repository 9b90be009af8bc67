//! Photographs in a page: [`picture`] for a prepared photo ([`crate::images`]), and
//! [`monogram`] for a coach who has none yet.

use maud::{html, Markup};

use crate::images::{Format, Photo, FORMATS};

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
/// so it cannot be a `style` background.
pub fn picture(photo: &Photo, alt: &str, sizes: &str, loading: Loading) -> Markup {
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
                img class="photo-img"
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

/// The width a coach's portrait takes on /meet-the-team: half the page's 72rem column beside
/// another card from 768 px, the full width below.
pub const PORTRAIT_SIZES: &str = "(min-width: 1152px) 532px, (min-width: 768px) 50vw, 100vw";

/// A coach's initials on the brand's heat-and-ice gradient, in the square a portrait will take:
/// a designed stand-in, different for each coach, where a shared icon said nothing. `index`
/// alternates which colour leads, so neighbouring cards differ. The name is the card's heading,
/// so the monogram is hidden from assistive technology.
pub fn monogram(name: &str, index: usize) -> Markup {
    let lead = if index % 2 == 0 {
        "monogram-heat"
    } else {
        "monogram-ice"
    };
    html! {
        div class={ "monogram " (lead) } aria-hidden="true" data-monogram=(initials(name)) {
            span class="monogram-initials" { (initials(name)) }
        }
    }
}

/// The first letter of the first and last words of `name`, capitals: "Anna Marie Smith" is "AS",
/// "Jo" is "J".
pub fn initials(name: &str) -> String {
    let mut words = name.split_whitespace();
    let first = words.next().and_then(|word| word.chars().next());
    let last = words.last().and_then(|word| word.chars().next());
    first
        .into_iter()
        .chain(last)
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_take_the_first_and_last_names() {
        assert_eq!(initials("Anna Marie Smith"), "AS");
        assert_eq!(initials("jo"), "J");
        assert_eq!(initials("  Ólafur  Arnalds "), "ÓA");
        assert_eq!(initials(""), "");
    }
}
