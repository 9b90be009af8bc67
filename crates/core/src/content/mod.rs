//! The studio's content: the facts that change month to month, edited by the studio as a folder
//! of commented TOML files (`content/` at the repository root, embedded in the server as the
//! default) rather than written in Rust.
//!
//! This module holds the types those files deserialize into (owned, `deny_unknown_fields`, so a
//! misspelt field is refused rather than ignored) and the checks serde cannot make (a duplicate
//! id, two featured plans in one group, a purchase link that is not https). The core does not
//! read TOML itself (it ships in WebAssembly); the server parses the files and maps each
//! [`FieldError`] to the file and line its path names.
//!
//! - [`prices`]: the trial, monthly memberships, unlimited options, session packs and founder
//!   plans, with the figures derived from them.
//! - [`photos`]: which of the studio's photographs shows in which place, with its alt text.
//! - [`schedule`]: the booking provider account (provider id), the provider pages the site's
//!   buttons open and the typical week shown while no live timetable exists.
//! - [`offers`]: the concession discount, the dated campaigns with their codes and spots, the
//!   challenge's dates and the yoga day retreat.
//! - [`studio`]: the address, e-mail, phone, Instagram, parking, opening hours, drive times and
//!   consultation slots.
//! - [`team`]: the coaches, with their optional photos.
//! - [`faq`]: the FAQ page's questions, their answers naming figures by placeholder.
//! - [`testimonials`]: members' quotes, each on its page.
//! - [`investors`]: the investor pages' dated figures (snapshot, forecast, raise) and their
//!   month.
//! - `check` (feature `check`): the files' TOML read and checked with line numbers, and each
//!   file's JSON Schema for the staff editor.

#[cfg(feature = "check")]
pub mod check;
#[cfg(feature = "check")]
pub mod embedded;
pub mod faq;
pub mod founder;
pub mod investors;
pub mod money;
pub mod offers;
pub mod photos;
pub mod prices;
pub mod schedule;
pub mod studio;
pub mod team;
pub mod testimonials;

use serde::{Deserialize, Serialize};

pub use faq::Faq;
pub use investors::Investors;
pub use offers::Offers;
pub use photos::{Photos, Place};
pub use prices::{Prices, Trial};
pub use schedule::{BookingPage, ClassFacts, Schedule, TypicalClass};
pub use studio::Studio;
pub use team::Team;
pub use testimonials::Testimonials;

/// One content file: its name in the folder and the part of [`Content`] it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum File {
    /// `prices.toml`: [`Prices`].
    Prices,
    /// `schedule.toml`: [`Schedule`].
    Schedule,
    /// `photos.toml`: [`Photos`].
    Photos,
    /// `offers.toml`: [`Offers`].
    Offers,
    /// `studio.toml`: [`Studio`].
    Studio,
    /// `team.toml`: [`Team`].
    Team,
    /// `faq.toml`: [`Faq`].
    Faq,
    /// `testimonials.toml`: [`Testimonials`].
    Testimonials,
    /// `investors.toml`: [`Investors`].
    Investors,
}

impl File {
    /// Every content file, in the order they are read and reported.
    pub const ALL: [File; 9] = [
        File::Prices,
        File::Offers,
        File::Schedule,
        File::Photos,
        File::Studio,
        File::Team,
        File::Faq,
        File::Testimonials,
        File::Investors,
    ];

