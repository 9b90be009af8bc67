//! Investment: the landing page's four tiers and valuation, and the contact page's £50,000 raise,
//! financial snapshot and 12-month forecast.
//!
//! The two pages give different valuations (£350,000 on the landing page, £400,000 pre-money on
//! the contact page); SPEC shows both, so both are kept, each on its own page.

use serde::Serialize;

use crate::Pence;

/// An investment tier on the landing page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tier {
    /// Value of the interest form's `investmentAmount` option.
    pub key: &'static str,
    /// Amount invested.
    pub amount: Pence,
    /// Tier title.
    pub title: &'static str,
    /// What the investor gets.
    pub perks: &'static [&'static str],
}

/// Equity (non-voting B shares) is offered from this amount.
pub const EQUITY_FROM: Pence = Pence::pounds(10_000);

/// The four tiers, smallest first.
pub const TIERS: [Tier; 4] = [
    Tier {
        key: "2k",
        amount: Pence::pounds(2_000),
        title: "Community Champion",
        perks: &[
            "Founder membership rate locked in for life",
            "Your name on our community supporters wall",
            "Quarterly updates from the founders",
            "Invitations to investor and community events",
        ],
    },
    Tier {
        key: "5k",
        amount: Pence::pounds(5_000),
        title: "Inner Circle",
        perks: &[
            "Everything in Community Champion",
            "Early access to new classes, events and retreats",
            "Bring-a-friend passes every quarter",
            "A say in our community programme",
        ],
    },
    Tier {
        key: "10k",
        amount: Pence::pounds(10_000),
        title: "Founding Investor",
        perks: &[
            "Everything in Inner Circle",
            "Non-voting B-share equity in One Space",
            "Annual investor meeting with the founders",
            "Recognition as a founding investor",
        ],
    },
    Tier {
        key: "20k",
        amount: Pence::pounds(20_000),
        title: "Legacy Investor",
        perks: &[
            "Everything in Founding Investor",
            "A larger non-voting B-share equity stake",
            "A private wellness day at the studio for you and your guests",
            "Your name on our founding investors plaque",
        ],
    },
];

/// The landing page's valuation.
pub const LANDING_VALUATION: Pence = Pence::pounds(350_000);

/// The contact page's total raise.
pub const RAISE: Pence = Pence::pounds(50_000);

/// The contact page's pre-money valuation.
pub const PRE_MONEY: Pence = Pence::pounds(400_000);

/// Equity for an amount at the pre-money valuation, in basis points (1/100 of a per cent).
/// SPEC's figures are the amount over the pre-money valuation (£50,000 / £400,000 = 12.5%),
/// not over the post-money valuation, and the site keeps that reading.
pub const fn equity_basis_points(amount: Pence) -> u64 {
    amount.0 * 10_000 / PRE_MONEY.0
}

/// Basis points as a percentage for display: 1250 -> `12.5%`, 625 -> `6.25%`.
pub fn percent_text(basis_points: u64) -> String {
    let whole = basis_points / 100;
    let fraction = basis_points % 100;
    if fraction == 0 {
        format!("{whole}%")
    } else if fraction % 10 == 0 {
        format!("{whole}.{}%", fraction / 10)
    } else {
        format!("{whole}.{fraction:02}%")
    }
}

/// Option 2: part equity, part loan.
pub mod loan {
    use crate::Pence;

    /// The equity part of option 2.
    pub const EQUITY_PART: Pence = Pence::pounds(25_000);
    /// The loan part: the rest of the raise.
    pub const PRINCIPAL: Pence = super::RAISE.minus(EQUITY_PART);
    /// Simple interest rate, per cent, as SPEC states it.
    pub const INTEREST_PERCENT: u64 = 10;
    /// Months before repayments start.
    pub const HOLIDAY_MONTHS: u32 = 6;
    /// Number of monthly repayments.
    pub const REPAYMENTS: u64 = 30;
    /// Total repaid, as SPEC states it (£29,000: £4,000 over the principal). SPEC pairs this
    /// with '10% simple interest', which over the 36-month term would give £7,500; the agreed
    /// total is the figure investors see, so it is kept and each repayment derived from it.
    pub const TOTAL_REPAID: Pence = Pence::pounds(29_000);
    /// What the lender earns over the principal.
    pub const INTEREST: Pence = TOTAL_REPAID.minus(PRINCIPAL);
    /// Each monthly repayment, rounded to the penny: £966.67.
    pub const MONTHLY_REPAYMENT: Pence = TOTAL_REPAID.split(REPAYMENTS);
}

