//! `investors.toml`: the figures the investor pages show (/invest and /investinonespace): the
//! snapshot of one month (active members, revenue, break-even, outgoings), the revenue forecast
//! and the raise with its two options. They are a dated snapshot, so the file names the month
//! they describe (`as_of`) and the pages say it ("Figures as of June 2025"); the forecast names
//! its months from its own first month, never from today, so an old forecast never reads as
//! "the next 12 months".

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::money::pounds;
use super::Errors;
use crate::calendar::Date;
use crate::Pence;

/// Everything in `investors.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Investors {
    /// The month the snapshot describes: `"2025-06"`.
    pub as_of: Month,
    /// Active members that month.
    pub active_members: u32,
    /// Revenue that month.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub monthly_revenue: Pence,
    /// Monthly break-even revenue, low to high.
    pub break_even: Range,
    /// Monthly outgoings, low to high.
    pub outgoings: Range,
    /// The revenue forecast.
    pub forecast: Forecast,
    /// The raise and its options.
    pub raise: Raise,
    /// Months after `as_of` from which the pages say the figures are old (and the launch check
    /// warns): figures are a snapshot, and an investor must not read an old one as today's.
    #[serde(default = "default_figures_age_months")]
    pub figures_age_months: u32,
    /// The risk warning UK rules prescribe for a promotion of these shares (the FCA's wording
    /// for non-readily realisable securities, COBS 4.12A), shown prominently on both investor
    /// pages. Empty until the studio's approver confirms it; the launch check lists it while
    /// empty and the pages then say only that capital is at risk.
    #[serde(default)]
    pub risk_warning: String,
    /// Who approved this financial promotion (an FCA-authorised firm, FSMA section 21), named
    /// on both pages. Empty until one has; the launch check lists it while empty.
    #[serde(default)]
    pub approved_by: String,
}

/// Six months: after that, a snapshot is two quarters out of date.
const fn default_figures_age_months() -> u32 {
    6
}

/// A range of monthly amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// Lowest.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub low: Pence,
    /// Highest.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub high: Pence,
}

/// The revenue forecast: a straight line from the snapshot's revenue in its first month to the
/// peak in its last.
///
/// SPEC gives only the two ends; a straight line claims nothing more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Forecast {
    /// Its first month: `"2025-07"`.
    pub starts: Month,
    /// How many months it covers.
    pub months: u16,
    /// The revenue of its last month.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub peak: Pence,
}

/// The raise: its total, the valuation its equity is priced at, and option 2's loan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Raise {
    /// The total raised.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub amount: Pence,
    /// The pre-money valuation equity is priced at.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub pre_money_valuation: Pence,
    /// Option 2: part equity, part loan.
    pub loan: Loan,
}

/// Option 2's split: equity for part of the raise, a loan for the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "check", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Loan {
    /// The equity part.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub equity_part: Pence,
    /// Simple interest, per cent, as the offer states it.
    pub interest_percent: u32,
    /// Months before repayments start.
    pub holiday_months: u32,
    /// Number of monthly repayments.
    pub repayments: u32,
    /// Total repaid: the agreed figure investors see; each repayment is derived from it.
    #[cfg_attr(
        feature = "check",
        schemars(schema_with = "crate::content::check::schema::pounds")
    )]
    #[serde(deserialize_with = "pounds")]
    pub total_repaid: Pence,
}

impl Loan {
    /// The loan: the raise less the equity part.
    pub fn principal(&self, raise: &Raise) -> Pence {
        raise.amount.minus(self.equity_part)
    }

    /// Each monthly repayment, to the penny: £966.67 for £29,000 over 30.
    pub fn monthly_repayment(&self) -> Pence {
        self.total_repaid.split(u64::from(self.repayments.max(1)))
    }
}

/// What the investor pages say while the content holds no prescribed risk warning.
pub const CAPITAL_AT_RISK: &str = "Investing puts your capital at risk.";

/// A calendar month, written `"2025-06"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Month {
    /// Year.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
}

impl Month {
    /// What a month must look like.
    pub const EXPECTED: &'static str = "must be a month written like \"2025-06\" (year, month)";

