//! The studio's name and tagline, written once. Its contact details, opening hours, drive times
//! and consultation slots are content the studio edits: `studio.toml`
//! ([`crate::content::Studio`]).

/// Trading name shown in the header, footer and structured data.
pub const NAME: &str = "One Space";

/// Footer tagline.
pub const TAGLINE: &str = "West Lothian's Premier Hot Yoga, HYROX & Recovery Studio";
