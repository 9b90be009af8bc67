//! /september-sale: 50% off the first month plus a free PT session, with a fixed number of spots
//! left, the credit bonus, six features, stories, an eight-item FAQ (one open at a time) and the
//! closing call to action.
//!
//! SPEC's 'scroll to the sale form' button leads to the claim section (`#sale-form`), which holds
//! the ways to claim: the membership page on the provider's site and the contact form.

use maud::{html, Markup};
use onespace_core::content::offers::{BackToSchool, SeptemberSale};
use onespace_core::content::{BookingPage, Content};
use onespace_core::offers::Campaign;
use onespace_core::policy;
use onespace_core::Pence;
use serde_json::Value;

use super::components::{
    accordion, check_list, cta_banner, external, feature_grid, hero_art, testimonials, FaqItem,
    Feature, Icon,
};
use super::structured;
use crate::render::RenderContext;
use crate::routes::{Page, Route};

const FEATURES: [Feature; 6] = [
    Feature {
        icon: Icon::Car,
        title: "Free parking",
        text: "Free on-site parking every time you visit.",
    },
    Feature {
        icon: Icon::Flame,
        title: "Hot yoga",
        text: "Clean, dry infrared heat with no humidity.",
    },
    Feature {
        icon: Icon::Sun,
        title: "Pilates",
        text: "Warm pilates for core strength and posture.",
    },
    Feature {
        icon: Icon::Dumbbell,
        title: "Group PT",
        text: "Coached small-group strength and conditioning.",
    },
    Feature {
        icon: Icon::Snowflake,
        title: "Fire & Ice",
        text: "Private infrared sauna and ice bath recovery.",
    },
    Feature {
        icon: Icon::Users,
        title: "Community",
        text: "Friendly coaches and members who cheer you on.",
    },
];

fn credits_line(bts: &BackToSchool, sessions: u32) -> String {
    let credits = bts.bonus_credits(sessions).unwrap_or(sessions);
    format!(
        "{sessions}-pack +{} = {credits} credits",
        credits - sessions
    )
}

/// The sale's figures from the studio's prices.
struct Figures {
    /// The first month's price.
    first_month: Pence,
    /// The plan's usual price.
    usual: Pence,
    /// The pack sizes with the credit bonus that are sold online.
    bonus_packs: Vec<u32>,
}

impl Figures {
    fn of(content: &Content) -> Self {
        let (sale, prices) = (&content.offers.september_sale, &content.prices);
        let plan = sale.plan(prices);
        Self {
            first_month: plan.map_or(Pence(0), |plan| sale.first_month(plan)),
            usual: plan.map_or(Pence(0), |plan| plan.price),
            bonus_packs: content
                .offers
                .back_to_school
                .bonus_pack_sizes
                .iter()
                .copied()
                .filter(|size| BackToSchool::sold_online(prices, *size))
                .collect(),
        }
    }
}

fn faq(figures: &Figures, sale: &SeptemberSale, bts: &BackToSchool) -> Vec<FaqItem> {
    let Figures {
        first_month,
        usual,
        bonus_packs,
    } = figures;
    let bonus_packs: Vec<String> = bonus_packs.iter().map(u32::to_string).collect();
    vec![
        FaqItem::new(
            "How many spots are left?",
            format!(
                "Only {} of {} spots are left. When they are gone we will start a waiting list.",
                sale.left(),
                sale.spots
            ),
        ),
        FaqItem::new(
            "How much is the first month?",
            format!(
                "{} instead of {}: {}% off your first month.",
                first_month.format(),
                usual.format(),
                sale.percent_off
            ),
        ),
        FaqItem::new("How do I claim the discount?", sale.code_note()),
        FaqItem::new(
            "When do I get my free PT session?",
            format!(
                "Book your free 1-2-1 personal training session within {} days of starting.",
                sale.free_pt_within_days
            ),
        ),
        FaqItem::new(
            "Is there a contract?",
            format!(
                "No. It is a rolling monthly membership with {} days' notice to cancel.",
                policy::NOTICE_DAYS
            ),
        ),
        FaqItem::new(
            "Which classes can I book?",
            "All of them: hot yoga, pilates, group PT, HYROX training and more.",
        ),
        FaqItem::new(
            "Do I need a code for the extra credits?",
            format!(
                "No. The {}% credit bonus is added automatically to {} packs.",
                bts.bonus_percent,
                bonus_packs.join(" and ")
            ),
        ),
        FaqItem::new(
            "How long does the sale last?",
            format!(
                "While spots last. The sale is limited to {} new members.",
                sale.spots
            ),
        ),
    ]
}

