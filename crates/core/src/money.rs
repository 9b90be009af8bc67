//! Money as integer pence, with the single formatter every page and island uses.
//!
//! Derived prices (founder rates, discounts, per-session costs) are computed here with integer
//! arithmetic, so a figure such as £39.20 is never retyped or subject to float rounding.

use serde::{Deserialize, Serialize};

/// An amount of money in pence. Integer arithmetic keeps derived prices exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pence(pub u64);

impl Pence {
    /// Whole pounds.
    pub const fn pounds(pounds: u64) -> Self {
        Self(pounds * 100)
    }

    /// Pounds and pence, e.g. `Pence::new(62, 50)` is £62.50.
    pub const fn new(pounds: u64, pence: u64) -> Self {
        Self(pounds * 100 + pence)
    }

    /// `percent` per cent of this amount, rounded half up to the penny.
    pub const fn percent(self, percent: u64) -> Self {
        Self((self.0 * percent + 50) / 100)
    }

    /// This amount less `percent` per cent (the discount rounded half up to the penny).
    pub const fn less_percent(self, percent: u64) -> Self {
        Self(self.0 - self.percent(percent).0)
    }

    /// This amount multiplied by a whole number.
    pub const fn times(self, count: u64) -> Self {
        Self(self.0 * count)
    }

    /// This amount less `other`, stopping at zero.
    pub const fn minus(self, other: Pence) -> Self {
        Self(self.0.saturating_sub(other.0))
    }

    /// This amount shared equally `count` ways, rounded half up to the penny (`count` 0 gives 0).
    pub const fn split(self, count: u64) -> Self {
        if count == 0 {
            Self(0)
        } else {
            Self((self.0 * 2 + count) / (2 * count))
        }
    }

    /// True when the amount is a whole number of pounds.
    pub const fn is_whole_pounds(self) -> bool {
        self.0 % 100 == 0
    }

    /// Formats as the site shows prices: `£62.50`, `£1,112`, `£39.20`.
    /// Whole-pound amounts drop the pence; others always show two digits.
    pub fn format(self) -> String {
        let pounds = self.0 / 100;
        let pence = self.0 % 100;
        let digits = pounds.to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3 + 4);
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        if pence == 0 {
            format!("£{grouped}")
        } else {
            format!("£{grouped}.{pence:02}")
        }
    }

    /// Reads a price as [`Pence::format`] writes it (`£1,112`, `£62.50`); `None` for anything
    /// else. The formatter's inverse, used by tests and by anyone reading prices from content.
    pub fn parse(text: &str) -> Option<Self> {
        let rest = text.strip_prefix('£')?;
        let (whole, fraction) = match rest.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (rest, None),
        };
        let groups: Vec<&str> = whole.split(',').collect();
        let first = groups.first()?;
        let well_grouped = !first.is_empty()
            && first.len() <= 3
            && groups.iter().skip(1).all(|group| group.len() == 3)
            && groups
                .iter()
                .all(|group| group.bytes().all(|b| b.is_ascii_digit()))
            && !(first.starts_with('0') && (first.len() > 1 || groups.len() > 1));
        if !well_grouped {
            return None;
        }
        let pounds: u64 = groups.concat().parse().ok()?;
        let pence = match fraction {
            None => 0,
            Some(digits) if digits.len() == 2 && digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits.parse().ok()?
            }
            Some(_) => return None,
        };
        pounds.checked_mul(100)?.checked_add(pence).map(Self)
    }
}

impl std::fmt::Display for Pence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.format())
    }
}

#[cfg(test)]
mod tests {
    use super::Pence;
    use proptest::prelude::*;

    #[test]
    fn formats_the_figures_the_site_shows() {
        assert_eq!(Pence(6250).format(), "£62.50");
        assert_eq!(Pence::pounds(1112).format(), "£1,112");
        assert_eq!(Pence(3920).format(), "£39.20");
        assert_eq!(Pence::pounds(350_000).format(), "£350,000");
        assert_eq!(Pence(96667).format(), "£966.67");
        assert_eq!(Pence(5).format(), "£0.05");
        assert_eq!(Pence(0).format(), "£0");
        assert_eq!(Pence::pounds(1_000_000).format(), "£1,000,000");
    }

    #[test]
    fn arithmetic_rounds_half_up_to_the_penny() {
        assert_eq!(Pence::pounds(139).percent(80), Pence(11120));
        assert_eq!(Pence::pounds(49).less_percent(10), Pence(4410));
        assert_eq!(Pence::pounds(49).less_percent(50), Pence(2450));
        assert_eq!(Pence::pounds(79).split(8), Pence(988));
        assert_eq!(Pence::pounds(29_000).split(30), Pence(96667));
        assert_eq!(Pence::pounds(1).split(0), Pence(0));
        assert_eq!(Pence::pounds(10).minus(Pence::pounds(20)), Pence(0));
    }

    #[test]
    fn parse_rejects_what_format_never_writes() {
        for text in [
            "", "£", "62.50", "£62.5", "£1112", "£01", "£1,11", "£,111", "£1.234", "£-1",
        ] {
            assert_eq!(Pence::parse(text), None, "{text}");
        }
        assert_eq!(Pence::parse("£0"), Some(Pence(0)));
        assert_eq!(Pence::parse("£1,112"), Some(Pence::pounds(1112)));
    }

    proptest! {
        #[test]
        fn format_round_trips(pence in 0u64..=u64::MAX / 1000) {
            let text = Pence(pence).format();
            prop_assert_eq!(Pence::parse(&text), Some(Pence(pence)));
        }

        #[test]
        fn format_groups_every_three_digits(pence in 0u64..=u64::MAX / 1000) {
            let text = Pence(pence).format();
            let whole = text.trim_start_matches('£').split('.').next().unwrap_or_default().to_owned();
            for (index, group) in whole.split(',').enumerate() {
                let well_sized = if index == 0 { (1..=3).contains(&group.len()) } else { group.len() == 3 };
                prop_assert!(well_sized, "{}", text);
            }
        }
    }
}
