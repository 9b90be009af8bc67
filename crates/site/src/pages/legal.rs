//! /terms: the studio's terms and conditions in 15 sections, effective 3 June 2025. Every figure
//! (notice, billing cycle, booking and charges, arrival, Fire & Ice limit, trial, guarantees,
//! pack validity, discounts) comes from the core, so the terms always agree with the rest of the
//! site.

use maud::{html, Markup};
use onespace_core::catalogue::{fire_ice, timed, trial};
use onespace_core::content::{Content, Prices, Studio};
use onespace_core::{policy, studio};

use super::components::page_hero;
use crate::routes::Page;

/// When these terms took effect.
pub const EFFECTIVE: &str = "3 June 2025";

fn sections(
    prices: &Prices,
    contact: &Studio,
    concession_percent: u64,
) -> Vec<(&'static str, Vec<String>)> {
    let validity: Vec<String> = prices
        .packs
        .iter()
        .filter_map(|pack| {
            pack.validity
                .map(|v| format!("{} {}", pack.name, v.display()))
        })
        .collect();
    vec![
        ("About these terms", vec![
            format!("These terms apply to everyone who books, buys or attends at {} ({}). By booking a class, buying a membership, pack or trial, or using the studio, you agree to them.", studio::NAME, contact.address_line()),
        ]),
        ("Memberships", vec![
            format!("Memberships are rolling monthly with no minimum term. They are billed every {} days from your start date through our booking provider.", policy::BILLING_CYCLE_DAYS),
            "Memberships are personal to you and cannot be shared or transferred.".to_owned(),
        ]),
        ("Cancelling your membership", vec![
            format!("To cancel, give us {} days' written notice by e-mail to {}. Payments due within the notice period are still payable, and you can keep training until it ends.", policy::NOTICE_DAYS, contact.email),
        ]),
        ("Session packs and drop-ins", vec![
            format!("Pack credits are valid from the date of purchase for: {}. Unused credits expire at the end of their validity and are not refundable.", validity.join("; ")),
        ]),
        ("The 14-day trial", vec![
            format!("The {} gives {} days of access. {}", trial::NAME, trial::DAYS, trial::STARTS),
            "The trial is for new members only, once per person.".to_owned(),
        ]),
        ("Money-back guarantees", vec![
            format!("{} {} Ask for your refund by e-mail when your trial ends.", trial::GUARANTEE, trial::guarantee_terms()),
            format!("On the timed {}%-off offer: {}", timed::PERCENT_OFF, timed::refund_terms()),
        ]),
        ("Booking classes", vec![
            "Classes are booked online through our timetable. Spaces are limited and given on a first come, first served basis.".to_owned(),
            format!("Please arrive at least {} minutes before your class, or {} minutes before your first class. Late arrivals may not be admitted for safety reasons.", policy::ARRIVE_EARLY_MINUTES, policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES),
        ]),
        ("Late cancellations and no-shows", vec![
            format!("Cancel a booking at least {} hours before the class to avoid a charge.", policy::CANCEL_BOOKING_HOURS),
            policy::charges_summary(),
        ]),
        ("Fire & Ice recovery", vec![
            format!("Sessions are {} minutes and private. Each person may book up to {} sessions a week.", fire_ice::MINUTES, fire_ice::MAX_PER_WEEK),
            "Sauna and cold-water immersion are not suitable for everyone. Do not use the room if you are pregnant, have a heart condition, high or low blood pressure, or have been advised against heat or cold exposure, unless your doctor has approved it.".to_owned(),
        ]),
        ("Offers, codes and discounts", vec![
            format!("Student, Blue Light and over-60s discounts give {}% off recurring memberships once we have confirmed your eligibility.", concession_percent),
            "Promotional codes must be entered at checkout, cannot be combined unless we say so, have no cash value and are non-transferable. Each offer's own conditions and end date apply.".to_owned(),
        ]),
        ("Your health", vec![
            "Tell your instructor about any injury, illness or pregnancy before class. Exercise in heated rooms puts extra demand on the body: drink water, work at your own pace and stop if you feel unwell.".to_owned(),
            "If in doubt about whether exercise is right for you, speak to your doctor before you start.".to_owned(),
        ]),
        ("Studio conduct", vec![
            "Treat others and the studio with respect. Follow instructors' guidance, return equipment after use and keep phones on silent in class. We may refuse entry or end a membership for behaviour that puts others at risk.".to_owned(),
        ]),
        ("Belongings and liability", vec![
            "Please do not leave valuables unattended; we are not responsible for lost or damaged belongings. Nothing in these terms limits our liability for death or personal injury caused by our negligence or anything else that cannot be limited by law.".to_owned(),
        ]),
        ("Your personal data", vec![
            "We use your details to run your membership and answer your enquiries, as our privacy notice explains.".to_owned(),
        ]),
        ("Changes and governing law", vec![
            format!("We may update these terms and our prices. We will tell members by e-mail at least {} days before a change to their membership price takes effect.", policy::BILLING_CYCLE_DAYS),
            "These terms are governed by the law of Scotland and the Scottish courts have jurisdiction.".to_owned(),
        ]),
    ]
}

/// The page content.
pub fn main(content: &Content) -> Markup {
    let contact = &content.studio;
    let sections = sections(
        &content.prices,
        &content.studio,
        content.offers.concession.percent_off,
    );
    html! {
        (page_hero("Legal", "Terms & Conditions", &format!("Effective {EFFECTIVE}"), html! {}))
        section class="section" {
            div class="container-page legal-layout" {
                nav class="legal-toc" aria-label="Sections" {
                    p class="font-semibold" { "Contents" }
                    ol {
                        @for (index, (title, _)) in sections.iter().enumerate() {
                            li { a href={ "#section-" (index + 1) } { (title) } }
                        }
                    }
                }
                div class="prose-block legal-body" {
                    p { "These terms took effect on " (EFFECTIVE) ". Questions? E-mail " a href={ "mailto:" (contact.email) } { (contact.email) } " or call " a href=(contact.tel_link()) { (contact.phone.display) } "." }
                    @for (index, (title, paragraphs)) in sections.iter().enumerate() {
                        h2 id={ "section-" (index + 1) } { (index + 1) ". " (title) }
                        @for paragraph in paragraphs { p { (paragraph) } }
                        @if index == 13 {
                            p { a href=(Page::Privacy.path()) { "Read our privacy notice" } "." }
                        }
                    }
                }
            }
        }
    }
}
