//! /privacy: what the site stores and collects, why, for how long, and the visitor's rights.
//!
//! Enquiries are kept for the period the server is configured with (ONESPACE_RETENTION_DAYS,
//! two years by default) and then deleted by its worker; this notice states that same period.
//! Likewise for the steps of visits followed with consent (ONESPACE_VISITS_RETENTION_DAYS, 90
//! days by default); what the site counts of its visitors is docs/visitors.md.

use maud::{html, Markup};
use onespace_core::content::Studio;
use onespace_core::{countdown, studio};

use super::components::page_hero;
use crate::routes::Page;

/// `days` in words: whole years as years ('2 years'), otherwise days ('90 days').
pub fn retention_period(days: u64) -> String {
    let (count, unit) = if days % 365 == 0 {
        (days / 365, "year")
    } else {
        (days, "day")
    };
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {unit}{plural}")
}

/// The page content; enquiries are kept for `retention_days`, followed visits' steps for
/// `visits_retention_days`.
pub fn main(retention_days: u64, visits_retention_days: u64, contact: &Studio) -> Markup {
    let email = html! { a href={ "mailto:" (contact.email) } { (contact.email) } };
    html! {
        (page_hero("Legal", "Privacy Notice", "How One Space looks after your personal data.", html! {}))
        section class="section" {
            div class="container-page max-w-3xl prose-block legal-body" {
                h2 { "Who we are" }
                p { (studio::NAME) ", " (contact.address_line()) ", is the controller of the personal data described here. Contact us about anything in this notice at " (email) " or on " a href=(contact.tel_link()) { (contact.phone.display) } "." }

                h2 { "What this website stores on your device" }
                ul {
                    li { strong { "Your cookie choice. " } "When you accept or decline cookies we keep your answer in your browser's local storage under the key " code { "cookie-consent" } ", so we do not ask again." }
                    li { strong { "Offer countdowns. " } "Our offer pages keep the end time of your offer countdown in local storage (" code { (countdown::INTRO_OFFER_STORAGE_KEY) } " and " code { (countdown::TIMED_OFFER_STORAGE_KEY) } "), so the timer continues if you reload the page." }
                }
                p { "These values stay on your device; you can delete them at any time by clearing your browser's site data. The only analytics cookie is the visit number described below, and only if you choose 'Accept All'." }
                p { "You can change your choice at any time with the button below, or by clearing your browser's site data, after which we ask again." }
                // Shown by the page's script (site/cookie-banner.ts): it opens the cookie banner.
                p { button type="button" class="btn btn-outline" data-cookie-choice hidden { "Change my cookie choice" } }

                h2 { "What we count of your visit" }
                p { "We count visits to this website ourselves, on our own server; no other company sees them and nothing is used for advertising." }
                ul {
                    li { strong { "For every visitor, whatever you choose: " } "how many times each page is seen each day, the website that linked you here (its name only, such as facebook.com) and the campaign named in an advert's link, clicks on our buy and book buttons, and how many enquiries each page brings. These are totals: they hold nothing that identifies you, no cookie is set and nothing is kept in your browser for them. We keep the daily totals." }
                    li { strong { "Only if you choose 'Accept All': " } "a random visit number in a cookie on this website (" code { "onespace-visit" } "), which ends 30 minutes after your last page. It lets us see one visit's steps together (for example, an advert, then the prices, then the buy button), and, if you send an enquiry during that visit, links the enquiry to it. We keep those steps for " (retention_period(visits_retention_days)) ", then only the daily totals. If you decline, no visit number is made, and one made before is deleted at once; if your browser sends Global Privacy Control, we never link your visit, whatever you chose." }
                }
                p { "Search engines, link previews and our own staff while signed in are not counted." }

                h2 { "What our forms collect" }
                ul {
                    li { strong { "Contact form: " } "your first and last name, e-mail address, and optionally your phone number and what you are interested in, plus your message." }
                    li { strong { "Investor forms: " } "your name and e-mail address, and optionally your phone number, the amount you are considering and your message." }
                    li { strong { "Founder membership request: " } "your full name, e-mail address, optionally your phone number, the plan you chose, how you would like to pay and any notes." }
                }
                p { "Discount, cancellation, 1-2-1 and chat contact requests open an e-mail in your own e-mail program; we receive only what you choose to send." }

                h2 { "Why we use it" }
                p { "We use your details only to answer your enquiry, arrange the membership or investment information you asked for, and keep a record of our conversation. Our lawful basis is our legitimate interest in responding to you and, where you ask to join, taking steps to enter into a contract with you. We never sell your data." }

                h2 { "How long we keep it" }
                p { "Enquiries are kept for " (retention_period(retention_days)) " from the day you send them and then deleted. Membership and payment records are held by our booking provider under its own privacy notice for as long as the law requires." }

                h2 { "Who we share it with" }
                p { "Our e-mail and hosting providers process data on our behalf. Bookings and payments take place on our booking provider's pages, under their terms." }

                h2 { "Your rights" }
                p { "You can ask for a copy of your data, ask us to correct or delete it, object to how we use it or ask us to restrict it. E-mail " (email) " or write to us at the studio; we reply within one month. If you are unhappy with our answer you can complain to the Information Commissioner's Office (ico.org.uk)." }

                h2 { "More information" }
                p { "Read our " a href=(Page::Terms.path()) { "terms and conditions" } ", or " a href=(contact.tel_link()) { "call us" } " with any question." }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retention_period_reads_as_years_or_days() {
        assert_eq!(retention_period(730), "2 years");
        assert_eq!(retention_period(365), "1 year");
        assert_eq!(retention_period(90), "90 days");
        assert_eq!(retention_period(1), "1 day");
    }

    #[test]
    #[allow(clippy::expect_used)]
    fn the_notice_states_the_configured_period() {
        let content =
            onespace_core::content::embedded::content().expect("the default content is valid");
        assert!(main(730, 90, &content.studio)
            .into_string()
            .contains("Enquiries are kept for 2 years"));
        let short = main(90, 30, &content.studio).into_string();
        assert!(short.contains("Enquiries are kept for 90 days"));
        assert!(short.contains("We keep those steps for 30 days"));
    }
}
