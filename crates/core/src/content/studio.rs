//! `studio.toml`: where the studio is and how to reach it (address, e-mail, phone, Instagram),
//! when it is open, the parking, the drive times from nearby towns and the free consultation
//! slots of the 6-week challenge.
//!
//! Times are written once, on the 24-hour clock (`"06:00"`); the pages' `6:00 AM` and the
//! structured data's `06:00` are both derived from it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Errors;

/// Everything in `studio.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Studio {
    /// The postal address.
    pub address: Address,
    /// The team's e-mail address, used by every mail link.
    pub email: String,
    /// The studio's phone.
    pub phone: Phone,
    /// The studio's Instagram account.
    pub social: Social,
    /// Parking, as the pages and the chat assistant state it.
    pub parking: String,
    /// Opening hours, one line per group of days, in week order.
    pub opening_hours: Vec<OpeningHours>,
    /// Drive times from nearby towns, nearest first.
    pub drive_times: Vec<DriveTime>,
    /// The free 6-week challenge consultation slots, in week order.
    pub consultation_slots: Vec<ConsultationSlot>,
}

/// The postal address, line by line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Address {
    /// Street line.
    pub street: String,
    /// Town.
    pub locality: String,
    /// Council area.
    pub region: String,
    /// Postcode.
    pub postcode: String,
    /// ISO 3166 country code (`GB`), for search engines.
    pub country: String,
}

/// The phone number, as shown and as dialled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Phone {
    /// As shown: `01506 238 238`.
    pub display: String,
    /// For `tel:` links and search engines, international (E.164): `+441506238238`.
    pub tel: String,
}

/// The studio's social account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Social {
    /// The handle as shown: `@onespacelivingston`.
    pub handle: String,
    /// The account's page.
    pub url: String,
}

/// A time of day, written `"06:00"` (24-hour clock) in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ClockTime {
    /// Hour, 0-23.
    pub hour: u8,
    /// Minute, 0-59.
    pub minute: u8,
}

impl ClockTime {
    /// What a time must look like.
    pub const EXPECTED: &'static str =
        "must be a time on the 24-hour clock, like \"06:00\" or \"20:30\"";

    /// Reads `06:00` or `6:00`; `None` otherwise.
    pub fn parse(text: &str) -> Option<Self> {
        let (hour, minute) = text.trim().split_once(':')?;
        if minute.len() != 2 || hour.is_empty() || hour.len() > 2 {
            return None;
        }
        let hour: u8 = hour.parse().ok().filter(|hour| *hour < 24)?;
        let minute: u8 = minute.parse().ok().filter(|minute| *minute < 60)?;
        Some(Self { hour, minute })
    }

    /// As the pages show it: `6:00 AM`, `12:00 PM`, `8:30 PM` (the core's one formatter,
    /// [`crate::calendar::clock_12h`]).
    pub fn display(self) -> String {
        crate::calendar::clock_12h(&self.naive())
    }

    /// The same time as a chrono time of day.
    pub fn naive(self) -> chrono::NaiveTime {
        chrono::NaiveTime::from_hms_opt(u32::from(self.hour), u32::from(self.minute), 0)
            .unwrap_or(chrono::NaiveTime::MIN)
    }

    /// Minutes since midnight.
    pub fn minutes(self) -> u32 {
        u32::from(self.hour) * 60 + u32::from(self.minute)
    }

    /// As search engines read it: `06:00`.
    pub fn iso(self) -> String {
        format!("{:02}:{:02}", self.hour, self.minute)
    }
}

impl Serialize for ClockTime {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.iso())
    }
}

impl<'de> Deserialize<'de> for ClockTime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).ok_or_else(|| serde::de::Error::custom(Self::EXPECTED))
    }
}

/// The days of the week, as schema.org and the consultation slots name them.
pub const WEEK: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// The position of `day` in [`WEEK`].
fn weekday(day: &str) -> Option<usize> {
    WEEK.iter().position(|name| *name == day)
}

/// A day of the week, written in full with a capital in the file (`"Monday"`); anything else
/// is refused where it is written, naming the seven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(u8);

impl Day {
    /// The day `days_from_monday` after Monday (0: Monday ... 6: Sunday); `None` beyond.
    pub fn from_monday(days_from_monday: u32) -> Option<Self> {
        u8::try_from(days_from_monday)
            .ok()
            .filter(|day| usize::from(*day) < WEEK.len())
            .map(Self)
    }

