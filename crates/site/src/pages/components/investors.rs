//! What both investor pages (/invest, /investinonespace) carry first, under their hero: the risk
//! warning (the content's prescribed wording, or while it has none the plain fact that capital is
//! at risk), who approved the promotion once the content names them, and, when the figures are
//! older than the content's set age, that they are.

use maud::{html, Markup};
use onespace_core::calendar::london_date;
use onespace_core::content::investors::Month;
use onespace_core::content::Investors;

use crate::render::RenderContext;

/// The notice band.
pub fn notice(context: &RenderContext) -> Markup {
    let investors: &Investors = &context.content.investors;
    let today = Month::of(london_date(context.now));
    html! {
        section class="risk-band" aria-label="Risk warning" {
            div class="container-page" {
                div class="risk-warning" role="note" {
                    p class="risk-warning-text" { (investors.risk_text()) }
                    @if let Some(approval) = investors.approval_text() {
                        p class="risk-warning-approval" { (approval) }
                    }
                    @if let Some(age) = investors.age_warning(today) {
                        p class="risk-warning-age" data-figures-old { (age) }
                    }
                }
            }
        }
    }
}
