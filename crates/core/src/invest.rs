//! Investment: the landing page's four tiers and valuation, and the rules around the contact
//! page's raise. The raise, the financial snapshot and the forecast are dated figures, so they
//! are content with their month (`investors.toml`, [`crate::content::investors`]).
//!
//! The two pages give different valuations (£350,000 on the landing page, £400,000 pre-money on
//! the contact page); SPEC shows both, so both are kept, each on its own page.

use serde::Serialize;

use crate::content::investors::Raise;
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

/// Equity for `amount` at the raise's pre-money valuation, in basis points (1/100 of a per
/// cent). SPEC's figures are the amount over the pre-money valuation (£50,000 / £400,000 =
/// 12.5%), not over the post-money valuation, and the site keeps that reading.
pub fn equity_basis_points(amount: Pence, raise: &Raise) -> u64 {
    amount.0 * 10_000 / raise.pre_money_valuation.0.max(1)
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

/// The two options for the raise.
pub fn deal_options(raise: &Raise) -> [DealOption; 2] {
    let loan = &raise.loan;
    let full = equity_basis_points(raise.amount, raise);
    let part = equity_basis_points(loan.equity_part, raise);
    [
        DealOption {
            title: "Option 1: Equity".to_owned(),
            summary: format!(
                "{} for {} equity at a {} pre-money valuation",
                raise.amount.format(),
                percent_text(full),
                raise.pre_money_valuation.format()
            ),
            equity_basis_points: full,
        },
        DealOption {
            title: "Option 2: Equity + Loan".to_owned(),
            summary: format!(
                "{} for {} equity plus a {} loan at {}% simple interest: a {}-month repayment \
                 holiday, then {} monthly repayments of {} ({} in total)",
                loan.equity_part.format(),
                percent_text(part),
                loan.principal(raise).format(),
                loan.interest_percent,
                loan.holiday_months,
                loan.repayments,
                loan.monthly_repayment().format(),
                loan.total_repaid.format()
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
    fn the_options_follow_the_raise_in_the_content() {
        let mut raise = crate::content::tests::default_content().investors.raise;
        let [one, two] = deal_options(&raise);
        assert_eq!(
            one.summary,
            "£50,000 for 12.5% equity at a £400,000 pre-money valuation"
        );
        assert!(
            two.summary
                .contains("30 monthly repayments of £966.67 (£29,000 in total)"),
            "{}",
            two.summary
        );
        raise.pre_money_valuation = Pence::pounds(500_000);
        assert_eq!(deal_options(&raise)[0].equity_basis_points, 1000);
    }
}
