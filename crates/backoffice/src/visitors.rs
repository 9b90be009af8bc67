//! The Visitors page's figures, worked out from the store's daily totals and the
//! steps of consented visits for a period of UK days: pure functions of what was read, so the
//! page and its CSV show the same numbers.
//!
//! - Visits are landings: every visit begins with one, counted with or without consent.
//! - The funnel follows the visits whose visitor chose "Accept All" (only those are linked):
//!   landing, then a pricing or offer page, then a click to buy or an enquiry.
//! - Sources and campaigns, and each landing page's visits, come from the daily totals; the
//!   conversion beside them from the followed visits.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Duration, NaiveDate};
use onespace_site::routes::Page;
use onespace_store::visitors::{Kind, Source, Step, Total};

/// The periods offered, in days.
pub const PERIODS: [u32; 3] = [7, 30, 90];
/// The period shown unless another is asked for.
pub const DEFAULT_PERIOD: u32 = 30;
/// Longest period of chosen dates, in days (a year and a day, for a leap year).
pub const LONGEST_DAYS: i64 = 366;

/// The pricing and offer pages: a visit that reaches one has looked at what it costs.
pub const OFFER_PAGES: [Page; 4] = [
    Page::Memberships,
    Page::IntroOffer,
    Page::FounderMemberships,
    Page::FastAccess,
];

/// A period of whole UK days, first and last included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The first day.
    pub first: NaiveDate,
    /// The last day.
    pub last: NaiveDate,
}

impl Period {
    /// The `days` days ending `today`.
    pub fn last_days(today: NaiveDate, days: u32) -> Self {
        Self {
            first: today - Duration::days(i64::from(days.max(1)) - 1),
            last: today,
        }
    }

    /// The period a query asks for: `days` (one of [`PERIODS`]) or `from`..`to` dates
    /// (`YYYY-MM-DD`); anything else is the default, with a sentence saying why.
    pub fn from_query(
        today: NaiveDate,
        days: Option<&str>,
        from: Option<&str>,
        to: Option<&str>,
    ) -> (Self, Option<String>) {
        let default = Self::last_days(today, DEFAULT_PERIOD);
        let date = |text: &str| NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok();
        let from = from.filter(|text| !text.trim().is_empty());
        let to = to.filter(|text| !text.trim().is_empty());
        if from.is_some() || to.is_some() {
            let (Some(first), Some(last)) = (from.and_then(date), to.and_then(date)) else {
                return (
                    default,
                    Some("Give both dates, as day, month and year.".to_owned()),
                );
            };
            if last < first {
                return (
                    default,
                    Some("The end date is before the start date.".to_owned()),
                );
            }
            if (last - first).num_days() >= LONGEST_DAYS {
                return (
                    default,
                    Some(format!("Choose at most {LONGEST_DAYS} days.")),
                );
            }
            return (Self { first, last }, None);
        }
        match days.map(|text| text.trim().parse::<u32>()) {
            None => (default, None),
            Some(Ok(days)) if PERIODS.contains(&days) => (Self::last_days(today, days), None),
            Some(_) => (default, Some("Choose 7, 30 or 90 days.".to_owned())),
        }
    }

    /// The days as the store keys them.
    pub fn keys(&self) -> (String, String) {
        (
            self.first.format("%Y-%m-%d").to_string(),
            self.last.format("%Y-%m-%d").to_string(),
        )
    }

    /// Whether this is the last `days` days ending `today`.
    pub fn is_last_days(&self, today: NaiveDate, days: u32) -> bool {
        *self == Self::last_days(today, days)
    }
}

/// Where visits came from, as the owner reads it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Origin {
    /// The campaign's source, else the referring site, else "Direct or unknown".
    pub source: String,
    /// The campaign's medium (may be empty).
    pub medium: String,
    /// The campaign (may be empty).
    pub campaign: String,
}

