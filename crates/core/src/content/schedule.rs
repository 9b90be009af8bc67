//! `schedule.toml`: the studio's account at the booking provider (TeamUp): the numeric provider
//! id the class schedule is read with, the customer site every booking address is built from, and
//! the provider pages the site's buttons open (the trial, its intro and fast-access checkouts, the
//! membership list, the challenge consultation, the retreat).
//!
//! Two numbers that look alike and are not the same thing:
//! - `provider_id` is the account's number, which the API is asked with (documented: the
//!   `TeamUp-Provider-ID` header is "ID of the provider account", an integer in every example);
//! - `customer_site` is the part of the studio's customer pages' address after `/p/`:
//!   `<provider id>-<name>` (observed on public pages: `https://goteamup.com/p/4993559-tribe-ormeau/c/schedule`,
//!   purchase links `.../p/6822945-hoop-heroes/memberships/166242/`). The documentation does not
//!   describe these addresses.
//!
//! The purchase links of `prices.toml` are whole addresses (a plan can be sold anywhere); those
//! on the provider's site must be on this customer site, which [`super::Content::validate`]
//! checks, so a change of account cannot leave one button selling on the old one.
//!
//! The file also holds the studio's typical week ([`TypicalClass`]): the classes of an ordinary
//! week, which /timetable and the home page show, labelled as typical, whenever no copy of the
//! provider's live schedule exists (no API key yet, or the provider never answered), so the
//! timetable is never an empty box.

use serde::{Deserialize, Serialize};

use super::studio::{ClockTime, Day};
use super::Errors;

/// The provider's site, where its customer pages live (`<origin>/p/<customer site>/<page>`).
pub const PROVIDER_ORIGIN: &str = "https://goteamup.com";

/// The customer site's class schedule, below the customer site (observed on public pages; a
/// class opens with `?e=<event id>` added).
pub const SCHEDULE_PAGE: &str = "c/schedule";

/// Where the studio finds its numbers in TeamUp, for the error messages.
const WHERE_TO_FIND: &str = "in TeamUp, open the studio's customer site (Settings > Customer \
     Site, or 'View customer site'): its address is https://goteamup.com/p/<provider id>-<name>/";

/// Everything in `schedule.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// The studio's TeamUp provider id, a number: `4993559` for
    /// `https://goteamup.com/p/4993559-tribe-ormeau/`. Written as a number; digits in quotes
    /// are read too, anything else is refused saying where to find it.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::provider_id")
    )]
    #[serde(deserialize_with = "provider_id")]
    pub provider_id: u64,
    /// The customer site's part of the address: `4993559-tribe-ormeau`.
    pub customer_site: String,
    /// The provider pages the site links to, below the studio's customer pages.
    pub pages: BookingPages,
    /// The classes of an ordinary week, shown while no live copy of the provider's schedule
    /// exists; none (the key left out, or `typical_week = []`) leaves them out.
    #[serde(default)]
    pub typical_week: Vec<TypicalClass>,
    /// What a visitor needs to choose each class of /our-classes; a class left out shows its
    /// card without them.
    #[serde(default)]
    pub classes: Vec<ClassFacts>,
}

/// One class's facts, shown on its card on /our-classes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ClassFacts {
    /// Which card: one of [`crate::catalogue::classes::IDS`], like `"hot-yoga"`.
    pub id: String,
    /// How long a session lasts, as shown: `"45 or 60 minutes"`.
    pub duration: String,
    /// The room's heat, as shown: `"32-35 °C dry infrared heat"`.
    pub heat: String,
    /// Who can join: `"All levels"`.
    pub level: String,
    /// Who it suits, in a sentence.
    pub suits: String,
    /// What to bring, in a sentence.
    pub bring: String,
    /// The timetable's class types that are sessions of this class (the typical week's `type`,
    /// the provider's class type): the card lists their next sessions and links to the
    /// timetable filtered to the first. None for a class booked privately.
    #[serde(default)]
    pub timetable_types: Vec<String>,
}