    /// The file's name in the content folder.
    pub const fn name(self) -> &'static str {
        match self {
            File::Prices => "prices.toml",
            File::Schedule => "schedule.toml",
            File::Photos => "photos.toml",
            File::Offers => "offers.toml",
            File::Studio => "studio.toml",
            File::Team => "team.toml",
            File::Faq => "faq.toml",
            File::Testimonials => "testimonials.toml",
            File::Investors => "investors.toml",
        }
    }

    /// What the studio's content page calls the file: the owner's word for it, not its name.
    pub const fn title(self) -> &'static str {
        match self {
            File::Prices => "Prices",
            File::Schedule => "Booking",
            File::Photos => "Photos",
            File::Offers => "Offers",
            File::Studio => "Studio details",
            File::Team => "Team",
            File::Faq => "FAQ",
            File::Testimonials => "Member quotes",
            File::Investors => "Investor figures",
        }
    }

    /// What the file holds, in a line (its own comment's first line says the same).
    pub const fn about(self) -> &'static str {
        match self {
            File::Prices => "What One Space charges, and where each plan and pack is bought.",
            File::Schedule => "The booking provider's account and the pages its buttons open.",
            File::Photos => "The studio's photographs, and where each one shows.",
            File::Offers => "Discounts, dated offers and the yoga day retreat.",
            File::Studio => "Where the studio is, how to reach it, and when it is open.",
            File::Team => "The coaches on Meet the Team, in the order they show.",
            File::Faq => "The FAQ page's questions and answers.",
            File::Testimonials => "What members say, and the page each quote is on.",
            File::Investors => "The figures the investor pages show.",
        }
    }

    /// What the site calls the part of the file under its top-level `key`, so the staff area
    /// names a field where a visitor sees it (`Memberships › Lite › Price`, the Rolling Monthly
    /// Memberships on /memberships) rather than by the file's table (`monthly`); `None` where the
    /// key's own words say it (`Opening hours` for `opening_hours`).
    pub fn section(self, key: &str) -> Option<&'static str> {
        self.section_row(key).map(|(_, name, _)| *name)
    }

    /// The page a visitor sees the part under `key` on (`/memberships` for `monthly`), where the
    /// staff area's preview of a change opens; the file's main page for a part not listed.
    pub fn page(self, key: &str) -> &'static str {
        self.section_row(key)
            .map_or(self.main_page(), |(_, _, page)| page)
    }

    /// The row of [`File::sections`] for the part under `key`, if the site names that part.
    fn section_row(self, key: &str) -> Option<&'static (&'static str, &'static str, &'static str)> {
        self.sections().iter().find(|(part, _, _)| *part == key)
    }

    /// Every page [`File::page`] can name for the file (the site's tests check each is one).
    pub fn pages(self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.main_page()).chain(self.sections().iter().map(|(_, _, page)| *page))
    }

    /// The page most of the file shows on.
    const fn main_page(self) -> &'static str {
        match self {
            File::Prices => "/memberships",
            File::Schedule => "/timetable",
            File::Studio => "/contact",
            File::Team => "/meet-the-team",
            File::Faq => "/faq",
            File::Investors => "/investinonespace",
            File::Photos | File::Offers | File::Testimonials => "/",
        }
    }

    /// The file's parts the site names or shows on a page of their own: each part's key in
    /// the file (`monthly`), the site's name for it (`Memberships`) and the page it shows on
    /// (`/memberships`).
    const fn sections(self) -> &'static [(&'static str, &'static str, &'static str)] {
        match self {
            File::Prices => &[
                ("trial", "14-day trial", "/memberships"),
                ("monthly", "Memberships", "/memberships"),
                ("unlimited", "Unlimited options", "/memberships"),
                ("packs", "Session packs", "/memberships"),
                ("founder", "Founder memberships", "/founder-memberships"),
                ("fire_ice", "Fire & Ice", "/fire-ice"),
            ],
            File::Offers => &[
                ("concession", "Concessions", "/memberships"),
                ("back_to_school", "Back to school", "/back-to-school"),
                ("september_sale", "September sale", "/september-sale"),
                ("year_end", "Year-end offer", "/memberships"),
                ("challenge", "6-week challenge", "/challenge"),
                ("retreat", "Yoga retreat", "/yoga-retreat"),
            ],
            File::Schedule => &[
                ("provider_id", "Booking account", "/timetable"),
                ("customer_site", "Booking site", "/timetable"),
                ("pages", "Booking buttons", "/timetable"),
                ("typical_week", "Timetable", "/timetable"),
                ("classes", "Our classes", "/our-classes"),
            ],
            File::Photos => &[("photo", "Photos", "/")],
            File::Studio => &[
                ("social", "Instagram", "/contact"),
                (
                    "consultation_slots",
                    "Challenge consultations",
                    "/challenge",
                ),
            ],
            File::Team => &[("coaches", "Meet the team", "/meet-the-team")],
            File::Faq => &[("questions", "FAQ", "/faq")],
            File::Testimonials => &[
                ("testimonials", "Member quotes", "/"),
                ("research", "What the research says", "/hot-yoga"),
            ],
            File::Investors => &[],
        }
    }

    /// The file named `name` (`prices.toml`), if it is one.
    pub fn from_name(name: &str) -> Option<File> {
        File::ALL.into_iter().find(|file| file.name() == name)
    }
}

/// Everything the studio edits, checked by [`Content::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Content {
    /// `prices.toml`.
    pub prices: Prices,
    /// `schedule.toml`.
    pub schedule: Schedule,
    /// `photos.toml`.
    pub photos: Photos,
    /// `offers.toml`.
    pub offers: Offers,
    /// `studio.toml`.
    pub studio: Studio,
    /// `team.toml`.
    pub team: Team,
    /// `faq.toml`.
    pub faq: Faq,
    /// `testimonials.toml`.
    pub testimonials: Testimonials,
    /// `investors.toml`.
    pub investors: Investors,
}

/// A value the types accept but the studio's rules do not: the file, the field's path inside it
/// (`monthly[2].purchase_url`, as TOML names it) and what is expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The file the field is in.
    pub file: File,
    /// The field's path: keys joined by `.`, array entries as `[index]`.
    pub path: String,
    /// What is expected, as a sentence fragment after the field name.
    pub message: String,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.file.name(), self.path, self.message)
    }
}

impl Content {
    /// Every photo file the content names, with the file and field naming it
    /// (`photos.toml`, `photo[2].file`): the server checks each is in the folder's `images/`.
    pub fn photo_files(&self) -> Vec<(File, String, &str)> {
        let placed = self.photos.placed.iter().enumerate().map(|(index, photo)| {
            (
                File::Photos,
                format!("photo[{index}].file"),
                photo.file.as_str(),
            )
        });
        let portraits = self
            .team
            .coaches
            .iter()
            .enumerate()
            .filter_map(|(index, coach)| {
                let photo = coach.photo.as_deref()?;
                Some((File::Team, format!("coaches[{index}].photo"), photo))
            });
        placed.chain(portraits).collect()
    }

