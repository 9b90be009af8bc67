//! The content of every page, keyed by the route table's [`Page`].
//!
//! Each page renders its complete content on the server; islands only add behaviour.

mod errors;
mod forms_contract;
mod intro_offer;

use maud::{html, Markup};

use crate::render::{Document, RenderContext};
use crate::routes::{Page, Route};

pub use errors::{not_found, server_error};
pub use forms_contract::{document_with_form, form_anchor};

/// The document for `route`.
pub fn document(route: &Route, context: &RenderContext) -> Document {
    let _ = context;
    let main = match route.page {
        Page::IntroOffer => intro_offer::main(),
        _ => basic(route),
    };
    Document::for_route(route, Vec::new(), main)
}

/// A heading and introduction built from the route table, for pages whose full content is still
/// being written.
fn basic(route: &Route) -> Markup {
    let heading = route.title.split(" | ").next().unwrap_or(route.title);
    html! {
        section class="page-hero" {
            div class="container-page" {
                h1 class="page-title" { (heading) }
                p class="page-lead" { (route.description) }
                div class="hero-actions" {
                    a class="btn btn-primary" href=(Page::IntroOffer.path()) { "Start My 14-Day Trial" }
                    a class="btn btn-outline" href=(Page::Memberships.path()) { "View Memberships" }
                }
            }
        }
    }
}