    /// The day's chrono weekday.
    pub fn of(weekday: chrono::Weekday) -> Self {
        Self(weekday.num_days_from_monday() as u8)
    }

    /// Days from Monday: 0 for Monday, 6 for Sunday.
    pub fn days_from_monday(self) -> u32 {
        u32::from(self.0)
    }

    /// Its name in full: `Monday`.
    pub fn name(self) -> &'static str {
        WEEK.get(usize::from(self.0)).copied().unwrap_or_default()
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        weekday(&text)
            .and_then(|index| Self::from_monday(index as u32))
            .ok_or_else(|| serde::de::Error::custom(day_expected()))
    }
}

/// One line of opening hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OpeningHours {
    /// Days as shown, e.g. `Mon-Fri`.
    pub days: String,
    /// The same days by full name (`Monday`...), for search engines.
    pub weekdays: Vec<String>,
    /// Opening time.
    pub opens: ClockTime,
    /// Closing time.
    pub closes: ClockTime,
}

impl OpeningHours {
    /// `Mon-Fri 6:00 AM-8:00 PM`.
    pub fn display(&self) -> String {
        format!(
            "{} {}-{}",
            self.days,
            self.opens.display(),
            self.closes.display()
        )
    }
}

/// Driving time from a nearby town (About page, chat).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DriveTime {
    /// Town.
    pub from: String,
    /// Minutes by car.
    pub minutes: u32,
    /// Route note, if the page names one.
    #[serde(default)]
    pub via: Option<String>,
}

impl DriveTime {
    /// `Edinburgh: 25 min via M8`.
    pub fn display(&self) -> String {
        match &self.via {
            Some(via) => format!("{}: {} min via {via}", self.from, self.minutes),
            None => format!("{}: {} min", self.from, self.minutes),
        }
    }
}

/// A free 6-week challenge consultation slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ConsultationSlot {
    /// Day, by full name.
    pub day: String,
    /// Time.
    pub time: ClockTime,
}

impl ConsultationSlot {
    /// `Monday 10:00 AM`.
    pub fn display(&self) -> String {
        format!("{} {}", self.day, self.time.display())
    }
}

impl Studio {
    /// The postal address on one line: `Unit 3, Houstoun Road, Livingston, West Lothian EH54 5BZ`.
    pub fn address_line(&self) -> String {
        let address = &self.address;
        format!(
            "{}, {}, {} {}",
            address.street, address.locality, address.region, address.postcode
        )
    }

