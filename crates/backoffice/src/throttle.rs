//! How often a secret may be guessed: the password at sign-in, the authenticator's or a
//! recovery code, and the password typed again to confirm an owner's action or a password
//! change. Failures are counted per e-mail address typed (whether or not an account has it, so
//! the answers say nothing about which addresses exist) and per client network (an IPv4
//! address, an IPv6 /64), in the database, so every node counts the same failures. Each
//! attempt is counted before its secret is checked ([`reserve`]): under the attempt's keys'
//! lock it is judged and written as a failure, and only a right secret takes it back, so a
//! burst of guesses sent at once is judged one by one like guesses sent in turn:
//!
//! - fewer than [`DELAY_AFTER`] failures in the last [`WINDOW_MS`]: no wait;
//! - from then on, each further attempt must wait 1, 2, 4 ... 64 seconds after the last failure
//!   (doubling with each failure), so guessing is slow but a person who mistyped twice barely
//!   notices;
//! - [`LOCK_AFTER`] failures in the window: locked until the oldest of them leaves it (at most
//!   15 minutes). The lock is temporary by design (ASVS 2.2.1): a permanent one would let anyone
//!   lock the studio out by typing its address. Once it ends, the account's owner signs in as
//!   before, with a recovery code if the authenticator is lost; and a browser that signed in to
//!   the account before is counted apart meanwhile (`crate::devices`), so it is never paused by
//!   guesses from elsewhere.

use onespace_store::staff;
use onespace_store::StorageError;

use crate::StaffArea;

/// The window failures are counted in: 15 minutes.
pub const WINDOW_MS: i64 = 15 * 60 * 1000;
/// Failures in the window after which each attempt waits.
pub const DELAY_AFTER: usize = 3;
/// Failures in the window that lock sign-in until the window moves on.
pub const LOCK_AFTER: usize = 10;
/// Longest wait between attempts before the lock.
const MAX_DELAY_MS: i64 = 64_000;

/// Whether an attempt may be checked now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Check it.
    Allowed,
    /// Too soon after the last failure: wait this many seconds.
    Wait(i64),
    /// Too many failures: locked for this many more minutes.
    Locked(i64),
}

impl Verdict {
    fn severity(self) -> (u8, i64) {
        match self {
            Self::Allowed => (0, 0),
            Self::Wait(seconds) => (1, seconds),
            Self::Locked(minutes) => (2, minutes),
        }
    }

    /// The stricter of two verdicts (the e-mail address's and the client's).
    pub fn stricter(self, other: Self) -> Self {
        if other.severity() > self.severity() {
            other
        } else {
            self
        }
    }

    /// What the sign-in page says.
    pub fn message(self) -> Option<String> {
        match self {
            Self::Allowed => None,
            Self::Wait(seconds) => Some(format!(
                "Too many attempts. Wait {seconds} second{} before trying again.",
                if seconds == 1 { "" } else { "s" }
            )),
            Self::Locked(minutes) => Some(format!(
                "Too many failed attempts: signing in is paused for {minutes} minute{}. If you \
                 have lost your authenticator, you can sign in with a recovery code once the \
                 pause ends.",
                if minutes == 1 { "" } else { "s" }
            )),
        }
    }
}

/// An attempt counted before its secret is checked: a failure unless [`Self::succeeded`] (or
/// [`Self::unchecked`]) takes it back.
#[must_use = "an attempt is a failure until it is taken back"]
#[derive(Debug)]
pub struct Reservation {
    id: String,
}

impl Reservation {
    /// The secret was right: the attempt is no failure.
    pub async fn succeeded(self, staff_area: &StaffArea) -> Result<(), StorageError> {
        staff::release_attempt(&staff_area.store, &self.id).await
    }

    /// The secret could not be checked (the server was busy): the attempt is no failure.
    pub async fn unchecked(self, staff_area: &StaffArea) -> Result<(), StorageError> {
        staff::release_attempt(&staff_area.store, &self.id).await
    }
}

