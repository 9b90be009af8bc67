//! A small set of line icons drawn for the site (24-unit grid, stroked in the current colour).
//! Icons are decorative: they are hidden from assistive technology and always sit beside text.
//! No drawing says `focusable="false"`: only Internet Explorer and the old Edge put an SVG in the
//! tab order, and the site's stylesheet needs browsers from 2023 on (Tailwind 4's baseline).

use maud::{html, Markup, PreEscaped};

/// The icons the pages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Icon {
    Check,
    Flame,
    Snowflake,
    Heart,
    Dumbbell,
    Clock,
    Star,
    MapPin,
    Phone,
    Mail,
    Users,
    Sparkle,
    Leaf,
    Car,
    Calendar,
    Trophy,
    Droplet,
    Chat,
    Arrow,
    Shield,
    Brain,
    Sun,
    Camera,
    Chart,
}

impl Icon {
    /// The icon's SVG shapes.
    fn shapes(self) -> &'static str {
        match self {
            Self::Check => r#"<path d="M5 12.5l4.5 4.5L19 7.5"/>"#,
            Self::Flame => {
                r#"<path d="M12 3c1 3.5 5 6 5 10.5a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5.5.5 2 1.5 3 2.5 3 0-3-1-5 0-8z"/>"#
            }
            Self::Snowflake => {
                r#"<path d="M12 2v20M3.3 7l17.4 10M3.3 17L20.7 7M9.5 3.5L12 6l2.5-2.5M9.5 20.5L12 18l2.5 2.5"/>"#
            }
            Self::Heart => {
                r#"<path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.5 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"/>"#
            }
            Self::Dumbbell => r#"<path d="M3 9v6M6 6.5v11M18 6.5v11M21 9v6M6 12h12"/>"#,
            Self::Clock => r#"<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.5 2"/>"#,
            Self::Star => {
                r#"<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z"/>"#
            }
            Self::MapPin => {
                r#"<path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11z"/><circle cx="12" cy="10" r="2.5"/>"#
            }
            Self::Phone => {
                r#"<path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.5 1.5A15.5 15.5 0 0 1 3.5 5.5 1.5 1.5 0 0 1 5 4z"/>"#
            }
            Self::Mail => {
                r#"<rect x="3" y="5.5" width="18" height="13" rx="2"/><path d="M3.5 7l8.5 6 8.5-6"/>"#
            }
            Self::Users => {
                r#"<circle cx="9" cy="8.5" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 5.2a3.5 3.5 0 0 1 0 6.6M18 14.5a6.5 6.5 0 0 1 3.5 5.5"/>"#
            }
            Self::Sparkle => {
                r#"<path d="M12 3l1.8 5.7L19.5 10.5l-5.7 1.8L12 18l-1.8-5.7-5.7-1.8 5.7-1.8zM19 17l.7 2.3L22 20l-2.3.7L19 23l-.7-2.3L16 20l2.3-.7z"/>"#
            }
            Self::Leaf => r#"<path d="M5 19c0-9 5-14 15-14 0 10-5 15-14 15M5 19l7-7"/>"#,
            Self::Car => {
                r#"<path d="M4 16v-3.5L6 7h12l2 5.5V16M3 16h18v2.5H3zM7 18.5V20M17 18.5V20M4 12.5h16"/>"#
            }
            Self::Calendar => {
                r#"<rect x="3.5" y="5" width="17" height="15.5" rx="2"/><path d="M3.5 10h17M8 3v4M16 3v4"/>"#
            }
            Self::Trophy => {
                r#"<path d="M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 14v3.5M8 20.5h8M9.5 17.5h5"/>"#
            }
            Self::Droplet => {
                r#"<path d="M12 3.5s6 6.4 6 10.5a6 6 0 0 1-12 0c0-4.1 6-10.5 6-10.5z"/>"#
            }
            Self::Chat => r#"<path d="M4 5.5h16v10H9.5L5 19.5v-4H4z"/>"#,
            Self::Arrow => r#"<path d="M4 12h15M13 6l6 6-6 6"/>"#,
            Self::Shield => {
                r#"<path d="M12 3l7.5 3v5.5c0 4.5-3.2 8-7.5 9.5-4.3-1.5-7.5-5-7.5-9.5V6z"/><path d="M8.5 12l2.5 2.5 4.5-5"/>"#
            }
            Self::Brain => {
                r#"<path d="M9 4.5a3 3 0 0 0-3 3 3 3 0 0 0-1.5 5.5A3 3 0 0 0 7 18a3 3 0 0 0 5 1.5V5.5A3 3 0 0 0 9 4.5zM15 4.5a3 3 0 0 1 3 3 3 3 0 0 1 1.5 5.5A3 3 0 0 1 17 18a3 3 0 0 1-5 1.5"/>"#
            }
            Self::Sun => {
                r#"<circle cx="12" cy="12" r="4"/><path d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8"/>"#
            }
            Self::Camera => {
                r#"<path d="M3.5 8h4l1.5-2.5h6L16.5 8h4v11h-17z"/><circle cx="12" cy="13.5" r="3.5"/>"#
            }
            Self::Chart => r#"<path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-3M20 16V6"/>"#,
        }
    }
}

/// The icon as inline SVG, hidden from assistive technology.
pub fn icon(which: Icon) -> Markup {
    html! {
        svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" {
            (PreEscaped(which.shapes()))
        }
    }
}

/// What a feature card shows: an icon, a title and a sentence.
#[derive(Debug, Clone, Copy)]
pub struct Feature {
    /// Icon beside the title.
    pub icon: Icon,
    /// Title.
    pub title: &'static str,
    /// One or two sentences.
    pub text: &'static str,
}
