//! Owners' staff page: who has an account, inviting someone (a set-up link to send them) and
//! removing someone, each after typing their own password again.

use maud::html;

use super::csrf_field;
use super::page;
use super::uk_time;
use super::Chrome;

/// One account in the list.
pub struct Member {
    /// Id.
    pub id: String,
    /// E-mail address.
    pub email: String,
    /// `Owner` or `Editor`.
    pub role: &'static str,
    /// Whether the set-up link has been used.
    pub set_up: bool,
    /// Added, Unix ms.
    pub added_at: i64,
    /// The viewer's own account (not removable here).
    pub is_you: bool,
    /// How many passkeys they have (`None` when passkeys cannot be used here).
    pub passkeys: Option<usize>,
}

/// The staff page.
pub struct StaffPage<'a> {
    /// Everyone.
    pub members: &'a [Member],
    /// The invitation form's values and refusal.
    pub invite_email: &'a str,
    /// Chosen role for the invitation.
    pub invite_role: &'a str,
    /// Why the invitation was refused.
    pub invite_error: Option<&'a str>,
    /// Why a removal was refused.
    pub remove_error: Option<&'a str>,
    /// A link just made, to send: (e-mail, link, expires at).
    pub new_link: Option<(&'a str, &'a str, i64)>,
    /// A notice after an action.
    pub notice: Option<&'a str>,
    /// Whether owners require passkeys (`None` when passkeys cannot be used here).
    pub passkeys_required: Option<bool>,
}

/// `/studio/staff`.
pub fn list(chrome: &Chrome<'_>, view: &StaffPage<'_>) -> String {
    page(
        chrome,
        "Staff",
        html! {
            h1 class="studio-title" { "Staff" }
            @if let Some(notice) = view.notice {
                div class="studio-notice" role="status" { p { (notice) } }
            }
            @if let Some((email, link, expires)) = view.new_link {
                div class="studio-notice" role="status" {
                    p { "Send this set-up link to " strong { (email) } ". It works once, until " (uk_time(expires)) "." }
                    p { code class="studio-link" { (link) } }
                }
            }
            @if let Some(error) = view.remove_error {
                div class="form-summary" role="alert" { p { (error) } }
            }
            ul class="studio-members" {
                @for member in view.members {
                    li class="studio-panel studio-member" {
                        div {
                            p class="studio-item-name" { (member.email) @if member.is_you { " (you)" } }
                            p class="studio-item-meta" {
                                (member.role) " · "
                                @if member.set_up { "added " (uk_time(member.added_at)) } @else { "invited, not set up yet" }
                                @if let Some(count) = member.passkeys {
                                    " · " (count) @if count == 1 { " passkey" } @else { " passkeys" }
                                }
                            }
                        }
                        @if member.passkeys.is_some_and(|count| count > 0) {
                            form method="post" action=(format!("/studio/staff/{}/passkeys/remove", member.id)) class="studio-form" {
                                (csrf_field(chrome.csrf()))
                                button class="btn btn-sm btn-outline" type="submit" { "Remove " (member.email) "'s passkeys (one was lost)" }
                            }
                        }
                        @if !member.is_you {
                            details class="studio-remove" {
                                summary { "Remove…" }
                                form method="post" action=(format!("/studio/staff/{}/remove", member.id)) class="studio-form" {
                                    (csrf_field(chrome.csrf()))
                                    div class="field" {
                                        label class="field-label" for=(format!("remove-password-{}", member.id)) { "Your password, to confirm" }
                                        input class="field-input" id=(format!("remove-password-{}", member.id)) name="password" type="password" autocomplete="current-password" required maxlength="1024";
                                    }
                                    button class="btn btn-sm btn-primary" type="submit" { "Remove " (member.email) }
                                }
                            }
                        }
                    }
                }
            }
            @if let Some(required) = view.passkeys_required {
                section class="studio-panel" aria-labelledby="passkeys-title" {
                    h2 class="studio-subtitle" id="passkeys-title" { "Passkeys" }
                    @if required {
                        p { "Everyone must sign in with a passkey. Someone without one is asked to add one when they next sign in; someone who lost theirs signs in with a recovery code." }
                    } @else {
                        p { "Passkeys are optional: each person may add one on their account page." }
                    }
                    form method="post" action="/studio/staff/passkeys" class="studio-form" {
                        (csrf_field(chrome.csrf()))
                        input type="hidden" name="required" value=(if required { "no" } else { "yes" });
                        button class="btn btn-sm btn-outline" type="submit" {
                            @if required { "Stop requiring passkeys" } @else { "Require a passkey of everyone" }
                        }
                    }
                }
            }
            section class="studio-panel" aria-labelledby="invite-title" {
                h2 class="studio-subtitle" id="invite-title" { "Invite someone" }
                @if let Some(error) = view.invite_error {
                    div class="form-summary" role="alert" id="invite-error" { p { (error) } }
                }
                form method="post" action="/studio/staff/invite" class="studio-form" novalidate {
                    (csrf_field(chrome.csrf()))
                    div class="field" {
                        label class="field-label" for="invite-email" { "Their e-mail address" }
                        input class="field-input" id="invite-email" name="email" type="email" autocomplete="off" required maxlength="254" value=(view.invite_email);
                    }
                    fieldset class="field-radios" {
                        legend class="field-label" { "Role" }
                        div class="studio-radio-row" {
                            label class="radio-option" { input type="radio" name="role" value="editor" checked[view.invite_role != "owner"]; " Editor (enquiries)" }
                            label class="radio-option" { input type="radio" name="role" value="owner" checked[view.invite_role == "owner"]; " Owner (everything)" }
                        }
                    }
                    div class="field" {
                        label class="field-label" for="invite-password" { "Your password, to confirm" }
                        input class="field-input" id="invite-password" name="password" type="password" autocomplete="current-password" required maxlength="1024";
                    }
                    button class="btn btn-primary btn-sm" type="submit" { "Make a set-up link" }
                }
            }
        },
    )
}