/// The words for a visit with no referrer and no campaign.
pub const DIRECT: &str = "Direct or unknown";

impl Origin {
    fn of(from: &Source) -> Self {
        let source = [&from.source, &from.referrer]
            .into_iter()
            .find(|value| !value.is_empty())
            .cloned()
            .unwrap_or_else(|| DIRECT.to_owned());
        Self {
            source,
            medium: from.medium.clone(),
            campaign: from.campaign.clone(),
        }
    }
}

/// A row of visits with their conversion.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Converting {
    /// Visits (landings), with or without consent.
    pub visits: i64,
    /// Of those, visits followed with consent.
    pub followed: i64,
    /// Followed visits that reached a pricing or offer page.
    pub reached_offer: i64,
    /// Followed visits that clicked to buy or sent an enquiry.
    pub converted: i64,
}

impl Converting {
    /// Converted as a share of the followed visits, in whole percent (`None` without any).
    pub fn rate(&self) -> Option<i64> {
        (self.followed > 0).then(|| (self.converted * 100 + self.followed / 2) / self.followed)
    }
}

/// What one page was clicked and asked from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Actions {
    /// Views.
    pub views: i64,
    /// Clicks to buy or book (the booking provider's links).
    pub purchase_clicks: i64,
    /// Steps to the intro offer from this page.
    pub trial_clicks: i64,
    /// Enquiries sent from it.
    pub enquiries: i64,
}

/// The whole page's figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// All visits, followed ones, and the funnel of the followed ones.
    pub overall: Converting,
    /// Page views.
    pub page_views: i64,
    /// Totals of clicks and enquiries over every page.
    pub actions: Actions,
    /// Landing pages, most visits first.
    pub landings: Vec<(String, Converting)>,
    /// Sources and campaigns, most visits first.
    pub origins: Vec<(Origin, Converting)>,
    /// Each page's views, clicks and enquiries, most views first.
    pub pages: Vec<(String, Actions)>,
}

/// One followed visit, from its steps.
struct Followed<'a> {
    landing: Option<&'a Step>,
    first: &'a Step,
    reached_offer: bool,
    converted: bool,
}

fn followed(steps: &[Step]) -> Vec<Followed<'_>> {
    let mut visits: BTreeMap<&str, Vec<&Step>> = BTreeMap::new();
    for step in steps {
        visits.entry(step.visit.as_str()).or_default().push(step);
    }
    let offers: BTreeSet<&str> = OFFER_PAGES.iter().map(|page| page.path()).collect();
    visits
        .into_values()
        .filter_map(|mut steps| {
            steps.sort_by_key(|step| step.at);
            let first = *steps.first()?;
            Some(Followed {
                landing: steps
                    .iter()
                    .copied()
                    .find(|step| step.kind == Kind::Landing),
                first,
                reached_offer: steps.iter().any(|step| {
                    step.kind == Kind::Trial
                        || (step.kind == Kind::View && offers.contains(step.page.as_str()))
                }),
                converted: steps
                    .iter()
                    .any(|step| matches!(step.kind, Kind::Purchase | Kind::Enquiry)),
            })
        })
        .collect()
}

