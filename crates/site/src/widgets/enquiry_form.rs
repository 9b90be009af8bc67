//! Enquiry form islands (contact, investment interest, investor contact, membership; SPEC
//! sections 3-5, 7, 8) and the founder page's membership modal.
//!
//! The page renders its form (`pages/components/enquiry_form.rs`): without JavaScript it posts to its
//! own page and the server answers with the same markup in the state of a [`FormView`] (values
//! and messages kept, or the thank-you panel). [`enquiry_form`] wraps that markup in the
//! `EnquiryForm` island, whose first render is the same markup
//! (`frontend/src/islands/forms/FormFields.tsx`, `EnquiryFormView.tsx`, `ThankYouPanel.tsx`;
//! change them together), and which posts JSON to the forms API instead.

use maud::{html, Markup};
use onespace_core::forms::{messages, FormName, FormSchema};
use serde::Serialize;
use serde_json::{json, Value};

use crate::render::{island, FormView, Load};

/// The JSON endpoint of the forms API.
pub const ENQUIRIES_API: &str = "/api/enquiries";

/// The field people leave empty and bots fill in (the forms API drops posts that fill it).
pub use onespace_core::forms::wire::HONEYPOT;

/// The fixed texts of every enquiry form, shared by the server-rendered form
/// (`pages::components::enquiry_form`) and the island that takes it over.
pub mod texts {
    /// First option of a required select.
    pub const CHOOSE_PROMPT: &str = "Please choose...";
    /// First option of an optional select.
    pub const OPTIONAL_PROMPT: &str = "Select an option";
    /// Heading of the list of problems after a failed send.
    pub const SUMMARY_TITLE: &str = "Please check the following and try again:";
    /// Before the required mark in the form's note.
    pub const REQUIRED_NOTE_BEFORE: &str = "Fields marked";
    /// After the required mark in the form's note.
    pub const REQUIRED_NOTE_AFTER: &str = "are required.";
    /// Label of the honeypot field.
    pub const HONEYPOT_LABEL: &str = "Leave this empty";
}

/// The field texts the dialogs' forms need.
pub fn field_texts() -> Value {
    json!({
        "choosePrompt": texts::CHOOSE_PROMPT,
        "optionalPrompt": texts::OPTIONAL_PROMPT,
    })
}

fn form_texts() -> Value {
    json!({
        "choosePrompt": texts::CHOOSE_PROMPT,
        "optionalPrompt": texts::OPTIONAL_PROMPT,
        "summaryTitle": texts::SUMMARY_TITLE,
        "requiredNoteBefore": texts::REQUIRED_NOTE_BEFORE,
        "requiredNoteAfter": texts::REQUIRED_NOTE_AFTER,
        "honeypotLabel": texts::HONEYPOT_LABEL,
    })
}

/// A link on the thank-you panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThanksAction {
    /// Visible text.
    pub label: String,
    /// Address.
    pub href: String,
    /// Classes, as the page's panel has them.
    pub class_name: String,
    /// Opens the chat assistant (and shows its icon).
    pub chat_open: bool,
    /// Returns to an empty form.
    pub again: bool,
}

/// The panel that replaces the form after a send (as the page's `thank_you_panel`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThanksPanel {
    /// Heading.
    pub title: String,
    /// Text.
    pub text: String,
    /// Links.
    pub actions: Vec<ThanksAction>,
}

/// Where and what a form is.
#[derive(Debug, Clone)]
pub struct FormPlace {
    /// Which form.
    pub form: FormName,
    /// The page's path (the form posts there without JavaScript).
    pub path: &'static str,
    /// The form's id and the fragment of its action.
    pub anchor: &'static str,
    /// Its fields, choices labelled as the page shows them (founder plans with their prices).
    pub schema: FormSchema,
    /// The thank-you panel, for forms that replace themselves with one.
    pub thanks: Option<ThanksPanel>,
}

/// The payload's `formType` for a form (SPEC section 7).
pub fn form_type(form: FormName) -> &'static str {
    match form {
        FormName::Contact => "contact",
        FormName::Membership => "membership",
        _ => "investment",
    }
}

