//! Booking and cancellation policy (SPEC section 9, terms and FAQ), written once.
//!
//! Money figures are [`Pence`]; the sentences pages show are built from the numbers so a change
//! here reaches every page, the chat assistant and the mail links.

use crate::Pence;

/// Days of written notice (by e-mail) to cancel a membership.
pub const NOTICE_DAYS: u32 = 30;

/// Memberships bill on a rolling cycle of this many days.
pub const BILLING_CYCLE_DAYS: u32 = 30;

/// A class booking can be cancelled free up to this many hours before the class.
pub const CANCEL_BOOKING_HOURS: u32 = 3;

/// Free no-shows a month before the charge applies.
pub const FREE_NO_SHOWS_PER_MONTH: u32 = 1;

/// Charge for each further no-show in a month.
pub const NO_SHOW_FEE: Pence = Pence::pounds(10);

/// Free late cancellations a month before the charge applies.
pub const FREE_LATE_CANCELS_PER_MONTH: u32 = 2;

/// Charge for each further late cancellation in a month.
pub const LATE_CANCEL_FEE: Pence = Pence::pounds(5);

/// Minutes to arrive before a class (terms).
pub const ARRIVE_EARLY_MINUTES: u32 = 5;

/// Minutes to arrive before a first class (FAQ).
pub const FIRST_CLASS_ARRIVE_EARLY_MINUTES: u32 = 15;

/// The pricing section's note: `Flexible memberships with no contracts. Just 30 days' notice to cancel.`
pub fn no_contract_note() -> String {
    format!("Flexible memberships with no contracts. Just {NOTICE_DAYS} days' notice to cancel.")
}

/// The timetable's booking policy notice.
pub fn booking_notice() -> String {
    format!(
        "Please cancel at least {CANCEL_BOOKING_HOURS} hours before your class. No-show and late \
         cancellation charges apply - see our terms."
    )
}

/// The charges in one sentence, for the terms and FAQ.
pub fn charges_summary() -> String {
    format!(
        "You get {FREE_NO_SHOWS_PER_MONTH} free no-show a month, then {} per no-show, and \
         {FREE_LATE_CANCELS_PER_MONTH} free late cancellations a month, then {} per late \
         cancellation.",
        NO_SHOW_FEE.format(),
        LATE_CANCEL_FEE.format()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_carry_the_spec_figures() {
        assert_eq!(
            no_contract_note(),
            "Flexible memberships with no contracts. Just 30 days' notice to cancel."
        );
        assert!(booking_notice().contains("at least 3 hours before"));
        let charges = charges_summary();
        assert!(charges.contains("1 free no-show a month, then £10"));
        assert!(charges.contains("2 free late cancellations a month, then £5"));
    }
}