impl Report {
    /// The figures of a period's totals and its followed visits' steps.
    pub fn new(totals: &[Total], steps: &[Step]) -> Self {
        let mut report = Report::default();
        let mut landings: BTreeMap<String, Converting> = BTreeMap::new();
        let mut origins: BTreeMap<Origin, Converting> = BTreeMap::new();
        let mut pages: BTreeMap<String, Actions> = BTreeMap::new();
        for total in totals {
            if total.kind == Kind::Landing {
                report.overall.visits += total.count;
                landings.entry(total.page.clone()).or_default().visits += total.count;
                origins.entry(Origin::of(&total.from)).or_default().visits += total.count;
                continue;
            }
            let page = pages.entry(total.page.clone()).or_default();
            let (overall, this_page) = match total.kind {
                Kind::View => (&mut report.page_views, &mut page.views),
                Kind::Purchase => (
                    &mut report.actions.purchase_clicks,
                    &mut page.purchase_clicks,
                ),
                Kind::Trial => (&mut report.actions.trial_clicks, &mut page.trial_clicks),
                Kind::Enquiry | Kind::Landing => {
                    (&mut report.actions.enquiries, &mut page.enquiries)
                }
            };
            *overall += total.count;
            *this_page += total.count;
        }
        for visit in followed(steps) {
            let landing_page = visit.landing.unwrap_or(visit.first).page.clone();
            let origin = Origin::of(
                &visit
                    .landing
                    .map(|step| step.from.clone())
                    .unwrap_or_default(),
            );
            for row in [
                &mut report.overall,
                landings.entry(landing_page).or_default(),
                origins.entry(origin).or_default(),
            ] {
                row.followed += 1;
                row.reached_offer += i64::from(visit.reached_offer);
                row.converted += i64::from(visit.converted);
            }
        }
        report.landings = landings.into_iter().collect();
        report.landings.sort_by(|a, b| {
            b.1.visits
                .cmp(&a.1.visits)
                .then(b.1.followed.cmp(&a.1.followed))
        });
        report.origins = origins.into_iter().collect();
        report.origins.sort_by(|a, b| {
            b.1.visits
                .cmp(&a.1.visits)
                .then(b.1.followed.cmp(&a.1.followed))
        });
        report.pages = pages.into_iter().collect();
        report
            .pages
            .sort_by_key(|(_, actions)| std::cmp::Reverse(actions.views));
        report
    }

