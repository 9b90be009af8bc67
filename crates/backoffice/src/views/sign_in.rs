//! Signing in (password, then the authenticator's code or a recovery code) and setting up an
//! account from its link.

use maud::{html, Markup};

use super::csrf_field;
use super::field_error;
use super::page;
use super::Chrome;
use crate::second_factor::Enrolment;

/// The sign-in form.
pub struct SignInForm<'a> {
    /// The form token.
    pub csrf: &'a str,
    /// The address typed before (kept after a refusal).
    pub email: &'a str,
    /// Why the last attempt was refused, or a notice (session ended, signed out).
    pub message: Option<&'a str>,
    /// Whether `message` is a refusal (shown as an error) or a notice.
    pub refused: bool,
    /// Whether passkeys can be used here (the site has a domain name).
    pub passkeys: bool,
}

/// `/studio/sign-in`.
pub fn sign_in(chrome: &Chrome<'_>, form: &SignInForm<'_>) -> String {
    page(
        chrome,
        "Sign in",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Sign in" }
                p class="studio-lead" { "The One Space staff area." }
                (message(form.message, form.refused, "sign-in-message"))
                form method="post" action="/studio/sign-in" class="studio-form" novalidate {
                    (csrf_field(form.csrf))
                    div class="field" {
                        label class="field-label" for="email" { "E-mail address" }
                        input class="field-input" id="email" name="email" type="email" autocomplete="username"
                            required value=(form.email) aria-describedby=[form.refused.then_some("sign-in-message")];
                    }
                    div class="field" {
                        label class="field-label" for="password" { "Password" }
                        input class="field-input" id="password" name="password" type="password"
                            autocomplete="current-password" required maxlength="1024";
                    }
                    button class="btn btn-primary" type="submit" { "Continue" }
                }
                @if form.passkeys {
                    // Shown by the passkey script where the browser has passkeys.
                    form method="post" action="/studio/sign-in/passkey" class="studio-form studio-passkey" data-passkey="sign-in" hidden {
                        (csrf_field(form.csrf))
                        p { "Or, if you added a passkey on this device or your phone:" }
                        div class="form-summary" role="alert" data-passkey-message hidden {}
                        button class="btn btn-outline" type="submit" { "Sign in with a passkey" }
                    }
                }
            }
        },
    )
}

/// The second step's form.
pub struct CodeForm<'a> {
    /// The form token.
    pub csrf: &'a str,
    /// Why the last code was refused.
    pub message: Option<&'a str>,
    /// Asking for a recovery code instead of the authenticator's.
    pub recovery: bool,
}

/// `/studio/sign-in/code`.
pub fn code(chrome: &Chrome<'_>, form: &CodeForm<'_>) -> String {
    let (title, label, hint, autocomplete, inputmode) = if form.recovery {
        (
            "Use a recovery code",
            "Recovery code",
            "One of the ten codes you saved when you set up your account, like abcde-fghjk-mnpqr. Each works once.",
            "off",
            "text",
        )
    } else {
        (
            "Enter your code",
            "Six-digit code",
            "The code your authenticator app shows for One Space studio now.",
            "one-time-code",
            "numeric",
        )
    };
    page(
        chrome,
        title,
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { (title) }
                (message(form.message, true, "code-error"))
                form method="post" action="/studio/sign-in/code" class="studio-form" novalidate {
                    (csrf_field(form.csrf))
                    @if form.recovery { input type="hidden" name="kind" value="recovery"; }
                    div class=(if form.message.is_some() { "field field-invalid" } else { "field" }) {
                        label class="field-label" for="code" { (label) }
                        p class="form-note" id="code-hint" { (hint) }
                        input class="field-input" id="code" name="code" type="text" inputmode=(inputmode)
                            autocomplete=(autocomplete) required maxlength="64"
                            aria-describedby=(if form.message.is_some() { "code-hint code-error" } else { "code-hint" });
                    }
                    button class="btn btn-primary" type="submit" { "Sign in" }
                }
                p class="studio-aside" {
                    @if form.recovery {
                        a href="/studio/sign-in/code" { "Use the authenticator app instead" }
                    } @else {
                        a href="/studio/sign-in/code?recovery=1" { "Lost your phone? Use a recovery code" }
                    }
                }
            }
        },
    )
}