/// The page title: `September Sale | 50% Off First Month + Free PT | One Space`.
pub fn title(sale: &SeptemberSale) -> String {
    format!("September Sale | {} | One Space", sale.headline())
}

/// The meta description: the discount and the spots left.
pub fn description(sale: &SeptemberSale) -> String {
    format!(
        "{}% off your first month plus a free 1-2-1 PT session. Only {} spots left at One Space \
         Livingston.",
        sale.percent_off,
        sale.left()
    )
}

/// The SpecialAnnouncement for this page.
pub fn structured_data(route: &Route, context: &RenderContext) -> Value {
    let sale = &context.content.offers.september_sale;
    structured::september_announcement(
        &sale.headline(),
        &format!("{} {}", sale.spots_message(), sale.code_note()),
        route,
        context,
    )
}

/// The page content while the sale is live (see [`super::campaigns`]).
pub fn main(context: &RenderContext) -> Markup {
    let memberships = context.content.schedule.url(BookingPage::Memberships);
    let (sale, bts) = (
        &context.content.offers.september_sale,
        &context.content.offers.back_to_school,
    );
    let left = format!("{} spots left", sale.left());
    let figures = Figures::of(&context.content);
    let (first_month, usual) = (figures.first_month, figures.usual);
    html! {
        (super::campaigns::watch(Campaign::SeptemberSale, context))
        div data-offer-live {
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="spots-message" { (sale.spots_message()) }
                h1 class="page-title" { (sale.headline()) }
                p class="page-lead" { "Join One Space this " (sale.starts.month_name()) " for " (first_month.format()) " instead of " (usual.format()) ", with a free 1-2-1 PT session to get you started." }
                div class="hero-actions" {
                    (external(&memberships, "btn btn-primary btn-lg", "Claim My Spot"))
                    (external(&memberships, "btn btn-outline-light", "View Memberships"))
                }
            }
        }
        section class="section" aria-labelledby="sale-offer-title" {
            div class="container-page grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]" {
                article class="price-card price-card-featured" {
                    p class="badge badge-popular" { (left) }
                    h2 class="price-card-name" id="sale-offer-title" { (sale.percent_off) "% Off Your First Month" }
                    p class="price" { (first_month.format()) " " s class="price-was" { span class="sr-only" { "usually " } (usual.format()) } }
                    (check_list([
                        format!("{}% off your first month", sale.percent_off),
                        "A free 1-2-1 PT session".to_owned(),
                        "Rolling monthly contract".to_owned(),
                        format!("{} days' notice to cancel", policy::NOTICE_DAYS),
                        "Access to all classes".to_owned(),
                    ]))
                    p class="coupon-inline" { (sale.code_note()) }
                    a class="btn btn-primary mt-6 w-full" href="#sale-form" { "Claim Your Spot" }
                }
                article class="price-card" {
                    p class="badge badge-soft" { "No code needed" }
                    h2 class="price-card-name" { "+" (bts.bonus_percent) "% Credits" }
                    p class="price-card-detail" { "Prefer to pay as you go? Get extra credits on our bigger packs." }
                    (check_list(figures.bonus_packs.iter().map(|size| credits_line(bts, *size))))
                    a class="btn btn-dark mt-auto w-full" href=(Page::Memberships.path()) { "See Session Packs" }
                }
            }
        }
        section class="section section-alt" aria-labelledby="sale-features-title" {
            div class="container-page" {
                h2 class="section-title" id="sale-features-title" { "Everything in one space" }
                div class="mt-10" { (feature_grid(&FEATURES, 3, "sm:grid-cols-2 lg:grid-cols-3")) }
            }
        }
        section class="section" aria-labelledby="sale-stories-title" {
            div class="container-page" {
                h2 class="section-title" id="sale-stories-title" { "What members say" }
                div class="mt-10" { (testimonials(&context.content.testimonials.on(Page::SeptemberSale.path()))) }
            }
        }
        section class="section section-alt" aria-labelledby="sale-faq-title" {
            div class="container-page max-w-3xl" {
                h2 class="section-title" id="sale-faq-title" { "Questions" }
                div class="mt-8" { (accordion(&faq(&figures, sale, bts), Some("september-sale-faq"))) }
            }
        }
        div id="sale-form" {
            (cta_banner(&format!("Only {left}"), &format!("{} Claim yours before they are gone, or call us on {}.", sale.code_note(), context.content.studio.phone.display), html! {
                (external(&memberships, "btn btn-primary", "Claim My Spot"))
                a class="btn btn-outline-light" href={ (Page::Contact.path()) "#" (crate::routes::CONTACT_FORM.anchor) } { "Contact Us to Apply" }
            }))
        }
    }
    }
}
