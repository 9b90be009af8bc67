//! Money as integer pence, with the single formatter every page and island uses.

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
}

impl std::fmt::Display for Pence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.format())
    }
}

#[cfg(test)]
mod tests {
    use super::Pence;

    #[test]
    fn formats_the_figures_the_site_shows() {
        assert_eq!(Pence(6250).format(), "£62.50");
        assert_eq!(Pence::pounds(1112).format(), "£1,112");
        assert_eq!(Pence(3920).format(), "£39.20");
        assert_eq!(Pence::pounds(350_000).format(), "£350,000");
        assert_eq!(Pence(96667).format(), "£966.67");
        assert_eq!(Pence(5).format(), "£0.05");
    }
}
