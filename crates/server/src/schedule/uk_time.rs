//! The studio's clock: UK civil time (GMT in winter, BST from the last Sunday of March to the last
//! Sunday of October, changing at 01:00 UTC). Written out rather than taken from a time-zone
//! database: the rule is fixed in UK law and this is the only zone the site shows.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, Offset, TimeZone, Utc, Weekday};

/// GMT.
const GMT: i32 = 0;
/// BST, one hour ahead.
const BST: i32 = 3_600;

/// The last Sunday of `month` (March or October: both have 31 days) at 01:00 UTC.
fn change_instant(year: i32, month: u32) -> Option<DateTime<Utc>> {
    let last = NaiveDate::from_ymd_opt(year, month, 31)?;
    let back = last.weekday().num_days_from_sunday();
    let sunday = last - chrono::Duration::days(i64::from(back));
    debug_assert_eq!(sunday.weekday(), Weekday::Sun);
    Some(Utc.from_utc_datetime(&sunday.and_hms_opt(1, 0, 0)?))
}

/// The UK offset from UTC at `instant`.
pub fn offset(instant: DateTime<Utc>) -> FixedOffset {
    let year = instant.year();
    let summer = match (change_instant(year, 3), change_instant(year, 10)) {
        (Some(start), Some(end)) => start <= instant && instant < end,
        _ => false,
    };
    FixedOffset::east_opt(if summer { BST } else { GMT }).unwrap_or(Utc.fix())
}

/// `instant` on the studio's clock.
pub fn local(instant: DateTime<Utc>) -> DateTime<FixedOffset> {
    instant.with_timezone(&offset(instant))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        text.parse().unwrap_or_default()
    }

    #[test]
    fn summer_time_runs_from_the_last_sunday_of_march_to_that_of_october() {
        // 2026: BST from 29 March 01:00 UTC to 25 October 01:00 UTC.
        assert_eq!(offset(at("2026-03-29T00:59:59Z")).local_minus_utc(), 0);
        assert_eq!(offset(at("2026-03-29T01:00:00Z")).local_minus_utc(), 3_600);
        assert_eq!(offset(at("2026-10-25T00:59:59Z")).local_minus_utc(), 3_600);
        assert_eq!(offset(at("2026-10-25T01:00:00Z")).local_minus_utc(), 0);
        assert_eq!(
            local(at("2026-07-01T17:00:00Z")).to_rfc3339(),
            "2026-07-01T18:00:00+01:00"
        );
        assert_eq!(
            local(at("2026-11-23T17:00:00Z")).to_rfc3339(),
            "2026-11-23T17:00:00+00:00"
        );
    }
}
