//! /faq: ten questions that open independently, then ways to ask anything else. The items are
//! written once in [`items`]; the page and its FAQPage structured data both read them.

use maud::{html, Markup};
use onespace_core::catalogue::{challenge, fire_ice, trial};
use onespace_core::content::{Prices, Studio};
use onespace_core::policy;

use super::components::{accordion, chat_button, icon, page_hero, FaqItem, Icon};
use crate::routes::Page;

/// The ten questions and answers, figures from the core.
pub fn items(prices: &Prices, studio: &Studio) -> Vec<FaqItem> {
    vec![
        FaqItem::new("What are your opening hours?", format!("We are open {}. Class times vary through the week, so check the timetable for the latest schedule.", studio.opening_hours_line())),
        FaqItem::new("Is there parking?", format!("Yes. {} at the studio: {}.", studio.parking, studio.address_line())),
        FaqItem::new("How does the 14-day trial work?", format!("The {} costs {} and gives you {} days of every class type plus Fire & Ice recovery. {} {}", trial::NAME, prices.trial.price.format(), trial::DAYS, trial::STARTS, trial::GUARANTEE)),
        FaqItem::new("What types of classes do you offer?", "Hot yoga and warm pilates in infrared heat, room-temperature yoga, group personal training, HYROX training, functional training and 1-2-1 personal training, plus Fire & Ice recovery, 6-week challenges and body composition scans. Barre, Tai Chi, ladies-only lifting and kids classes are coming soon."),
        FaqItem::new("What should I bring?", format!("Comfortable clothes, a water bottle and a towel. Bring a mat if you have one; we have mats to borrow. Please arrive {} minutes early for your first class.", policy::FIRST_CLASS_ARRIVE_EARLY_MINUTES)),
        FaqItem::new("What is your cancellation policy?", format!("Memberships are rolling with no contract: give us {} days' written notice by e-mail to cancel. {} {}", policy::NOTICE_DAYS, policy::booking_notice(), policy::charges_summary())),
        FaqItem::new("What is Fire & Ice?", format!("{} in a private room, for {} minutes at a time. A single session is {}, and you can book up to {} sessions a week.", fire_ice::DESCRIPTION, fire_ice::MINUTES, fire_ice::DROP_IN.format(), fire_ice::MAX_PER_WEEK)),
        FaqItem::new("Do I need experience for HYROX training?", "Not at all. Our HYROX classes and beginner programme teach every station step by step and build your fitness week by week, whether you are racing or just love the training."),
        FaqItem::new("How do I book a class?", format!("Book online through our timetable. If you can't make it, cancel at least {} hours before the class.", policy::CANCEL_BOOKING_HOURS)),
        FaqItem::new("What is the 6-week challenge?", format!("A {}-week programme with coached training, {} Fire & Ice sessions, {} body composition scans, a {}-day meal plan and weekly check-ins. It starts with a free consultation.", challenge::WEEKS, challenge::FIRE_ICE_SESSIONS, challenge::BODY_SCANS, challenge::MEAL_PLAN_DAYS)),
    ]
}

/// The page content.
pub fn main(prices: &Prices, studio: &Studio) -> Markup {
    html! {
        (page_hero("FAQ", "Frequently Asked Questions", "Everything you need to know before your first visit.", html! {
            a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
        }))
        section class="section" aria-label="Questions and answers" {
            div class="container-page max-w-3xl" {
                (accordion(&items(prices, studio), None))
            }
        }
        section class="section section-alt" aria-labelledby="more-title" {
            div class="container-page max-w-3xl text-center" {
                h2 class="section-title" id="more-title" { "Still have a question?" }
                p class="section-lead mx-auto" { "Ask our assistant, send us an e-mail or give us a call." }
                div class="hero-actions justify-center" {
                    (chat_button("btn btn-primary"))
                    a class="btn btn-dark" href={ "mailto:" (studio.email) } { (icon(Icon::Mail)) "Email Us" }
                    a class="btn btn-outline" href=(studio.tel_link()) { (icon(Icon::Phone)) "Call " (studio.phone.display) }
                }
            }
        }
    }
}