    /// Every rule the types cannot express, checked at once: all the errors, in file order.
    pub fn validate(&self) -> Vec<FieldError> {
        let mut errors = Errors::new(File::Prices);
        self.prices.validate(&mut errors);
        for (path, url) in self.prices.purchase_links() {
            if let Err(message) = self.schedule.check_link(url) {
                errors.push(path, message);
            }
        }
        errors.file = File::Offers;
        self.offers.validate(&mut errors);
        errors.file = File::Schedule;
        self.schedule.validate(&mut errors);
        errors.file = File::Photos;
        self.photos.validate(&mut errors);
        errors.file = File::Studio;
        self.studio.validate(&mut errors);
        errors.file = File::Team;
        self.team.validate(&mut errors);
        errors.file = File::Faq;
        self.faq.validate(&mut errors);
        errors.file = File::Testimonials;
        self.testimonials.validate(&mut errors);
        errors.file = File::Investors;
        self.investors.validate(&mut errors);
        errors.found
    }
}

/// Collects the errors of one validation.
#[derive(Debug)]
pub struct Errors {
    file: File,
    found: Vec<FieldError>,
}

impl Errors {
    fn new(file: File) -> Self {
        Self {
            file,
            found: Vec::new(),
        }
    }

    /// Records that `path` breaks a rule, `message` saying what is expected.
    pub fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.found.push(FieldError {
            file: self.file,
            path: path.into(),
            message: message.into(),
        });
    }

    /// `value` must not be blank.
    pub fn named(&mut self, path: impl Into<String>, value: &str) {
        if value.trim().is_empty() {
            self.push(path, "must not be empty");
        }
    }

    /// `url` must be an https address: purchase links take visitors to a payment page.
    pub fn https(&mut self, path: impl Into<String>, url: &str) {
        let host = url.strip_prefix("https://").unwrap_or_default();
        let host = host.split(['/', '?', '#']).next().unwrap_or_default();
        if host.is_empty() || url.chars().any(char::is_whitespace) {
            self.push(
                path,
                "must be an https:// address, like https://goteamup.com/p/5123456-one-space/memberships/lite",
            );
        }
    }

    /// Each id must appear once in its list.
    pub fn unique_ids<'a>(&mut self, list: &str, ids: impl IntoIterator<Item = &'a str>) {
        let mut seen: Vec<&str> = Vec::new();
        for (index, id) in ids.into_iter().enumerate() {
            if id.trim().is_empty() {
                self.push(format!("{list}[{index}].id"), "must not be empty");
            } else if seen.contains(&id) {
                self.push(
                    format!("{list}[{index}].id"),
                    format!("'{id}' is already used by another entry; each id must be different"),
                );
            }
            seen.push(id);
        }
    }

    /// At most one entry of a group may be featured ('MOST POPULAR').
    pub fn one_featured(&mut self, list: &str, featured: impl IntoIterator<Item = bool>) {
        let mut first = None;
        for (index, flag) in featured.into_iter().enumerate() {
            if !flag {
                continue;
            }
            match first {
                None => first = Some(index),
                Some(first) => self.push(
                    format!("{list}[{index}].featured"),
                    format!(
                        "only one entry of {list} may be featured, and {list}[{first}] already is"
                    ),
                ),
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::{Content, File};

    /// The repository's default content (`content/` at its root).
    pub(crate) fn default_content() -> Content {
        Content {
            prices: toml::from_str(include_str!("../../../../content/prices.toml")).unwrap(),
            offers: toml::from_str(include_str!("../../../../content/offers.toml")).unwrap(),
            schedule: toml::from_str(include_str!("../../../../content/schedule.toml")).unwrap(),
            photos: toml::from_str(include_str!("../../../../content/photos.toml")).unwrap(),
            studio: toml::from_str(include_str!("../../../../content/studio.toml")).unwrap(),
            team: toml::from_str(include_str!("../../../../content/team.toml")).unwrap(),
            faq: toml::from_str(include_str!("../../../../content/faq.toml")).unwrap(),
            testimonials: toml::from_str(include_str!("../../../../content/testimonials.toml"))
                .unwrap(),
            investors: toml::from_str(include_str!("../../../../content/investors.toml")).unwrap(),
        }
    }

    /// The (path, message) of every rule one file's part breaks, as its `validate` finds them.
    pub(crate) fn rule_errors(
        file: File,
        validate: impl FnOnce(&mut super::Errors),
    ) -> Vec<(String, String)> {
        let mut errors = super::Errors::new(file);
        validate(&mut errors);
        errors
            .found
            .into_iter()
            .map(|error| (error.path, error.message))
            .collect()
    }

    /// The (path, message) of every rule `content` breaks, checking they are all in `file`.
    pub(crate) fn broken_in(content: &Content, file: File) -> Vec<(String, String)> {
        content
            .validate()
            .into_iter()
            .map(|error| {
                assert_eq!(error.file, file);
                (error.path, error.message)
            })
            .collect()
    }
}
