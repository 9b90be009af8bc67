//! /contact: 'Visit One Space' with address, parking, phone and hours, the assistant, the
//! concession discount, what makes the studio special, a map and the 'Get in Touch' form.

use maud::{html, Markup};
use onespace_core::content::offers::Concession;
use onespace_core::content::Studio;
use onespace_core::links;

use super::components::enquiry_form::{form_island, ThanksLink};
use super::components::{chat_button, check_list, email_link, external, icon, page_hero, Icon};
use crate::render::FormView;
use crate::routes::Page;
use crate::widgets;

use crate::routes::CONTACT_FORM as FORM;

/// The links of the thank-you panel after a send.
const THANKS_LINKS: &[ThanksLink] = &[
    ThanksLink::To {
        label: "Read the FAQ",
        page: Page::Faq,
        class: "btn btn-dark",
    },
    ThanksLink::Chat {
        class: "btn btn-outline",
    },
    ThanksLink::Again {
        class: "btn btn-primary",
    },
];

/// The page content.
pub fn main(view: &FormView, studio: &Studio, discount: &Concession) -> Markup {
    html! {
        (page_hero("Contact", "Visit One Space", "Pop in, call, message or ask our assistant. We would love to hear from you.", html! {
            a class="btn btn-primary" href={ "#" (FORM.anchor) } { "Send a Message" }
            (chat_button("btn btn-outline-light"))
        }))
        section class="section" aria-labelledby="details-title" {
            div class="container-page" {
                h2 class="sr-only" id="details-title" { "Studio details" }
                div class="card-grid sm:grid-cols-2 lg:grid-cols-4" {
                    div class="card info-card" {
                        span class="feature-icon" { (icon(Icon::MapPin)) }
                        h3 class="card-title" { "Address" }
                        address class="card-text not-italic" { (studio.address_line()) }
                        p class="card-text font-semibold" { (studio.parking) }
                    }
                    div class="card info-card" {
                        span class="feature-icon" { (icon(Icon::Phone)) }
                        h3 class="card-title" { "Phone" }
                        p class="card-text" { a href=(studio.tel_link()) { (studio.phone.display) } }
                        p class="card-text" { (email_link(&studio.email)) }
                    }
                    div class="card info-card" {
                        span class="feature-icon" { (icon(Icon::Clock)) }
                        h3 class="card-title" { "Opening Hours" }
                        ul class="hours-list" {
                            @for line in &studio.opening_hours {
                                li { span { (line.days) } span { (line.opens.display()) "-" (line.closes.display()) } }
                            }
                        }
                    }
                    div class="card info-card" {
                        span class="feature-icon" { (icon(Icon::Chat)) }
                        h3 class="card-title" { "Quick question?" }
                        p class="card-text" { "Our assistant answers questions on classes, prices and booking straight away." }
                        (chat_button("btn btn-dark btn-sm mt-4"))
                    }
                }
            }
        }
        section class="section section-alt" aria-labelledby="discount-title" {
            div class="container-page grid grid-cols-1 gap-8 lg:grid-cols-2" {
                div class="discount-box" {
                    p class="eyebrow eyebrow-dark" { (discount.percent_off) "% off" }
                    h2 class="discount-box-title" id="discount-title" { "Student, Blue Light & Over 60s Discount" }
                    p class="mt-3" { (discount.summary()) }
                    (widgets::dialogs::discount_button("Request Discount Code", "btn btn-dark mt-6", &studio.email, discount))
                    (widgets::dialogs::discount_dialog(&studio.email, discount))
                }
                div class="card" {
                    h2 class="card-title text-2xl" { "What Makes Us Special" }
                    (check_list([
                        "Infrared hot yoga and warm pilates: dry heat, no humidity",
                        "Coached group PT and HYROX training",
                        "A private Fire & Ice recovery room",
                        "Body composition scans to track your progress",
                        "Friendly coaches and a welcoming community",
                        studio.parking.as_str(),
                    ]))
                }
            }
        }
        section class="section" aria-labelledby="get-in-touch-title" {
            // grid-cols-1: a single column as wide as the page, never as wide as its widest
            // unbreakable line (the thank-you's buttons made it 410 px on a 390 px phone).
            div class="container-page grid grid-cols-1 items-start gap-10 lg:grid-cols-2" {
                div {
                    h2 class="section-title" id="get-in-touch-title" { "Get in Touch" }
                    p class="section-lead" { "Send us a message and we will reply as soon as we can." }
                    div class="form-card" {
                        (form_island(&FORM, view, THANKS_LINKS, onespace_core::forms::schema(FORM.form)))
                    }
                }
                (map(studio))
            }
        }
    }
}

/// A drawn map of the studio's corner of Livingston with the address and a Google Maps link:
/// no third-party embed, so nothing loads from another site and nothing moves the layout.
fn map(studio: &Studio) -> Markup {
    html! {
        figure class="map-card" aria-labelledby="map-caption" {
            svg class="map-art" viewBox="0 0 600 420" width="600" height="420" aria-hidden="true" {
                rect width="600" height="420" class="map-land" {}
                path d="M-10 300 C 150 260, 260 330, 610 240" class="map-road map-road-major" {}
                path d="M120 -10 L 220 430" class="map-road" {}
                path d="M380 -10 C 360 120, 420 260, 400 430" class="map-road" {}
                path d="M-10 120 L 610 160" class="map-road" {}
                rect x="240" y="170" width="90" height="60" rx="6" class="map-block" {}
                rect x="440" y="40" width="110" height="80" rx="6" class="map-block" {}
                rect x="30" y="330" width="120" height="70" rx="6" class="map-block" {}
                circle cx="300" cy="200" r="46" class="map-pulse" {}
                path d="M300 150c-19 0-34 15-34 34 0 26 34 58 34 58s34-32 34-58c0-19-15-34-34-34z" class="map-pin" {}
                circle cx="300" cy="184" r="11" class="map-pin-dot" {}
            }
            figcaption class="map-caption" id="map-caption" {
                p class="font-semibold" { "One Space, " (studio.address.locality) }
                p { (studio.address_line()) }
                p { (studio.parking) }
                (external(links::REVIEW, "btn btn-dark btn-sm mt-3", "Open in Google Maps"))
            }
        }
    }
}