/// Longest class the typical week accepts, in minutes ([`MINUTES_EXPECTED`] says it).
pub const LONGEST_CLASS_MINUTES: u16 = 240;

/// One class of the typical week.
///
/// `[[typical_week]]` in `schedule.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TypicalClass {
    /// The day, in full: `"Monday"`.
    pub day: Day,
    /// When it starts, on the 24-hour clock: `"18:00"`.
    pub time: ClockTime,
    /// The class's name as shown: `"Hot Yoga Flow"`.
    #[serde(rename = "class")]
    pub name: String,
    /// The class type the timetable's filter groups by: `"Hot Yoga"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Who usually teaches it, if the studio names them.
    #[serde(default)]
    pub coach: Option<String>,
    /// Its length in minutes.
    #[cfg_attr(feature = "check", schemars(range(min = 5, max = 240)))]
    #[serde(deserialize_with = "class_minutes")]
    pub minutes: u16,
}

/// What a class's length must look like.
const MINUTES_EXPECTED: &str = "must be the class's length in minutes, from 5 to 240, like 45";

/// Reads a class's length: a whole number of minutes; anything else is refused saying so.
fn class_minutes<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u16, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(u16),
        Other(serde::de::IgnoredAny),
    }
    match Written::deserialize(deserializer)? {
        Written::Number(minutes) => Ok(minutes),
        Written::Other(_) => Err(serde::de::Error::custom(MINUTES_EXPECTED)),
    }
}

impl TypicalClass {
    /// Minutes since midnight at its end.
    pub fn ends_minutes(&self) -> u32 {
        self.time.minutes() + u32::from(self.minutes)
    }
}

/// Provider pages, each a path below `https://goteamup.com/p/<customer site>/`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BookingPages {
    /// Every membership (the September sale's buttons).
    pub memberships: String,
    /// The 14-day trial at its regular price.
    pub trial: String,
    /// The 14-day trial at the intro price, while the service pages' timer runs.
    pub intro_offer: String,
    /// The 14-day trial checkout of the timed 10%-off page.
    pub timed_offer: String,
    /// The 6-week challenge's free consultation.
    pub challenge_consultation: String,
    /// The yoga retreat's booking.
    pub retreat: String,
}

/// One of the provider pages the site links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingPage {
    /// [`BookingPages::memberships`].
    Memberships,
    /// [`BookingPages::trial`].
    Trial,
    /// [`BookingPages::intro_offer`].
    IntroOffer,
    /// [`BookingPages::timed_offer`].
    TimedOffer,
    /// [`BookingPages::challenge_consultation`].
    ChallengeConsultation,
    /// [`BookingPages::retreat`].
    Retreat,
}

/// Reads `provider_id`: a number, or digits in quotes; a slug (the old `one-space-livingston`
/// form) or anything else is refused with the place in TeamUp where the number is.
fn provider_id<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(u64),
        Text(String),
    }
    let refused = || {
        serde::de::Error::custom(format!(
            "must be the studio's TeamUp provider id, a number like 4993559 ({WHERE_TO_FIND})"
        ))
    };
    match Written::deserialize(deserializer).map_err(|_| refused())? {
        Written::Number(id) => Ok(id),
        Written::Text(text) => text.trim().parse().map_err(|_| refused()),
    }
}

impl Schedule {
    /// The studio's customer pages at the provider: `https://goteamup.com/p/<customer site>`.
    pub fn customer_pages(&self) -> String {
        format!("{PROVIDER_ORIGIN}/p/{}", self.customer_site)
    }

    /// The address of one of the provider pages the site links to.
    pub fn url(&self, page: BookingPage) -> String {
        self.page_url(self.pages.path(page))
    }

    /// The address of any customer page of the studio's, by its path (`c/schedule`).
    pub fn page_url(&self, path: &str) -> String {
        format!("{}/{path}", self.customer_pages())
    }

    /// The customer site's class schedule.
    pub fn schedule_url(&self) -> String {
        self.page_url(SCHEDULE_PAGE)
    }

