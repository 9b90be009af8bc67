//! Enquiry forms (contact, investment interest, investor contact, membership; SPEC sections 3-5,
//! 7, 8) and the founder page's membership modal.
//!
//! The server renders the whole form from the core's schema: without JavaScript it posts to its
//! own page (`action` = path and anchor) and the server answers with the same markup in the
//! state of a [`FormView`] (values and messages kept, or the thank-you panel). The `EnquiryForm`
//! island takes it over in the same box: its first render is this markup
//! (`frontend/src/islands/forms/FormFields.tsx` and `EnquiryFormView.tsx`; change both together),
//! and it posts JSON to the forms API instead.
//!
//! The element with the page's anchor id is the page's own (a section around the form), so the
//! form works wherever a page places it.

use maud::{html, Markup};
use onespace_core::forms::{messages, schema, Field, FormMessages, FormName, InputType};
use serde::Serialize;
use serde_json::json;

use super::{LinkSpec, CHOOSE_PROMPT};
use crate::render::{island, FormView, Load};

/// The JSON endpoint of the forms API.
pub const ENQUIRIES_API: &str = "/api/enquiries";

/// The field people leave empty and bots fill in.
pub const HONEYPOT: &str = "website";

/// A link on the thank-you panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThanksAction<'a> {
    /// The link.
    #[serde(flatten)]
    pub link: LinkSpec<'a>,
    /// Opens the chat assistant with JavaScript.
    pub chat_open: bool,
}

/// Where and what a form is.
#[derive(Debug, Clone, Copy)]
pub struct FormPlace<'a> {
    /// Which form.
    pub form: FormName,
    /// The page's path (the form posts there without JavaScript).
    pub path: &'a str,
    /// The id of the page's element around the form.
    pub anchor: &'a str,
    /// Links on the thank-you panel besides 'send another'.
    pub thanks_actions: &'a [ThanksAction<'a>],
}

impl FormPlace<'_> {
    fn action(&self) -> String {
        format!("{}#{}", self.path, self.anchor)
    }

    fn id_prefix(&self) -> &str {
        self.form.as_str()
    }
}

/// The payload's `formType` for a form (SPEC section 7).
pub fn form_type(form: FormName) -> &'static str {
    match form {
        FormName::Contact => "contact",
        FormName::Membership => "membership",
        _ => "investment",
    }
}

fn props(place: &FormPlace<'_>, id_prefix: &str, view: &FormView) -> serde_json::Value {
    json!({
        "form": place.form,
        "formType": form_type(place.form),
        "endpoint": ENQUIRIES_API,
        "action": place.action(),
        "idPrefix": id_prefix,
        "fields": schema(place.form).fields,
        "messages": messages(place.form),
        "choosePrompt": CHOOSE_PROMPT,
        "honeypot": HONEYPOT,
        "thanksActions": place.thanks_actions,
        "values": view.values,
        "errors": view.errors,
        "sent": view.sent,
    })
}

/// The form island in the state `view`, with the server form as its fallback.
pub fn enquiry_form(place: &FormPlace<'_>, view: &FormView) -> Markup {
    island(
        "EnquiryForm",
        Load::Visible,
        &props(place, place.id_prefix(), view),
        html! {
            div class="enquiry" {
                @if view.sent {
                    (thanks_panel(place, &messages(place.form)))
                } @else {
                    (form_markup(place, place.id_prefix(), view))
                }
            }
        },
    )
}

/// The founder page's membership modal: empty until a plan's button opens it.
pub fn membership_dialog(path: &str, anchor: &str) -> Markup {
    let place = FormPlace {
        form: FormName::Membership,
        path,
        anchor,
        thanks_actions: &[],
    };
    let mut value = props(&place, "membership-dialog", &FormView::blank());
    if let Some(object) = value.as_object_mut() {
        object.insert("title".into(), json!("Claim Your Founder Membership"));
        object.insert(
            "description".into(),
            json!(
                "Lock in 20% off for life. We'll confirm your membership details within 24 hours."
            ),
        );
    }
    island("MembershipDialog", Load::Interaction, &value, html! {})
}

/// A founder plan's 'Choose Plan' button: opens the modal with `plan` preselected; without
/// JavaScript a link to the membership form on the page.
pub fn plan_button(plan: &str, anchor: &str, label: &str, class: &str) -> Markup {
    html! {
        a class=(class) href={ "#" (anchor) } data-membership-plan=(plan) { (label) }
    }
}

fn form_markup(place: &FormPlace<'_>, id_prefix: &str, view: &FormView) -> Markup {
    let texts = messages(place.form);
    let honeypot_id = format!("{id_prefix}-{HONEYPOT}");
    html! {
        form class="enquiry-form" method="post" action=(place.action()) novalidate {
            input type="hidden" name="formType" value=(form_type(place.form));
            div class="form-honeypot" aria-hidden="true" {
                label for=(honeypot_id) { "Leave this field empty" }
                input id=(honeypot_id) type="text" name=(HONEYPOT) tabindex="-1" autocomplete="off" value="";
            }
            fieldset class="form-body" {
                div class="form-fields" {
                    @for field in &schema(place.form).fields {
                        (field_markup(field, id_prefix, view))
                    }
                }
                button type="submit" class="btn btn-primary form-submit" { (texts.submit_label) }
            }
        }
    }
}

fn required_mark(field: &Field) -> Markup {
    html! {
        @if field.required {
            span class="form-required" aria-hidden="true" { " *" }
        }
    }
}

