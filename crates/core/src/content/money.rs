//! Money as the studio writes it in the content files: pounds, `49` or `62.50`.

use serde::{Deserialize, Deserializer};

use crate::Pence;

/// What a price must look like, the message of every money error.
pub const EXPECTED: &str = "must be in pounds, like 49 or 62.50";

/// Reads pounds (an integer or a number with at most two decimals) as [`Pence`]. Anything else
/// (a string such as "£49", a negative amount, a third decimal) is refused with [`EXPECTED`].
pub fn pounds<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Pence, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Number {
        Whole(i64),
        Decimal(f64),
        Other(serde::de::IgnoredAny),
    }
    let refused = || serde::de::Error::custom(EXPECTED);
    match Number::deserialize(deserializer)? {
        Number::Whole(pounds) => u64::try_from(pounds)
            .ok()
            .and_then(|pounds| pounds.checked_mul(100))
            .map(Pence)
            .ok_or_else(refused),
        Number::Decimal(pounds) => from_decimal(pounds).ok_or_else(refused),
        Number::Other(_) => Err(refused()),
    }
}

/// Reads an amount that may be left out ([`pounds`] when present; `None` when absent, with
/// `#[serde(default)]` on the field).
pub fn optional_pounds<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Pence>, D::Error> {
    pounds(deserializer).map(Some)
}

/// `62.5` as 6250 pence; `None` when negative, not finite, too large or finer than a penny.
/// TOML decimals are binary floats, so "a whole number of pence" allows for their tiny error.
pub fn from_decimal(pounds: f64) -> Option<Pence> {
    let pence = pounds * 100.0;
    let rounded = pence.round();
    let exact = (pence - rounded).abs() < 1e-6;
    // 2^53: beyond it a float no longer counts every penny.
    (pounds.is_finite() && pounds >= 0.0 && rounded < 9_007_199_254_740_992.0 && exact)
        .then_some(Pence(rounded as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_read_to_the_penny() {
        assert_eq!(from_decimal(62.5), Some(Pence(6250)));
        assert_eq!(from_decimal(62.50), Some(Pence(6250)));
        assert_eq!(from_decimal(0.1), Some(Pence(10)));
        assert_eq!(from_decimal(19.99), Some(Pence(1999)));
        assert_eq!(from_decimal(49.999), None);
        assert_eq!(from_decimal(-1.0), None);
        assert_eq!(from_decimal(f64::NAN), None);
        assert_eq!(from_decimal(f64::INFINITY), None);
    }
}
