//! FAQ accordions built on `<details>`/`<summary>`, so they open and close without JavaScript,
//! and the FAQPage structured data derived from the same items.

use maud::{html, Markup};

use super::icon;
use super::Icon;

/// A question and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaqItem {
    /// The question (a `String`: an offer's questions name its figures from the content).
    pub question: String,
    /// The answer (plain text; figures come from the core).
    pub answer: String,
    /// The content fields of the question and the answer, in the staff area's preview
    /// (`render::marks`); none for questions the page writes itself.
    pub marks: [Option<String>; 2],
}

impl FaqItem {
    /// An item.
    pub fn new(question: impl Into<String>, answer: impl Into<String>) -> Self {
        Self {
            question: question.into(),
            answer: answer.into(),
            marks: [None, None],
        }
    }

    /// The item marked with the content fields its question and answer come from.
    pub fn marked(self, marks: [Option<String>; 2]) -> Self {
        Self { marks, ..self }
    }
}

/// The items as an accordion. With `group`, every `<details>` shares that `name`, so the browser
/// keeps at most one open (back-to-school and sale FAQs); without it they open independently.
pub fn accordion(items: &[FaqItem], group: Option<&str>) -> Markup {
    html! {
        div class="faq-list" {
            @for item in items {
                details class="faq-item" name=[group] {
                    summary class="faq-question" {
                        span data-field=[&item.marks[0]] { (item.question) }
                        span class="faq-toggle" { (icon(Icon::Arrow)) }
                    }
                    div class="faq-answer" { p data-field=[&item.marks[1]] { (item.answer) } }
                }
            }
        }
    }
}

/// schema.org FAQPage of the items.
pub fn faq_page_data(items: &[FaqItem]) -> serde_json::Value {
    serde_json::json!({
        "@context": "https://schema.org",
        "@type": "FAQPage",
        "mainEntity": items.iter().map(|item| serde_json::json!({
            "@type": "Question",
            "name": item.question,
            "acceptedAnswer": { "@type": "Answer", "text": item.answer },
        })).collect::<Vec<_>>(),
    })
}
