//! The default content: the repository's `content/` folder as this release was built with it,
//! served when no folder and no published version name other content.

use super::check::{check, ContentError};
use super::{Content, File};

/// The default content, the files of the repository's `content/` folder as built.
pub const FILES: [(File, &str); 9] = [
    (
        File::Prices,
        include_str!("../../../../content/prices.toml"),
    ),
    (
        File::Offers,
        include_str!("../../../../content/offers.toml"),
    ),
    (
        File::Schedule,
        include_str!("../../../../content/schedule.toml"),
    ),
    (
        File::Photos,
        include_str!("../../../../content/photos.toml"),
    ),
    (
        File::Studio,
        include_str!("../../../../content/studio.toml"),
    ),
    (File::Team, include_str!("../../../../content/team.toml")),
    (File::Faq, include_str!("../../../../content/faq.toml")),
    (
        File::Testimonials,
        include_str!("../../../../content/testimonials.toml"),
    ),
    (
        File::Investors,
        include_str!("../../../../content/investors.toml"),
    ),
];

/// The embedded content, checked. The tests check it (and `content check` the repository's
/// folder in CI), so an error here is a build mistake, reported like any other.
pub fn content() -> Result<Content, Vec<ContentError>> {
    match check(FILES.map(|(file, text)| (file, Ok(text.to_owned())))) {
        (Some(content), errors) if errors.is_empty() => Ok(content),
        (_, errors) => Err(errors),
    }
}
