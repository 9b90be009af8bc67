//! /back-to-school: the August offers. Red banner, the three offers, how it works, member
//! stories, a one-open-at-a-time FAQ, the terms box and the quick-links bar.
//!
//! SPEC's offer cards have unfilled link placeholders; here they lead where the offer is bought
//! (memberships for packs and the discount, the challenge page for the consultation). The bar
//! that SPEC fixes to the bottom after 600 px of scrolling is the quick-links island alone: the
//! same three links are already in the hero and the closing banner, so no in-place row repeats
//! them above the footer (nine such buttons on one screen was noise, not help).

use maud::{html, Markup};
use onespace_core::catalogue::challenge;
use onespace_core::content::offers::BackToSchool;
use onespace_core::content::{Content, File, Prices};
use onespace_core::offers::Campaign;

use super::components::{
    accordion, check_list, cta_banner, hero_art, icon, testimonials, FaqItem, Icon,
};
use crate::render::{marks, RenderContext};
use crate::routes::Page;
use crate::widgets;
use crate::widgets::LinkSpec;

/// The bonus packs sold `online` (cards on /memberships) or, with `false`, only in the studio,
/// as `20/50`.
fn bonus_list(bts: &BackToSchool, prices: &Prices, online: bool) -> String {
    bts.bonus_pack_sizes
        .iter()
        .filter(|size| BackToSchool::sold_online(prices, **size) == online)
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

/// Where the studio-only bonus packs are bought, as ` (30-packs in the studio)`; empty when
/// every bonus pack is sold online.
fn in_studio_note(bts: &BackToSchool, prices: &Prices) -> String {
    let studio = bonus_list(bts, prices, false);
    if studio.is_empty() {
        String::new()
    } else {
        format!(" ({studio}-packs in the studio)")
    }
}

fn faq(content: &Content) -> Vec<FaqItem> {
    let (bts, prices) = (&content.offers.back_to_school, &content.prices);
    let challenge_starts = content.offers.challenge.starts;
    vec![
        FaqItem::new("When do the offers end?", format!("All back to school offers end at the end of {}.", bts.ends.long())),
        FaqItem::new(format!("How do I get {}% off a membership?", bts.percent_off), format!("Enter code {} at checkout. It is for new members and applies to payments through {}.", bts.code, bts.payments_until.short())),
        FaqItem::new("How do the extra credits work?", format!("The {}% credit bonus is added automatically when you buy a {} pack online{}. No code needed.", bts.bonus_percent, bonus_list(bts, prices, true), in_studio_note(bts, prices))),
        FaqItem::new(format!("When does the {} Week Challenge start?", challenge::WEEKS), format!("The Challenge starts on {}. Sign up earlier and train free for the rest of {}.", challenge_starts.long(), bts.ends.month_name())),
    ]
}

fn offer_links(bts: &BackToSchool) -> [(String, &'static str); 3] {
    [
        ("Buy Credit Packs".to_owned(), Page::Memberships.path()),
        (
            format!("Join with {}% Off", bts.percent_off),
            Page::Memberships.path(),
        ),
        ("Book Zoom Consult".to_owned(), Page::Challenge.path()),
    ]
}

/// The meta description (and the Event's): `Back to school savings: 20% extra credits on packs,
/// 20% off memberships with code 2025 and the 6 Week Challenge from 1 September.`
pub fn description(content: &Content) -> String {
    let bts = &content.offers.back_to_school;
    let starts = content.offers.challenge.starts;
    format!(
        "Back to school savings: {}% extra credits on packs, {}% off memberships with code {} and \
         the {} Week Challenge from {} {}.",
        bts.bonus_percent,
        bts.percent_off,
        bts.code,
        challenge::WEEKS,
        starts.day,
        starts.month_name()
    )
}

/// The page content while the offer is live (see [`super::campaigns`]).
pub fn main(context: &RenderContext) -> Markup {
    let (bts, prices) = (
        &context.content.offers.back_to_school,
        &context.content.prices,
    );
    let challenge_starts = context.content.offers.challenge.starts;
    let packs_with_bonus: Vec<String> = bts
        .bonus_pack_sizes
        .iter()
        .filter_map(|size| {
            let place = if BackToSchool::sold_online(prices, *size) {
                ""
            } else {
                ", in the studio"
            };
            bts.bonus_credits(*size)
                .map(|credits| format!("{size}-pack gives {credits} credits{place}"))
        })
        .collect();
    html! {
        (super::campaigns::watch(Campaign::BackToSchool, context))
        div data-offer-live {
        p class="offer-banner" data-field=[marks::field(File::Offers.name(), "back_to_school.banner")] { (bts.banner()) }
        section class="page-hero" {
            (hero_art())
            div class="container-page relative" {
                p class="eyebrow" { "Back to school" }
                h1 class="page-title" { "Back to School Savings" }
                ul class="hero-offer-points" {
                    li { (icon(Icon::Sparkle)) span { strong { (bts.bonus_percent) "% extra credits" } " on " (bonus_list(bts, prices, true)) " packs, added automatically at checkout" (in_studio_note(bts, prices)) } }
                    li { (icon(Icon::Star)) span { strong { (bts.percent_off) "% off any membership" } " for the rest of " (bts.payments_until.year) " with code " (bts.code) } }
                    li { (icon(Icon::Calendar)) span { strong { (challenge::WEEKS) " Week Challenge" } " starting " (challenge_starts.long()) ", with the rest of " (bts.ends.month_name()) " free" } }
                }
                div class="hero-actions" {
                    @for (label, href) in offer_links(bts) {
                        a class="btn btn-primary" href=(href) { (label) }
                    }
                }
            }
        }
        section class="section" aria-labelledby="offers-title" {
            div class="container-page" {
                h2 class="section-title" id="offers-title" { "Three ways to save" }
                div class="card-grid md:grid-cols-3 mt-10" {
                    article class="price-card" {
                        p class="badge badge-popular" { "+" (bts.bonus_percent) "% credits" }
                        h3 class="price-card-name" { "Credit Pack Bonus" }
                        (check_list(&packs_with_bonus))
                        a class="btn btn-dark w-full mt-auto" href=(Page::Memberships.path()) { "Buy Credit Packs" }
                    }
                    article class="price-card price-card-featured" {
                        p class="badge badge-popular" { (bts.percent_off) "% off" }
                        h3 class="price-card-name" { "Membership Discount" }
                        p class="price-card-detail" { "Code " strong data-field=[marks::field(File::Offers.name(), "back_to_school.code")] { (bts.code) } ", for new members, on payments through " (bts.payments_until.short()) "." }
                        a class="btn btn-primary w-full mt-auto" href=(Page::Memberships.path()) { "Join with " (bts.percent_off) "% Off" }
                    }
                    article class="price-card" {
                        p class="badge badge-popular" { (bts.ends.month_name()) " free" }
                        h3 class="price-card-name" { (challenge::WEEKS) " Week Challenge" }
                        p class="price-card-detail" { "Starts " (challenge_starts.long()) ". Sign up now and train free until then." }
                        a class="btn btn-dark w-full mt-auto" href=(Page::Challenge.path()) { "Book Zoom Consult" }
                    }
                }
            }
        }
        section class="section section-alt" aria-labelledby="how-title" {
            div class="container-page" {
                h2 class="section-title" id="how-title" { "How It Works" }
                ol class="step-cards" {
                    li class="card" { span class="step-number" { "1" } h3 class="card-title" { "Pick a path" } p class="card-text" { "Credits, a membership or the challenge: choose what fits your routine." } }
                    li class="card" { span class="step-number" { "2" } h3 class="card-title" { "Secure the offer" } p class="card-text" { "Buy before " (bts.ends.long()) ". Use code " (bts.code) " for memberships; pack bonuses are automatic." } }
                    li class="card" { span class="step-number" { "3" } h3 class="card-title" { "Start training" } p class="card-text" { "Book your first class on the timetable and we will see you in the studio." } }
                }
            }
        }
        section class="section" aria-labelledby="bts-stories-title" {
            div class="container-page" {
                h2 class="section-title" id="bts-stories-title" { "Members love it" }
                div class="mt-10" { (testimonials(&context.content.testimonials.on(Page::BackToSchool.path()))) }
            }
        }
        section class="section section-alt" aria-labelledby="bts-faq-title" {
            div class="container-page max-w-3xl" {
                h2 class="section-title" id="bts-faq-title" { "Questions" }
                div class="mt-8" { (accordion(&faq(&context.content), Some("back-to-school-faq"))) }
                div class="terms-box" {
                    h3 class="font-semibold" { "Terms" }
                    ul class="mt-2 list-disc pl-5" {
                        li { "Valid on purchases up to and including " (format!("{:02}/{:02}", bts.ends.day, bts.ends.month)) "." }
                        li { "The membership discount applies to payments through " (bts.payments_until.short()) " and needs code " (bts.code) "." }
                        li { "Extra credits apply only to " (bonus_list(bts, prices, true)) " packs" (in_studio_note(bts, prices)) "." }
                        li { "The Challenge starts " (format!("{:02}/{:02}", challenge_starts.day, challenge_starts.month)) ", with free training for the rest of " (bts.ends.month_name()) " for earlier sign-ups." }
                        li { "Offers are non-transferable. Our standard booking and cancellation terms apply." }
                    }
                }
            }
        }
        (cta_banner("Don't miss out", &bts.banner(), html! {
            @for (label, href) in offer_links(bts) {
                a class="btn btn-primary" href=(href) { (label) }
            }
        }))
        (widgets::offer_bar::back_to_school_bar("Back to school quick links", &offer_links(bts).iter().map(|(label, href)| LinkSpec { label, href }).collect::<Vec<_>>()))
        }
    }
}
