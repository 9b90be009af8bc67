//! `testimonials.toml`: what members say, each quote on the page it is shown on (the 6-week
//! challenge, corporate wellness, the offer pages and the class landing pages), in file order,
//! with where and when it was said; and what published research says, each finding with the
//! source a visitor can check.
//!
//! A quote is shown on one page only: a visitor moves between these pages in one visit (an
//! advert's landing page links to the home page through its logo), and meeting the same words
//! twice makes every quote read as stock. The check refuses the same words on a second page.

use serde::{Deserialize, Serialize};

use super::investors::Month;
use super::Errors;

/// Everything in `testimonials.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Testimonials {
    /// Every quote, in the order each page shows its own.
    pub testimonials: Vec<Testimonial>,
    /// Research findings for the class landing pages' "What the research says" band; a page
    /// without one leaves the band out.
    #[serde(default)]
    pub research: Vec<Research>,
}

/// One finding of published research, shown with its source on one class page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Research {
    /// The address of the class landing page it is shown on, one of [`RESEARCH_PAGES`].
    pub page: String,
    /// The finding, in the studio's words.
    pub text: String,
    /// What it cites, as a visitor can find it: authors, journal and year.
    pub source: String,
    /// Where to read it (an https address), if online.
    #[serde(default)]
    pub url: Option<String>,
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
    /// Where it was said: `"Google review"`, `"Member survey"`.
    #[serde(default)]
    pub source: Option<String>,
    /// The month it was said: `"2025-06"`.
    #[serde(default)]
    pub date: Option<Month>,
}

impl Testimonial {
    /// Where it was said, if the content names it.
    pub fn source_text(&self) -> Option<&str> {
        self.source
            .as_deref()
            .map(str::trim)
            .filter(|source| !source.is_empty())
    }
}

/// The pages with a "What the research says" band: the class landing pages.
pub const RESEARCH_PAGES: [&str; 6] = [
    "/hot-yoga",
    "/yoga-beginners",
    "/pilates",
    "/group-pt",
    "/hyrox-training",
    "/fire-ice-recovery",
];

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
    /// The quotes shown on the page at `path`, in file order, each with its place in the file
    /// (`testimonials[3]`: the staff area's preview links a quote to its fields by it).
    pub fn on(&self, path: &str) -> Vec<(usize, &Testimonial)> {
        self.testimonials
            .iter()
            .enumerate()
            .filter(|(_, item)| item.page == path)
            .collect()
    }

    /// The research finding shown on the page at `path`, if any (the first written).
    pub fn research_on(&self, path: &str) -> Option<&Research> {
        self.research.iter().find(|item| item.page == path)
    }

    /// Quotes that do not say where and when they were said, by index: the launch check lists
    /// them.
    pub fn uncredited(&self) -> Vec<usize> {
        self.testimonials
            .iter()
            .enumerate()
            .filter(|(_, item)| item.source_text().is_none() || item.date.is_none())
            .map(|(index, _)| index)
            .collect()
    }

    /// The checks serde cannot make.
    pub(super) fn validate(&self, errors: &mut Errors) {
        self.validate_research(errors);
        for (index, item) in self.testimonials.iter().enumerate() {
            let path = format!("testimonials[{index}]");
            if let Some(source) = &item.source {
                errors.named(format!("{path}.source"), source);
            }
            let words = words(&item.text);
            let earlier = self.testimonials[..index]
                .iter()
                .position(|other| !words.is_empty() && words == self::words(&other.text));
            if let Some(earlier) = earlier {
                errors.push(
                    format!("{path}.text"),
                    format!(
                        "is already testimonials[{earlier}] (on {}): a quote is shown on one page \
                         only, so a visitor never meets it twice",
                        self.testimonials[earlier].page
                    ),
                );
            }
            one_of(errors, &path, &item.page, &PAGES, "members' quotes");
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

    fn validate_research(&self, errors: &mut Errors) {
        for (index, item) in self.research.iter().enumerate() {
            let path = format!("research[{index}]");
            one_of(
                errors,
                &path,
                &item.page,
                &RESEARCH_PAGES,
                "a research band",
            );
            errors.named(format!("{path}.text"), &item.text);
            errors.named(format!("{path}.source"), &item.source);
            if let Some(url) = &item.url {
                errors.https(format!("{path}.url"), url);
            }
        }
    }
}

/// `page` of the entry at `path` must be one of `pages`, the pages with `what`.
fn one_of(errors: &mut Errors, path: &str, page: &str, pages: &[&str], what: &str) {
    if !pages.contains(&page) {
        errors.push(
            format!("{path}.page"),
            format!("must be one of the pages with {what}: {}", pages.join(", ")),
        );
    }
}

/// A quote's words, lower case, without punctuation: two quotes that differ only in commas or
/// capitals are the same quote.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::content::File;

    #[test]
    fn a_quote_is_shown_on_one_page_and_research_needs_its_source() {
        let mut content = crate::content::tests::default_content();
        assert!(crate::content::tests::broken_in(&content, File::Testimonials).is_empty());
        let quotes = &mut content.testimonials;
        // The built-in quotes name no source yet: all are listed for the launch check.
        assert_eq!(quotes.uncredited().len(), quotes.testimonials.len());
        let mut again = quotes.testimonials[0].clone();
        again.page = "/hot-yoga".to_owned();
        // Other capitals and punctuation are still the same words.
        again.text = again.text.to_uppercase().replace('.', "!");
        again.source = Some(" ".to_owned());
        quotes.testimonials.push(again);
        quotes.research.push(super::Research {
            page: "/hot-yoga".to_owned(),
            text: "Heat helps.".to_owned(),
            source: String::new(),
            url: Some("http://example.com".to_owned()),
        });
        let last = content.testimonials.testimonials.len() - 1;
        let errors = crate::content::tests::broken_in(&content, File::Testimonials);
        let paths: Vec<&str> = errors.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "research[0].source".to_owned(),
                "research[0].url".to_owned(),
                format!("testimonials[{last}].source"),
                format!("testimonials[{last}].text"),
            ]
        );
        assert!(
            errors[3].1.contains("already testimonials[0] (on /)"),
            "{}",
            errors[3].1
        );
    }
}