    /// Reads `2025-06`; `None` otherwise.
    pub fn parse(text: &str) -> Option<Self> {
        let (year, month) = text.trim().split_once('-')?;
        if year.len() != 4 || month.len() != 2 {
            return None;
        }
        let year: u16 = year.parse().ok().filter(|year| *year >= 2000)?;
        let month: u8 = month
            .parse()
            .ok()
            .filter(|month| (1..=12).contains(month))?;
        Some(Self { year, month })
    }

    /// The month `date` falls in.
    pub fn of(date: chrono::NaiveDate) -> Self {
        use chrono::Datelike;
        Self {
            year: u16::try_from(date.year()).unwrap_or(0),
            // 1-12 by chrono's contract.
            month: u8::try_from(date.month()).unwrap_or(1),
        }
    }

    /// `n` months later.
    pub fn plus(self, n: u32) -> Self {
        let index = u32::from(self.year) * 12 + u32::from(self.month) - 1 + n;
        Self {
            year: u16::try_from(index / 12).unwrap_or(u16::MAX),
            month: (index % 12) as u8 + 1,
        }
    }

    /// `June 2025`.
    pub fn long(self) -> String {
        format!("{} {}", self.first_day().month_name(), self.year)
    }

    /// `Jun 2025`.
    pub fn short(self) -> String {
        format!("{} {}", self.first_day().short_month(), self.year)
    }

    /// `2025-06`.
    pub fn iso(self) -> String {
        format!("{:04}-{:02}", self.year, self.month)
    }

    fn first_day(self) -> Date {
        Date::new(self.year, self.month, 1)
    }
}

impl Serialize for Month {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.iso())
    }
}

impl<'de> Deserialize<'de> for Month {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).ok_or_else(|| serde::de::Error::custom(Self::EXPECTED))
    }
}

/// One month of the revenue forecast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ForecastMonth {
    /// The month.
    pub month: Month,
    /// Forecast monthly revenue, whole pounds.
    pub revenue: Pence,
}

impl Investors {
    /// `Figures as of June 2025`: how the pages date the figures.
    pub fn as_of_text(&self) -> String {
        format!("Figures as of {}", self.as_of.long())
    }

    /// When the figures are older than [`Investors::figures_age_months`] at `today`'s month, the
    /// pages' warning: `These figures are from June 2025, more than 6 months ago, and the
    /// forecast ended in June 2026. Ask us for the latest.` `None` while they are recent.
    pub fn age_warning(&self, today: Month) -> Option<String> {
        let months = self.figures_age_months.max(1);
        if today < self.as_of.plus(months) {
            return None;
        }
        let (_, last) = self.forecast_span();
        let forecast = if today > last {
            format!(", and the forecast ended in {}", last.long())
        } else {
            String::new()
        };
        Some(format!(
            "These figures are from {}, more than {months} months ago{forecast}. Ask us for the \
             latest.",
            self.as_of.long()
        ))
    }

    /// The line every investor page carries: the prescribed risk warning, or while the content
    /// has none, the plain fact that capital is at risk.
    pub fn risk_text(&self) -> &str {
        let warning = self.risk_warning.trim();
        if warning.is_empty() {
            CAPITAL_AT_RISK
        } else {
            warning
        }
    }

    /// `This promotion was approved by ...`, once the content names who.
    pub fn approval_text(&self) -> Option<String> {
        let by = self.approved_by.trim();
        (!by.is_empty()).then(|| format!("This financial promotion was approved by {by}."))
    }

    /// The forecast, month by month: a straight line from the snapshot's revenue in the first
    /// month to the peak in the last, each month rounded to the pound.
    pub fn forecast(&self) -> Vec<ForecastMonth> {
        let start = self.monthly_revenue.0 / 100;
        let rise = (self.forecast.peak.0 / 100).saturating_sub(start);
        let months = u32::from(self.forecast.months.max(2));
        let steps = u64::from(months - 1);
        (0..months)
            .map(|index| {
                let step = u64::from(index);
                ForecastMonth {
                    month: self.forecast.starts.plus(index),
                    revenue: Pence::pounds(start + (rise * step * 2 + steps) / (2 * steps)),
                }
            })
            .collect()
    }

