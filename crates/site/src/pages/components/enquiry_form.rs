//! Enquiry forms rendered from the core's schemas: labels, input types, required marks,
//! autocomplete tokens, option lists and length limits all come from `onespace_core::forms`, so
//! the server-rendered form, the islands and the validation agree.
//!
//! The markup is the contract with the form-post handler: `<form method="post"
//! action="{path}#{anchor}" id="{anchor}">`, a hidden `formType`, field names as SPEC section 7's
//! JSON names, a honeypot field `website` that people never see, and on a page answering a post
//! the post's idempotency key as a hidden field (`crate::enquiries::idempotency`). Native `required`
//! attributes stay, so browsers check before posting; the server checks again with the same rules
//! and re-renders the form from a [`FormView`] with the values and a message beside each field.

use maud::{html, Markup};
use onespace_core::forms::{self, Field, FormSchema, InputType};

use super::icon;
use super::Icon;
use super::CHAT_LABEL;
use crate::render::FormView;
use crate::routes::{Page, PageForm};
use crate::widgets;
use crate::widgets::enquiry_form::{texts, FormPlace, ThanksAction, ThanksPanel, HONEYPOT};
use onespace_core::forms::wire::IDEMPOTENCY_FIELD;

impl PageForm {
    fn field_id(&self, name: &str) -> String {
        format!("{}-{}", self.anchor, name)
    }
}

/// The honeypot: a field hidden from people (visually and from assistive technology) that
/// bots fill in; the handler drops any post where it has a value.
pub fn honeypot() -> Markup {
    html! {
        div class="hp-field" aria-hidden="true" {
            label { (texts::HONEYPOT_LABEL) input name=(HONEYPOT) tabindex="-1" autocomplete="off"; }
        }
    }
}

/// The form in the state `view` describes (blank, or values with messages after a failed post).
pub fn enquiry_form(setup: &PageForm, view: &FormView, schema: &FormSchema) -> Markup {
    let messages = forms::messages(setup.form);
    let action = format!("{}#{}", setup.page.path(), setup.anchor);
    html! {
        form class="enquiry-form" method="post" action=(action) id=(setup.anchor) {
            @if !view.errors.is_empty() {
                div class="form-summary" role="alert" {
                    p class="font-semibold" { (texts::SUMMARY_TITLE) }
                    ul class="mt-2 list-disc pl-5" {
                        @for (name, message) in &view.errors {
                            li {
                                @if schema.field(name).is_some() {
                                    a href={ "#" (setup.field_id(name)) } { (message) }
                                } @else {
                                    (message)
                                }
                            }
                        }
                    }
                }
            }
            p class="form-note" { (texts::REQUIRED_NOTE_BEFORE) " " span class="required-mark" aria-hidden="true" { "*" } " " (texts::REQUIRED_NOTE_AFTER) }
            input type="hidden" name="formType" value=(setup.form_type);
            @if let Some(key) = &view.idempotency_key {
                input type="hidden" name=(IDEMPOTENCY_FIELD) value=(key);
            }
            div class="form-grid" {
                @for field in &schema.fields {
                    (field_markup(setup, field, view, half_width(&schema.fields, field)))
                }
            }
            (honeypot())
            button class="btn btn-primary mt-6 w-full sm:w-auto" type="submit" { (messages.submit_label) }
        }
    }
}

/// The label text with its required mark.
fn label_text(field: &Field) -> Markup {
    html! {
        (field.label)
        @if field.required {
            " " span class="required-mark" aria-hidden="true" { "*" }
        }
    }
}

/// Whether `field` shares its row on wider screens: first and last name, and the phone beside a
/// drop-down when the form has both. Everything else takes the full row.
fn half_width(fields: &[Field], field: &Field) -> bool {
    let has = |kind: InputType| fields.iter().any(|other| other.input_type == kind);
    matches!(field.name, "firstName" | "lastName")
        || (matches!(field.input_type, InputType::Tel | InputType::Select)
            && has(InputType::Tel)
            && has(InputType::Select))
}

