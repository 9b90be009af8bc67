//! The pricing section shared by the home page and /memberships: the no-contract note, the
//! 14-day trial box, the concession box, Rolling Monthly Memberships, the unlimited options and
//! Session Packs. Every figure and purchase address comes from the studio's `prices.toml`.

use maud::{html, Markup};
use onespace_core::catalogue::trial;
use onespace_core::content::prices::{MembershipPlan, SessionPack};
use onespace_core::content::{Content, File};

use super::check_list;
use super::external;
use super::heading;
use crate::render::marks;
use crate::routes::Page;
use crate::widgets::dialogs::drop_in_link;

/// The file the cards' fields are in, for the preview's marks.
const PRICES: &str = File::Prices.name();

/// 'MOST POPULAR', on featured cards.
pub const MOST_POPULAR: &str = "MOST POPULAR";

/// What a plan gives each month: `4 sessions a month`, `Unlimited sessions`.
fn sessions_text(plan: &MembershipPlan) -> String {
    match (plan.sessions, &plan.focus) {
        (Some(sessions), _) => format!("{sessions} sessions a month"),
        (None, Some(_)) => "Unlimited access".to_owned(),
        (None, None) => "Every class type, as often as you like".to_owned(),
    }
}

/// A monthly membership card with its 'Choose Plan' link.
pub fn membership_card(plan: &MembershipPlan, level: u8) -> Markup {
    html! {
        article class={ "price-card" @if plan.featured { " price-card-featured" } } data-field=[marks::field(PRICES, &format!("{}.name", plan.id))] {
            @if plan.featured {
                p class="badge badge-popular price-card-badge" { (MOST_POPULAR) }
            }
            (heading(level, "price-card-name", html! { (plan.name) }))
            p class="price" data-field=[marks::field(PRICES, &format!("{}.price", plan.id))] { (plan.price.format()) span class="price-unit" { "/month" } }
            p class="price-card-detail" { (sessions_text(plan)) }
            p class="price-card-note" { (plan.description()) }
            (external(&plan.purchase_url, if plan.featured { "btn btn-primary w-full mt-auto" } else { "btn btn-dark w-full mt-auto" }, "Choose Plan"))
        }
    }
}

/// A session pack card: 'Purchase' on the provider's page, or for the drop-in 'Book Now' on the
/// timetable and the drop-in enquiry mail link (to `email`, the studio's) for visitors who would
/// rather ask first.
pub fn pack_card(pack: &SessionPack, email: &str, level: u8) -> Markup {
    html! {
        article class={ "price-card" @if pack.featured { " price-card-featured" } } data-field=[marks::field(PRICES, &format!("{}.name", pack.id))] {
            // One badge, on the card's top edge, so no card's name or price moves for it. A
            // featured pack's says only that: its validity is the note under the price, and
            // both on one badge (MOST POPULAR · 6 MONTHS) did not fit a card five to a row.
            @match (pack.featured, pack.validity) {
                (true, _) => p class="badge badge-popular price-card-badge" { (MOST_POPULAR) },
                (false, Some(validity)) => p class="badge badge-validity price-card-badge" { (validity.display()) },
                (false, None) => {},
            }
            (heading(level, "price-card-name", html! { (pack.name) }))
            p class="price" data-field=[marks::field(PRICES, &format!("{}.price", pack.id))] { (pack.price.format()) }
            p class="price-card-detail" { (pack.per_session()) }
            p class="price-card-note" { (pack.expiry()) }
            @match &pack.purchase_url {
                Some(url) => (external(url, if pack.featured { "btn btn-primary w-full mt-auto" } else { "btn btn-dark w-full mt-auto" }, "Purchase")),
                // The enquiry link above the button, so the button lines up with its
                // neighbours' at the card's foot.
                None => {
                    (drop_in_link("Enquire by e-mail", "price-card-link self-start", email, pack.price))
                    a class="btn btn-dark w-full mt-auto" href=(Page::Timetable.path()) { "Book Now" }
                },
            }
        }
    }
}