    /// One class opened on the customer site's schedule (`c/schedule?e=<event id>`, as public
    /// pages link a class): the 'Book' link when the provider gives no `customer_url`.
    pub fn class_url(&self, event_id: u64) -> String {
        format!("{}?e={event_id}", self.schedule_url())
    }

    /// The typical week in week order, Monday first, each day by start time (as written when
    /// two start together).
    pub fn typical_week_in_order(&self) -> Vec<&TypicalClass> {
        let mut week: Vec<&TypicalClass> = self.typical_week.iter().collect();
        week.sort_by_key(|class| (class.day, class.time));
        week
    }

    /// The facts of the class whose card is `id`, if the content gives them.
    pub fn class_facts(&self, id: &str) -> Option<&ClassFacts> {
        self.classes.iter().find(|facts| facts.id == id)
    }

    pub(super) fn validate(&self, errors: &mut Errors) {
        self.validate_typical_week(errors);
        self.validate_classes(errors);
        if !(1_000..=999_999_999_999).contains(&self.provider_id) {
            errors.push(
                "provider_id",
                format!(
                    "must be the studio's TeamUp provider id, the number at the start of its \
                     customer site's address, like 4993559 ({WHERE_TO_FIND})"
                ),
            );
        }
        let site = &self.customer_site;
        let name = site.strip_prefix(&format!("{}-", self.provider_id));
        let name_ok = name.is_some_and(|name| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        });
        if !name_ok {
            errors.push(
                "customer_site",
                format!(
                    "must be the part after /p/ in the studio's TeamUp customer site address, the \
                     provider id, a dash and the name in small letters, like {}-one-space \
                     ({WHERE_TO_FIND})",
                    self.provider_id
                ),
            );
        }
        for (field, path) in self.pages.all() {
            let path_ok = !path.trim().is_empty()
                && !path.starts_with('/')
                && !path.contains("://")
                && !path.chars().any(char::is_whitespace);
            if !path_ok {
                errors.push(
                    format!("pages.{field}"),
                    "must be a page of the studio's provider site without its start, like \
                     memberships/14-day-ultimate-experience",
                );
            }
        }
    }

    /// Names, lengths and repeats of the typical week.
    fn validate_typical_week(&self, errors: &mut Errors) {
        for (index, class) in self.typical_week.iter().enumerate() {
            let path = format!("typical_week[{index}]");
            errors.named(format!("{path}.class"), &class.name);
            errors.named(format!("{path}.type"), &class.kind);
            if let Some(coach) = &class.coach {
                errors.named(format!("{path}.coach"), coach);
            }
            if !(5..=LONGEST_CLASS_MINUTES).contains(&class.minutes) {
                errors.push(format!("{path}.minutes"), MINUTES_EXPECTED);
            }
            let repeated = self.typical_week[..index].iter().position(|earlier| {
                earlier.day == class.day && earlier.time == class.time && earlier.name == class.name
            });
            if let Some(earlier) = repeated {
                errors.push(
                    format!("{path}.class"),
                    format!(
                        "'{}' on {} at {} is already typical_week[{earlier}]; each class is \
                         listed once",
                        class.name,
                        class.day.name(),
                        class.time.iso()
                    ),
                );
            }
        }
    }

    /// Each class's facts: a card of the page, once, nothing blank. A timetable type no class
    /// has is allowed (the week may not run that class for now): its card then shows no sessions.
    fn validate_classes(&self, errors: &mut Errors) {
        use crate::catalogue::classes::IDS;
        errors.unique_ids(
            "classes",
            self.classes.iter().map(|facts| facts.id.as_str()),
        );
        for (index, facts) in self.classes.iter().enumerate() {
            let path = format!("classes[{index}]");
            if !facts.id.trim().is_empty() && !IDS.contains(&facts.id.as_str()) {
                errors.push(
                    format!("{path}.id"),
                    format!(
                        "must name one of the classes on /our-classes: {}",
                        IDS.join(", ")
                    ),
                );
            }
            for (field, value) in [
                ("duration", &facts.duration),
                ("heat", &facts.heat),
                ("level", &facts.level),
                ("suits", &facts.suits),
                ("bring", &facts.bring),
            ] {
                errors.named(format!("{path}.{field}"), value);
            }
            for (type_index, kind) in facts.timetable_types.iter().enumerate() {
                if type_key(kind).is_empty() {
                    errors.push(
                        format!("{path}.timetable_types[{type_index}]"),
                        "must be a class type of the timetable, like \"Hot Yoga\"",
                    );
                }
            }
        }
    }

    /// Checks that an address on the provider's site belongs to this customer site: `Err` with
    /// the message when it names another account. Other sites' addresses are not its concern.
    pub fn check_link(&self, url: &str) -> Result<(), String> {
        let Some(rest) = url.strip_prefix(PROVIDER_ORIGIN) else {
            return Ok(());
        };
        let ours = format!("/p/{}/", self.customer_site);
        if rest.starts_with(&ours) {
            Ok(())
        } else {
            Err(format!(
                "is on the booking provider's site but not of the studio's customer site \
                 '{}' (schedule.toml): it should start with {}{ours}",
                self.customer_site, PROVIDER_ORIGIN
            ))
        }
    }
}