/// Active members in the snapshot month.
pub const ACTIVE_MEMBERS: u32 = 212;
/// The snapshot month.
pub const SNAPSHOT_MONTH: &str = "June 2025";
/// Monthly revenue in the snapshot month.
pub const MONTHLY_REVENUE: Pence = Pence::pounds(18_550);
/// Monthly break-even range.
pub const BREAK_EVEN: (Pence, Pence) = (Pence::pounds(16_000), Pence::pounds(18_500));
/// Monthly outgoings range. SPEC gives the totals but not the line items, so the outgoings
/// table shows the range rather than an invented breakdown.
pub const OUTGOINGS: (Pence, Pence) = (Pence::pounds(16_074), Pence::pounds(18_574));
/// Forecast peak monthly revenue.
pub const FORECAST_PEAK: Pence = Pence::pounds(47_500);
/// Months in the forecast.
pub const FORECAST_MONTHS: usize = 12;
/// The forecast's first month follows the snapshot month.
const FORECAST_START: (u16, u8) = (2025, 7);

/// One month of the revenue forecast.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ForecastMonth {
    /// `Jul 2025`.
    pub month: String,
    /// Forecast monthly revenue, whole pounds.
    pub revenue: Pence,
}

/// The 12-month revenue forecast: a straight line from today's revenue (£18,550) in the first
/// month to the peak (£47,500) in the twelfth, each month rounded to the pound. SPEC gives only
/// the two ends; a straight line claims nothing more.
pub fn forecast() -> Vec<ForecastMonth> {
    const SHORT_MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let start = MONTHLY_REVENUE.0 / 100;
    let rise = FORECAST_PEAK.0 / 100 - start;
    let steps = (FORECAST_MONTHS - 1) as u64;
    (0..FORECAST_MONTHS)
        .map(|index| {
            let month_index = usize::from(FORECAST_START.1) - 1 + index;
            let year = FORECAST_START.0 + (month_index / 12) as u16;
            let name = SHORT_MONTHS
                .get(month_index % 12)
                .copied()
                .unwrap_or_default();
            let step = index as u64;
            ForecastMonth {
                month: format!("{name} {year}"),
                revenue: Pence::pounds(start + (rise * step * 2 + steps) / (2 * steps)),
            }
        })
        .collect()
}

/// A deal option on the contact page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DealOption {
    /// Title.
    pub title: String,
    /// One-line summary.
    pub summary: String,
    /// Equity in basis points.
    pub equity_basis_points: u64,
}

/// The two options for the £50,000 raise.
pub fn deal_options() -> [DealOption; 2] {
    let full = equity_basis_points(RAISE);
    let part = equity_basis_points(loan::EQUITY_PART);
    [
        DealOption {
            title: "Option 1: Equity".to_owned(),
            summary: format!(
                "{} for {} equity at a {} pre-money valuation",
                RAISE.format(),
                percent_text(full),
                PRE_MONEY.format()
            ),
            equity_basis_points: full,
        },
        DealOption {
            title: "Option 2: Equity + Loan".to_owned(),
            summary: format!(
                "{} for {} equity plus a {} loan at {}% simple interest: a {}-month repayment \
                 holiday, then {} monthly repayments of {} ({} in total)",
                loan::EQUITY_PART.format(),
                percent_text(part),
                loan::PRINCIPAL.format(),
                loan::INTEREST_PERCENT,
                loan::HOLIDAY_MONTHS,
                loan::REPAYMENTS,
                loan::MONTHLY_REPAYMENT.format(),
                loan::TOTAL_REPAID.format()
            ),
            equity_basis_points: part,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_read_naturally() {
        assert_eq!(percent_text(1250), "12.5%");
        assert_eq!(percent_text(625), "6.25%");
        assert_eq!(percent_text(2000), "20%");
    }

    #[test]
    fn forecast_rises_month_on_month() {
        let months = forecast();
        assert_eq!(months.len(), FORECAST_MONTHS);
        assert!(months
            .windows(2)
            .all(|pair| pair[0].revenue < pair[1].revenue));
        assert_eq!(months[0].month, "Jul 2025");
        assert_eq!(months[11].month, "Jun 2026");
    }
}