    /// The figures as CSV (every cell quoted and safe in a spreadsheet): one section per table
    /// of the page, each row naming its section.
    pub fn csv(&self, period: &Period) -> String {
        let mut out = String::new();
        let mut row = |cells: &[String]| {
            let line: Vec<String> = cells.iter().map(|cell| crate::export::cell(cell)).collect();
            out.push_str(&line.join(","));
            out.push_str("\r\n");
        };
        let (first, last) = period.keys();
        row(&[
            "Section".into(),
            "Name".into(),
            "Medium".into(),
            "Campaign".into(),
            "Visits".into(),
            "Followed visits".into(),
            "Reached pricing or offer".into(),
            "Clicked to buy or enquired".into(),
            "Conversion %".into(),
        ]);
        let converting =
            |section: &str, name: &str, medium: &str, campaign: &str, figures: &Converting| {
                vec![
                    section.to_owned(),
                    name.to_owned(),
                    medium.to_owned(),
                    campaign.to_owned(),
                    figures.visits.to_string(),
                    figures.followed.to_string(),
                    figures.reached_offer.to_string(),
                    figures.converted.to_string(),
                    figures
                        .rate()
                        .map(|rate| rate.to_string())
                        .unwrap_or_default(),
                ]
            };
        row(&converting(
            "All visits",
            &format!("{first} to {last}"),
            "",
            "",
            &self.overall,
        ));
        for (page, figures) in &self.landings {
            row(&converting("Landing page", page, "", "", figures));
        }
        for (origin, figures) in &self.origins {
            row(&converting(
                "Source",
                &origin.source,
                &origin.medium,
                &origin.campaign,
                figures,
            ));
        }
        row(&[
            "Section".into(),
            "Page".into(),
            "Views".into(),
            "Clicks to buy".into(),
            "Clicks to the trial".into(),
            "Enquiries".into(),
        ]);
        for (page, actions) in &self.pages {
            row(&[
                "Page".into(),
                page.clone(),
                actions.views.to_string(),
                actions.purchase_clicks.to_string(),
                actions.trial_clicks.to_string(),
                actions.enquiries.to_string(),
            ]);
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn total(kind: Kind, page: &str, source: &str, campaign: &str, count: i64) -> Total {
        Total {
            kind,
            page: page.to_owned(),
            from: Source {
                source: source.to_owned(),
                campaign: campaign.to_owned(),
                ..Source::default()
            },
            count,
        }
    }

    fn step(visit: &str, at: i64, kind: Kind, page: &str, source: &str) -> Step {
        Step {
            visit: visit.to_owned(),
            at,
            kind,
            page: page.to_owned(),
            from: Source {
                source: source.to_owned(),
                ..Source::default()
            },
            enquiry: None,
        }
    }

    #[test]
    fn the_funnel_follows_consented_visits_and_the_tables_count_every_visit() {
        let totals = [
            total(Kind::Landing, "/hot-yoga", "facebook", "spring", 3),
            total(Kind::Landing, "/", "", "", 5),
            total(Kind::View, "/hot-yoga", "", "", 3),
            total(Kind::View, "/intro-offer", "", "", 2),
            total(Kind::Purchase, "/intro-offer", "", "", 1),
        ];
        let steps = [
            step("a", 1, Kind::Landing, "/hot-yoga", "facebook"),
            step("a", 2, Kind::View, "/intro-offer", ""),
            step("a", 3, Kind::Purchase, "/intro-offer", ""),
            step("b", 1, Kind::Landing, "/", ""),
        ];
        let report = Report::new(&totals, &steps);
        assert_eq!(
            report.overall,
            Converting {
                visits: 8,
                followed: 2,
                reached_offer: 1,
                converted: 1
            }
        );
        assert_eq!(report.landings[0].0, "/");
        let hot_yoga = &report
            .landings
            .iter()
            .find(|(page, _)| page == "/hot-yoga")
            .unwrap()
            .1;
        assert_eq!(
            hot_yoga,
            &Converting {
                visits: 3,
                followed: 1,
                reached_offer: 1,
                converted: 1
            }
        );
        assert_eq!(hot_yoga.rate(), Some(100));
        let facebook = report
            .origins
            .iter()
            .filter(|(origin, _)| origin.source == "facebook")
            .map(|(origin, figures)| (origin.campaign.as_str(), figures.visits, figures.followed))
            .collect::<Vec<_>>();
        assert_eq!(
            facebook,
            [("spring", 3, 0), ("", 0, 1)],
            "the followed visit's landing step names no campaign here"
        );
        assert!(report
            .origins
            .iter()
            .any(|(origin, figures)| origin.source == DIRECT && figures.visits == 5));
        assert_eq!(report.actions.purchase_clicks, 1);
        let csv = report.csv(&Period::last_days(
            NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(),
            7,
        ));
        assert!(
            csv.contains(
                "\"Landing page\",\"/hot-yoga\",\"\",\"\",\"3\",\"1\",\"1\",\"1\",\"100\""
            ),
            "{csv}"
        );
        assert!(csv.contains("\"2026-11-21 to 2026-11-27\""), "{csv}");
    }

    #[test]
    fn periods_are_days_or_dates_and_mistakes_are_named() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let (seven, none) = Period::from_query(today, Some("7"), None, None);
        assert_eq!(
            (seven.keys(), none),
            (("2026-11-21".into(), "2026-11-27".into()), None)
        );
        let (dates, none) = Period::from_query(today, None, Some("2026-10-01"), Some("2026-10-31"));
        assert_eq!(
            (dates.keys(), none),
            (("2026-10-01".into(), "2026-10-31".into()), None)
        );
        for (days, from, to) in [
            (Some("8"), None, None),
            (None, Some("2026-10-31"), Some("2026-10-01")),
            (None, Some("1 Oct"), Some("2026-10-31")),
            (None, Some("2020-01-01"), Some("2026-10-31")),
        ] {
            let (period, said) = Period::from_query(today, days, from, to);
            assert!(period.is_last_days(today, DEFAULT_PERIOD));
            assert!(said.is_some());
        }
    }
}
