//! The audit log owners read at `/studio/audit`: sign-ins and their failures, set-up links used,
//! staff added or removed, sessions ended, and enquiries viewed, changed, exported or erased,
//! each with who, when and from which address. Lines name accounts and enquiries by address and
//! id and never hold a password, code or token; an e-mail address typed at sign-in that has no
//! account is not written (it may be a password typed in the wrong box). Lines are deleted
//! after the enquiries' retention period (`Studio::tidy`).

use super::store::{self, AuditEntry};
use super::Studio;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Signed in (password and second factor).
    SignIn,
    /// Signed in with a recovery code.
    SignInWithRecoveryCode,
    /// A sign-in failed (password, code, or throttled).
    SignInFailed,
    /// Signed out.
    SignOut,
    /// Ended every session.
    SignOutEverywhere,
    /// Changed password.
    PasswordChanged,
    /// A set-up link was made.
    SetUpLinkMade,
    /// A set-up link was used.
    SetUpLinkUsed,
    /// A staff member was removed.
    StaffRemoved,
    /// An enquiry was opened.
    EnquiryViewed,
    /// An enquiry's state changed.
    EnquiryChanged,
    /// Enquiries were exported.
    EnquiriesExported,
    /// An enquiry was erased.
    EnquiryErased,
}

impl Action {
    /// As stored and shown.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInWithRecoveryCode => "sign-in-recovery-code",
            Self::SignInFailed => "sign-in-failed",
            Self::SignOut => "sign-out",
            Self::SignOutEverywhere => "sign-out-everywhere",
            Self::PasswordChanged => "password-changed",
            Self::SetUpLinkMade => "set-up-link-made",
            Self::SetUpLinkUsed => "set-up-link-used",
            Self::StaffRemoved => "staff-removed",
            Self::EnquiryViewed => "enquiry-viewed",
            Self::EnquiryChanged => "enquiry-changed",
            Self::EnquiriesExported => "enquiries-exported",
            Self::EnquiryErased => "enquiry-erased",
        }
    }
}

/// Writes a line; a failure to write is logged (the action itself has happened or failed on
/// its own).
pub async fn record(
    studio: &Studio,
    actor: Option<&str>,
    action: Action,
    detail: &str,
    address: &str,
) {
    let entry = AuditEntry {
        at: studio.clock.now_ms(),
        actor: actor.map(str::to_owned),
        action: action.as_str().to_owned(),
        detail: detail.to_owned(),
        address: address.to_owned(),
    };
    tracing::info!(
        target: "onespace::studio::audit",
        actor = actor.unwrap_or("-"),
        action = action.as_str(),
        detail,
        address,
        "studio audit"
    );
    if let Err(error) = store::record_audit(&studio.store, &entry).await {
        tracing::warn!(%error, action = action.as_str(), "studio area: cannot write the audit log");
    }
}