/// The set-up form.
pub struct SetUpForm<'a> {
    /// The form token.
    pub csrf: &'a str,
    /// The link's path (the form posts back to it).
    pub action: &'a str,
    /// Whose account.
    pub email: &'a str,
    /// Adding the account to an authenticator app.
    pub enrolment: &'a Enrolment,
    /// Why the password was refused.
    pub password_error: Option<&'a str>,
    /// Why the code was refused.
    pub code_error: Option<&'a str>,
}

/// `/studio/set-up/{token}`.
pub fn set_up(chrome: &Chrome<'_>, form: &SetUpForm<'_>) -> String {
    page(
        chrome,
        "Set up your account",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Set up your account" }
                p class="studio-lead" { "For " strong { (form.email) } ". Choose a password, then add the account to an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...)." }
                form method="post" action=(form.action) class="studio-form" novalidate {
                    (csrf_field(form.csrf))
                    input type="text" name="username" value=(form.email) autocomplete="username" hidden;
                    div class=(if form.password_error.is_some() { "field field-invalid" } else { "field" }) {
                        label class="field-label" for="password" { "New password" }
                        p class="form-note" id="password-hint" { "At least 12 characters. A few unrelated words make a strong password that is easy to remember." }
                        input class="field-input" id="password" name="password" type="password" autocomplete="new-password"
                            required minlength="12" maxlength="128"
                            aria-describedby=(if form.password_error.is_some() { "password-hint password-error" } else { "password-hint" });
                        (field_error("password", form.password_error))
                    }
                    div class="field" {
                        label class="field-label" for="confirm" { "New password again" }
                        input class="field-input" id="confirm" name="confirm" type="password" autocomplete="new-password" required maxlength="128";
                    }
                    fieldset class="studio-enrol" {
                        legend class="field-label" { "Authenticator app" }
                        p { "Scan this code with the app, or type the key by hand. On the phone that has the app, "
                            a href=(form.enrolment.url) { "open it in the app" } " instead." }
                        img class="studio-qr" src=(form.enrolment.qr_data_uri) width="200" height="200"
                            alt="QR code that adds One Space studio to an authenticator app";
                        p { "Key: " code class="studio-secret" { (form.enrolment.secret_groups) } }
                        div class=(if form.code_error.is_some() { "field field-invalid" } else { "field" }) {
                            label class="field-label" for="code" { "The six-digit code the app now shows" }
                            input class="field-input" id="code" name="code" type="text" inputmode="numeric"
                                autocomplete="one-time-code" required maxlength="64"
                                aria-describedby=[form.code_error.is_some().then_some("code-error")];
                            (field_error("code", form.code_error))
                        }
                    }
                    button class="btn btn-primary" type="submit" { "Set up my account" }
                }
            }
        },
    )
}

/// After set-up: the recovery codes, shown once.
pub fn set_up_done(chrome: &Chrome<'_>, email: &str, codes: &[String]) -> String {
    page(
        chrome,
        "Your account is ready",
        html! {
            div class="studio-panel studio-narrow" {
                h1 class="studio-title" { "Your account is ready" }
                p { "Save these ten recovery codes somewhere safe (a password manager, or printed). If you lose your phone, each one signs you in once. They are shown only now." }
                (recovery_codes(codes))
                p { a class="btn btn-primary" href="/studio/sign-in" { "Sign in as " (email) } }
            }
        },
    )
}

/// Recovery codes, shown once, as a list.
pub fn recovery_codes(codes: &[String]) -> Markup {
    html! {
        ol class="studio-codes" aria-label="Recovery codes" {
            @for code in codes { li { code { (code) } } }
        }
    }
}

fn message(text: Option<&str>, refused: bool, id: &str) -> Markup {
    html! {
        @if let Some(text) = text {
            @if refused {
                div class="form-summary" id=(id) role="alert" { p { (text) } }
            } @else {
                div class="studio-notice" id=(id) role="status" { p { (text) } }
            }
        }
    }
}