fn field_markup(setup: &PageForm, field: &Field, view: &FormView, half: bool) -> Markup {
    let id = setup.field_id(field.name);
    let error = view.error(field.name);
    let error_id = format!("{id}-error");
    let described = error.map(|_| error_id.as_str());
    let invalid = error.map(|_| "true");
    let value = view.value(field.name);
    let wide = !half;
    html! {
        div class={ "field" @if wide { " field-wide" } @if error.is_some() { " field-invalid" } } {
            @match field.input_type {
                InputType::Radio => {
                    fieldset class="field-radios" aria-describedby=[described] {
                        legend class="field-label" { (label_text(field)) }
                        div class="radio-row" {
                            @for option in &field.options {
                                @let option_id = format!("{id}-{}", option.value);
                                label class="radio-option" for=(option_id) {
                                    input type="radio" id=(option_id) name=(field.name) value=(option.value)
                                        required[field.required] checked[value == option.value]
                                        aria-invalid=[invalid];
                                    span { (option.label) }
                                }
                            }
                        }
                    }
                }
                InputType::Select => {
                    label class="field-label" for=(id) { (label_text(field)) }
                    select class="field-input" id=(id) name=(field.name) required[field.required]
                        aria-invalid=[invalid] aria-describedby=[described] autocomplete=[field.autocomplete] {
                        option value="" { @if field.required { (texts::CHOOSE_PROMPT) } @else { (texts::OPTIONAL_PROMPT) } }
                        @for option in &field.options {
                            option value=(option.value) selected[value == option.value] { (option.label) }
                        }
                    }
                }
                InputType::Textarea => {
                    label class="field-label" for=(id) { (label_text(field)) }
                    textarea class="field-input" id=(id) name=(field.name) rows="5" maxlength=(field.input_max_length)
                        required[field.required] placeholder=[field.placeholder]
                        aria-invalid=[invalid] aria-describedby=[described] { (value) }
                }
                InputType::Text | InputType::Email | InputType::Tel => {
                    label class="field-label" for=(id) { (label_text(field)) }
                    input class="field-input" type=(input_type(field.input_type)) id=(id) name=(field.name)
                        value=(value) maxlength=(field.input_max_length) required[field.required]
                        autocomplete=[field.autocomplete] placeholder=[field.placeholder]
                        aria-invalid=[invalid] aria-describedby=[described];
                }
            }
            @if let Some(message) = error {
                p class="field-error" id=(error_id) { (message) }
            }
        }
    }
}

fn input_type(kind: InputType) -> &'static str {
    match kind {
        InputType::Email => "email",
        InputType::Tel => "tel",
        _ => "text",
    }
}

/// A link on a form's thank-you panel.
#[derive(Debug, Clone, Copy)]
pub enum ThanksLink {
    /// Another page.
    To {
        /// Visible text.
        label: &'static str,
        /// The page.
        page: Page,
        /// Button classes.
        class: &'static str,
    },
    /// Opens the chat assistant.
    Chat {
        /// Button classes.
        class: &'static str,
    },
    /// Back to an empty form, under the core's 'again' label ('Send another message' if none).
    Again {
        /// Button classes.
        class: &'static str,
    },
}

/// The thank-you panel of `setup`'s form: the core's success title, its thank-you text (or the
/// success toast's text), then `links`. The island shows the same panel after its own send.
fn thanks_panel(setup: &PageForm, links: &[ThanksLink]) -> ThanksPanel {
    let messages = forms::messages(setup.form);
    let again_href = format!("{}#{}", setup.page.path(), setup.anchor);
    let action =
        |label: &str, href: &str, class: &str, chat_open: bool, again: bool| ThanksAction {
            label: label.to_owned(),
            href: href.to_owned(),
            class_name: class.to_owned(),
            chat_open,
            again,
        };
    ThanksPanel {
        title: messages
            .success
            .map_or("Message Sent!", |toast| toast.title)
            .to_owned(),
        text: messages
            .thank_you
            .or(messages.success.and_then(|toast| toast.description))
            .unwrap_or_default()
            .to_owned(),
        actions: links
            .iter()
            .map(|link| match *link {
                ThanksLink::To { label, page, class } => {
                    action(label, page.path(), class, false, false)
                }
                ThanksLink::Chat { class } => {
                    action(CHAT_LABEL, Page::Contact.path(), class, true, false)
                }
                ThanksLink::Again { class } => action(
                    messages.again_label.unwrap_or("Send another message"),
                    &again_href,
                    class,
                    false,
                    true,
                ),
            })
            .collect(),
    }
}

/// The panel shown instead of a form once it was sent. It takes the form's anchor as its id, so
/// the post's redirect lands on it.
fn thank_you_panel(anchor: &str, panel: &ThanksPanel) -> Markup {
    html! {
        div class="thank-you" id=(anchor) role="status" tabindex="-1" {
            p class="thank-you-title" { (panel.title) }
            p class="mt-2" { (panel.text) }
            div class="hero-actions" {
                @for action in &panel.actions {
                    a class=(action.class_name) href=(action.href) data-chat-open[action.chat_open] {
                        @if action.chat_open { (icon(Icon::Chat)) }
                        (action.label)
                    }
                }
            }
        }
    }
}

/// `setup`'s form in the state `view` inside its island: the page's own form or, after a send
/// without JavaScript, the thank-you panel with `links`. The island is told the same panel, so
/// both paths end on identical markup. `schema` is the form's, its choices labelled as shown.
pub fn form_island(
    setup: &PageForm,
    view: &FormView,
    links: &[ThanksLink],
    schema: FormSchema,
) -> Markup {
    let panel = thanks_panel(setup, links);
    let page_form = if view.sent {
        thank_you_panel(setup.anchor, &panel)
    } else {
        enquiry_form(setup, view, &schema)
    };
    let place = FormPlace {
        form: setup.form,
        path: setup.page.path(),
        anchor: setup.anchor,
        schema,
        thanks: Some(panel),
    };
    widgets::enquiry_form::enquiry_form(&place, view, page_form)
}