/// Counts an attempt at a secret for the account named by `email_key` (the SHA-256 of its
/// address) from the client `network`, if the throttle admits one now; otherwise the verdict
/// that refused it (nothing is counted then).
pub async fn reserve(
    staff_area: &StaffArea,
    email_key: &str,
    network: &str,
) -> Result<Result<Reservation, Verdict>, StorageError> {
    let now = staff_area.clock.now_ms();
    let keys = staff::AttemptKeys {
        email_key,
        address: network,
    };
    let reserved = staff::reserve_attempt(
        &staff_area.store,
        &keys,
        now,
        now - WINDOW_MS,
        |by_email, by_address| match decide(by_email, now).stricter(decide(by_address, now)) {
            Verdict::Allowed => Ok(()),
            verdict => Err(verdict),
        },
    )
    .await?;
    Ok(reserved.map(|id| Reservation { id }))
}

/// The verdict for an attempt at `now` given the times of earlier failures (any order; those
/// before the window are ignored). A failure later than `now` is an attempt sent at the same
/// moment whose clock was read a little later: it counts as made now.
pub fn decide(failures: &[i64], now: i64) -> Verdict {
    let mut recent: Vec<i64> = failures
        .iter()
        .filter(|at| **at > now - WINDOW_MS)
        .map(|at| (*at).min(now))
        .collect();
    recent.sort_unstable_by(|a, b| b.cmp(a));
    let count = recent.len();
    if count >= LOCK_AFTER {
        let oldest_counted = recent[LOCK_AFTER - 1];
        let left_ms = oldest_counted + WINDOW_MS - now;
        return Verdict::Locked((left_ms + 59_999) / 60_000);
    }
    if count >= DELAY_AFTER {
        let exponent = u32::try_from(count - DELAY_AFTER)
            .unwrap_or(u32::MAX)
            .min(16);
        let delay = (1000i64 << exponent).min(MAX_DELAY_MS);
        let ready_at = recent[0] + delay;
        if now < ready_at {
            return Verdict::Wait((ready_at - now + 999) / 1000);
        }
    }
    Verdict::Allowed
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_764_000_000_000;

    #[test]
    fn two_failures_cost_nothing_then_waits_double_then_a_lock() {
        assert_eq!(decide(&[NOW - 1000, NOW - 500], NOW), Verdict::Allowed);
        let three = [NOW - 300, NOW - 200, NOW - 100];
        assert_eq!(decide(&three, NOW), Verdict::Wait(1));
        assert_eq!(decide(&three, NOW + 900), Verdict::Allowed);
        let five: Vec<i64> = (1..=5).map(|i| NOW - i * 10).collect();
        assert_eq!(decide(&five, NOW), Verdict::Wait(4));
        let nine: Vec<i64> = (1..=9).map(|i| NOW - i * 10).collect();
        assert_eq!(decide(&nine, NOW), Verdict::Wait(64));
        let ten: Vec<i64> = (1..=10).map(|i| NOW - i * 60_000).collect();
        assert_eq!(decide(&ten, NOW), Verdict::Locked(5));
        assert_eq!(decide(&ten, NOW + 5 * 60_000), Verdict::Allowed);
        let just_now: Vec<i64> = (1..=10).map(|i| NOW - i).collect();
        assert_eq!(decide(&just_now, NOW), Verdict::Locked(15));
        assert_eq!(decide(&just_now, NOW + WINDOW_MS), Verdict::Allowed);
    }

    #[test]
    fn old_failures_do_not_count_and_the_stricter_verdict_wins() {
        let old: Vec<i64> = (1..=20).map(|i| NOW - WINDOW_MS - i).collect();
        assert_eq!(decide(&old, NOW), Verdict::Allowed);
        let at_once: Vec<i64> = (1..=3).map(|i| NOW + i).collect();
        assert_eq!(decide(&at_once, NOW), Verdict::Wait(1), "counted as now");
        assert_eq!(
            Verdict::Wait(3).stricter(Verdict::Locked(2)),
            Verdict::Locked(2)
        );
        assert_eq!(
            Verdict::Wait(3).stricter(Verdict::Allowed),
            Verdict::Wait(3)
        );
        assert!(Verdict::Locked(15)
            .message()
            .unwrap_or_default()
            .contains("15 minutes"));
    }
}
