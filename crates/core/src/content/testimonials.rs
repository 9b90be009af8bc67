//! `testimonials.toml`: what members say, each quote on the page it is shown on (the 6-week
//! challenge, corporate wellness, the offer pages and the class landing pages), in file order.

use serde::{Deserialize, Serialize};

use super::Errors;

/// Everything in `testimonials.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Testimonials {
    /// Every quote, in the order each page shows its own.
    pub testimonials: Vec<Testimonial>,
}

/// One member's quote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Testimonial {
    /// The address of the page it is shown on, one of [`PAGES`].
    pub page: String,
    /// First name and initial (or a role, for a company).
    pub name: String,
    /// What they said, without quotation marks (the page adds them).
    pub text: String,
    /// Stars out of five.
    #[serde(default = "five")]
    pub rating: u8,
}

const fn five() -> u8 {
    5
}

/// The pages with a members' quotes section, by address. Each needs at least one quote.
pub const PAGES: [&str; 11] = [
    "/",
    "/challenge",
    "/corporate-wellness",
    "/back-to-school",
    "/september-sale",
    "/hot-yoga",
    "/yoga-beginners",
    "/pilates",
    "/group-pt",
    "/hyrox-training",
    "/fire-ice-recovery",
];

impl Testimonials {
    /// The quotes shown on the page at `path`, in file order.
    pub fn on(&self, path: &str) -> Vec<&Testimonial> {
        self.testimonials
            .iter()
            .filter(|item| item.page == path)
            .collect()
    }

    /// The checks serde cannot make.
    pub(super) fn validate(&self, errors: &mut Errors) {
        for (index, item) in self.testimonials.iter().enumerate() {
            let path = format!("testimonials[{index}]");
            if !PAGES.contains(&item.page.as_str()) {
                errors.push(
                    format!("{path}.page"),
                    format!(
                        "must be one of the pages with members' quotes: {}",
                        PAGES.join(", ")
                    ),
                );
            }
            errors.named(format!("{path}.name"), &item.name);
            errors.named(format!("{path}.text"), &item.text);
            if !(1..=5).contains(&item.rating) {
                errors.push(
                    format!("{path}.rating"),
                    "must be a number of stars from 1 to 5",
                );
            }
        }
        for page in PAGES {
            if self.on(page).is_empty() {
                errors.push(
                    "testimonials",
                    format!("must include at least one quote for {page}, which shows a members' quotes section"),
                );
            }
        }
    }
}