fn field_markup(field: &Field, id_prefix: &str, view: &FormView) -> Markup {
    let id = format!("{id_prefix}-{}", field.name);
    let error_id = format!("{id}-error");
    let error = view.error(field.name);
    let invalid = error.map(|_| "true");
    let described = error.map(|_| error_id.as_str());
    let value = view.value(field.name);
    let wide = matches!(field.input_type, InputType::Textarea | InputType::Radio);
    let class = if wide {
        "form-field form-field-wide"
    } else {
        "form-field"
    };
    let message = html! {
        @if let Some(message) = error {
            p class="form-error" id=(error_id) { (message) }
        }
    };
    if field.input_type == InputType::Radio {
        return html! {
            fieldset class=(class) aria-invalid=[invalid] aria-describedby=[described] {
                legend class="form-label" { (field.label) (required_mark(field)) }
                div class="form-radios" {
                    @for option in &field.options {
                        label class="form-radio" {
                            input type="radio" name=(field.name) value=(option.value) required[field.required] checked[value == option.value];
                            span { (option.label) }
                        }
                    }
                }
                (message)
            }
        };
    }
    html! {
        div class=(class) {
            label class="form-label" for=(id) { (field.label) (required_mark(field)) }
            @match field.input_type {
                InputType::Select => {
                    select id=(id) name=(field.name) required[field.required] aria-invalid=[invalid] aria-describedby=[described] class="form-input" {
                        option value="" { (CHOOSE_PROMPT) }
                        @for option in &field.options {
                            option value=(option.value) selected[value == option.value] { (option.label) }
                        }
                    }
                }
                InputType::Textarea => {
                    textarea id=(id) name=(field.name) required[field.required] aria-invalid=[invalid] aria-describedby=[described] class="form-input form-textarea" rows="5" maxlength=(field.max_length) placeholder=[field.placeholder] { (value) }
                }
                input_type => {
                    input id=(id) name=(field.name) required[field.required] value=(value) aria-invalid=[invalid] aria-describedby=[described] class="form-input" type=(input_kind(input_type)) maxlength=(field.max_length) autocomplete=[field.autocomplete] placeholder=[field.placeholder];
                }
            }
            (message)
        }
    }
}

fn input_kind(input_type: InputType) -> &'static str {
    match input_type {
        InputType::Email => "email",
        InputType::Tel => "tel",
        _ => "text",
    }
}

fn thanks_panel(place: &FormPlace<'_>, texts: &FormMessages) -> Markup {
    let text = texts
        .thank_you
        .or(texts.success.and_then(|toast| toast.description));
    html! {
        div class="form-thanks" tabindex="-1" {
            p class="form-thanks-text" { (text.unwrap_or_default()) }
            div class="form-thanks-actions" {
                @for action in place.thanks_actions {
                    @if action.chat_open {
                        a class="btn btn-outline btn-sm" href=(action.link.href) data-chat-open="" { (action.link.label) }
                    } @else {
                        a class="btn btn-outline btn-sm" href=(action.link.href) { (action.link.label) }
                    }
                }
                @if let Some(again) = texts.again_label {
                    a class="form-again" href=(place.action()) { (again) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    const CONTACT: FormPlace<'static> = FormPlace {
        form: FormName::Contact,
        path: "/contact",
        anchor: "contact-form",
        thanks_actions: &[ThanksAction {
            link: LinkSpec {
                label: "Read our FAQ",
                href: "/faq",
            },
            chat_open: false,
        }],
    };

    #[test]
    fn the_fallback_form_posts_to_its_page_with_form_type_honeypot_and_every_field() {
        let html = enquiry_form(&CONTACT, &FormView::blank()).into_string();
        assert!(html.contains(r#"data-island="EnquiryForm""#));
        assert!(html.contains(r##"method="post" action="/contact#contact-form""##));
        assert!(html.contains(r#"name="formType" value="contact""#));
        assert!(html.contains(r#"name="website""#));
        for field in schema(FormName::Contact).fields {
            assert!(
                html.contains(&format!("name=\"{}\"", field.name)),
                "{}",
                field.name
            );
        }
        assert!(html.contains("Send Message</button>"));
    }

    #[test]
    fn a_failed_post_keeps_values_and_shows_messages_beside_fields() {
        let view = FormView {
            values: BTreeMap::from([("firstName".to_owned(), "Ada <3".to_owned())]),
            errors: BTreeMap::from([("email".to_owned(), "Please enter your email.".to_owned())]),
            sent: false,
        };
        let html = enquiry_form(&CONTACT, &view).into_string();
        assert!(html.contains(r#"value="Ada &lt;3""#));
        assert!(html.contains(r#"aria-invalid="true" aria-describedby="contact-email-error""#));
        assert!(html.contains(
            r#"<p class="form-error" id="contact-email-error">Please enter your email.</p>"#
        ));
    }

    #[test]
    fn a_sent_form_shows_the_thank_you_panel() {
        let html = enquiry_form(&CONTACT, &FormView::sent()).into_string();
        assert!(
            html.contains("Thanks for contacting us! We&#39;ll get back in touch ASAP.")
                || html.contains("Thanks for contacting us! We'll get back in touch ASAP.")
        );
        assert!(html.contains(
            r##"<a class="form-again" href="/contact#contact-form">Send another message</a>"##
        ));
        assert!(!html.contains("<form"));
    }

    #[test]
    fn investment_forms_post_as_investment() {
        assert_eq!(form_type(FormName::InvestmentInterest), "investment");
        assert_eq!(form_type(FormName::InvestorContact), "investment");
        assert_eq!(form_type(FormName::Membership), "membership");
    }

    #[test]
    fn plan_buttons_link_to_the_form_and_name_the_plan() {
        assert_eq!(
            plan_button("flex", "membership-form", "Choose Plan", "btn").into_string(),
            r##"<a class="btn" href="#membership-form" data-membership-plan="flex">Choose Plan</a>"##
        );
    }
}
