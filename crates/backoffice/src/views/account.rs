//! A staff member's own account: sessions, signing out everywhere, changing password,
//! passkeys, new recovery codes.

use maud::html;

use super::csrf_field;
use super::field_error;
use super::iso;
use super::page;
use super::uk_time;
use super::Chrome;

/// One signed-in session.
pub struct SessionLine {
    /// Started, Unix ms.
    pub started_at: i64,
    /// Last request, Unix ms.
    pub last_seen_at: i64,
    /// Client address at sign-in.
    pub address: String,
    /// The one making this request.
    pub current: bool,
}

/// One of the person's passkeys.
pub struct PasskeyLine {
    /// Added, Unix ms.
    pub added_at: i64,
    /// Last signed in with, Unix ms.
    pub last_used_at: Option<i64>,
}

/// The account page's passkeys section: `None` when passkeys cannot be used here.
pub struct PasskeysShown<'a> {
    /// The person's passkeys.
    pub lines: &'a [PasskeyLine],
    /// Whether owners require them.
    pub required: bool,
}

/// `/studio/account`.
pub fn show(
    chrome: &Chrome<'_>,
    email: &str,
    role: &str,
    recovery_codes_left: i64,
    sessions: &[SessionLine],
    passkeys: Option<&PasskeysShown<'_>>,
    notice: Option<&str>,
) -> String {
    page(
        chrome,
        "Your account",
        html! {
            h1 class="studio-title" { "Your account" }
            @if let Some(notice) = notice {
                div class="studio-notice" role="status" { p { (notice) } }
            }
            div class="studio-panel" {
                p { strong { (email) } " · " (role) }
                p { (recovery_codes_left) " of 10 recovery codes left. "
                    a href="/studio/account/recovery-codes" { "Make new recovery codes" } }
                p { a class="link-arrow" href="/studio/account/password" { "Change your password" } }
            }
            @if let Some(passkeys) = passkeys {
                (passkeys_section(chrome, passkeys))
            }
            section class="studio-panel" aria-labelledby="sessions-title" {
                h2 class="studio-subtitle" id="sessions-title" { "Where you are signed in" }
                ul class="studio-sessions" {
                    @for session in sessions {
                        li {
                            "Since " time datetime=(iso(session.started_at)) { (uk_time(session.started_at)) }
                            ", last active " (uk_time(session.last_seen_at)) ", from " (session.address)
                            @if session.current { " (this browser)" }
                        }
                    }
                }
                form method="post" action="/studio/account/sign-out-everywhere" class="studio-form" {
                    (csrf_field(chrome.csrf()))
                    button class="btn btn-sm btn-outline" type="submit" { "Sign out everywhere" }
                }
            }
        },
    )
}

fn passkeys_section(chrome: &Chrome<'_>, passkeys: &PasskeysShown<'_>) -> maud::Markup {
    html! {
        section class="studio-panel" aria-labelledby="passkeys-title" {
            h2 class="studio-subtitle" id="passkeys-title" { "Passkeys" }
            p { "A passkey signs you in with your phone's or computer's screen lock (fingerprint, face or PIN), with no password to type. It works only on this site, so a fake copy of the site cannot use it." }
            @if passkeys.required {
                p { strong { "The studio's owners ask everyone to sign in with a passkey." } }
            }
            @if passkeys.lines.is_empty() {
                p { "You have no passkey yet." }
            } @else {
                ul class="studio-sessions" aria-label="Your passkeys" {
                    @for line in passkeys.lines {
                        li {
                            "Added " time datetime=(iso(line.added_at)) { (uk_time(line.added_at)) }
                            @if let Some(used) = line.last_used_at { ", last used " (uk_time(used)) }
                        }
                    }
                }
                p { "Lost the device that holds one? Sign in with a recovery code and add a new passkey, or ask an owner to remove your passkeys." }
            }
            // Shown by the passkey script where the browser has passkeys.
            form method="post" action="/studio/account/passkeys/start" class="studio-form" data-passkey="add" hidden {
                (csrf_field(chrome.csrf()))
                div class="form-summary" role="alert" data-passkey-message hidden {}
                div class="field" {
                    label class="field-label" for="passkey-current" { "Your password, to confirm" }
                    input class="field-input" id="passkey-current" name="current" type="password" autocomplete="current-password" required maxlength="1024";
                }
                button class="btn btn-sm btn-primary" type="submit" { "Add a passkey" }
            }
            noscript { p { "Adding a passkey needs JavaScript turned on." } }
        }
    }
}

/// `/studio/account/password`.
pub fn password(
    chrome: &Chrome<'_>,
    current_error: Option<&str>,
    new_error: Option<&str>,
) -> String {
    page(
        chrome,
        "Change your password",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Change your password" }
                p { "Every other place you are signed in is signed out." }
                form method="post" action="/studio/account/password" class="studio-form" novalidate {
                    (csrf_field(chrome.csrf()))
                    div class=(if current_error.is_some() { "field field-invalid" } else { "field" }) {
                        label class="field-label" for="current" { "Current password" }
                        input class="field-input" id="current" name="current" type="password" autocomplete="current-password" required maxlength="1024"
                            aria-describedby=[current_error.is_some().then_some("current-error")];
                        (field_error("current", current_error))
                    }
                    div class=(if new_error.is_some() { "field field-invalid" } else { "field" }) {
                        label class="field-label" for="password" { "New password" }
                        p class="form-note" id="password-hint" { "At least 12 characters. A few unrelated words make a strong password that is easy to remember." }
                        input class="field-input" id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="128"
                            aria-describedby=(if new_error.is_some() { "password-hint password-error" } else { "password-hint" });
                        (field_error("password", new_error))
                    }
                    div class="field" {
                        label class="field-label" for="confirm" { "New password again" }
                        input class="field-input" id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="128";
                    }
                    button class="btn btn-primary" type="submit" { "Change password" }
                }
            }
        },
    )
}

/// `/studio/account/recovery-codes`: making new recovery codes, after the password typed again.
pub fn recovery_codes_form(chrome: &Chrome<'_>, error: Option<&str>) -> String {
    page(
        chrome,
        "Make new recovery codes",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Make new recovery codes" }
                p { "You get ten new codes to save. Every code you have now stops working, used or not." }
                form method="post" action="/studio/account/recovery-codes" class="studio-form" novalidate {
                    (csrf_field(chrome.csrf()))
                    div class=(if error.is_some() { "field field-invalid" } else { "field" }) {
                        label class="field-label" for="current" { "Your password, to confirm" }
                        input class="field-input" id="current" name="current" type="password" autocomplete="current-password" required maxlength="1024"
                            aria-describedby=[error.is_some().then_some("current-error")];
                        (field_error("current", error))
                    }
                    button class="btn btn-primary" type="submit" { "Make new recovery codes" }
                }
            }
        },
    )
}

/// The new recovery codes, shown once.
pub fn recovery_codes_made(chrome: &Chrome<'_>, codes: &[String]) -> String {
    page(
        chrome,
        "Your new recovery codes",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Your new recovery codes" }
                p { "Save these ten codes somewhere safe (a password manager, or printed). Your earlier codes no longer work. If you lose your phone or passkey, each one signs you in once. They are shown only now." }
                (super::sign_in::recovery_codes(codes))
                p { a class="link-arrow" href="/studio/account" { "Back to your account" } }
            }
        },
    )
}