fn props(place: &FormPlace, anchor: &str, view: &FormView) -> Value {
    json!({
        "form": place.form,
        "formType": form_type(place.form),
        "endpoint": ENQUIRIES_API,
        "action": format!("{}#{}", place.path, place.anchor),
        "anchor": anchor,
        "fields": place.schema.fields,
        "messages": messages(place.form),
        "texts": form_texts(),
        "honeypot": HONEYPOT,
        "idempotencyHeader": onespace_core::forms::wire::IDEMPOTENCY_HEADER,
        "idempotencyField": onespace_core::forms::wire::IDEMPOTENCY_FIELD,
        "idempotencyKey": view.idempotency_key,
        "thanks": place.thanks,
        "values": view.values,
        "errors": view.errors,
        "sent": view.sent,
    })
}

/// The form island in the state `view` over `page_form`, the page's own form (or thank-you
/// panel) markup for that state. It loads when the visitor reaches for the form (pointer over,
/// focus, touch), not when the form comes into view: the server's form works on its own (it
/// posts to its page), the island carries over what was typed before it mounted and keeps the
/// focus, and a page with a form then runs no framework before the visitor uses it.
pub fn enquiry_form(place: &FormPlace, view: &FormView, page_form: Markup) -> Markup {
    island(
        "EnquiryForm",
        Load::Interaction,
        &props(place, place.anchor, view),
        page_form,
    )
}

/// The founder page's membership modal: empty until a plan's button (`data-plan`) opens it.
pub fn membership_dialog(path: &'static str, anchor: &'static str, schema: FormSchema) -> Markup {
    let place = FormPlace {
        form: FormName::Membership,
        path,
        anchor,
        schema,
        thanks: None,
    };
    let mut value = props(&place, "membership-dialog", &FormView::blank());
    if let Some(object) = value.as_object_mut() {
        object.insert("title".into(), json!("Claim Your Founder Membership"));
        object.insert(
            "description".into(),
            json!("Your plan is chosen; tell us how to reach you and how you'd like to pay."),
        );
    }
    island("MembershipDialog", Load::Interaction, &value, html! {})
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn contact() -> FormPlace {
        FormPlace {
            form: FormName::Contact,
            path: "/contact",
            anchor: "contact-form",
            schema: onespace_core::forms::schema(FormName::Contact),
            thanks: Some(ThanksPanel {
                title: "Message Sent!".into(),
                text: "Thanks".into(),
                actions: vec![ThanksAction {
                    label: "Send another message".into(),
                    href: "/contact#contact-form".into(),
                    class_name: "btn btn-primary".into(),
                    chat_open: false,
                    again: true,
                }],
            }),
        }
    }

    #[test]
    fn the_island_wraps_the_page_form_and_carries_schema_messages_and_state() {
        let view = FormView {
            values: BTreeMap::from([("firstName".to_owned(), "Ada <3".to_owned())]),
            errors: BTreeMap::from([("email".to_owned(), "Please enter your email.".to_owned())]),
            sent: false,
            idempotency_key: Some("0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47".to_owned()),
        };
        let html =
            enquiry_form(&contact(), &view, html! { form id="contact-form" {} }).into_string();
        assert!(html.contains(r#"data-island="EnquiryForm" data-load="interaction""#));
        assert!(html.contains(r#"<form id="contact-form"></form>"#));
        assert!(html.contains(r#""formType":"contact""#));
        assert!(html.contains(r##""action":"/contact#contact-form""##));
        assert!(html.contains(r#""firstName":"Ada \u003c3""#));
        assert!(html.contains(r#""email":"Please enter your email.""#));
        assert!(html.contains(r#""submitLabel":"Send Message""#));
        assert!(html.contains(r#""className":"btn btn-primary""#));
        assert!(html.contains(r#""idempotencyKey":"0b7e4c1a-5d3f-4a8e-9c21-6f0d2b9e8a47""#));
        assert!(html.contains(r#""idempotencyHeader":"Idempotency-Key""#));
    }

    #[test]
    fn investment_forms_post_as_investment() {
        assert_eq!(form_type(FormName::InvestmentInterest), "investment");
        assert_eq!(form_type(FormName::InvestorContact), "investment");
        assert_eq!(form_type(FormName::Membership), "membership");
        assert_eq!(form_type(FormName::Contact), "contact");
    }

    #[test]
    fn the_membership_dialog_is_empty_until_opened() {
        let html = membership_dialog(
            "/founder-memberships",
            "membership-form",
            onespace_core::forms::schema(FormName::Membership),
        )
        .into_string();
        assert!(html.contains(r#"data-island="MembershipDialog" data-load="interaction""#));
        assert!(html.contains(r#""anchor":"membership-dialog""#));
        assert!(html.ends_with("</script></div>"));
    }
}
