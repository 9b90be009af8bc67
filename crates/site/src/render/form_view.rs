//! What a server-rendered form shows: the visitor's values and per-field messages after a
//! no-JavaScript post that failed validation, or the thank-you panel after one that succeeded.
//!
//! Pages with an enquiry form render from a [`FormView`]; the pre-rendered page uses
//! [`FormView::blank`], the thank-you variant [`FormView::sent`], and the form-post handler
//! builds one from the submitted values and the core's validation errors.

use std::collections::BTreeMap;

/// The state a form is rendered in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FormView {
    /// Submitted values by field name, shown back so nothing typed is lost.
    pub values: BTreeMap<String, String>,
    /// Messages by field name, shown beside each field.
    pub errors: BTreeMap<String, String>,
    /// The enquiry was stored: show the thank-you panel instead of the form.
    pub sent: bool,
    /// The idempotency key of the post this page answers, sent again as a hidden field so that
    /// a resend from this page is the same post (`crate::enquiries::idempotency`). `None` on the
    /// pre-rendered, cached page: its posts get a key derived from their content.
    pub idempotency_key: Option<String>,
}

impl FormView {
    /// An empty form.
    pub fn blank() -> Self {
        Self::default()
    }

    /// The thank-you panel.
    pub fn sent() -> Self {
        Self {
            sent: true,
            ..Self::default()
        }
    }

    /// The value of `field`, or "".
    pub fn value(&self, field: &str) -> &str {
        self.values.get(field).map_or("", String::as_str)
    }

    /// The message for `field`, if any.
    pub fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field).map(String::as_str)
    }
}
