//! /invest: the investor contact page. The raise and its two options, the financial snapshot,
//! outgoings, the revenue forecast (a table and a bar chart drawn from the same figures), what
//! the money funds, who can join, and the investor contact form. The figures are content
//! (`investors.toml`) and dated: the page says the month they describe, and names the
//! forecast's months from its own first month, never "the next 12 months"; under the hero, the
//! risk warning, the promotion's approver and, once the figures are old, that they are
//! (`components::investors`).

use maud::{html, Markup};
use onespace_core::content::investors::{Investors, Range};
use onespace_core::invest;

use super::components::enquiry_form::{form_island, ThanksLink};
use super::components::investors;
use super::components::{check_list, email_link, icon, page_hero, table_cue, Icon};
use crate::render::{FormView, RenderContext};
use crate::routes::Page;

use crate::routes::INVEST_FORM as FORM;

/// The links of the thank-you panel after a send.
const THANKS_LINKS: &[ThanksLink] = &[ThanksLink::Again {
    class: "btn btn-dark",
}];

/// The page content.
pub fn main(view: &FormView, context: &RenderContext) -> Markup {
    let content = &context.content;
    let studio = &content.studio;
    let figures = &content.investors;
    let raise = &figures.raise;
    html! {
        (page_hero("Investor information", &format!("Invest in One Space: raising {}", raise.amount.format()), &format!("We are raising funds to grow West Lothian's premier hot yoga, HYROX and recovery studio. Here are the figures ({}), the options and how to talk to us.", figures.as_of.long()), html! {
            a class="btn btn-primary" href={ "#" (FORM.anchor) } { "Get in Touch" }
            a class="btn btn-outline-light" href="#options" { "See the Options" }
        }))
        (investors::notice(context))
        section class="section" id="options" aria-labelledby="options-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "The raise" }
                    h2 class="section-title" id="options-title" { (raise.amount.format()) ", two ways to invest" }
                    p class="section-lead" { "Both options are based on a " (raise.pre_money_valuation.format()) " pre-money valuation. The community offer on " a href=(Page::InvestInOneSpace.path()) { "our community investment page" } " (from " (invest::TIERS[0].amount.format()) ") is a separate offer, valued at " (invest::LANDING_VALUATION.format()) "." }
                }
                div class="card-grid md:grid-cols-2" {
                    @for option in invest::deal_options(raise) {
                        article class="card option-card" {
                            h3 class="card-title text-2xl" { (option.title) }
                            p class="option-equity" { (invest::percent_text(option.equity_basis_points)) span class="price-unit" { " equity" } }
                            p class="card-text" { (option.summary) "." }
                        }
                    }
                }
            }
        }
        section class="section section-alt" aria-labelledby="snapshot-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { (figures.as_of_text()) }
                    h2 class="section-title" id="snapshot-title" { "Financial snapshot" }
                    p class="section-lead" { "Our figures for " (figures.as_of.long()) "." }
                }
                dl class="stat-grid" {
                    div class="stat" { dt { "Active members" } dd { (figures.active_members) } }
                    div class="stat" { dt { "Monthly revenue" } dd { (figures.monthly_revenue.format()) } }
                    div class="stat" { dt { "Monthly break-even" } dd { (range(figures.break_even)) } }
                    div class="stat" { dt { "Forecast peak monthly revenue" } dd { (figures.forecast.peak.format()) } }
                }
                h3 class="mt-12 text-xl font-semibold" id="outgoings-title" { "Monthly outgoings" }
                (table_cue())
                div class="table-wrap" role="region" aria-labelledby="outgoings-title" tabindex="0" {
                    table class="data-table" aria-labelledby="outgoings-title" {
                        thead { tr { th scope="col" { "Measure" } th scope="col" { "Low" } th scope="col" { "High" } } }
                        tbody {
                            tr { th scope="row" { "Total monthly outgoings" } td { (figures.outgoings.low.format()) } td { (figures.outgoings.high.format()) } }
                            tr { th scope="row" { "Monthly break-even revenue" } td { (figures.break_even.low.format()) } td { (figures.break_even.high.format()) } }
                            tr { th scope="row" { "Monthly revenue (" (figures.as_of.long()) ")" } td colspan="2" { (figures.monthly_revenue.format()) } }
                        }
                    }
                }
            }
        }
        (forecast(figures))
        section class="section section-alt" aria-labelledby="funds-title" {
            div class="container-page grid grid-cols-1 gap-10 md:grid-cols-2" {
                div {
                    h2 class="section-title" id="funds-title" { "What the money funds" }
                    (check_list(["More infrared studio capacity and class times", "A second Fire & Ice recovery room", "New HYROX and functional training equipment", "Launching Barre, Tai Chi, ladies-only lifting and kids classes", "Marketing to grow our membership across West Lothian"]))
                }
                div {
                    h2 class="section-title" { "Who can join" }
                    p class="section-lead" { "Members, local business owners and anyone who believes in what we are building. We will share our full investor pack and answer every question before you decide." }
                    p class="mt-4 text-sm text-ink-soft" { "Investing puts your capital at risk. This page is information, not financial advice." }
                }
            }
        }
        section class="section" aria-labelledby="talk-title" {
            div class="container-page grid grid-cols-1 items-start gap-10 lg:grid-cols-2" {
                div {
                    h2 class="section-title" id="talk-title" { "Talk to us" }
                    p class="section-lead" { "Send a message or contact the founders directly." }
                    ul class="contact-lines" {
                        li { (icon(Icon::Mail)) (email_link(&studio.email)) }
                        li { (icon(Icon::Phone)) a href=(studio.tel_link()) { (studio.phone.display) } }
                    }
                }
                div class="form-card" {
                    (form_island(&FORM, view, THANKS_LINKS, onespace_core::forms::schema(FORM.form)))
                }
            }
        }
    }
}

