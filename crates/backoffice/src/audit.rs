//! Writing the staff area's audit log (its table and the actions it names are
//! `onespace_store::audit`'s).

pub use onespace_store::audit::Action;
use onespace_store::staff::{self, AuditEntry};

use crate::StaffArea;

/// Writes a line; a failure to write is logged (the action itself has happened or failed on
/// its own).
pub async fn record(
    staff_area: &StaffArea,
    actor: Option<&str>,
    action: Action,
    detail: &str,
    address: &str,
) {
    let entry = AuditEntry {
        at: staff_area.clock.now_ms(),
        actor: actor.map(str::to_owned),
        action: action.as_str().to_owned(),
        detail: detail.to_owned(),
        address: address.to_owned(),
    };
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
