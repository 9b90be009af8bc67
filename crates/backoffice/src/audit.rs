//! Writing the staff area's audit log (its table and the actions it names are
//! `onespace_store::audit`'s).

pub use onespace_store::audit::Action;
use onespace_store::staff::{self, AuditEntry};

use crate::StaffArea;

/// A line of the audit log, now.
fn entry(
    staff_area: &StaffArea,
    actor: Option<&str>,
    action: Action,
    detail: &str,
    address: &str,
) -> AuditEntry {
    AuditEntry {
        at: staff_area.clock.now_ms(),
        actor: actor.map(str::to_owned),
        action: action.as_str().to_owned(),
        detail: detail.to_owned(),
        address: address.to_owned(),
        repeats: 1,
    }
}

/// Writes a line; a failure to write is logged (the action itself has happened or failed on
/// its own).
pub async fn record(
    staff_area: &StaffArea,
    actor: Option<&str>,
    action: Action,
    detail: &str,
    address: &str,
) {
    let entry = entry(staff_area, actor, action, detail, address);
    tracing::info!(
        target: "onespace::backoffice::audit",
        actor = actor.unwrap_or("-"),
        action = action.as_str(),
        detail,
        address,
        "studio audit"
    );
    if let Err(error) = staff::record_audit(&staff_area.store, &entry).await {
        tracing::warn!(%error, action = action.as_str(), "staff area: cannot write the audit log");
    }
}

/// How long refusals are counted into one line: the throttle's window.
pub const REPEAT_WINDOW_MS: i64 = crate::throttle::WINDOW_MS;

/// Records a refusal that anyone can cause without signing in (a wrong password or code, a
/// throttled attempt): repeats within [`REPEAT_WINDOW_MS`] for the same account, or with no
/// account from the same address, are counted into the first one's line rather than written
/// again, and the server's log says so at 10, 100, 1,000... So the audit log and the log grow
/// by a few lines per account and client per window, however many refusals an attacker sends.
pub async fn record_refusal(
    staff_area: &StaffArea,
    actor: Option<&str>,
    detail: &str,
    address: &str,
) {
    let action = Action::SignInFailed;
    let entry = entry(staff_area, actor, action, detail, address);
    let since = entry.at - REPEAT_WINDOW_MS;
    let repeats = match staff::record_repeat(&staff_area.store, &entry, since).await {
        Ok(repeats) => repeats,
        Err(error) => {
            tracing::warn!(%error, action = action.as_str(), "staff area: cannot write the audit log");
            return;
        }
    };
    if is_power_of_ten(u64::try_from(repeats).unwrap_or(0)) {
        tracing::info!(
            target: "onespace::backoffice::audit",
            actor = actor.unwrap_or("-"),
            action = action.as_str(),
            detail,
            address,
            repeats,
            "studio audit"
        );
    }
}

/// Whether `number` is 1, 10, 100...: when a line counting repeats is logged again.
pub fn is_power_of_ten(mut number: u64) -> bool {
    while number >= 10 && number % 10 == 0 {
        number /= 10;
    }
    number == 1
}

#[cfg(test)]
mod tests {
    #[test]
    fn repeats_are_logged_at_powers_of_ten() {
        let logged: Vec<u64> = (0..=2000).filter(|n| super::is_power_of_ten(*n)).collect();
        assert_eq!(logged, [1, 10, 100, 1000]);
    }
}