/// The trial and concession boxes, then the three groups of cards. Group titles are headings of
/// `level`, card names of `level + 1`. The drop-in's enquiry link goes to the studio's e-mail.
pub fn pricing_body(content: &Content, level: u8) -> Markup {
    let prices = &content.prices;
    let email = content.studio.email.as_str();
    html! {
        (start_here(content, level))
        (monthly_group(content, level))
        div class="price-group" {
            (heading(level, "price-group-title", html! { "Unlimited Membership Options at " (prices.single_focus_price().format()) "/month" }))
            p class="price-group-lead" { (prices.unlimited_family_text()) }
            div class="card-grid md:grid-cols-3" {
                @for plan in &prices.unlimited { (membership_card(plan, level + 1)) }
            }
        }
        div class="price-group" {
            (heading(level, "price-group-title", html! { "Session Packs" }))
            p class="price-group-lead" { "Prefer to pay as you go? Buy credits and book any class." }
            div class="card-grid sm:grid-cols-2 lg:grid-cols-5" {
                @for pack in &prices.packs { (pack_card(pack, email, level + 1)) }
            }
        }
    }
}

/// The home page's pricing: the trial and concession boxes, the four monthly plans and a link to
/// every other price on /memberships, so the home page is read to its end (the unlimited plans
/// and packs are one tap away, not repeated).
pub fn pricing_summary(content: &Content, level: u8) -> Markup {
    let prices = &content.prices;
    let mut more = format!(
        "See every price: unlimited plans from {}/month",
        prices.single_focus_price().format()
    );
    if let Some(cheapest) = prices.packs.iter().map(|pack| pack.price).min() {
        more.push_str(&format!(" and session packs from {}", cheapest.format()));
    }
    html! {
        (start_here(content, level))
        (monthly_group(content, level))
        p class="price-more" {
            a class="link-arrow" href=(Page::Memberships.path()) { (more) }
        }
    }
}

/// 'Start here': the trial box and the concession box side by side.
fn start_here(content: &Content, level: u8) -> Markup {
    let (prices, concession) = (&content.prices, &content.offers.concession);
    html! {
        div class="grid grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]" {
            div class="trial-box" {
                p class="eyebrow" { "Start here" }
                (heading(level, "trial-box-title", html! { (trial::NAME) }))
                p class="price price-light" { (prices.trial.price.format()) span class="price-unit" { " for " (trial::DAYS) " days" } }
                // Why a visitor sees £39 elsewhere: the online intro price, as the countdown mode makes it true.
                p class="trial-box-story" { (prices.trial.price_story()) "." }
                p class="mt-2 text-white/85" { (trial::STARTS) }
                (check_list(["Every class type: hot yoga, pilates, group PT and HYROX", "Fire & Ice recovery included", "Body composition scan to track your progress"]))
                div class="hero-actions" {
                    a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                }
            }
            div class="discount-box" {
                p class="eyebrow eyebrow-dark" { (concession.percent_off) "% off" }
                (heading(level, "discount-box-title", html! { "Student, Blue Light & Over 60s Discount" }))
                p class="mt-3" { (concession.summary()) }
                div class="hero-actions" {
                    a class="btn btn-dark" href=(Page::Contact.path()) { "Contact Us" }
                }
            }
        }
    }
}

/// Rolling Monthly Memberships: the four monthly plans.
fn monthly_group(content: &Content, level: u8) -> Markup {
    html! {
        div class="price-group" {
            (heading(level, "price-group-title", html! { "Rolling Monthly Memberships" }))
            p class="price-group-lead" { "Pick the number of sessions that suits your week. Rolling monthly, no contract." }
            div class="price-grid-pairs" {
                @for plan in &content.prices.monthly { (membership_card(plan, level + 1)) }
            }
        }
    }
}