fn range(range: Range) -> String {
    format!("{} to {}", range.low.format(), range.high.format())
}

/// The forecast as a table and an SVG bar chart of the same months. Bars are drawn with SVG
/// geometry (no inline styles, which the CSP forbids); the table is the accessible reading.
///
/// The bars run across, one row a month, each with its month at the left and its value at its
/// end: the figures are read off the chart itself, with no axis to estimate against, and the
/// chart keeps one shape at every width (a narrow viewBox, so its text stays legible on a phone,
/// and a capped width in the stylesheet, so at 1440 px it stays within one screen).
fn forecast(figures: &Investors) -> Markup {
    const WIDTH: u64 = 480;
    const ROW: u64 = 28;
    const BAR: u64 = 18;
    const LABELS: u64 = 76;
    const VALUES: u64 = 76;
    let months = figures.forecast();
    let (first, last) = figures.forecast_span();
    let peak = months
        .iter()
        .map(|month| month.revenue.0)
        .max()
        .unwrap_or(1)
        .max(1);
    let height = ROW * months.len() as u64;
    let span = WIDTH - LABELS - VALUES;
    let summary = format!(
        "Bar chart: monthly revenue rising from {} in {} to {} in {}.",
        months
            .first()
            .map(|m| m.revenue.format())
            .unwrap_or_default(),
        first.long(),
        months
            .last()
            .map(|m| m.revenue.format())
            .unwrap_or_default(),
        last.long(),
    );
    html! {
        section class="section" aria-labelledby="forecast-title" {
            div class="container-page" {
                div class="section-head" {
                    p class="eyebrow eyebrow-dark" { "Forecast from " (first.long()) }
                    h2 class="section-title" id="forecast-title" { (months.len()) "-month revenue forecast" }
                    p class="section-lead" { "From " (figures.monthly_revenue.format()) " a month in " (figures.as_of.long()) " to a peak of " (figures.forecast.peak.format()) " a month by " (last.long()) "." }
                }
                figure class="chart-card" {
                    svg class="bar-chart" viewBox={ "0 0 " (WIDTH) " " (height) } width=(WIDTH) height=(height) role="img" aria-label=(summary) {
                        line x1=(LABELS) y1="0" x2=(LABELS) y2=(height) class="bar-axis" {}
                        @for (index, month) in months.iter().enumerate() {
                            @let top = index as u64 * ROW;
                            @let length = (month.revenue.0 * span / peak).max(1);
                            @let middle = top + ROW / 2;
                            text x=(LABELS - 8) y=(middle) class="bar-label" text-anchor="end" dominant-baseline="central" { (month.month.short()) }
                            rect x=(LABELS) y=(top + (ROW - BAR) / 2) width=(length) height=(BAR) rx="3" class="bar" {}
                            text x=(LABELS + length + 6) y=(middle) class="bar-value" dominant-baseline="central" { (month.revenue.format()) }
                        }
                    }
                    figcaption class="mt-3 text-sm text-ink-soft" { "Forecast monthly revenue, " (first.long()) " to " (last.long()) " (" (figures.as_of_text()) ")." }
                }
                // Two columns fit a phone's width: no sideways scroll, so no cue for one.
                div class="table-wrap mt-8" role="region" aria-label="Forecast monthly revenue, the figures" tabindex="0" {
                    table class="data-table min-w-0" {
                        caption class="sr-only" { "Forecast monthly revenue by month" }
                        thead { tr { th scope="col" { "Month" } th scope="col" { "Forecast revenue" } } }
                        tbody {
                            @for month in &months {
                                tr { th scope="row" { (month.month.short()) } td { (month.revenue.format()) } }
                            }
                        }
                    }
                }
            }
        }
    }
}