    /// Opening hours on one line: `Mon-Fri 6:00 AM-8:00 PM, Sat 8:00 AM-12:00 PM, Sun ...`.
    pub fn opening_hours_line(&self) -> String {
        self.opening_hours
            .iter()
            .map(OpeningHours::display)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The `tel:` link of the studio's phone.
    pub fn tel_link(&self) -> String {
        format!("tel:{}", self.phone.tel)
    }

    /// The checks serde cannot make.
    pub(super) fn validate(&self, errors: &mut Errors) {
        let address = &self.address;
        for (field, value) in [
            ("address.street", &address.street),
            ("address.locality", &address.locality),
            ("address.region", &address.region),
            ("address.postcode", &address.postcode),
            ("parking", &self.parking),
            ("phone.display", &self.phone.display),
        ] {
            errors.named(field, value);
        }
        if address.country.len() != 2 || !address.country.chars().all(|c| c.is_ascii_uppercase()) {
            errors.push(
                "address.country",
                "must be a two-letter country code in capitals, like \"GB\"",
            );
        }
        let (local, domain) = self.email.split_once('@').unwrap_or_default();
        if local.is_empty()
            || !domain.contains('.')
            || domain.starts_with('.')
            || domain.ends_with('.')
            || domain.contains('@')
            || self.email.chars().any(char::is_whitespace)
        {
            errors.push(
                "email",
                "must be an e-mail address, like hello@example.co.uk",
            );
        }
        let digits = self.phone.tel.strip_prefix('+').unwrap_or_default();
        if !(8..=15).contains(&digits.len()) || !digits.chars().all(|c| c.is_ascii_digit()) {
            errors.push(
                "phone.tel",
                "must be the number in international form, + and digits only, like \"+441506238238\"",
            );
        }
        match self.social.handle.strip_prefix('@') {
            Some(name) if !name.trim().is_empty() && !name.contains(char::is_whitespace) => {}
            _ => errors.push(
                "social.handle",
                "must start with @, like \"@onespacelivingston\"",
            ),
        }
        errors.https("social.url", &self.social.url);
        self.validate_hours(errors);
        if self.drive_times.is_empty() {
            errors.push("drive_times", "must list at least one town");
        }
        let mut previous = 0;
        for (index, drive) in self.drive_times.iter().enumerate() {
            errors.named(format!("drive_times[{index}].from"), &drive.from);
            if let Some(via) = &drive.via {
                errors.named(format!("drive_times[{index}].via"), via);
            }
            if drive.minutes == 0 {
                errors.push(
                    format!("drive_times[{index}].minutes"),
                    "must be at least 1",
                );
            } else if drive.minutes < previous {
                errors.push(
                    format!("drive_times[{index}].minutes"),
                    format!("must not be less than the town before ({previous} min): towns are listed nearest first"),
                );
            }
            previous = previous.max(drive.minutes);
        }
        let mut previous: Option<(usize, ClockTime)> = None;
        for (index, slot) in self.consultation_slots.iter().enumerate() {
            let Some(day) = weekday(&slot.day) else {
                errors.push(format!("consultation_slots[{index}].day"), day_expected());
                continue;
            };
            if previous.is_some_and(|earlier| (day, slot.time) <= earlier) {
                errors.push(
                    format!("consultation_slots[{index}].time"),
                    "must come after the slot before it: slots are listed in week order, Monday first, each once",
                );
            }
            previous = Some((day, slot.time));
        }
    }

    /// Each line of hours names real days, in week order, and closes after it opens.
    fn validate_hours(&self, errors: &mut Errors) {
        if self.opening_hours.is_empty() {
            errors.push("opening_hours", "must list at least one line of hours");
        }
        let mut last_day: Option<usize> = None;
        for (index, hours) in self.opening_hours.iter().enumerate() {
            let path = format!("opening_hours[{index}]");
            errors.named(format!("{path}.days"), &hours.days);
            if hours.weekdays.is_empty() {
                errors.push(format!("{path}.weekdays"), "must name at least one day");
            }
            for (day_index, day) in hours.weekdays.iter().enumerate() {
                match weekday(day) {
                    None => errors.push(format!("{path}.weekdays[{day_index}]"), day_expected()),
                    Some(day) if last_day.is_some_and(|last| day <= last) => errors.push(
                        format!("{path}.weekdays[{day_index}]"),
                        "must come after the day before it: days are listed in week order, Monday first, each once",
                    ),
                    Some(day) => last_day = Some(day),
                }
            }
            if hours.closes <= hours.opens {
                errors.push(
                    format!("{path}.closes"),
                    format!("must be after the opening time ({})", hours.opens.iso()),
                );
            }
        }
    }
}

fn day_expected() -> String {
    format!("must be a day of the week: {}", WEEK.join(", "))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The repository's `content/studio.toml`, for the core's tests.
    #[allow(clippy::expect_used)]
    pub(crate) fn default_studio() -> Studio {
        toml::from_str(include_str!("../../../../content/studio.toml"))
            .expect("content/studio.toml reads")
    }

    #[test]
    fn the_default_file_passes_its_checks() {
        let mut errors = Errors::new(super::super::File::Studio);
        default_studio().validate(&mut errors);
        assert_eq!(errors.found, []);
        assert_eq!(
            default_studio().opening_hours_line(),
            "Mon-Fri 6:00 AM-8:00 PM, Sat 8:00 AM-12:00 PM, Sun 9:00 AM-12:00 PM"
        );
    }

    #[test]
    fn times_read_as_the_pages_and_search_engines_show_them() {
        let shown = |text: &str| ClockTime::parse(text).map(ClockTime::display);
        assert_eq!(shown("06:00").as_deref(), Some("6:00 AM"));
        assert_eq!(shown("12:00").as_deref(), Some("12:00 PM"));
        assert_eq!(shown("00:15").as_deref(), Some("12:15 AM"));
        assert_eq!(shown("20:30").as_deref(), Some("8:30 PM"));
        assert_eq!(
            ClockTime::parse("8:00").map(ClockTime::iso).as_deref(),
            Some("08:00")
        );
        for bad in ["24:00", "8", "08:0", "08:60", "eight", "-1:00", "108:00"] {
            assert_eq!(ClockTime::parse(bad), None, "{bad}");
        }
    }
}
