//! The audit log owners read at `/studio/audit`: sign-ins and their failures, set-up links used,
//! staff added or removed, sessions ended, enquiries viewed, changed, exported or erased, and
//! photos uploaded into a draft, content versions published, restored, imported on the command
//! line or scheduled (scheduled, cancelled, and published or held at their time), each with who,
//! when and from which address. Lines
//! name accounts, enquiries and versions by address, id and number and never hold a password,
//! code or token; an e-mail address typed at sign-in that has no account is not written (it may
//! be a password typed in the wrong box). Lines are deleted after the enquiries' retention
//! period (`onespace_backoffice::Studio::tidy`).

use crate::staff::{self as store, AuditEntry};

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Signed in (password and second factor).
    SignIn,
    /// Signed in with a recovery code.
    SignInWithRecoveryCode,
    /// Signed in with a passkey alone.
    SignInWithPasskey,
    /// Added a passkey to their account.
    PasskeyAdded,
    /// An owner removed every passkey of a staff member (one was lost).
    PasskeysReset,
    /// An owner required passkeys of everyone, or stopped requiring them.
    PasskeysRequired,
    /// A sign-in failed (password, code, or throttled).
    SignInFailed,
    /// Signed out.
    SignOut,
    /// Ended every session.
    SignOutEverywhere,
    /// Changed password.
    PasswordChanged,
    /// Made new recovery codes (the old ones stopped working).
    RecoveryCodesReplaced,
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
    /// A content draft was published as a version.
    ContentPublished,
    /// An earlier content version was restored as a new one.
    ContentRestored,
    /// A content draft was scheduled to go live at a time.
    ContentScheduled,
    /// A scheduled content change was cancelled before its time.
    ContentScheduleCancelled,
    /// A scheduled content change went live at its time, as a version.
    ContentPublishedOnSchedule,
    /// A scheduled content change was held at its time: it no longer passed the check, or
    /// the live content had changed the same file.
    ContentScheduleHeld,
    /// A photo was uploaded into a staff member's draft (its name, place or coach, and the
    /// version the draft started from).
    ContentPhotoUploaded,
    /// A content folder was imported as a version with `onespace content import`.
    ContentImported,
}

impl Action {
    /// As stored and shown.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInWithRecoveryCode => "sign-in-recovery-code",
            Self::SignInWithPasskey => "sign-in-passkey",
            Self::PasskeyAdded => "passkey-added",
            Self::PasskeysReset => "passkeys-reset",
            Self::PasskeysRequired => "passkeys-required",
            Self::SignInFailed => "sign-in-failed",
            Self::SignOut => "sign-out",
            Self::SignOutEverywhere => "sign-out-everywhere",
            Self::PasswordChanged => "password-changed",
            Self::RecoveryCodesReplaced => "recovery-codes-replaced",
            Self::SetUpLinkMade => "set-up-link-made",
            Self::SetUpLinkUsed => "set-up-link-used",
            Self::StaffRemoved => "staff-removed",
            Self::EnquiryViewed => "enquiry-viewed",
            Self::EnquiryChanged => "enquiry-changed",
            Self::EnquiriesExported => "enquiries-exported",
            Self::EnquiryErased => "enquiry-erased",
            Self::ContentPublished => "content-published",
            Self::ContentRestored => "content-restored",
            Self::ContentScheduled => "content-scheduled",
            Self::ContentScheduleCancelled => "content-schedule-cancelled",
            Self::ContentPublishedOnSchedule => "content-published-on-schedule",
            Self::ContentScheduleHeld => "content-schedule-held",
            Self::ContentPhotoUploaded => "content-photo-uploaded",
            Self::ContentImported => "content-imported",
        }
    }
}

/// Appends a line (id, at, actor, action, detail, address as `$1`..`$6`), for a caller that
/// writes it inside its own transaction: a scheduled change's publish and its line are
/// committed together (`crate::published::scheduled`), so neither is ever there without the other.
pub const INSERT_LINE: &str = store::INSERT_AUDIT_LINE;

/// Writes a line for something done on the command line, beside the area rather than in it
/// (`onespace content import`): who is the command line and, when the shell says
/// (`$USER`), the computer's user who ran it, since there is no studio account to name. Unlike
/// [`record`], a failure to write is the caller's: the command says so rather than leaving the
/// log short without a word.
pub async fn record_command_line(
    store: &crate::Store,
    action: Action,
    detail: &str,
) -> Result<(), crate::StorageError> {
    let who = command_line_user(std::env::var("USER").ok().as_deref());
    let entry = AuditEntry {
        at: crate::now_ms(),
        actor: Some(who.clone()),
        action: action.as_str().to_owned(),
        detail: detail.to_owned(),
        address: "command line".to_owned(),
        repeats: 1,
    };
    tracing::info!(
        target: "onespace::backoffice::audit",
        actor = who.as_str(),
        action = action.as_str(),
        detail,
        address = "command line",
        "studio audit"
    );
    store::record_audit(store, &entry).await
}

/// Who the audit log names for the command line: `command line (user alice)`, or
/// `command line` when the user's name is not known.
fn command_line_user(user: Option<&str>) -> String {
    match user.map(str::trim).filter(|name| !name.is_empty()) {
        Some(name) => format!("command line (user {name})"),
        None => "command line".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_named_with_its_user_when_known() {
        assert_eq!(
            command_line_user(Some("alice")),
            "command line (user alice)"
        );
        assert_eq!(command_line_user(Some(" ")), "command line");
        assert_eq!(command_line_user(None), "command line");
    }
}
