//! The 14-day trial's online intro price (£39, usually £49) wherever a page offers it: /intro-offer
//! and the six service pages.
//!
//! Every price and button that holds only while the intro countdown runs is rendered twice: the
//! intro version marked `data-offer-running`, and its regular-price twin marked
//! `data-offer-expired` and `hidden`. When the countdown island reaches zero (or finds on a revisit
//! that the visitor's window has ended, with the studio's `once-per-visitor` choice) it swaps them,
//! so nothing on the page still offers a price that ended. Without JavaScript the server's fresh
//! window shows, as the countdown does. With the studio's `none` choice there is no countdown and
//! the intro price is shown plainly, once.

use maud::{html, Markup};
use onespace_core::content::{BookingPage, Content, Trial};

use super::external;
use crate::widgets;

/// The intro offer of one page: what it costs and where each price is bought.
pub struct IntroOffer<'a> {
    /// The trial's prices and the studio's countdown choice.
    pub trial: &'a Trial,
    /// The provider's checkout at the intro price.
    pub intro_url: String,
    /// The provider's checkout at the regular price.
    pub regular_url: String,
}

impl<'a> IntroOffer<'a> {
    /// The intro offer as `content` prices and links it.
    pub fn of(content: &'a Content) -> Self {
        Self {
            trial: &content.prices.trial,
            intro_url: content.schedule.url(BookingPage::IntroOffer),
            regular_url: content.schedule.url(BookingPage::Trial),
        }
    }

    /// Whether a countdown runs (and so whether anything has a regular twin).
    pub fn counts_down(&self) -> bool {
        self.trial.intro_revisit().is_some()
    }

    /// The countdown island with `label` before the time; nothing with the `none` choice.
    pub fn countdown(&self, label: &str) -> Markup {
        match self.trial.intro_revisit() {
            Some(revisit) => widgets::countdown::intro(label, revisit),
            None => html! {},
        }
    }

    /// `running` while the countdown runs and `regular` once it has ended (hidden until then);
    /// `running` alone when there is no countdown. Each twin is a `div` (the twins hold
    /// paragraphs and buttons, flow content a `span` may not hold) laid out as if it were not
    /// there (`display: contents`), so its children sit in the page's flex rows and grids as
    /// they do without a countdown.
    pub fn twin(&self, running: Markup, regular: Markup) -> Markup {
        if !self.counts_down() {
            return running;
        }
        html! {
            div class="offer-twin" data-offer-running { (running) }
            div class="offer-twin" data-offer-expired hidden { (regular) }
        }
    }

    /// `£39 online intro price, usually £49`, or once the countdown ended `The 14-day trial: £49`.
    pub fn price_line(&self, class: &str) -> Markup {
        self.twin(
            html! { p class=(class) { (self.trial.intro_price_text()) } },
            html! { p class=(class) { "The 14-day trial: " (self.trial.price.format()) } },
        )
    }

    /// A checkout button: `intro_label` to the intro checkout, or once the countdown ended
    /// `regular_label` to the regular one.
    pub fn button(&self, class: &str, intro_label: &str, regular_label: &str) -> Markup {
        self.twin(
            external(&self.intro_url, class, intro_label),
            external(&self.regular_url, class, regular_label),
        )
    }
}
