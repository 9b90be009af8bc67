//! The enquiries inbox: the list with its filters and chart, one enquiry whole, and the erase
//! confirmation. Every value a visitor typed is rendered as text (maud escapes it).

use maud::{html, Markup};

use super::csrf_field;
use super::iso;
use super::page;
use super::uk_time;
use super::Chrome;

/// The inbox's filters, as in its URL.
pub struct Filters<'a> {
    /// `contact`, `investment`, `investor-contact`, `membership` or empty for all.
    pub form: &'a str,
    /// `new`, `answered`, `closed` or empty for all.
    pub state: &'a str,
    /// Search in name and e-mail address.
    pub query: &'a str,
}

/// The form filter's choices: (value, label).
pub const FORM_CHOICES: [(&str, &str); 4] = [
    ("contact", "Contact"),
    ("investment", "Investment"),
    ("investor-contact", "Investor contact"),
    ("membership", "Membership"),
];

/// The state filter's choices: (value, label).
pub const STATE_CHOICES: [(&str, &str); 3] = [
    ("new", "New"),
    ("answered", "Answered"),
    ("closed", "Closed"),
];

/// The label of a state value.
pub fn state_label(state: &str) -> &'static str {
    STATE_CHOICES
        .iter()
        .find(|(value, _)| *value == state)
        .map_or("New", |(_, label)| label)
}

/// One enquiry in the list.
pub struct ListItem {
    /// Id.
    pub id: String,
    /// Received, Unix ms.
    pub received_at: i64,
    /// The form's label.
    pub form: &'static str,
    /// The sender's name.
    pub name: String,
    /// Their e-mail address.
    pub email: String,
    /// `new`, `answered` or `closed`.
    pub state: String,
    /// The start of their message.
    pub preview: String,
}

/// The list page.
pub struct ListPage<'a> {
    /// The filters in force.
    pub filters: Filters<'a>,
    /// The enquiries of this page of results.
    pub items: &'a [ListItem],
    /// How many match the filters.
    pub matching: usize,
    /// This page of results (from 1) and how many there are.
    pub page: usize,
    /// Pages of results.
    pub pages: usize,
    /// The query string of the filters (for the export and page links).
    pub query_string: &'a str,
    /// The weekly chart.
    pub chart: Markup,
    /// The launch check's list, for owners (`crate::launch`); empty otherwise.
    pub launch: Markup,
    /// Owners may export.
    pub can_export: bool,
    /// A notice after an action (erased, changed).
    pub notice: Option<&'a str>,
}

/// `/studio/enquiries`.
pub fn list(chrome: &Chrome<'_>, view: &ListPage<'_>) -> String {
    page(
        chrome,
        "Enquiries",
        html! {
            div class="studio-heading-row" {
                h1 class="studio-title" { "Enquiries" }
                @if view.can_export {
                    a class="btn btn-sm btn-outline" href=(format!("/studio/enquiries/export.csv{}", view.query_string)) download {
                        "Export these as CSV"
                    }
                }
            }
            @if let Some(notice) = view.notice {
                div class="studio-notice" role="status" { p { (notice) } }
            }
            (view.launch)
            (view.chart)
            form class="studio-filters" method="get" action="/studio/enquiries" role="search" aria-label="Filter enquiries" {
                div class="field" {
                    label class="field-label" for="filter-form" { "Form" }
                    select class="field-input" id="filter-form" name="form" {
                        option value="" selected[view.filters.form.is_empty()] { "All forms" }
                        @for (value, label) in FORM_CHOICES {
                            option value=(value) selected[view.filters.form == value] { (label) }
                        }
                    }
                }
                div class="field" {
                    label class="field-label" for="filter-state" { "State" }
                    select class="field-input" id="filter-state" name="state" {
                        option value="" selected[view.filters.state.is_empty()] { "Any state" }
                        @for (value, label) in STATE_CHOICES {
                            option value=(value) selected[view.filters.state == value] { (label) }
                        }
                    }
                }
                div class="field studio-filter-search" {
                    label class="field-label" for="filter-q" { "Name or e-mail" }
                    input class="field-input" id="filter-q" name="q" type="search" maxlength="200" value=(view.filters.query);
                }
                div class="studio-filter-actions" {
                    button class="btn btn-primary btn-sm" type="submit" { "Filter" }
                    a class="studio-reset" href="/studio/enquiries" { "Clear" }
                }
            }
            p class="studio-count" role="status" {
                (view.matching) " enquir" (if view.matching == 1 { "y" } else { "ies" })
                @if view.pages > 1 { ", page " (view.page) " of " (view.pages) }
            }
            @if view.items.is_empty() {
                p class="studio-empty" {
                    @if view.filters.form.is_empty() && view.filters.state.is_empty() && view.filters.query.is_empty() {
                        "No enquiries yet: they arrive here as visitors send the site's forms."
                    } @else {
                        "No enquiry matches these filters."
                    }
                }
            } @else {
                ol class="studio-list" {
                    @for item in view.items {
                        li class="studio-item" {
                            a class="studio-item-link" href=(format!("/studio/enquiries/{}", item.id)) {
                                span class="studio-item-head" {
                                    span class="studio-item-name" { (item.name) }
                                    span class=(format!("studio-state studio-state-{}", item.state)) { (state_label(&item.state)) }
                                }
                                span class="studio-item-meta" {
                                    (item.form) " · " (item.email) " · "
                                    time datetime=(iso(item.received_at)) { (uk_time(item.received_at)) }
                                }
                                span class="studio-item-preview" { (item.preview) }
                            }
                        }
                    }
                }
            }
            @if view.pages > 1 {
                nav class="studio-pages" aria-label="Pages of enquiries" {
                    @if view.page > 1 {
                        a href=(page_link(view.query_string, view.page - 1)) { "Newer" }
                    }
                    @if view.page < view.pages {
                        a href=(page_link(view.query_string, view.page + 1)) { "Older" }
                    }
                }
            }
        },
    )
}