impl BookingPages {
    /// The path of one page.
    pub fn path(&self, page: BookingPage) -> &str {
        match page {
            BookingPage::Memberships => &self.memberships,
            BookingPage::Trial => &self.trial,
            BookingPage::IntroOffer => &self.intro_offer,
            BookingPage::TimedOffer => &self.timed_offer,
            BookingPage::ChallengeConsultation => &self.challenge_consultation,
            BookingPage::Retreat => &self.retreat,
        }
    }

    /// Every page with its field name, for the checks.
    fn all(&self) -> [(&'static str, &str); 6] {
        [
            ("memberships", &self.memberships),
            ("trial", &self.trial),
            ("intro_offer", &self.intro_offer),
            ("timed_offer", &self.timed_offer),
            ("challenge_consultation", &self.challenge_consultation),
            ("retreat", &self.retreat),
        ]
    }
}

/// The key of a class type: its name in lower case, letters and digits kept, every other run of
/// characters one hyphen ("Hot Yoga" → `hot-yoga`, "1-2-1 PT" → `1-2-1-pt`).
pub fn type_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for ch in name.chars().flat_map(char::to_lowercase) {
        if ch.is_ascii_alphanumeric() {
            key.push(ch);
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    while key.ends_with('-') {
        key.pop();
    }
    key
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::content::File;

    fn schedule() -> Schedule {
        Schedule {
            provider_id: 4_993_559,
            customer_site: "4993559-one-space".to_owned(),
            pages: BookingPages {
                memberships: "memberships".to_owned(),
                trial: "memberships/14-day-ultimate-experience".to_owned(),
                intro_offer: "memberships/intro".to_owned(),
                timed_offer: "memberships/fast".to_owned(),
                challenge_consultation: "appointments/consultation".to_owned(),
                retreat: "events/yoga-retreat".to_owned(),
            },
            typical_week: Vec::new(),
            classes: Vec::new(),
        }
    }

    fn errors_of(schedule: &Schedule) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Schedule, |errors| schedule.validate(errors))
    }

    #[test]
    fn addresses_are_built_from_the_customer_site() {
        let schedule = schedule();
        assert_eq!(
            schedule.url(BookingPage::Trial),
            "https://goteamup.com/p/4993559-one-space/memberships/14-day-ultimate-experience"
        );
        assert_eq!(
            schedule.schedule_url(),
            "https://goteamup.com/p/4993559-one-space/c/schedule"
        );
        assert_eq!(
            schedule.class_url(42),
            "https://goteamup.com/p/4993559-one-space/c/schedule?e=42"
        );
        assert!(errors_of(&schedule).is_empty());
    }

