//! TEMPORARY stand-in, to be replaced by the pages branch at merge: the contract between the page
//! templates and the enquiry handlers (`form_anchor`, `document_with_form`), with a minimal
//! server-rendered form built from the core's schemas so the forms work end to end until the
//! real page templates land.

use maud::{html, Markup};
use onespace_core::forms::{messages, schema, FormName, InputType};

use crate::render::{Document, FormView, RenderContext};
use crate::routes::{Page, Route};

/// The id of the form on `page` (the fragment the form posts to), for pages that have one.
pub fn form_anchor(page: Page) -> Option<&'static str> {
    match page {
        Page::Contact => Some("contact-form"),
        Page::InvestInOneSpace => Some("register-form"),
        Page::Invest => Some("investment-form"),
        Page::FounderMemberships => Some("membership-form"),
        _ => None,
    }
}

fn form_of(page: Page) -> Option<(FormName, &'static str)> {
    match page {
        Page::Contact => Some((FormName::Contact, "contact")),
        Page::InvestInOneSpace => Some((FormName::InvestmentInterest, "investment")),
        Page::Invest => Some((FormName::InvestorContact, "investment")),
        Page::FounderMemberships => Some((FormName::Membership, "membership")),
        _ => None,
    }
}

/// The page at `route` with its form in the state `view`.
pub fn document_with_form(route: &Route, context: &RenderContext, view: &FormView) -> Document {
    let _ = context;
    let heading = route.title.split(" | ").next().unwrap_or(route.title);
    let main = html! {
        section class="page-hero" {
            div class="container-page" {
                h1 class="page-title" { (heading) }
                p class="page-lead" { (route.description) }
            }
        }
        @if let (Some(anchor), Some((form, form_type))) = (form_anchor(route.page), form_of(route.page)) {
            section class="container-page" id=(anchor) {
                (form_markup(route, anchor, form, form_type, view))
            }
        }
    };
    Document::for_route(route, Vec::new(), main)
}

fn form_markup(
    route: &Route,
    anchor: &str,
    form: FormName,
    form_type: &str,
    view: &FormView,
) -> Markup {
    let texts = messages(form);
    if view.sent {
        let thank_you = texts
            .thank_you
            .or(texts.success.and_then(|toast| toast.description))
            .unwrap_or("Thank you! We'll be in touch soon.");
        return html! {
            div class="form-thanks" role="status" {
                h2 { @if let Some(toast) = texts.success { (toast.title) } }
                p { (thank_you) }
                a href=(format!("{}#{anchor}", route.path)) { (texts.again_label.unwrap_or("Send another message")) }
            }
        };
    }
    html! {
        form method="post" action=(format!("{}#{anchor}", route.path)) novalidate {
            input type="hidden" name="formType" value=(form_type);
            div hidden {
                label for=(format!("{anchor}-website")) { "Leave this field empty" }
                input type="text" id=(format!("{anchor}-website")) name="website" tabindex="-1" autocomplete="off";
            }
            @for field in schema(form).fields {
                @let id = format!("{anchor}-{}", field.name);
                @let error = view.error(field.name);
                div class="form-field" {
                    @if field.input_type != InputType::Radio {
                        label for=(id) { (field.label) @if field.required { " *" } }
                    }
                    @match field.input_type {
                        InputType::Textarea => {
                            textarea id=(id) name=(field.name) maxlength=(field.max_length) aria-invalid=[error.map(|_| "true")] { (view.value(field.name)) }
                        }
                        InputType::Select => {
                            select id=(id) name=(field.name) aria-invalid=[error.map(|_| "true")] {
                                option value="" { "Choose..." }
                                @for option in &field.options {
                                    option value=(option.value) selected[view.value(field.name) == option.value] { (option.label) }
                                }
                            }
                        }
                        InputType::Radio => {
                            fieldset {
                                legend { (field.label) @if field.required { " *" } }
                                @for option in &field.options {
                                    label {
                                        input type="radio" name=(field.name) value=(option.value) checked[view.value(field.name) == option.value];
                                        " " (option.label)
                                    }
                                }
                            }
                        }
                        input_type => {
                            @let kind = match input_type { InputType::Email => "email", InputType::Tel => "tel", _ => "text" };
                            input type=(kind) id=(id) name=(field.name) value=(view.value(field.name)) maxlength=(field.max_length) autocomplete=[field.autocomplete] aria-invalid=[error.map(|_| "true")];
                        }
                    }
                    @if let Some(message) = error {
                        p class="form-error" role="alert" { (message) }
                    }
                }
            }
            button type="submit" class="btn btn-primary" { (texts.submit_label) }
        }
    }
}