fn page_link(query_string: &str, page: usize) -> String {
    let separator = if query_string.is_empty() { "?" } else { "&" };
    format!("/studio/enquiries{query_string}{separator}page={page}")
}

/// One enquiry, whole.
pub struct EnquiryPage<'a> {
    /// Id.
    pub id: &'a str,
    /// Received, Unix ms.
    pub received_at: i64,
    /// The form's label.
    pub form: &'static str,
    /// The subject the studio's mail had.
    pub subject: &'a str,
    /// Every field given, labelled.
    pub fields: &'a [(&'static str, String)],
    /// State.
    pub state: &'a str,
    /// The note of the last change.
    pub note: Option<&'a str>,
    /// When and by whom the state last changed.
    pub changed: Option<(i64, &'a str)>,
    /// When the studio's mail was accepted.
    pub mailed_at: Option<i64>,
    /// `mailto:` link answering it, when it has an address.
    pub mailto: Option<String>,
    /// Owners may erase.
    pub can_erase: bool,
    /// A notice after an action.
    pub notice: Option<&'a str>,
    /// A refusal of the last change.
    pub error: Option<&'a str>,
}

/// `/studio/enquiries/{id}`.
pub fn show(chrome: &Chrome<'_>, view: &EnquiryPage<'_>) -> String {
    page(
        chrome,
        view.subject,
        html! {
            p { a class="studio-back" href="/studio/enquiries" { "All enquiries" } }
            article class="studio-panel" aria-labelledby="enquiry-title" {
                div class="studio-heading-row" {
                    h1 class="studio-title" id="enquiry-title" { (view.subject) }
                    span class=(format!("studio-state studio-state-{}", view.state)) { (state_label(view.state)) }
                }
                @if let Some(notice) = view.notice {
                    div class="studio-notice" role="status" { p { (notice) } }
                }
                p class="studio-item-meta" {
                    (view.form) " form · received "
                    time datetime=(iso(view.received_at)) { (uk_time(view.received_at)) }
                    @if let Some(mailed) = view.mailed_at { " · mailed to the studio " (uk_time(mailed)) }
                }
                dl class="studio-fields" {
                    @for (label, value) in view.fields {
                        div class="studio-field-row" {
                            dt { (label) }
                            dd {
                                @for (index, line) in value.lines().enumerate() {
                                    @if index > 0 { br; }
                                    (line)
                                }
                            }
                        }
                    }
                }
                @if let Some(mailto) = &view.mailto {
                    p { a class="btn btn-primary" href=(mailto) { "Answer by e-mail" } }
                }
            }
            section class="studio-panel" aria-labelledby="state-title" {
                h2 class="studio-subtitle" id="state-title" { "State" }
                @if let Some((at, by)) = view.changed {
                    p class="studio-item-meta" {
                        (state_label(view.state)) " since " (uk_time(at)) ", by " (by)
                        @if let Some(note) = view.note { ": “" (note) "”" }
                    }
                }
                @if let Some(error) = view.error {
                    div class="form-summary" role="alert" id="state-error" { p { (error) } }
                }
                form class="studio-form" method="post" action=(format!("/studio/enquiries/{}/state", view.id)) {
                    (csrf_field(chrome.csrf()))
                    fieldset class="field-radios" {
                        legend class="field-label" { "Mark as" }
                        div class="studio-radio-row" {
                            @for (value, label) in STATE_CHOICES {
                                label class="radio-option" {
                                    input type="radio" name="state" value=(value) checked[view.state == value];
                                    " " (label)
                                }
                            }
                        }
                    }
                    div class="field" {
                        label class="field-label" for="note" { "Note (optional)" }
                        textarea class="field-input" id="note" name="note" maxlength="2000" rows="3" {}
                    }
                    button class="btn btn-dark btn-sm" type="submit" { "Save" }
                }
            }
            @if view.can_erase {
                section class="studio-panel studio-danger" aria-labelledby="erase-title" {
                    h2 class="studio-subtitle" id="erase-title" { "Erase" }
                    p { "When this person asks for their data to be deleted (UK GDPR article 17), erase the enquiry and its queued mail." }
                    p { a class="btn btn-sm btn-outline" href=(format!("/studio/enquiries/{}/erase", view.id)) { "Erase this enquiry…" } }
                }
            }
        },
    )
}

/// The erase confirmation.
pub fn erase(chrome: &Chrome<'_>, id: &str, subject: &str, received_at: i64) -> String {
    page(
        chrome,
        "Erase this enquiry?",
        html! {
            div class="studio-panel studio-narrow studio-danger" {
                h1 class="studio-title" { "Erase this enquiry?" }
                p { strong { (subject) } ", received " (uk_time(received_at)) "." }
                p { "The enquiry and its mail waiting in the outbox are deleted for good; this cannot be undone. Copies already delivered to the studio's mailbox are not reached from here: delete those in the mailbox too." }
                form method="post" action=(format!("/studio/enquiries/{id}/erase")) class="studio-form" {
                    (csrf_field(chrome.csrf()))
                    div class="studio-filter-actions" {
                        button class="btn btn-primary" type="submit" { "Erase for good" }
                        a class="studio-reset" href=(format!("/studio/enquiries/{id}")) { "Keep it" }
                    }
                }
            }
        },
    )
}