    /// The forecast's first and last months.
    pub fn forecast_span(&self) -> (Month, Month) {
        let starts = self.forecast.starts;
        let months = u32::from(self.forecast.months.max(1));
        (starts, starts.plus(months - 1))
    }

    /// The checks serde cannot make.
    pub(super) fn validate(&self, errors: &mut Errors) {
        if self.active_members == 0 {
            errors.push("active_members", "must be at least 1");
        }
        if self.monthly_revenue == Pence(0) {
            errors.push("monthly_revenue", "must be more than 0");
        }
        for (name, range) in [
            ("break_even", self.break_even),
            ("outgoings", self.outgoings),
        ] {
            if range.high < range.low {
                errors.push(
                    format!("{name}.high"),
                    format!("must not be less than {name}.low ({})", range.low.format()),
                );
            }
        }
        let forecast = &self.forecast;
        if forecast.starts <= self.as_of {
            errors.push(
                "forecast.starts",
                format!(
                    "must be after as_of ({}): the forecast starts after the month its figures \
                     describe, like \"{}\"",
                    self.as_of.iso(),
                    self.as_of.plus(1).iso()
                ),
            );
        }
        if !(2..=60).contains(&forecast.months) {
            errors.push("forecast.months", "must be from 2 to 60 months");
        }
        if forecast.peak <= self.monthly_revenue {
            errors.push(
                "forecast.peak",
                format!(
                    "must be more than monthly_revenue ({}): the forecast rises from it to this peak",
                    self.monthly_revenue.format()
                ),
            );
        }
        let raise = &self.raise;
        if raise.amount == Pence(0) {
            errors.push("raise.amount", "must be more than 0");
        }
        if raise.pre_money_valuation == Pence(0) {
            errors.push("raise.pre_money_valuation", "must be more than 0");
        }
        let loan = &raise.loan;
        if loan.equity_part == Pence(0) || loan.equity_part >= raise.amount {
            errors.push(
                "raise.loan.equity_part",
                format!(
                    "must be more than 0 and less than raise.amount ({}): the loan is the rest",
                    raise.amount.format()
                ),
            );
        } else if loan.total_repaid < loan.principal(raise) {
            errors.push(
                "raise.loan.total_repaid",
                format!(
                    "must be at least the loan itself ({}, the raise less the equity part)",
                    loan.principal(raise).format()
                ),
            );
        }
        if loan.repayments == 0 {
            errors.push("raise.loan.repayments", "must be at least 1");
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::content::File;

    fn default_investors() -> Investors {
        crate::content::tests::default_content().investors
    }

    /// The pages say the figures are old from `figures_age_months` after `as_of`, and that the
    /// forecast has ended once its last month is past.
    #[test]
    fn old_figures_are_said_to_be_old() {
        let investors = default_investors();
        let month = |text: &str| Month::parse(text).unwrap();
        assert_eq!(investors.figures_age_months, 6);
        assert_eq!(investors.age_warning(month("2025-11")), None);
        assert_eq!(
            investors.age_warning(month("2025-12")).as_deref(),
            Some(
                "These figures are from June 2025, more than 6 months ago. Ask us for the latest."
            )
        );
        assert_eq!(
            investors.age_warning(month("2026-07")).as_deref(),
            Some(
                "These figures are from June 2025, more than 6 months ago, and the forecast \
                 ended in June 2026. Ask us for the latest."
            )
        );
        assert_eq!(
            Month::of(chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap()),
            month("2026-11")
        );
    }

    /// The risk line is the content's prescribed warning, or the plain fact while it is empty;
    /// the approver is named only once the content says who.
    #[test]
    fn the_risk_warning_and_approval_come_from_the_content() {
        let mut investors = default_investors();
        investors.risk_warning = "  ".to_owned();
        investors.approved_by = String::new();
        assert_eq!(investors.risk_text(), CAPITAL_AT_RISK);
        assert_eq!(investors.approval_text(), None);
        investors.risk_warning =
            "Don't invest unless you're prepared to lose all the money you invest.".to_owned();
        investors.approved_by = "Example Capital Ltd (FRN 123456)".to_owned();
        assert_eq!(
            investors.risk_text(),
            "Don't invest unless you're prepared to lose all the money you invest."
        );
        assert_eq!(
            investors.approval_text().as_deref(),
            Some("This financial promotion was approved by Example Capital Ltd (FRN 123456).")
        );
    }

    fn errors_of(investors: &Investors) -> Vec<(String, String)> {
        crate::content::tests::rule_errors(File::Investors, |errors| investors.validate(errors))
    }

    #[test]
    fn the_default_figures_are_spec_s_june_2025_snapshot() {
        let investors = default_investors();
        assert!(errors_of(&investors).is_empty());
        assert_eq!(investors.as_of_text(), "Figures as of June 2025");
        assert_eq!(investors.active_members, 212);
        assert_eq!(investors.monthly_revenue, Pence::pounds(18_550));
        assert_eq!(investors.outgoings.high, Pence::pounds(18_574));
        assert_eq!(investors.raise.amount, Pence::pounds(50_000));
        let loan = &investors.raise.loan;
        assert_eq!(loan.principal(&investors.raise), Pence::pounds(25_000));
        assert_eq!(loan.monthly_repayment(), Pence::new(966, 67));
    }

    #[test]
    fn the_forecast_names_its_months_from_its_first_month() {
        let mut investors = default_investors();
        let months = investors.forecast();
        assert_eq!(months.len(), 12);
        assert!(months
            .windows(2)
            .all(|pair| pair[0].revenue < pair[1].revenue));
        assert_eq!(months[0].month.short(), "Jul 2025");
        assert_eq!(months[0].revenue, Pence::pounds(18_550));
        assert_eq!(months[5].month.short(), "Dec 2025");
        assert_eq!(months[6].month.short(), "Jan 2026");
        assert_eq!(months[11].month.short(), "Jun 2026");
        assert_eq!(months[11].revenue, Pence::pounds(47_500));
        let (first, last) = investors.forecast_span();
        assert_eq!(
            (first.long(), last.long()),
            ("July 2025".to_owned(), "June 2026".to_owned())
        );
        // A forecast of another length and start names its own months.
        investors.forecast.starts = Month::parse("2026-11").unwrap();
        investors.forecast.months = 6;
        let months: Vec<String> = investors
            .forecast()
            .iter()
            .map(|m| m.month.short())
            .collect();
        assert_eq!(
            months,
            ["Nov 2026", "Dec 2026", "Jan 2027", "Feb 2027", "Mar 2027", "Apr 2027"]
        );
    }

    #[test]
    fn months_read_as_year_and_month_only() {
        assert_eq!(
            Month::parse("2025-06").map(Month::long).as_deref(),
            Some("June 2025")
        );
        for bad in [
            "June 2025",
            "2025-6",
            "2025-13",
            "2025-00",
            "25-06",
            "2025-06-01",
        ] {
            assert_eq!(Month::parse(bad), None, "{bad}");
        }
        let error = toml::from_str::<Forecast>("starts = \"July\"\nmonths = 12\npeak = 47500\n")
            .unwrap_err();
        assert!(error.message().contains("like \"2025-06\""), "{error}");
    }

    #[test]
    fn a_forecast_before_its_snapshot_or_ranges_upside_down_are_refused() {
        let mut investors = default_investors();
        investors.forecast.starts = Month::parse("2025-06").unwrap();
        investors.outgoings.high = Pence::pounds(1);
        investors.forecast.peak = Pence::pounds(100);
        investors.raise.loan.equity_part = Pence::pounds(60_000);
        let paths: Vec<String> = errors_of(&investors)
            .into_iter()
            .map(|(path, _)| path)
            .collect();
        assert_eq!(
            paths,
            [
                "outgoings.high",
                "forecast.starts",
                "forecast.peak",
                "raise.loan.equity_part"
            ]
        );
    }
}