    #[test]
    fn a_malformed_id_site_or_page_is_refused_saying_where_to_look() {
        let mut bad = schedule();
        bad.provider_id = 12;
        bad.pages.retreat = "https://goteamup.com/p/x/events".to_owned();
        bad.pages.trial = "/memberships".to_owned();
        let errors = errors_of(&bad);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "provider_id",
                "customer_site",
                "pages.trial",
                "pages.retreat"
            ]
        );
        assert!(errors[0].1.contains("customer site"), "{}", errors[0].1);
        // The address part must carry this id: a slug alone, another account's number or
        // capitals are each refused.
        for site in [
            "one-space-livingston",
            "4993558-one-space",
            "4993559-One Space",
            "4993559-",
        ] {
            let mut bad = schedule();
            bad.customer_site = site.to_owned();
            let errors = errors_of(&bad);
            assert_eq!(errors.len(), 1, "{site}");
            assert_eq!(errors[0].0, "customer_site");
            assert!(
                errors[0].1.contains("like 4993559-one-space"),
                "{}",
                errors[0].1
            );
        }
    }

    #[test]
    fn the_provider_id_is_a_number_and_a_slug_is_refused_saying_where_to_look() {
        let file = |id: &str| {
            format!(
                "provider_id = {id}\ncustomer_site = \"4993559-one-space\"\n[pages]\nmemberships = \"m\"\n\
                 trial = \"t\"\nintro_offer = \"i\"\ntimed_offer = \"f\"\n\
                 challenge_consultation = \"c\"\nretreat = \"r\"\n"
            )
        };
        for written in ["4993559", "\"4993559\""] {
            let read: Schedule = toml::from_str(&file(written)).unwrap();
            assert_eq!(read.provider_id, 4_993_559);
        }
        let error = toml::from_str::<Schedule>(&file("\"one-space-livingston\""))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("must be the studio's TeamUp provider id, a number like 4993559")
                && error.contains("customer site"),
            "{error}"
        );
    }

    #[test]
    fn provider_links_must_be_of_this_customer_site() {
        let schedule = schedule();
        assert!(schedule
            .check_link("https://goteamup.com/p/4993559-one-space/memberships/166242/")
            .is_ok());
        assert!(schedule.check_link("https://example.com/buy").is_ok());
        for other in [
            "https://goteamup.com/p/old-account/memberships/lite",
            "https://goteamup.com/p/4993559/memberships/lite",
            "https://goteamup.com/p/4993559-one-space-old/memberships/lite",
        ] {
            let error = schedule.check_link(other).unwrap_err();
            assert!(error.contains("'4993559-one-space'"), "{error}");
        }
    }

    /// A schedule file with `week` as its typical week.
    fn file_with(week: &str) -> String {
        format!(
            "provider_id = 4993559\ncustomer_site = \"4993559-one-space\"\n[pages]\nmemberships = \"m\"\n\
             trial = \"t\"\nintro_offer = \"i\"\ntimed_offer = \"f\"\n\
             challenge_consultation = \"c\"\nretreat = \"r\"\n{week}"
        )
    }

    /// The line (from 1) a TOML error points at.
    fn error_line(text: &str, error: &toml::de::Error) -> usize {
        let start = error.span().map(|span| span.start).unwrap_or_default();
        text[..start].matches('\n').count() + 1
    }

    const CLASS: &str =
        "[[typical_week]]\nday = \"Tuesday\"\ntime = \"18:00\"\nclass = \"HYROX\"\n\
                         type = \"HYROX\"\ncoach = \"Ross Campbell\"\nminutes = 60\n";

    #[test]
    fn the_typical_week_reads_in_week_order_and_may_be_left_out() {
        let read: Schedule = toml::from_str(&file_with(CLASS)).unwrap();
        let class = &read.typical_week[0];
        assert_eq!(class.day.name(), "Tuesday");
        assert_eq!(class.time.display(), "6:00 PM");
        assert_eq!(
            (class.name.as_str(), class.kind.as_str()),
            ("HYROX", "HYROX")
        );
        assert_eq!(class.coach.as_deref(), Some("Ross Campbell"));
        assert_eq!(class.ends_minutes(), 19 * 60);
        assert!(errors_of(&read).is_empty());
        let none: Schedule = toml::from_str(&file_with("")).unwrap();
        assert!(none.typical_week.is_empty());
        // The default week: written Monday to Sunday, shown in the same order.
        let content = crate::content::tests::default_content();
        let week = content.schedule.typical_week_in_order();
        assert!(week.len() >= 25, "a full week: {}", week.len());
        assert_eq!(week.first().map(|class| class.day.name()), Some("Monday"));
        assert_eq!(week.last().map(|class| class.day.name()), Some("Sunday"));
        assert!(content.validate().is_empty(), "{:?}", content.validate());
    }

    #[test]
    fn an_unknown_day_or_impossible_time_is_refused_on_its_line() {
        for (from, to, line, expected) in [
            (
                "\"Tuesday\"",
                "\"Tewsday\"",
                11,
                "must be a day of the week: Monday,",
            ),
            (
                "\"18:00\"",
                "\"25:00\"",
                12,
                "must be a time on the 24-hour clock",
            ),
            (
                "\"18:00\"",
                "\"6pm\"",
                12,
                "must be a time on the 24-hour clock",
            ),
            (
                "minutes = 60",
                "minutes = \"an hour\"",
                16,
                "length in minutes, from 5 to 240",
            ),
        ] {
            let text = file_with(&CLASS.replace(from, to));
            let error = toml::from_str::<Schedule>(&text).unwrap_err();
            assert!(error.message().contains(expected), "{to}: {error}");
            assert_eq!(error_line(&text, &error), line, "{to}: {error}");
        }
        let text = file_with(&CLASS.replace("coach", "teacher"));
        assert!(
            toml::from_str::<Schedule>(&text).is_err(),
            "an unknown field is refused"
        );
    }

    #[test]
    fn blank_names_odd_lengths_and_repeats_are_refused() {
        let mut content = crate::content::tests::default_content();
        let class = |day: &str, time: &str, minutes: u16| {
            let text = file_with(
                &CLASS
                    .replace("Tuesday", day)
                    .replace("18:00", time)
                    .replace("60", &minutes.to_string()),
            );
            toml::from_str::<Schedule>(&text)
                .unwrap()
                .typical_week
                .remove(0)
        };
        let mut blank = class("Monday", "07:00", 45);
        blank.kind = " ".to_owned();
        content.schedule.typical_week = vec![
            class("Monday", "06:00", 45),
            blank,
            class("Monday", "06:00", 45),
            class("Monday", "08:00", 300),
        ];
        let errors = crate::content::tests::broken_in(&content, File::Schedule);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "typical_week[1].type",
                "typical_week[2].class",
                "typical_week[3].minutes",
            ]
        );
        assert!(
            errors[1].1.contains("already typical_week[0]"),
            "{}",
            errors[1].1
        );
    }

    #[test]
    fn class_facts_name_a_card_once_and_leave_nothing_blank() {
        let mut content = crate::content::tests::default_content();
        assert!(crate::content::tests::broken_in(&content, File::Schedule).is_empty());
        // Every card of the page has its facts, and Fire & Ice's length is the catalogue's.
        for id in crate::catalogue::classes::IDS {
            assert!(content.schedule.class_facts(id).is_some(), "{id}");
        }
        let fire_ice = content.schedule.class_facts("fire-ice-recovery").unwrap();
        assert!(fire_ice
            .duration
            .starts_with(&format!("{} minutes", crate::catalogue::fire_ice::MINUTES)));
        let mut unknown = content.schedule.classes[0].clone();
        unknown.id = "spin".to_owned();
        let mut repeated = content.schedule.classes[1].clone();
        repeated.bring = " ".to_owned();
        repeated.timetable_types = vec!["!!".to_owned()];
        content.schedule.classes.extend([unknown, repeated]);
        let errors = crate::content::tests::broken_in(&content, File::Schedule);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "classes[7].id",
                "classes[6].id",
                "classes[7].bring",
                "classes[7].timetable_types[0]"
            ]
        );
        assert!(
            errors[1].1.contains("hot-yoga, yoga, pilates"),
            "{}",
            errors[1].1
        );
    }
}
