//! The content of every page, keyed by the route table's [`Page`].
//!
//! Each page renders its complete content on the server; islands only add behaviour. Shared
//! building blocks live in [`components`], structured data in [`structured`].
//!
//! Four pages carry an enquiry form (their route's `form`). They render from a [`FormView`], so the
//! form-post handler can show the same page with the visitor's values and messages, or with the
//! thank-you panel, through [`document_with_form`].

pub mod campaigns;
pub mod components;
pub mod structured;

mod about;
mod back_to_school;
mod challenge;
mod classes;
mod contact;
mod corporate;
mod errors;
mod faq;
mod fast_access;
mod fire_ice;
mod founder;
mod home;
mod hyrox;
mod intro_offer;
mod invest;
mod invest_landing;
mod landing;
mod legal;
mod memberships;
mod privacy;
mod retreat;
mod september_sale;
mod team;
mod timetable;

/// When the terms on /terms took effect (`3 June 2025`): the launch check dates them.
pub use legal::EFFECTIVE as TERMS_EFFECTIVE;

use onespace_core::content::Content;
use serde_json::Value;

use crate::render::json::json_ld;
use crate::render::{Document, FormView, RenderContext};
use crate::routes::{MainPhoto, Page, Route};

pub use errors::{not_found, server_error};

/// The document for `route`, with any enquiry form blank.
pub fn document(route: &Route, context: &RenderContext) -> Document {
    document_with_form(route, context, &FormView::blank())
}

/// The document for `route` with its enquiry form in the state `view` describes: values shown
/// back, a message beside each field and a summary when there are errors, or the thank-you panel
/// instead of the form once sent. Pages without a form ignore `view`.
pub fn document_with_form(route: &Route, context: &RenderContext, view: &FormView) -> Document {
    use structured as ld;
    if let Some(campaign) = route.campaign {
        let state = campaign.state_at(&context.content.offers, context.now);
        if state.phase != onespace_core::calendar::Phase::Live {
            return campaigns::not_running(route, campaign, state, &context.content);
        }
    }
    let (data, main): (Vec<Value>, _) = match route.page {
        Page::Home => (vec![ld::web_page(route, context)], home::main(context)),
        Page::About => (vec![ld::health_club(context)], about::main(context)),
        Page::OurClasses => (Vec::new(), classes::main(context)),
        Page::Timetable => (ld::class_events(context), timetable::main(context)),
        Page::Memberships => (
            vec![ld::membership_catalog(route, context)],
            memberships::main(context),
        ),
        Page::Challenge => (Vec::new(), challenge::main(context)),
        Page::FireIce => (Vec::new(), fire_ice::main(context)),
        Page::Hyrox => (Vec::new(), hyrox::main(context)),
        Page::IntroOffer => (vec![ld::intro_offer(context)], intro_offer::main(context)),
        Page::MeetTheTeam => (Vec::new(), team::main(&context.content, &context.images)),
        Page::CorporateWellness => (Vec::new(), corporate::main(context)),
        Page::Invest => (Vec::new(), invest::main(view, context)),
        Page::InvestInOneSpace => (Vec::new(), invest_landing::main(view, context)),
        Page::Contact => (
            Vec::new(),
            contact::main(
                view,
                &context.content.studio,
                &context.content.offers.concession,
            ),
        ),
        Page::Faq => (
            vec![components::faq::faq_page_data(&faq::items(
                &context.content,
            ))],
            faq::main(&context.content),
        ),
        Page::Terms => (Vec::new(), legal::main(&context.content)),
        Page::Privacy => (
            Vec::new(),
            privacy::main(
                context.retention_days,
                context.visits_retention_days,
                &context.content.studio,
            ),
        ),
        Page::FastAccess => (Vec::new(), fast_access::main(&context.content)),
        Page::YogaRetreat => (Vec::new(), retreat::main(context)),
        Page::FounderMemberships => (Vec::new(), founder::main(&context.content.prices, view)),
        Page::BackToSchool => (
            vec![ld::back_to_school_event(route, context)],
            back_to_school::main(context),
        ),
        Page::SeptemberSale => (
            vec![september_sale::structured_data(route, context)],
            september_sale::main(context),
        ),
        Page::HotYoga
        | Page::YogaBeginners
        | Page::Pilates
        | Page::GroupPt
        | Page::HyroxTraining
        | Page::FireIceRecovery => landing::render(route, context),
    };
    let mut document = Document::for_route(route, data.iter().map(json_ld).collect(), main);
    document.main_photo = route.main_photo.map(MainPhoto::place);
    // /fast-access, the five-minute code the studio sends people to (an advert, a message), is
    // unlisted rather than forbidden: no page links to it and the sitemap leaves it out (the
    // route table's `in_sitemap`), but it is not `noindex`. Whoever finds it, by search or by a
    // shared link, gets the offer an advert's visitor gets, a code the checkout honours and a
    // countdown of their own; and Lighthouse's SEO check fails any `noindex` page.
    worded_from_content(&mut document, route, &context.content);
    document
}

/// An offer page's title and description name its figures, so they are worded from the content
/// served; the route table holds the same words for the built-in content (what `onespace routes`
/// lists, checked equal by the tests), which an edited folder may change.
fn worded_from_content(document: &mut Document, route: &Route, content: &Content) {
    match route.page {
        Page::BackToSchool => document.description = back_to_school::description(content).into(),
        Page::SeptemberSale => {
            let sale = &content.offers.september_sale;
            document.title = september_sale::title(sale).into();
            document.description = september_sale::description(sale).into();
        }
        Page::YogaRetreat => {
            document.description = retreat::description(&content.offers.retreat).into();
        }
        _ => {}
    }
}
